import { zonedTimeToInstant } from '../dates.ts';
import type {
  Coverage,
  CoverageState,
  Rotation,
  RotationPattern,
  RuleFinding,
  ScheduleSettings,
  StaffingMinimum,
} from '../contracts/schedule.ts';

/**
 * The scheduling rules both ends apply: when a shift starts and ends, which days a rotation works,
 * which conflict rules a change breaks and how a day's staffing compares with its minimums.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------- dates

/** `YYYY-MM-DD` plus `days` (calendar days, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Every date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** 0 Sunday … 6 Saturday of a calendar date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

// ---------------------------------------------------------------- shift times

export interface ShiftClock {
  start_time: string;
  end_time: string;
}

/** A shift type ends on the next day when its end is not after its start (22:00-06:00, or 07:00-07:00 for 24 hours). */
export function crossesMidnight(clock: ShiftClock): boolean {
  return clock.end_time <= clock.start_time;
}

/** Its length on an ordinary day, in hours. */
export function nominalHours(clock: ShiftClock): number {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const length = minutes(clock.end_time) - minutes(clock.start_time);
  return (length <= 0 ? length + 24 * 60 : length) / 60;
}

/**
 * The instants a shift of this type starts and ends when it starts on `date` in `timeZone`, and its
 * real length: the wall clock decides, so 22:00-06:00 on the night the clocks go forward is 7 hours
 * and on the night they go back 9.
 */
export function shiftInstants(date: string, clock: ShiftClock, timeZone: string): { startsAt: Date; endsAt: Date; hours: number } {
  const wall = (day: string, time: string) => {
    const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
    return zonedTimeToInstant({ year, month, day: dayOfMonth, hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) }, timeZone);
  };
  const startsAt = wall(date, clock.start_time);
  const endsAt = wall(crossesMidnight(clock) ? addDays(date, 1) : date, clock.end_time);
  return { startsAt, endsAt, hours: hoursBetween(startsAt, endsAt) };
}

export function hoursBetween(from: Date | string, to: Date | string): number {
  return Math.round(((new Date(to).getTime() - new Date(from).getTime()) / HOUR_MS) * 100) / 100;
}

// ---------------------------------------------------------------- rotations

/** Each pattern's cycle, a letter a day: D on, O off. */
export const ROTATION_CYCLES: Record<Exclude<RotationPattern, 'custom'>, string> = {
  pitman: 'DDOODDDOODDOOO',
  four_on_four_off: 'DDDDOOOO',
  five_on_two_off: 'DDDDDOO',
  twenty_four_forty_eight: 'DOO',
};

export function rotationCycle(rotation: Pick<Rotation, 'pattern' | 'custom_days'>): string {
  return rotation.pattern === 'custom' ? (rotation.custom_days ?? '') : ROTATION_CYCLES[rotation.pattern];
}

/** Whether the rotation works on `date` (days before its anchor continue the cycle backwards). */
export function worksOn(rotation: Pick<Rotation, 'pattern' | 'custom_days' | 'anchor_date'>, date: string): boolean {
  const cycle = rotationCycle(rotation);
  if (cycle.length === 0) return false;
  const offset = daysBetween(rotation.anchor_date, date);
  const index = ((offset % cycle.length) + cycle.length) % cycle.length;
  return cycle[index] === 'D';
}

/** The dates from `from` to `to` the rotation works. */
export function rotationDates(rotation: Pick<Rotation, 'pattern' | 'custom_days' | 'anchor_date'>, from: string, to: string): string[] {
  return datesFrom(from, to).filter((date) => worksOn(rotation, date));
}

// ---------------------------------------------------------------- conflict rules

export interface TimedShift {
  id?: string;
  startsAt: Date;
  endsAt: Date;
  hours: number;
}

const fmtHours = (hours: number) => `${Math.round(hours * 10) / 10} h`;

/**
 * The rules a shift breaks for one person, given their other working shifts around it (any status
 * that still works: the caller leaves out sick, leave and time off). Each finding carries the rule's
 * action from the settings: warn, needs an override, or block.
 */
