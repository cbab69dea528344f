import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Roster, ScheduleSetup, Shift } from '../../core/contracts/schedule.ts';
import { datesFrom } from '../../core/schedule/schedule-rules.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { EmptyState } from '../ui/states.tsx';
import { CoverageBadge, coverageByShift, ShiftStatusBadge, Swatch } from './schedule-ui.tsx';
import { hoursText, longDate, shortDate } from './schedule-times.ts';

/**
 * The roster as a list of days, each with its shifts: "my schedule" on a phone (the upcoming shifts,
 * one thumb-sized card each), and any view where a grid would not fit. Days without anything are
 * left out; the staffing of each shift type shows with the whole roster.
 */
export function ShiftList(props: {
  roster: Roster;
  setup: ScheduleSetup;
  from: string;
  to: string;
  mine: boolean;
  onShiftClick: (shift: Shift) => void;
}) {
  const { roster, setup, mine } = props;
  const dates = useAgencyDates();
  const typeCode = (id: string) => setup.shift_types.find((type) => type.id === id)?.code ?? '?';
  const coverage = mine ? [] : coverageByShift(roster.coverage);
  const days = datesFrom(props.from, props.to)
    .map((date) => ({
      date,
      shifts: roster.shifts.filter((shift) => shift.date === date).sort((a, b) => a.starts_at.localeCompare(b.starts_at)),
      coverage: coverage.filter((line) => line.date === date),
      off: roster.time_off.filter((entry) => entry.starts_on <= date && entry.ends_on >= date),
      note: roster.day_notes.find((entry) => entry.date === date),
    }))
    .filter((day) => day.shifts.length > 0 || day.off.length > 0 || day.coverage.some((line) => line.state === 'short'));

  if (days.length === 0)
    return (
      <EmptyState title={mine ? 'No shift for you in these dates' : 'Nobody is scheduled in these dates'}>
        {mine ? 'Your shifts show here once the scheduler puts you on the roster.' : 'Shifts show here once a rotation is generated.'}
      </EmptyState>
    );
  return (
    <Stack gap="sm" data-testid="shift-list">
      {days.map((day) => (
        <Stack key={day.date} gap={6} component="section" aria-label={longDate(day.date)}>
          <Title order={3} fz="md">
            {shortDate(day.date)}
          </Title>
          {day.coverage.length > 0 ? (
            <Group gap={4} wrap="wrap">
              {day.coverage.map((line) => (
                <CoverageBadge
                  key={line.shift_type_id}
                  prefix={typeCode(line.shift_type_id)}
                  state={line.state}
                  scheduled={line.scheduled}
                  minimum={line.minimum}
                />
              ))}
            </Group>
          ) : null}
          {day.note?.officer_in_charge_name || day.note?.note ? (
            <Text fz="sm" c="dimmed">
              {[day.note.officer_in_charge_name ? `Officer in charge: ${day.note.officer_in_charge_name}` : '', day.note.note]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ) : null}
          {day.off.map((entry) => (
            <Text key={`${entry.user_id}-${entry.starts_on}`} fz="sm">
              {mine ? `Time off (${entry.type_name})` : `Off: ${entry.user_name}`}
            </Text>
          ))}
          {day.shifts.map((shift) => (
            <Card
              key={shift.id}
              withBorder
              radius="md"
              padding="sm"
              component="button"
              type="button"
              onClick={() => props.onShiftClick(shift)}
              style={{
                borderLeft: `5px solid ${shift.color}`,
                textAlign: 'left',
                width: '100%',
                cursor: 'pointer',
                color: 'inherit',
                font: 'inherit',
              }}
              data-testid="shift-card"
              className="precinct-tap"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Group gap={6} wrap="nowrap">
                    <Swatch color={shift.color} />
                    <Text fw={650} fz="sm">
                      {shift.code} · {dates.time(shift.starts_at)}–{dates.time(shift.ends_at)}
                    </Text>
                  </Group>
                  <Text fz="sm">
                    {mine ? '' : `${shift.user_name} · `}
                    {shift.position}
                    {shift.group_name ? ` · ${shift.group_name}` : ''} · {hoursText(shift.hours)}
                  </Text>
                </Stack>
                <ShiftStatusBadge status={shift.status} />
              </Group>
            </Card>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
