/**
 * Date input normalisation (spec section 5) and formatting in the agency's timezone (spec section 1:
 * dates are shown in the agency timezone). Everything goes through Intl, which carries the IANA
 * database, so daylight-saving changes come out right without a date library.
 *
 * Formatting never throws and never shows "Invalid Date": a value that is not a date formats as ''.
 */

/** Spec section 9: one hour in milliseconds. */
export const ONE_HOUR_MS = 3_600_000;

/** Spec section 9: date defaults. */
export const DATE_DEFAULTS = {
  format: 'mm/dd/yy',
  /** 0 is Sunday, as in Date.prototype.getDay. */
  firstDayOfWeek: 0,
  locale: 'en-US',
} as const;

/** Sunday first, matching DATE_DEFAULTS.firstDayOfWeek and Date.prototype.getDay. */
export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const WEEKDAY_SHORT_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** January first; index with month - 1. */
export const MONTH_LABELS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const MONTH_SHORT_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export type Clock = '12h' | '24h';

/** What the formatting functions accept; null and undefined (an empty field) format as ''. */
export type DateInput = Date | string | number | null | undefined;

// ---------------------------------------------------------------------------------------------------
// Normalisation

/** A date, a space, a time (HH:MM, optional :SS and fraction), an optional zone, and nothing else. */
const SPACE_SEPARATED = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)$/;

/** A date-time whose offset is hours only (`+05`, `-07`), as PostgreSQL prints whole-hour offsets. */
const HOUR_ONLY_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?[+-]\d{2})$/;

/**
 * Turns the date-time strings PostgreSQL prints into ones JavaScript parses (spec section 5):
 * `2026-03-08 14:05:00+05` becomes `2026-03-08T14:05:00+05:00`.
 *
 * - A string of the form `YYYY-MM-DD HH:MM[:SS[.fff]][offset]` has the space replaced by `T`.
 * - A trailing two-digit offset without minutes, after a time, gets `:00` appended (also when the
 *   string already had a `T`). A bare date such as `2026-03-08` is left alone: its `-08` is a day.
 * - Any other string, and any non-string, passes through unchanged.
 */
export function normalizeDateInput(value: string): string;
export function normalizeDateInput<T>(value: T): T;
export function normalizeDateInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const withT = value.replace(SPACE_SEPARATED, '$1T$2');
  return HOUR_ONLY_OFFSET.test(withT) ? `${withT}:00` : withT;
}

// ---------------------------------------------------------------------------------------------------
// Timezones

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zones this runtime knows, sorted, with 'UTC' included (Intl leaves it out). */
export function listTimeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones].sort();
}

/** The runtime's own zone: the browser's, or the server process's. */
export function runtimeTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// ---------------------------------------------------------------------------------------------------
// Wall-clock parts in a zone

export type ZonedDateParts = {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
  second: number;
  /** 0 is Sunday … 6 is Saturday. */
  weekday: number;
};

export type WallTime = {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
};

/** Constructing an Intl.DateTimeFormat is slow; the few shapes used here are kept per zone. */
const formatterCache = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  const key = `parts|${timeZone}`;
  let formatter = formatterCache.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatterCache.set(key, formatter);
  }
  return formatter;
}

type WallClock = Readonly<Omit<ZonedDateParts, 'weekday'>>;

/**
 * Readings already made, by zone and instant: `formatToParts` is the dearest step of a date's
 * arithmetic, and the same instants come back request after request (a month's first and last day, an
 * agency's shift starts). Cleared when it reaches its size.
 */
const WALL_CLOCKS_KEPT = 4_096;
const wallClocks = new Map<string, WallClock>();

/** The wall-clock reading in `timeZone` at `epochMs` (a valid instant; throws on a bad zone). */
function wallClockAt(epochMs: number, timeZone: string): WallClock {
  const key = `${timeZone} ${epochMs}`;
  let wall = wallClocks.get(key);
  if (wall === undefined) {
    wall = Object.freeze(readWallClock(epochMs, timeZone));
    if (wallClocks.size >= WALL_CLOCKS_KEPT) wallClocks.clear();
    wallClocks.set(key, wall);
  }
  return wall;
}

