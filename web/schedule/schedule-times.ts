import { zonedDateParts } from '../../core/dates.ts';
import { addDays, weekdayOf } from '../../core/schedule/schedule-rules.ts';

/**
 * The calendar's dates and times, always the agency's wall clock (its time zone from the roster's
 * answer), never the browser's: a scheduler in another zone sees the roster as the station does.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The agency-local date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date | string, timeZone: string): string {
  const parts = zonedDateParts(instant, timeZone);
  if (!parts) return '';
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** The agency-local wall clock of an instant, `YYYY-MM-DDTHH:mm` with no offset. */
export function localWallClock(instant: Date | string, timeZone: string): string {
  const parts = zonedDateParts(instant, timeZone);
  if (!parts) return '';
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** HH:mm of the agency's wall clock. */
export function localClock(instant: Date | string, timeZone: string): string {
  return localWallClock(instant, timeZone).slice(11);
}

/** Today in the agency's time zone. */
export function agencyToday(timeZone: string, now: Date = new Date()): string {
  return localDate(now, timeZone);
}

export type RangeKind = 'day' | 'week' | 'month';

/** The first day of the week holding `date`, the week starting on `weekStartsOn` (0 Sunday … 6 Saturday). */
export function startOfWeek(date: string, weekStartsOn: number): string {
  return addDays(date, -((weekdayOf(date) - weekStartsOn + 7) % 7));
}

/**
 * The dates a view shows: the day; its week; for a month, whole weeks from the one holding the 1st to
 * the one holding the last day (what a month grid draws, at most 42 days).
 */
export function visibleRange(kind: RangeKind, date: string, weekStartsOn: number): { from: string; to: string } {
  if (kind === 'day') return { from: date, to: date };
  if (kind === 'week') {
    const from = startOfWeek(date, weekStartsOn);
    return { from, to: addDays(from, 6) };
  }
  const first = `${date.slice(0, 7)}-01`;
  const last = addDays(monthAfter(first), -1);
  const from = startOfWeek(first, weekStartsOn);
  const to = addDays(startOfWeek(last, weekStartsOn), 6);
  return { from, to };
}

/** The first day of the next month. */
export function monthAfter(first: string): string {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}

/** The first day of the month before. */
export function monthBefore(first: string): string {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12-01` : `${year}-${pad(month - 1)}-01`;
}

/** The date one step of the view earlier or later. */
export function stepDate(kind: RangeKind, date: string, direction: 1 | -1): string {
  if (kind === 'day') return addDays(date, direction);
  if (kind === 'week') return addDays(date, 7 * direction);
  const first = `${date.slice(0, 7)}-01`;
  return direction === 1 ? monthAfter(first) : monthBefore(first);
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A calendar date as "Tuesday, March 9, 2027" (a date has no zone: read at UTC midnight). */
export function longDate(date: string): string {
  return LONG_DATE.format(new Date(`${date}T00:00:00Z`));
}

/** "Tue, Mar 9". */
export function shortDate(date: string): string {
  return SHORT_DATE.format(new Date(`${date}T00:00:00Z`));
}

/** What the view shows, as its heading: the day, "Mar 7 – Mar 13, 2027" or "March 2027". */
export function rangeTitle(kind: RangeKind, date: string, weekStartsOn: number): string {
  if (kind === 'day') return longDate(date);
  if (kind === 'month') return MONTH.format(new Date(`${date.slice(0, 7)}-01T00:00:00Z`));
  const { from, to } = visibleRange('week', date, weekStartsOn);
  return `${shortDate(from)} – ${shortDate(to)}, ${to.slice(0, 4)}`;
}

/** A time of day HH:mm as the agency's clock shows it (14:05 or 2:05 PM). */
export function clockText(time: string, clock: '12h' | '24h'): string {
  if (clock === '24h') return time;
  const hour = Number(time.slice(0, 2));
  return `${hour % 12 === 0 ? 12 : hour % 12}:${time.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Hours as "8 h" or "7.5 h". */
export function hoursText(hours: number): string {
  return `${Math.round(hours * 100) / 100} h`;
}