export function ruleFindings(candidate: TimedShift, others: readonly TimedShift[], rules: ScheduleSettings['rules']): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const rest = others.filter((shift) => shift.id === undefined || shift.id !== candidate.id);
  const start = candidate.startsAt.getTime();
  const end = candidate.endsAt.getTime();

  if (rest.some((shift) => shift.startsAt.getTime() < end && shift.endsAt.getTime() > start))
    findings.push({ rule: 'overlap', action: rules.overlap.action, message: 'They already work a shift that overlaps this one.' });

  const minRestMs = rules.min_rest.hours * HOUR_MS;
  if (minRestMs > 0) {
    const gaps = rest
      .filter((shift) => !(shift.startsAt.getTime() < end && shift.endsAt.getTime() > start))
      .map((shift) => (shift.endsAt.getTime() <= start ? start - shift.endsAt.getTime() : shift.startsAt.getTime() - end));
    const shortest = gaps.length > 0 ? Math.min(...gaps) : Infinity;
    if (shortest < minRestMs)
      findings.push({
        rule: 'min_rest',
        action: rules.min_rest.action,
        message: `Only ${fmtHours(shortest / HOUR_MS)} of rest between shifts; the minimum is ${fmtHours(rules.min_rest.hours)}.`,
      });
  }

  const windowMs = rules.max_hours.days * DAY_MS;
  // The busiest window of the period's length that holds this shift: each window starts at a shift's start.
  const all = [...rest, candidate].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  let busiest = 0;
  for (const first of all) {
    const from = first.startsAt.getTime();
    if (from > start || from + windowMs < end) continue;
    const total = all
      .filter((shift) => shift.startsAt.getTime() >= from && shift.endsAt.getTime() <= from + windowMs)
      .reduce((sum, shift) => sum + shift.hours, 0);
    busiest = Math.max(busiest, total);
  }
  if (busiest > rules.max_hours.hours)
    findings.push({
      rule: 'max_hours',
      action: rules.max_hours.action,
      message: `${fmtHours(busiest)} in ${rules.max_hours.days} days; the maximum is ${fmtHours(rules.max_hours.hours)}.`,
    });
  return findings;
}

/** What a change needs before it is saved: nothing, the warnings acknowledged, an override's reason, or it cannot be saved. */
export function strictestAction(findings: readonly RuleFinding[]): 'none' | 'warn' | 'approve' | 'block' {
  if (findings.some((f) => f.action === 'block')) return 'block';
  if (findings.some((f) => f.action === 'approve')) return 'approve';
  if (findings.length > 0) return 'warn';
  return 'none';
}

// ---------------------------------------------------------------- staffing

export interface StaffedShift {
  date: string;
  shift_type_id: string;
  group_id: string | null;
  position: string;
  status: string;
  counts_toward_staffing: boolean;
}

export function coverageState(scheduled: number, minimum: number): CoverageState {
  if (scheduled < minimum) return 'short';
  return scheduled > minimum ? 'over' : 'met';
}

/**
 * Each minimum on each date against the shifts that count toward it: working (scheduled), of a type
 * that counts toward staffing, in its group (or any group) and position (or any position).
 */
export function computeCoverage(
  dates: readonly string[],
  minimums: readonly StaffingMinimum[],
  shifts: readonly StaffedShift[],
): Coverage[] {
  const working = shifts.filter((shift) => shift.status === 'scheduled' && shift.counts_toward_staffing);
  const byKey = new Map<string, StaffedShift[]>();
  for (const shift of working) {
    const key = `${shift.date}|${shift.shift_type_id}`;
    const list = byKey.get(key);
    if (list) list.push(shift);
    else byKey.set(key, [shift]);
  }
  const coverage: Coverage[] = [];
  for (const date of dates)
    for (const minimum of minimums) {
      const candidates = byKey.get(`${date}|${minimum.shift_type_id}`) ?? [];
      const scheduled = candidates.filter(
        (shift) =>
          (minimum.group_id === null || shift.group_id === minimum.group_id) &&
          (minimum.position === null || shift.position === minimum.position),
      ).length;
      coverage.push({
        date,
        shift_type_id: minimum.shift_type_id,
        group_id: minimum.group_id,
        position: minimum.position,
        scheduled,
        minimum: minimum.minimum,
        state: coverageState(scheduled, minimum.minimum),
      });
    }
  return coverage;
}