function readWallClock(epochMs: number, timeZone: string): Omit<ZonedDateParts, 'weekday'> {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

/** The zone's offset from UTC at `epochMs`, in milliseconds (Chicago in winter: -6 h). */
function offsetAt(epochMs: number, timeZone: string): number {
  const wall = wallClockAt(epochMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  return wallAsUtc - wholeSeconds;
}

function wallTimeAsUtc(wall: WallTime): number {
  const utc = new Date(0);
  utc.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  utc.setUTCHours(wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0, wall.millisecond ?? 0);
  return utc.getTime();
}

/**
 * The instant at which the clocks of `timeZone` read `wall`. When the clocks go back and the reading
 * happens twice, the earlier instant; when they go forward and it never happens, the reading is
 * pushed forward by the gap (02:30 on Chicago's spring-forward day is 03:30 CDT). Invalid Date for
 * an invalid zone or wall time.
 */
export function zonedTimeToInstant(wall: WallTime, timeZone: string): Date {
  try {
    const asUtc = wallTimeAsUtc(wall);
    if (!Number.isFinite(asUtc)) return new Date(NaN);
    const day = 24 * ONE_HOUR_MS;
    const offsets = new Set([offsetAt(asUtc - day, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + day, timeZone)]);
    const candidates = [...offsets].map((offset) => asUtc - offset);
    const exact = candidates.filter((instant) => offsetAt(instant, timeZone) === asUtc - instant);
    // In a gap no candidate is exact; the one using the offset from before the change is the latest.
    const instant = exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
    return new Date(instant);
  } catch {
    return new Date(NaN);
  }
}

/** `YYYY-MM-DD`, or a date-time without `Z` or an offset: a wall-clock reading, not an instant. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

/**
 * The instant a value stands for. Strings are normalised first. A string with no zone (a bare date,
 * or a date-time without `Z` or offset) is a wall-clock reading in `timeZone`, so a due date of
 * `2026-03-08` shows as 03/08/26 in every zone and on the server as in the browser. NaN when the
 * value is no date.
 */
function toEpochMs(value: DateInput, timeZone: string): number {
  if (value == null) return NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  const text = normalizeDateInput(value.trim());
  const local = DATE_ONLY.exec(text) ?? LOCAL_DATE_TIME.exec(text);
  if (local === null) return Date.parse(text);
  const [, year, month, day, hour, minute, second, fraction] = local;
  const wall: Required<WallTime> = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
    millisecond: Number(((fraction ?? '') + '000').slice(0, 3)),
  };
  if (!isRealWallTime(wall)) return NaN;
  return zonedTimeToInstant(wall, timeZone).getTime();
}

/** Rejects readings such as February 30th or 25:00 that Date.UTC would silently roll over. */
function isRealWallTime(wall: Required<WallTime>): boolean {
  const check = new Date(wallTimeAsUtc(wall));
  return (
    check.getUTCFullYear() === wall.year &&
    check.getUTCMonth() === wall.month - 1 &&
    check.getUTCDate() === wall.day &&
    check.getUTCHours() === wall.hour &&
    check.getUTCMinutes() === wall.minute &&
    check.getUTCSeconds() === wall.second
  );
}

/** The zone to use: the one asked for, else the runtime's. */
function zoneOrRuntime(timeZone: string | undefined): string {
  return timeZone ?? runtimeTimeZone();
}

/** The wall-clock parts of `value` in `timeZone`; null when the value is no date or the zone is unknown. */
export function zonedDateParts(value: DateInput, timeZone: string): ZonedDateParts | null {
  try {
    const epochMs = toEpochMs(value, timeZone);
    if (Number.isNaN(epochMs)) return null;
    const wall = wallClockAt(epochMs, timeZone);
    if (Object.values(wall).some(Number.isNaN)) return null;
    const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
    return { ...wall, weekday };
  } catch {
    return null;
  }
}

/**
 * The instant of local midnight that starts the day `value` falls on in `timeZone`. Days are not
 * always 24 hours: in America/Chicago 2026-03-08 is 23 hours long and 2026-11-01 is 25. Where a zone
 * skips midnight itself, the day starts at the first instant that exists. Invalid Date when the value
 * is no date or the zone is unknown.
 */
export function startOfZonedDay(value: DateInput, timeZone: string): Date {
  const parts = zonedDateParts(value, timeZone);
  if (parts === null) return new Date(NaN);
  return zonedTimeToInstant({ year: parts.year, month: parts.month, day: parts.day }, timeZone);
}

// ---------------------------------------------------------------------------------------------------
// Formatting

export type FormatOptions = {
  /** An IANA zone, normally the agency's general_settings.timezone; the runtime's zone when omitted. */
  timeZone?: string;
};

export type TimeFormatOptions = FormatOptions & {
  /** The agency's clock setting; 12-hour by default. */
  clock?: Clock;
};

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

function zonedPartsOrNull(value: DateInput, timeZone: string | undefined): ZonedDateParts | null {
  try {
    return zonedDateParts(value, zoneOrRuntime(timeZone));
  } catch {
    return null;
  }
}

function datePart(parts: ZonedDateParts): string {
  return `${pad2(parts.month)}/${pad2(parts.day)}/${pad2(((parts.year % 100) + 100) % 100)}`;
}

function timePart(parts: ZonedDateParts, clock: Clock): string {
  if (clock === '24h') return `${pad2(parts.hour)}:${pad2(parts.minute)}`;
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return `${hour12}:${pad2(parts.minute)} ${parts.hour < 12 ? 'AM' : 'PM'}`;
}

/** mm/dd/yy in the zone, e.g. '03/08/26'; '' when the value is no date. */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  const parts = zonedPartsOrNull(value, options.timeZone);
  return parts === null ? '' : datePart(parts);
}

/** '2:05 PM' (12-hour, the default) or '14:05' (24-hour) in the zone; '' when the value is no date. */
export function formatTime(value: DateInput, options: TimeFormatOptions = {}): string {
  const parts = zonedPartsOrNull(value, options.timeZone);
  return parts === null ? '' : timePart(parts, options.clock ?? '12h');
}

/** '03/08/26 2:05 PM' in the zone; '' when the value is no date. */
export function formatDateTime(value: DateInput, options: TimeFormatOptions = {}): string {
  const parts = zonedPartsOrNull(value, options.timeZone);
  return parts === null ? '' : `${datePart(parts)} ${timePart(parts, options.clock ?? '12h')}`;
}
