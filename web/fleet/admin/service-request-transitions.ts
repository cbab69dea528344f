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

/** Whole days a request has waited since it was created. */
export function daysWaiting(createdAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 86_400_000));
}
