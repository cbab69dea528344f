import { startOfZonedDay, zonedDateParts, zonedTimeToInstant } from '../../core/dates.ts';

/** Calendar dates (YYYY-MM-DD) of the agency and the instants that bound them, in its time zone. */

const DAY = 86_400_000;

function parts(date: string) {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/** The instant the agency's day `date` starts. */
export function dayStart(date: string, timeZone: string): Date {
  return startOfZonedDay(zonedTimeToInstant({ ...parts(date), hour: 12, minute: 0, second: 0 }, timeZone), timeZone);
}

/** The instant the agency's day after `date` starts (the end of `date`, excluded). */
export function dayEnd(date: string, timeZone: string): Date {
  return dayStart(addDays(date, 1), timeZone);
}

/** The agency's calendar date at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  const wall = zonedDateParts(instant, timeZone)!;
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parts(date);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parts(from);
  const b = parts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY);
}
