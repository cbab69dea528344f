import type { AdminUser } from '../../core/contracts/admin.ts';

/**
 * CSV of a list of people, made in the browser from what the admin is looking at. Cells that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) are prefixed
 * with an apostrophe, so a name such as `=HYPERLINK(…)` stays text (CSV injection).
 */

export const USER_CSV_COLUMNS = ['name', 'email', 'status', 'account_type', 'roles', 'badge_number', 'rank', 'phone', 'locked', 'last_sign_in_at', 'created_at'] as const;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** Header plus one line per person, CRLF-separated (RFC 4180); roles joined by ";" as the import reads them. */
export function usersToCsv(users: readonly AdminUser[]): string {
  const lines = [csvRow(USER_CSV_COLUMNS)];
  for (const user of users) {
    lines.push(
      csvRow([
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
  return `${lines.join('\r\n')}\r\n`;
}
