import { describe, expect, it } from 'vitest';
import {
  DATE_DEFAULTS,
  MONTH_LABELS,
  ONE_HOUR_MS,
  WEEKDAY_LABELS,
  formatDate,
  formatDateTime,
  formatTime,
  isValidTimeZone,
  listTimeZones,
  normalizeDateInput,
  runtimeTimeZone,
  startOfZonedDay,
  zonedDateParts,
  zonedTimeToInstant,
} from './dates.ts';

const CHICAGO = 'America/Chicago';
const BERLIN = 'Europe/Berlin';

describe('normalizeDateInput', () => {
  it('replaces the space between date and time with T when seconds are present', () => {
    expect(normalizeDateInput('2026-03-08 14:05:30')).toBe('2026-03-08T14:05:30');
  });

  it('replaces the space between date and time with T when there are no seconds', () => {
    expect(normalizeDateInput('2026-03-08 14:05')).toBe('2026-03-08T14:05');
  });

  it('keeps fractional seconds and a full offset while replacing the space', () => {
    expect(normalizeDateInput('2026-03-08 14:05:30.123456-05:00')).toBe('2026-03-08T14:05:30.123456-05:00');
    expect(normalizeDateInput('2026-03-08 14:05:30Z')).toBe('2026-03-08T14:05:30Z');
  });

  it('appends :00 to a trailing two-digit positive offset', () => {
    expect(normalizeDateInput('2026-03-08 14:05:00+05')).toBe('2026-03-08T14:05:00+05:00');
  });

  it('appends :00 to a trailing two-digit negative offset, after fractional seconds too', () => {
    expect(normalizeDateInput('2026-03-08 14:05:00-07')).toBe('2026-03-08T14:05:00-07:00');
    expect(normalizeDateInput('2026-03-08 14:05:00.5-07')).toBe('2026-03-08T14:05:00.5-07:00');
  });

  it('completes an hour-only offset on a string that already has the T', () => {
    expect(normalizeDateInput('2026-03-08T14:05:00+05')).toBe('2026-03-08T14:05:00+05:00');
  });

  it('leaves ISO strings that already have a T and a full offset untouched', () => {
    for (const iso of ['2026-03-08T14:05:00Z', '2026-03-08T14:05:00.000+05:30', '2026-03-08T14:05']) {
      expect(normalizeDateInput(iso)).toBe(iso);
    }
  });

  it('leaves a bare date alone, not mistaking its day for an offset', () => {
    expect(normalizeDateInput('2026-03-08')).toBe('2026-03-08');
  });

  it('leaves strings that are not date-times unchanged', () => {
    for (const text of ['', 'tomorrow', 'meet at 2026-03-08 14:05 sharp', '03/08/26 2:05 PM']) {
      expect(normalizeDateInput(text)).toBe(text);
    }
  });

  it('passes numbers, dates, null, undefined and objects through as the same value', () => {
    const date = new Date('2026-03-08T14:05:00Z');
    const object = { at: '2026-03-08 14:05' };
    expect(normalizeDateInput(1_772_978_700_000)).toBe(1_772_978_700_000);
    expect(normalizeDateInput(date)).toBe(date);
    expect(normalizeDateInput(null)).toBeNull();
    expect(normalizeDateInput(undefined)).toBeUndefined();
    expect(normalizeDateInput(object)).toBe(object);
  });

  it('turns what PostgreSQL prints into something Date parses to the right instant', () => {
    expect(new Date(normalizeDateInput('2026-03-08 14:05:00+05')).toISOString()).toBe('2026-03-08T09:05:00.000Z');
  });
});

