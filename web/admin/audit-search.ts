import { zonedTimeToInstant } from '../../core/dates.ts';
import { isUuid } from '../../core/ids.ts';
import type { AuditRequest } from './list-audit.ts';
import { positiveInt } from './users-search.ts';

/**
 * The audit log's filters, kept in /admin's URL beside `tab=audit`: actor (a user id), action (an
 * action such as `user.disabled` or its area `user`), from and to (calendar dates, YYYY-MM-DD, read in
 * the agency's timezone, both days included) and page.
 */

export type AdminTab = 'overview' | 'audit';

export type AuditSearch = {
  tab: AdminTab;
  actor: string | null;
  action: string | null;
  from: string | null;
  to: string | null;
  page: number;
};

export const AUDIT_PAGE_SIZE = 25;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ACTION = /^[a-z_]+(\.[a-z_]+)?$/;

function day(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DAY.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? value : null;
}

export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const actor = isUuid(search.actor) ? search.actor.toLowerCase() : null;
  const action = typeof search.action === 'string' && ACTION.test(search.action) && search.action.length <= 60 ? search.action : null;
  return {
    tab: search.tab === 'audit' ? 'audit' : 'overview',
    actor,
    action,
    from: day(search.from),
    to: day(search.to),
    page: positiveInt(search.page) ?? 1,
  };
}

/** The query parameters of /admin, as the route keeps them (strings). */
export type AuditSearchParams = { tab?: string; actor?: string; action?: string; from?: string; to?: string; page?: string };

export function auditSearchParams(state: AuditSearch): AuditSearchParams {
  return {
    tab: state.tab === 'audit' ? 'audit' : undefined,
    actor: state.actor ?? undefined,
    action: state.action ?? undefined,
    from: state.from ?? undefined,
    to: state.to ?? undefined,
    page: state.page !== 1 ? String(state.page) : undefined,
  };
}

function dayParts(value: string): { year: number; month: number; day: number } {
  const [year, month, dayOfMonth] = value.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: dayOfMonth ?? 1 };
}

/** The API query: `from` is the start of its day and `to` the last millisecond of its day, in `timeZone`. */
export function auditApiQuery(state: AuditSearch, timeZone: string): AuditRequest {
  const query: AuditRequest = { page: state.page, page_size: AUDIT_PAGE_SIZE };
  if (state.actor) query.actor_id = state.actor;
  if (state.action) query.action = state.action;
  if (state.from) {
    const start = zonedTimeToInstant(dayParts(state.from), timeZone);
    if (!Number.isNaN(start.getTime())) query.from = start.toISOString();
  }
  if (state.to) {
    const { year, month, day: d } = dayParts(state.to);
    const nextDay = zonedTimeToInstant({ year, month, day: d + 1 }, timeZone);
    if (!Number.isNaN(nextDay.getTime())) query.to = new Date(nextDay.getTime() - 1).toISOString();
  }
  return query;
}

/** The kinds of action the filter offers: each area (matching every action in it) and each action. */
export const AUDIT_ACTION_GROUPS: readonly { group: string; area: string; actions: readonly string[] }[] = [
  { group: 'People', area: 'user', actions: ['user.invited', 'user.imported', 'user.updated', 'user.disabled', 'user.enabled', 'user.invitation_resent', 'user.invitation_revoked'] },
  { group: 'Roles', area: 'role', actions: ['role.created', 'role.updated', 'role.permissions_changed', 'role.members_changed', 'role.deleted'] },
  { group: 'Modules', area: 'module', actions: ['module.enabled', 'module.disabled'] },
  { group: 'Agency profile', area: 'agency', actions: ['agency.updated', 'agency.security_policy_changed', 'agency.logo_changed', 'agency.logo_removed'] },
  {
    group: 'Sign-in and security',
    area: 'auth',
    actions: ['auth.signed_in', 'auth.signed_out', 'auth.sign_in_failed', 'auth.sign_in_refused', 'auth.locked', 'auth.unlocked', 'auth.password_changed', 'auth.factors_reset', 'auth.factor_added', 'auth.factor_removed', 'auth.mfa_verified', 'auth.mfa_failed'],
  },
  { group: 'Audit log', area: 'audit', actions: ['audit.exported'] },
];

/** `user.invitation_resent` → `Invitation resent`. */
export function actionLabel(action: string): string {
  const [, rest = action] = action.split('.', 2);
  const words = rest.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
