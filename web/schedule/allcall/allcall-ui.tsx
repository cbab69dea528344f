import { Text } from '@mantine/core';
import type { AllcallResponse, AllcallStatus } from '../../../core/contracts/schedule.ts';
import { ALLCALL_RESPONSE_LABELS, ALLCALL_STATUS_LABELS, type AllcallSummary } from '../../../core/contracts/schedule-allcall.ts';
import type { AgencyDates } from '../../lib/agency-dates.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { shortDate } from '../schedule-times.ts';

/** The all-call's badges and its one-line description of a call, shared by the board and the officers' panel. */

const STATUS_COLORS: Record<AllcallStatus, string> = { open: 'red', filled: 'green', cancelled: 'gray', expired: 'yellow' };

export function AllcallStatusBadge({ status }: { status: AllcallStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{ALLCALL_STATUS_LABELS[status]}</StatusBadge>;
}

const RESPONSE_COLORS: Record<AllcallResponse, string> = { accepted: 'green', declined: 'gray', too_late: 'yellow' };

export function AllcallResponseBadge({ response }: { response: AllcallResponse | null }) {
  if (!response)
    return (
      <Text fz="sm" c="dimmed" component="span">
        No answer
      </Text>
    );
  return <StatusBadge color={RESPONSE_COLORS[response]}>{ALLCALL_RESPONSE_LABELS[response]}</StatusBadge>;
}

/** "Sat, Dec 12 · 19:00–07:00" in the agency's clock. */
export function callWhen(call: Pick<AllcallSummary, 'date' | 'starts_at' | 'ends_at'>, dates: AgencyDates): string {
  return `${shortDate(call.date)} · ${dates.time(call.starts_at)}–${dates.time(call.ends_at)}`;
}

/** "All-call 417 · D Patrol". */
export function callTitle(call: Pick<AllcallSummary, 'number' | 'code' | 'position'>): string {
  return `All-call ${call.number} · ${call.code} ${call.position}`;
}