describe('formatting in America/Chicago across the spring-forward change of 2026-03-08', () => {
  it('shows the last minute of standard time as 1:59 AM', () => {
    expect(formatDateTime('2026-03-08T07:59:00Z', { timeZone: CHICAGO })).toBe('03/08/26 1:59 AM');
  });

  it('shows the first minute of daylight time as 3:00 AM', () => {
    expect(formatDateTime('2026-03-08T08:00:00Z', { timeZone: CHICAGO })).toBe('03/08/26 3:00 AM');
  });

  it('shows the previous evening when UTC has already moved to the next day', () => {
    expect(formatDate('2026-03-08T05:30:00Z', { timeZone: CHICAGO })).toBe('03/07/26');
    expect(formatTime('2026-03-08T05:30:00Z', { timeZone: CHICAGO })).toBe('11:30 PM');
  });
});

describe('formatting in America/Chicago across the fall-back change of 2026-11-01', () => {
  it('shows both 1:30 AMs, an hour apart', () => {
    expect(formatTime('2026-11-01T06:30:00Z', { timeZone: CHICAGO })).toBe('1:30 AM');
    expect(formatTime('2026-11-01T07:30:00Z', { timeZone: CHICAGO })).toBe('1:30 AM');
  });
});

describe('formatting in Europe/Berlin across daylight-saving changes', () => {
  it('jumps from 1:59 to 3:00 on 2026-03-29', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z', { timeZone: BERLIN, clock: '24h' })).toBe('03/29/26 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', { timeZone: BERLIN, clock: '24h' })).toBe('03/29/26 03:00');
  });

  it('shows the same afternoon time before and after the spring change, an offset of one hour apart in UTC', () => {
    expect(formatTime('2026-03-28T13:05:00Z', { timeZone: BERLIN })).toBe('2:05 PM');
    expect(formatTime('2026-03-30T12:05:00Z', { timeZone: BERLIN })).toBe('2:05 PM');
  });

  it('repeats 2:30 on 2026-10-25, first in summer time and then in winter time', () => {
    expect(formatDateTime('2026-10-25 02:30:00+02', { timeZone: BERLIN })).toBe('10/25/26 2:30 AM');
    expect(formatDateTime('2026-10-25 02:30:00+01', { timeZone: BERLIN })).toBe('10/25/26 2:30 AM');
    expect(formatTime('2026-10-25T00:30:00Z', { timeZone: BERLIN, clock: '24h' })).toBe('02:30');
    expect(formatTime('2026-10-25T01:30:00Z', { timeZone: BERLIN, clock: '24h' })).toBe('02:30');
  });
});

