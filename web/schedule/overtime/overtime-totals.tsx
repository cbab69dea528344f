import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { overtimeApi, type SchedulePerson } from '../../../core/contracts/schedule-overtime.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { ApiError } from '../../lib/api-error.ts';
import { callEndpoint } from '../../lib/api.ts';
import { downloadText } from '../../lib/download.ts';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { hoursText } from '../schedule-times.ts';
import { useOvertimeTotals, useSchedulePeople, useUpdatePerson } from './overtime-calls.ts';

/** The totals of a period (the agency's current one by default) and the equalisation report: hours against the average. */
export function OvertimeTotalsPanel({ manager }: { manager: boolean }) {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const totals = useOvertimeTotals(range);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = totals.data?.people ?? [];
  const query = useMemo(
    () => ({ ...totals, data: totals.data ? { items: totals.data.people, total: totals.data.people.length } : undefined }),
    [totals],
  );
  type Row = (typeof rows)[number];
  const columns: ListColumn<Row>[] = [
    { label: 'Officer', cell: (row) => row.name, card: 'title' },
    { label: 'Overtime shifts', cell: (row) => row.shifts },
    { label: 'Overtime hours', cell: (row) => hoursText(row.hours) },
    {
      label: 'Against the average',
      cell: (row) => (row.difference === 0 ? 'At the average' : `${row.difference > 0 ? '+' : '−'}${hoursText(Math.abs(row.difference))}`),
    },
  ];
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const csv = await callEndpoint(overtimeApi.totalsCsv, { query: range });
      downloadText(`overtime-${totals.data?.from ?? 'period'}-${totals.data?.to ?? ''}.csv`, csv);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={range.from ?? totals.data?.from ?? ''}
          onChange={(e) => setRange({ ...range, from: e.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label="To"
          value={range.to ?? totals.data?.to ?? ''}
          onChange={(e) => setRange({ ...range, to: e.currentTarget.value || undefined })}
        />
        {manager ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download()}
            loading={downloading}
          >
            Download CSV
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text c="red" fz="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {totals.data ? (
        <Text fz="sm" c="dimmed">
          Average {hoursText(totals.data.average)} of overtime per officer from {totals.data.from} to {totals.data.to}
          {manager ? '; the fewest first.' : '. Only your own line is shown.'}
        </Text>
      ) : null}
      <ListView
        label="Overtime totals"
        query={query}
        columns={columns}
        rowKey={(row) => row.user_id}
        rowTestId="overtime-total"
        loadingLabel="Loading the totals…"
        empty={{ title: 'No one scheduled', children: 'Totals show once officers are assigned to groups.' }}
        minWidth={520}
        pager={{ page: 1, pageSize: Math.max(rows.length, 1), onPage: () => undefined }}
      />
    </Stack>
  );
}

/** The seniority date each officer's place under "seniority" comes from, and their all-call tier. */
export function OvertimePeople() {
  const people = useSchedulePeople(true);
  const query = useMemo(() => ({ ...people, data: people.data ? { items: people.data, total: people.data.length } : undefined }), [people]);
  const columns: ListColumn<SchedulePerson>[] = [
    { label: 'Officer', cell: (row) => row.name, card: 'title' },
    { label: 'Positions', cell: (row) => row.positions.join(', ') },
    { label: 'Seniority date and tier', cell: (row) => <PersonEditor person={row} /> },
  ];
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        The rule “seniority” orders by these dates, earliest first; officers without one come last. The all-call asks tier 1 first.
      </Text>
      <ListView
        label="Seniority and tiers"
        query={query}
        columns={columns}
        rowKey={(row) => row.user_id}
        rowTestId="overtime-person"
        loadingLabel="Loading the officers…"
        empty={{ title: 'No one scheduled', children: 'Officers show once they are assigned to a group.' }}
        minWidth={640}
        pager={{ page: 1, pageSize: Math.max(people.data?.length ?? 1, 1), onPage: () => undefined }}
      />
    </Stack>
  );
}

function PersonEditor({ person }: { person: SchedulePerson }) {
  const update = useUpdatePerson();
  const [date, setDate] = useState(person.seniority_date ?? '');
  const [tier, setTier] = useState(String(person.all_call_tier));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = date !== (person.seniority_date ?? '') || tier !== String(person.all_call_tier);
  const save = async () => {
    setErrors({});
    try {
      await update.mutateAsync({ id: person.user_id, input: { seniority_date: date || null, all_call_tier: Number(tier) } });
      notifications.show({ color: 'green', title: 'Saved', message: `${person.name}’s seniority date and tier were saved.` });
    } catch (failure) {
      setErrors(
        failure instanceof ApiError && Object.keys(failure.fields).length ? failure.fields : { seniority_date: errorMessage(failure) },
      );
    }
  };
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <TextInput
        type="date"
        size="xs"
        aria-label={`Seniority date of ${person.name}`}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
        error={errors.seniority_date}
      />
      <Select
        size="xs"
        w={110}
        aria-label={`All-call tier of ${person.name}`}
        data={[
          { value: '1', label: 'Tier 1' },
          { value: '2', label: 'Tier 2' },
          { value: '3', label: 'Tier 3' },
        ]}
        value={tier}
        onChange={(value) => setTier(value ?? '1')}
        allowDeselect={false}
        error={errors.all_call_tier}
      />
      <Button
        size="xs"
        variant="light"
        disabled={!changed}
        loading={update.isPending}
        onClick={() => void save()}
        aria-label={`Save ${person.name}`}
      >
        Save
      </Button>
    </Group>
  );
}
