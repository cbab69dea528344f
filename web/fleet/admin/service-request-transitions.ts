import { SERVICE_REQUEST_TRANSITIONS, type ServiceRequestStatus } from '../../../core/contracts/fleet.ts';

/** The button's words for moving a request to a status. */
export const MOVE_LABELS: Record<ServiceRequestStatus, string> = {
  open: 'Reopen',
  in_progress: 'Start work',
  completed: 'Complete',
  declined: 'Decline',
};

/** The moves the fleet office may make from `status`, in the order the server declares them. */
export function allowedMoves(status: ServiceRequestStatus): ServiceRequestStatus[] {
  return [...SERVICE_REQUEST_TRANSITIONS[status]];
}

/** Declining and reopening must say why; other moves may carry a note. */
export function noteRequiredFor(from: ServiceRequestStatus, to: ServiceRequestStatus): boolean {
  return to === 'declined' || (to === 'open' && from !== 'open');
}

/** Dollars as typed ("12.50", "$1,200") → cents; null for empty; undefined when it is not an amount. */
export function dollarsToCents(typed: string): number | null | undefined {
  const cleaned = typed.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return undefined;
  const [whole, fraction = ''] = cleaned.split('.') as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function centsToDollars(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * How long a request has waited: from when it was reported until now while it is open or in progress,
 * until it was closed once it is completed or declined (milliseconds).
 */
export function waitedFor(
  request: { status: ServiceRequestStatus; created_at: string; completed_at: string | null; updated_at: string },
  now: Date = new Date(),
): number {
  const open = request.status === 'open' || request.status === 'in_progress';
  const end = open ? now.getTime() : new Date(request.completed_at ?? request.updated_at).getTime();
  return Math.max(0, end - new Date(request.created_at).getTime());
}

/** A wait as a person reads it on a queue: "3 d 4 h", "5 h", "20 min" (whole units, rounded down). */
export function formatWait(milliseconds: number): string {
  const minutes = Math.floor(milliseconds / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return `${hours} h`;
  return `${minutes} min`;
}

/** Whether an open or in-progress request is past the date it was due by (`today` is the agency's YYYY-MM-DD). */
export function isOverdue(request: { status: ServiceRequestStatus; due_on: string | null }, today: string): boolean {
  return (request.status === 'open' || request.status === 'in_progress') && request.due_on !== null && request.due_on < today;
}
