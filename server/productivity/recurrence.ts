import { DateTime } from 'luxon';
import type { Recurrence } from '../../core/contracts/productivity.ts';

/**
 * Recurring tasks: the next occurrence's dates, stepped on the agency's calendar with Luxon (a kept
 * library that does time-zone arithmetic from the IANA database the runtime carries). The step is
 * made on calendar dates and the wall-clock time is kept, then turned into an instant in the agency's
 * zone: a task due daily at 09:00 is due at 09:00 local the day after a daylight-saving change too,
 * 23 or 25 hours later. A time a spring-forward skips (02:30) is moved on by the gap, as Luxon does.
 */

export interface TaskDates {
  startOn: string | null;
  startTime: string | null;
  dueOn: string | null;
  dueTime: string | null;
}

function day(date: string, zone: string): DateTime {
  return DateTime.fromISO(date, { zone });
}

/**
 * The calendar date after `date` on which the rule falls next. A monthly rule steps to the series'
 * day of the month (`anchorDay`, the first occurrence's), or the month's last day where it has fewer:
 * 31 Jan → 28 Feb → 31 Mar, not 28 Mar. When `date` is not on the anchor day (someone moved that
 * occurrence), its own day is kept.
 */
export function nextDate(date: string, rule: Recurrence, zone: string, anchorDay?: number): string {
  const from = day(date, zone);
  if (rule.freq === 'daily') return from.plus({ days: rule.interval }).toISODate()!;
  if (rule.freq === 'monthly') {
    const onAnchor = anchorDay !== undefined && from.day === Math.min(anchorDay, from.daysInMonth!);
    const wanted = onAnchor ? anchorDay : from.day;
    const month = from.startOf('month').plus({ months: rule.interval });
    return month.set({ day: Math.min(wanted, month.daysInMonth!) }).toISODate()!;
  }
  // Weekly: Luxon's weekday is 1 (Monday) … 7 (Sunday); ours 0 (Sunday) … 6 (Saturday).
  const ours = (d: DateTime) => d.weekday % 7;
  const days = new Set(rule.weekdays.length > 0 ? rule.weekdays : [ours(from)]);
  // Later this week (the week runs Sunday to Saturday), else the first chosen day `interval` weeks on.
  for (let next = from.plus({ days: 1 }); ours(next) !== 0; next = next.plus({ days: 1 }))
    if (days.has(ours(next))) return next.toISODate()!;
  const sunday = from.minus({ days: ours(from) }).plus({ weeks: rule.interval });
  const first = Math.min(...days);
  return sunday.plus({ days: first }).toISODate()!;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
function daysBetween(from: string, to: string, zone: string): number {
  return Math.round(day(to, zone).diff(day(from, zone), 'days').days);
}

/**
 * The dates of the occurrence after one with these dates, or null when the rule has ended (`until`).
 * Counted from the due date (from `today` when the task has none); the start date keeps its distance
 * before the due date; the times are kept as they were. `anchorDay`: the day of the month of the
 * series' first occurrence (monthly rules step back to it, see nextDate).
 */
export function nextOccurrence(dates: TaskDates, rule: Recurrence, zone: string, today: string, anchorDay?: number): TaskDates | null {
  const base = dates.dueOn ?? dates.startOn ?? today;
  const next = nextDate(base, rule, zone, anchorDay);
  if (rule.until !== null && next > rule.until) return null;
  const shift = daysBetween(base, next, zone);
  const moved = (date: string | null) => (date === null ? null : day(date, zone).plus({ days: shift }).toISODate()!);
  return {
    startOn: moved(dates.startOn),
    startTime: dates.startTime,
    dueOn: dates.dueOn === null ? (dates.startOn === null ? next : null) : next,
    dueTime: dates.dueTime,
  };
}

/** The instant a task is due: its due time on its due date in the agency's zone, or the end of that day. */
export function dueInstant(dueOn: string | null, dueTime: string | null, zone: string): Date | null {
  if (dueOn === null) return null;
  if (dueTime === null) return day(dueOn, zone).endOf('day').toJSDate();
  return DateTime.fromISO(`${dueOn}T${dueTime}`, { zone }).toJSDate();
}

/** Today's date in the zone, and the dates a week ahead are counted to (Saturday: the end of this week). */
export function agencyCalendar(zone: string, now = new Date()): { today: string; tomorrow: string; endOfWeek: string } {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const ours = today.weekday % 7;
  return {
    today: today.toISODate()!,
    tomorrow: today.plus({ days: 1 }).toISODate()!,
    endOfWeek: today.plus({ days: 6 - ours }).toISODate()!,
  };
}

/** The local hour in the zone (the due-tomorrow notices wait for the morning). */
export function localHour(zone: string, now = new Date()): number {
  return DateTime.fromJSDate(now, { zone }).hour;
}
