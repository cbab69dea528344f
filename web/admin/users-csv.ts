import type { AdminUser } from '../../core/contracts/admin.ts';
import { toCsv } from '../../core/csv.ts';

/**
 * CSV of a list of people, made in the browser from what the admin is looking at. Cells that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) are prefixed
 * with an apostrophe, so a name such as `=HYPERLINK(…)` stays text (CSV injection).
 */

export const USER_CSV_COLUMNS = [
  'name',
  'email',
  'status',
  'account_type',
  'roles',
  'badge_number',
  'rank',
  'phone',
  'locked',
  'last_sign_in_at',
  'created_at',
] as const;

/** Header plus one line per person, CRLF-separated (RFC 4180); roles joined by ";" as the import reads them. */
export function usersToCsv(users: readonly AdminUser[]): string {
  return toCsv(
    USER_CSV_COLUMNS,
    users.map((user) => [
      user.name,
      user.email,
      user.status,
      user.account_type,
      user.roles.map((role) => role.name).join(';'),
      user.badge_number,
      user.rank,
      user.phone,
      user.locked,
      user.last_sign_in_at,
      user.created_at,
    ]),
  );
}
