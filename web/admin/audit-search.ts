import { zonedTimeToInstant } from '../../core/dates.ts';
import { searchField, urlSearch } from '../lib/url-search.ts';
import type { AuditRequest } from './list-audit.ts';

/**
 * The audit log's filters, kept in /admin's URL beside `tab=audit` and validated by the route
 * (web/lib/url-search.ts): actor (a user id), action (an action such as `user.disabled` or its area
 * `user`), from and to (calendar dates, YYYY-MM-DD, read in the agency's timezone, both days
 * included) and page.
 */
export const auditSearch = urlSearch({
  tab: searchField.oneOf(['overview', 'audit'], 'overview'),
  actor: searchField.id(),
  action: searchField.matching(/^[a-z_]+(\.[a-z_]+)?$/, 60),
  from: searchField.date(),
  to: searchField.date(),
  page: searchField.page(),
});

export type AuditSearch = typeof auditSearch.defaults;
export type AdminTab = AuditSearch['tab'];

export const AUDIT_PAGE_SIZE = 25;

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
  {
    group: 'People',
    area: 'user',
    actions: [
      'user.invited',
      'user.imported',
      'user.updated',
      'user.disabled',
      'user.enabled',
      'user.invitation_resent',
      'user.invitation_revoked',
    ],
  },
  {
    group: 'Roles',
    area: 'role',
    actions: ['role.created', 'role.updated', 'role.permissions_changed', 'role.members_changed', 'role.deleted'],
  },
  { group: 'Modules', area: 'module', actions: ['module.enabled', 'module.disabled'] },
  {
    group: 'Agency profile',
    area: 'agency',
    actions: ['agency.updated', 'agency.security_policy_changed', 'agency.logo_changed', 'agency.logo_removed'],
  },
  {
    group: 'Sign-in and security',
    area: 'auth',
    actions: [
      'auth.signed_in',
      'auth.signed_out',
      'auth.sign_in_failed',
      'auth.sign_in_refused',
      'auth.locked',
      'auth.unlocked',
      'auth.password_changed',
      'auth.factors_reset',
      'auth.factor_added',
      'auth.factor_removed',
      'auth.mfa_verified',
      'auth.mfa_failed',
    ],
  },
  { group: 'Audit log', area: 'audit', actions: ['audit.exported'] },
];

/** `user.invitation_resent` → `Invitation resent`. */
export function actionLabel(action: string): string {
  const [, rest = action] = action.split('.', 2);
  const words = rest.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
