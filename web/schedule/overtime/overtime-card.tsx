import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  OVERTIME_RULE_LABELS,
  SKIP_REASON_LABELS,
  type OvertimeCandidate,
  type OvertimeShift,
} from '../../../core/contracts/schedule-overtime.ts';
import type { OvertimeStatus } from '../../../core/contracts/schedule.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Swatch } from '../schedule-ui.tsx';
import { hoursText, longDate } from '../schedule-times.ts';
import { useOvertimeShift } from './overtime-calls.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** An open shift as a card (it reads the same on a phone as on a desk), with the actions the caller may take. */

const STATUS: Record<OvertimeStatus, { label: string; color: string }> = {
  open: { label: 'Open for sign-up', color: 'blue' },
  offering: { label: 'Offering one at a time', color: 'violet' },
  awarded: { label: 'Awarded', color: 'green' },
  unfilled: { label: 'Unfilled', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

const CANDIDATE: Record<OvertimeCandidate['status'], string> = {
  signed_up: 'Signed up',
  withdrawn: 'Withdrew',
  awarded: 'Awarded',
  passed: 'Passed over',
  waiting: 'Waiting for their turn',
  offered: 'Offered now',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Let it run out',
  skipped: 'Skipped',
};

export function OvertimeStatusBadge({ status }: { status: OvertimeStatus }) {
  return <StatusBadge color={STATUS[status].color}>{STATUS[status].label}</StatusBadge>;
}

export function shiftTitle(shift: Pick<OvertimeShift, 'date' | 'code' | 'shift_name'>): string {
  return `${longDate(shift.date)} · ${shift.code} ${shift.shift_name}`;
}

export function OvertimeCard({ shift, actions, children }: { shift: OvertimeShift; actions?: ReactNode; children?: ReactNode }) {
  const dates = useAgencyDates();
  const headingId = `ot-${shift.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId} data-testid="overtime-card">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Swatch color={shift.color} />
            <Text fw={700} id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {shiftTitle(shift)}
            </Text>
          </Group>
          <Group gap={6}>
            {shift.from_gap ? (
              <StatusBadge variant="outline" color="gray">
                From a staffing gap
              </StatusBadge>
            ) : null}
            <OvertimeStatusBadge status={shift.status} />
          </Group>
        </Group>
        <Text fz="sm">
          {dates.time(shift.starts_at)}–{dates.time(shift.ends_at)} ({hoursText(shift.hours)}) · {shift.position}
          {shift.group_name ? ` · ${shift.group_name}` : ''} · {shift.slots === 1 ? '1 officer needed' : `${shift.slots} officers needed`}
        </Text>
        <Text fz="sm" c="dimmed">
          {OVERTIME_RULE_LABELS[shift.rule]}
          {shift.mode === 'signup'
            ? ` · sign-ups close ${dates.dateTime(shift.signup_deadline)} · ${shift.signups} signed up`
            : ` · offered one at a time, ${shift.offer_wait_minutes} minutes each`}
        </Text>
        {shift.note ? <Text fz="sm">{shift.note}</Text> : null}
        {shift.awarded.length > 0 ? <Text fz="sm">Awarded to {shift.awarded.map((a) => a.name).join(', ')}</Text> : null}
        {shift.mine ? <MyPart shift={shift} /> : null}
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}

function MyPart({ shift }: { shift: OvertimeShift }) {
  const dates = useAgencyDates();
  const mine = shift.mine!;
  const text =
    mine.status === 'offered'
      ? `It is offered to you: answer by ${dates.time(mine.expires_at!)}`
      : mine.status === 'passed' || mine.status === 'skipped'
        ? `You were passed over${mine.skip_reason ? `: ${SKIP_REASON_LABELS[mine.skip_reason].toLowerCase()}` : ': the places were filled before your turn'}`
        : `You: ${CANDIDATE[mine.status].toLowerCase()}`;
  return (
    <Text fz="sm" fw={650} c={mine.status === 'offered' ? 'violet' : undefined} data-testid="overtime-mine">
      {text}
    </Text>
  );
}

/** The order everyone sees: each officer's place, where they stand by the rule, and why anyone was passed over. */
export function OvertimeOrder({ id }: { id: string }) {
  const shift = useOvertimeShift(id);
  const dates = useAgencyDates();
  if (shift.isPending) return <LoadingState label="Loading the order…" />;
  if (shift.isError) return <ErrorState message={errorMessage(shift.error)} onRetry={() => void shift.refetch()} />;
  const { order, rule } = shift.data;
  if (order.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {shift.data.mode === 'signup' ? 'Nobody has signed up yet.' : 'The order is made when the offers start.'}
      </Text>
    );
  return (
    <TableScroll minWidth={520}>
      <Table verticalSpacing={4} fz="sm" aria-label="The order" data-testid="overtime-order">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Place</Table.Th>
            <Table.Th scope="col">Officer</Table.Th>
            <Table.Th scope="col">
              {rule === 'seniority' ? 'Seniority date' : rule === 'fewest_hours' ? 'Overtime this period' : 'Signed up'}
            </Table.Th>
            <Table.Th scope="col">Where it stands</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.map((candidate) => (
            <Table.Tr key={candidate.user_id}>
              <Table.Td>{candidate.place}</Table.Td>
              <Table.Td>{candidate.name}</Table.Td>
              <Table.Td>
                {rule === 'seniority'
                  ? (candidate.seniority_date ?? 'Not set')
                  : rule === 'fewest_hours'
                    ? hoursText(candidate.overtime_hours)
                    : candidate.signed_up_at
                      ? dates.dateTime(candidate.signed_up_at)
                      : '—'}
              </Table.Td>
              <Table.Td>
                {CANDIDATE[candidate.status]}
                {candidate.skip_reason ? `: ${SKIP_REASON_LABELS[candidate.skip_reason].toLowerCase()}` : ''}
                {candidate.status === 'offered' && candidate.expires_at ? ` until ${dates.time(candidate.expires_at)}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

export function ShowOrderButton({ open, onToggle, id }: { open: boolean; onToggle: () => void; id: string }) {
  return (
    <Button size="sm" variant="subtle" onClick={onToggle} aria-expanded={open} aria-controls={`order-${id}`}>
      {open ? 'Hide the order' : 'See the order'}
    </Button>
  );
}
