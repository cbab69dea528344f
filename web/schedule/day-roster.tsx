import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Roster, ScheduleSetup, Shift } from '../../core/contracts/schedule.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { EmptyState } from '../ui/states.tsx';
import { CoverageBadge, coverageByShift, coverageLineLabel, ShiftStatusBadge, ShiftTypeLabel } from './schedule-ui.tsx';
import { clockText, hoursText, longDate } from './schedule-times.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

/**
 * One day of the whole roster as the briefing room reads it: the day's note and officer in charge,
 * then each shift type (in the order they start) with its staffing against the minimums and a table
 * of who works it by group and position; a shortfall is a highlighted row of its own. Prints alone on
 * one page ("Print the day's roster", schedule.css).
 */
export function DayRoster(props: {
  roster: Roster;
  setup: ScheduleSetup;
  date: string;
  /** A way to open a shift (its details, or the scheduler's changes). */
  onShiftClick?: (shift: Shift) => void;
  /** Beside the heading: the scheduler's day note button. */
  actions?: ReactNode;
}) {
  const { roster, setup, date } = props;
  const dates = useAgencyDates();
  const shifts = roster.shifts.filter((shift) => shift.date === date);
  const note = roster.day_notes.find((entry) => entry.date === date);
  const coverage = coverageByShift(roster.coverage.filter((line) => line.date === date));
  const groupName = (id: string) => setup.groups.find((group) => group.id === id)?.name ?? 'a group';
  const off = roster.time_off.filter((entry) => entry.starts_on <= date && entry.ends_on >= date);
  const typesOfDay = setup.shift_types
    .filter((type) => shifts.some((shift) => shift.shift_type_id === type.id) || coverage.some((line) => line.shift_type_id === type.id))
    .sort((a, b) => a.start_time.localeCompare(b.start_time));

  return (
    <Stack gap="md" className="schedule-print" data-testid="day-roster">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} fz="lg">
          Roster for {longDate(date)}
        </Title>
        <Group gap="xs" className="schedule-no-print">
          {props.actions}
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            Print the day’s roster
          </Button>
        </Group>
      </Group>
      <Group gap="lg" wrap="wrap">
        <Text fz="sm">
          <b>Officer in charge:</b> {note?.officer_in_charge_name ?? 'not named'}
        </Text>
        {note?.note ? (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <b>Note:</b> {note.note}
          </Text>
        ) : null}
        {off.length > 0 ? (
          <Text fz="sm">
            <b>Off:</b> {off.map((entry) => entry.user_name).join(', ')}
          </Text>
        ) : null}
      </Group>
      {typesOfDay.length === 0 ? (
        <EmptyState title="Nobody is scheduled on this day">
          Shifts show here once a rotation is generated or someone is assigned.
        </EmptyState>
      ) : (
        typesOfDay.map((type) => {
          const ofType = shifts
            .filter((shift) => shift.shift_type_id === type.id)
            .sort(
              (a, b) =>
                (a.group_name ?? '').localeCompare(b.group_name ?? '') ||
                setup.positions.indexOf(a.position) - setup.positions.indexOf(b.position) ||
                a.user_name.localeCompare(b.user_name),
            );
          const staffing = coverage.find((line) => line.shift_type_id === type.id);
          const gaps = staffing?.lines.filter((line) => line.state === 'short') ?? [];
          return (
            <Card key={type.id} withBorder radius="md" padding="sm" component="section" aria-label={`${type.name} shift`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="sm" wrap="wrap">
                    <ShiftTypeLabel type={type} />
                    <Text fz="sm" c="dimmed">
                      {clockText(type.start_time, dates.clock)}–{clockText(type.end_time, dates.clock)}
                    </Text>
                  </Group>
                  {staffing ? <CoverageBadge state={staffing.state} scheduled={staffing.scheduled} minimum={staffing.minimum} /> : null}
                </Group>
                <TableScroll minWidth={560} tabIndex={0}>
                  <Table fz="sm" verticalSpacing={4} aria-label={`Who works ${type.name} on ${longDate(date)}`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Group</Table.Th>
                        <Table.Th scope="col">Position</Table.Th>
                        <Table.Th scope="col">Officer</Table.Th>
                        <Table.Th scope="col">Time</Table.Th>
                        <Table.Th scope="col">Hours</Table.Th>
                        <Table.Th scope="col">Status</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {ofType.map((shift) => (
                        <Table.Tr key={shift.id} data-testid="day-roster-row">
                          <Table.Td>{shift.group_name ?? 'No group'}</Table.Td>
                          <Table.Td>{shift.position}</Table.Td>
                          <Table.Td>
                            {props.onShiftClick ? (
                              <Anchor component="button" type="button" fz="sm" onClick={() => props.onShiftClick?.(shift)}>
                                {shift.user_name}
                              </Anchor>
                            ) : (
                              shift.user_name
                            )}
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {dates.time(shift.starts_at)}–{dates.time(shift.ends_at)}
                          </Table.Td>
                          <Table.Td>{hoursText(shift.hours)}</Table.Td>
                          <Table.Td>
                            <ShiftStatusBadge status={shift.status} />
                            {shift.note ? (
                              <Text fz="xs" c="dimmed">
                                {shift.note}
                              </Text>
                            ) : null}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                      {gaps.map((line) => (
                        <Table.Tr
                          key={`gap-${line.group_id ?? ''}-${line.position ?? ''}`}
                          className="schedule-gap-row"
                          data-testid="gap-row"
                        >
                          <Table.Td colSpan={6}>
                            <b>Gap:</b> {line.minimum - line.scheduled} more {coverageLineLabel(line, groupName)} needed ({line.scheduled}{' '}
                            of {line.minimum})
                          </Table.Td>
                        </Table.Tr>
                      ))}
                      {ofType.length === 0 && gaps.length === 0 ? (
                        <Table.Tr>
                          <Table.Td colSpan={6}>Nobody works this shift.</Table.Td>
                        </Table.Tr>
                      ) : null}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
              </Stack>
            </Card>
          );
        })
      )}
    </Stack>
  );
}