describe('formatDate, formatTime and formatDateTime', () => {
  // Chicago is already on daylight time (UTC-5) on the afternoon of 2026-03-08.
  const afternoon = new Date('2026-03-08T19:05:00Z');

  it('format dates as mm/dd/yy with leading zeros', () => {
    expect(formatDate(afternoon, { timeZone: CHICAGO })).toBe('03/08/26');
    expect(formatDate('2009-01-02T12:00:00Z', { timeZone: 'UTC' })).toBe('01/02/09');
  });

  it('format times on a 12-hour clock by default', () => {
    expect(formatTime(afternoon, { timeZone: CHICAGO })).toBe('2:05 PM');
    expect(formatTime(afternoon, { timeZone: CHICAGO, clock: '12h' })).toBe('2:05 PM');
  });

  it('format times on a 24-hour clock with a two-digit hour', () => {
    expect(formatTime(afternoon, { timeZone: CHICAGO, clock: '24h' })).toBe('14:05');
    expect(formatTime('2026-03-08T14:05:00Z', { timeZone: CHICAGO, clock: '24h' })).toBe('09:05');
  });

  it('show midnight as 12:00 AM or 00:00 and noon as 12:00 PM or 12:00', () => {
    expect(formatTime('2026-01-01T00:00:00Z', { timeZone: 'UTC' })).toBe('12:00 AM');
    expect(formatTime('2026-01-01T00:00:00Z', { timeZone: 'UTC', clock: '24h' })).toBe('00:00');
    expect(formatTime('2026-01-01T12:00:00Z', { timeZone: 'UTC' })).toBe('12:00 PM');
    expect(formatTime('2026-01-01T12:00:00Z', { timeZone: 'UTC', clock: '24h' })).toBe('12:00');
  });

  it('join date and time with one plain space', () => {
    expect(formatDateTime(afternoon, { timeZone: CHICAGO })).toBe('03/08/26 2:05 PM');
    expect(formatDateTime(afternoon, { timeZone: CHICAGO, clock: '24h' })).toBe('03/08/26 14:05');
  });

  it('accept dates, epoch milliseconds and PostgreSQL strings alike', () => {
    expect(formatDateTime(afternoon.getTime(), { timeZone: CHICAGO })).toBe('03/08/26 2:05 PM');
    expect(formatDateTime('2026-03-08 19:05:00+00', { timeZone: CHICAGO })).toBe('03/08/26 2:05 PM');
    expect(formatDateTime('2026-03-08 14:05:00.123-05', { timeZone: CHICAGO })).toBe('03/08/26 2:05 PM');
  });

  it('show a bare date as that calendar date in every zone', () => {
    for (const timeZone of [CHICAGO, BERLIN, 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(formatDate('2026-03-08', { timeZone })).toBe('03/08/26');
    }
  });

  it('read a date-time without an offset as the wall-clock time of the zone asked for', () => {
    expect(formatDateTime('2026-03-08 14:05', { timeZone: CHICAGO })).toBe('03/08/26 2:05 PM');
    expect(formatDateTime('2026-03-08T14:05:00', { timeZone: BERLIN })).toBe('03/08/26 2:05 PM');
  });

  it('use the runtime’s own zone when none is given', () => {
    const zone = runtimeTimeZone();
    expect(formatDateTime(afternoon)).toBe(formatDateTime(afternoon, { timeZone: zone }));
  });

  it('return an empty string for anything that is not a date, and never throw', () => {
    const notDates = [
      new Date(NaN),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      8.64e15 + 1,
      'not a date',
      '',
      '2026-02-30',
      '2026-03-08 25:00',
      null,
      undefined,
    ];
    for (const value of notDates) {
      expect(formatDate(value)).toBe('');
      expect(formatTime(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });

  it('return an empty string for an unknown timezone instead of throwing', () => {
    expect(formatDate(afternoon, { timeZone: 'Mars/Olympus_Mons' })).toBe('');
    expect(formatTime(afternoon, { timeZone: 'Mars/Olympus_Mons' })).toBe('');
    expect(formatDateTime(afternoon, { timeZone: '' })).toBe('');
  });
});

describe('zonedDateParts', () => {
  it('gives the wall-clock parts and the weekday in the zone', () => {
    expect(zonedDateParts('2026-03-08T05:30:15Z', CHICAGO)).toEqual({
      year: 2026,
      month: 3,
      day: 7,
      hour: 23,
      minute: 30,
      second: 15,
      weekday: 6,
    });
  });

  it('numbers weekdays from Sunday as 0', () => {
    expect(zonedDateParts('2026-03-08T12:00:00Z', CHICAGO)?.weekday).toBe(0);
    expect(WEEKDAY_LABELS[zonedDateParts('2026-03-09T12:00:00Z', CHICAGO)?.weekday ?? -1]).toBe('Monday');
  });

  it('gives null for a value that is not a date or an unknown zone', () => {
    expect(zonedDateParts('nonsense', CHICAGO)).toBeNull();
    expect(zonedDateParts(new Date(), 'Nowhere/Special')).toBeNull();
  });
});

describe('startOfZonedDay', () => {
  const hoursBetween = (start: Date, end: Date) => (end.getTime() - start.getTime()) / ONE_HOUR_MS;

  it('gives the instant of local midnight in the zone', () => {
    expect(startOfZonedDay('2026-03-07T20:00:00Z', CHICAGO).toISOString()).toBe('2026-03-07T06:00:00.000Z');
    expect(startOfZonedDay('2026-07-01T12:00:00Z', BERLIN).toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('finds Chicago’s spring-forward day 23 hours long', () => {
    const start = startOfZonedDay('2026-03-08T12:00:00Z', CHICAGO);
    const next = startOfZonedDay('2026-03-09T12:00:00Z', CHICAGO);
    expect(start.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(next.toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(hoursBetween(start, next)).toBe(23);
  });

  it('finds Chicago’s fall-back day 25 hours long', () => {
    const start = startOfZonedDay('2026-11-01T12:00:00Z', CHICAGO);
    const next = startOfZonedDay('2026-11-02T12:00:00Z', CHICAGO);
    expect(hoursBetween(start, next)).toBe(25);
  });

  it('finds Berlin’s spring-forward day 23 hours long', () => {
    const start = startOfZonedDay('2026-03-29T12:00:00Z', BERLIN);
    const next = startOfZonedDay('2026-03-30T12:00:00Z', BERLIN);
    expect(hoursBetween(start, next)).toBe(23);
  });

  it('starts the day at 1:00 in a zone whose clocks skip midnight itself', () => {
    // Chile moves its clocks from 00:00 to 01:00 on the first Sunday of September.
    const start = startOfZonedDay('2026-09-06T15:00:00Z', 'America/Santiago');
    expect(formatDateTime(start, { timeZone: 'America/Santiago', clock: '24h' })).toBe('09/06/26 01:00');
  });

  it('treats a bare date as that day in the zone', () => {
    expect(startOfZonedDay('2026-03-08', CHICAGO).toISOString()).toBe('2026-03-08T06:00:00.000Z');
  });

  it('gives an invalid date for a value that is not a date', () => {
    expect(Number.isNaN(startOfZonedDay('nonsense', CHICAGO).getTime())).toBe(true);
  });
});

describe('zonedTimeToInstant', () => {
  it('turns a wall-clock reading in the zone into its instant', () => {
    expect(zonedTimeToInstant({ year: 2026, month: 3, day: 8, hour: 14, minute: 5 }, CHICAGO).toISOString()).toBe(
      '2026-03-08T19:05:00.000Z',
    );
  });

  it('pushes a reading that never happens, in the spring-forward gap, forward by the gap', () => {
    expect(zonedTimeToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, CHICAGO).toISOString()).toBe(
      '2026-03-08T08:30:00.000Z',
    );
  });

  it('picks the earlier instant for a reading that happens twice when the clocks go back', () => {
    expect(zonedTimeToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, CHICAGO).toISOString()).toBe(
      '2026-11-01T06:30:00.000Z',
    );
  });

  it('gives an invalid date for an unknown zone', () => {
    expect(Number.isNaN(zonedTimeToInstant({ year: 2026, month: 1, day: 1 }, 'Nowhere/Special').getTime())).toBe(true);
  });
});

describe('timezones', () => {
  it('accepts IANA zones and UTC and rejects anything else', () => {
    expect(isValidTimeZone(CHICAGO)).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(undefined)).toBe(false);
  });

  it('lists the runtime’s zones sorted, with UTC included, all of them valid', () => {
    const zones = listTimeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain(CHICAGO);
    expect(zones).toContain(BERLIN);
    expect(zones).toEqual([...zones].sort());
    expect(zones.every(isValidTimeZone)).toBe(true);
  });
});

describe('date constants', () => {
  it('follow the spec’s defaults: mm/dd/yy, weeks starting on Sunday, English labels', () => {
    expect(DATE_DEFAULTS).toEqual({ format: 'mm/dd/yy', firstDayOfWeek: 0, locale: 'en-US' });
    expect(WEEKDAY_LABELS[DATE_DEFAULTS.firstDayOfWeek]).toBe('Sunday');
    expect(WEEKDAY_LABELS).toHaveLength(7);
    expect(MONTH_LABELS).toHaveLength(12);
    expect(MONTH_LABELS[0]).toBe('January');
    expect(MONTH_LABELS[11]).toBe('December');
  });

  it('define one hour as 3,600,000 milliseconds', () => {
    expect(ONE_HOUR_MS).toBe(3_600_000);
  });
});
