import { Alert, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Shift } from '../../../core/contracts/schedule.ts';
import { TRADE_KIND_LABELS, TRADE_STATUS_LABELS, type Trade, type TradeReason } from '../../../core/contracts/schedule-trades.ts';
import type { TradeStatus } from '../../../core/contracts/schedule.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { hoursText, shortDate } from '../schedule-times.ts';

/** The trades screen's pieces: a shift in a line, the reasons a trade would not be allowed, and a trade as a card. */

const STATUS_COLORS: Record<TradeStatus, string> = {
  proposed: 'yellow',
  accepted: 'blue',
  approved: 'green',
  denied: 'red',
  declined: 'gray',
  cancelled: 'gray',
};

export function TradeStatusBadge({ status }: { status: TradeStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{TRADE_STATUS_LABELS[status]}</StatusBadge>;
}

/** "Mon 1 Mar · D 06:00–14:00 (8 h)". */
export function useShiftLine() {
  const dates = useAgencyDates();
  return (shift: Pick<Shift, 'date' | 'code' | 'starts_at' | 'ends_at' | 'hours'>) =>
    `${shortDate(shift.date)} · ${shift.code} ${dates.time(shift.starts_at)}–${dates.time(shift.ends_at)} (${hoursText(shift.hours)})`;
}

const REASON_LOOKS = {
  block: { color: 'red', title: 'This trade is not allowed', icon: IconBan },
  approve: { color: 'orange', title: 'A supervisor must approve it over the rules', icon: IconAlertTriangle },
  warn: { color: 'yellow', title: 'Worth knowing', icon: IconInfoCircle },
} as const;

/** What the rules say of a trade, the strictest first: what blocks it, what the supervisor must override, what only warns. */
export function TradeReasons({ reasons, testId }: { reasons: TradeReason[]; testId?: string }) {
  if (reasons.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      {(['block', 'approve', 'warn'] as const).map((action) => {
        const these = reasons.filter((reason) => reason.action === action);
        if (these.length === 0) return null;
        const look = REASON_LOOKS[action];
        const Icon = look.icon;
        return (
          <Alert
            key={action}
            color={look.color}
            variant="light"
            icon={<Icon aria-hidden />}
            title={look.title}
            {...(action === 'block' ? { role: 'alert' } : {})}
          >
            <List fz="sm" spacing={2}>
              {these.map((reason) => (
                <List.Item key={`${reason.code}-${reason.message}`}>{reason.message}</List.Item>
              ))}
            </List>
          </Alert>
        );
      })}
    </Stack>
  );
}

/** One trade: who gives which shift to whom (and takes which in exchange), its state, the rules' reasons while open, and its actions. */
export function TradeCard({ trade, actions }: { trade: Trade; actions?: ReactNode }) {
  const line = useShiftLine();
  const given = trade.shift ? line(trade.shift) : `${shortDate(trade.shift_date)} (no longer on the schedule)`;
  const taken = trade.recipient_shift
    ? line(trade.recipient_shift)
    : trade.recipient_shift_date
      ? `${shortDate(trade.recipient_shift_date)} (no longer on the schedule)`
      : null;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="trade"
      aria-label={`Trade of ${trade.requester_name} with ${trade.recipient_name}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={650} style={{ overflowWrap: 'anywhere' }}>
            {TRADE_KIND_LABELS[trade.kind]}: {trade.requester_name} → {trade.recipient_name}
          </Text>
          <TradeStatusBadge status={trade.status} />
        </Group>
        <Text fz="sm">
          <b>{trade.requester_name}</b> gives {given}
        </Text>
        {taken ? (
          <Text fz="sm">
            <b>{trade.recipient_name}</b> gives {taken}
          </Text>
        ) : null}
        {trade.note ? (
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            “{trade.note}”
          </Text>
        ) : null}
        {trade.arranged_by_name ? (
          <Text fz="xs" c="dimmed">
            Arranged by {trade.arranged_by_name}
          </Text>
        ) : null}
        {trade.decided_by_name ? (
          <Text fz="sm">
            {trade.status === 'approved' ? 'Approved' : 'Denied'} by {trade.decided_by_name}
            {trade.decision_note ? `: ${trade.decision_note}` : ''}
          </Text>
        ) : trade.status === 'declined' && trade.decision_note ? (
          <Text fz="sm">
            {trade.recipient_name}: {trade.decision_note}
          </Text>
        ) : null}
        <TradeReasons reasons={trade.reasons} />
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
