import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { agencyToday } from './fleet-search.ts';

/** A period of the agency's days for the cost of ownership and the report: this month, quarter or year, or a custom range. */
export type PeriodKind = 'month' | 'quarter' | 'year' | 'custom';
export type Period = { kind: PeriodKind; from: string; to: string };

/** The month, quarter or year to date that `today` falls in. */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, today: string): Period {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const startMonth = kind === 'month' ? month : kind === 'quarter' ? month - ((month - 1) % 3) : 1;
  return { kind, from: `${year}-${String(startMonth).padStart(2, '0')}-01`, to: today };
}

export function usePeriodStart(kind: Exclude<PeriodKind, 'custom'> = 'year'): Period {
  const dates = useAgencyDates();
  return periodOf(kind, agencyToday(dates.timeZone));
}

export function PeriodPicker({ value, onChange, label }: { value: Period; onChange: (period: Period) => void; label: string }) {
  const dates = useAgencyDates();
  const today = agencyToday(dates.timeZone);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={label}
        value={value.kind}
        onChange={(kind) =>
          onChange(kind === 'custom' ? { ...value, kind: 'custom' } : periodOf(kind as Exclude<PeriodKind, 'custom'>, today))
        }
        data={[
          { value: 'month', label: 'Month' },
          { value: 'quarter', label: 'Quarter' },
          { value: 'year', label: 'Year' },
          { value: 'custom', label: 'Custom' },
        ]}
      />
      {value.kind === 'custom' ? (
        <>
          <TextInput
            type="date"
            label="From"
            value={value.from}
            max={value.to}
            onChange={(event) => event.currentTarget.value && onChange({ ...value, from: event.currentTarget.value })}
            style={{ flex: '0 1 11rem' }}
          />
          <TextInput
            type="date"
            label="To"
            value={value.to}
            min={value.from}
            onChange={(event) => event.currentTarget.value && onChange({ ...value, to: event.currentTarget.value })}
            style={{ flex: '0 1 11rem' }}
          />
        </>
      ) : null}
    </Group>
  );
}
