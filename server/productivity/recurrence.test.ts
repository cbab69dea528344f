import { describe, expect, it } from 'vitest';
import { agencyCalendar, dueInstant, nextDate, nextOccurrence } from './recurrence.ts';

const CHICAGO = 'America/Chicago';
const rule = (freq: 'daily' | 'weekly' | 'monthly', extra: { interval?: number; weekdays?: number[]; until?: string | null } = {}) => ({
  freq,
  interval: extra.interval ?? 1,
  weekdays: extra.weekdays ?? [],
  until: extra.until ?? null,
});

describe('the next occurrence of a recurring task', () => {
  it('keeps a daily 09:00 task at 09:00 local across the spring daylight-saving change (23 hours later)', () => {
    const next = nextOccurrence(
      { startOn: null, startTime: null, dueOn: '2027-03-13', dueTime: '09:00' },
      rule('daily'),
      CHICAGO,
      '2027-03-13',
    );
    expect(next).toEqual({ startOn: null, startTime: null, dueOn: '2027-03-14', dueTime: '09:00' });
    expect(dueInstant('2027-03-13', '09:00', CHICAGO)!.toISOString()).toBe('2027-03-13T15:00:00.000Z');
    expect(dueInstant('2027-03-14', '09:00', CHICAGO)!.toISOString()).toBe('2027-03-14T14:00:00.000Z');
  });

  it('keeps it at 09:00 local across the autumn change too (25 hours later)', () => {
    expect(dueInstant('2027-11-06', '09:00', CHICAGO)!.toISOString()).toBe('2027-11-06T14:00:00.000Z');
    expect(dueInstant('2027-11-07', '09:00', CHICAGO)!.toISOString()).toBe('2027-11-07T15:00:00.000Z');
  });

  it('steps weekly to the next chosen weekday, then on to the first chosen day of the week `interval` weeks on', () => {
    // 2027-03-01 is a Monday; Monday and Thursday each week.
    expect(nextDate('2027-03-01', rule('weekly', { weekdays: [1, 4] }), CHICAGO)).toBe('2027-03-04');
    expect(nextDate('2027-03-04', rule('weekly', { weekdays: [1, 4] }), CHICAGO)).toBe('2027-03-08');
    expect(nextDate('2027-03-04', rule('weekly', { weekdays: [1, 4], interval: 2 }), CHICAGO)).toBe('2027-03-15');
    expect(nextDate('2027-03-01', rule('weekly'), CHICAGO)).toBe('2027-03-08');
  });

  it('steps monthly by calendar month, the end of a shorter month where the day does not exist', () => {
    expect(nextDate('2027-01-15', rule('monthly'), CHICAGO)).toBe('2027-02-15');
    expect(nextDate('2027-01-31', rule('monthly'), CHICAGO)).toBe('2027-02-28');
  });

  it('steps a monthly series back to its first day of the month where the month has it, not from the shortened date', () => {
    // Anchored on the 31st: 28 Feb (2027 is not a leap year), then 31 Mar again, 30 Apr, 31 May.
    expect(nextDate('2027-01-31', rule('monthly'), CHICAGO, 31)).toBe('2027-02-28');
    expect(nextDate('2027-02-28', rule('monthly'), CHICAGO, 31)).toBe('2027-03-31');
    expect(nextDate('2027-03-31', rule('monthly'), CHICAGO, 31)).toBe('2027-04-30');
    expect(nextDate('2027-04-30', rule('monthly'), CHICAGO, 31)).toBe('2027-05-31');
    expect(nextDate('2028-01-30', rule('monthly'), CHICAGO, 30)).toBe('2028-02-29');
    // An occurrence someone moved off the anchor day keeps its own day.
    expect(nextDate('2027-02-14', rule('monthly'), CHICAGO, 31)).toBe('2027-03-14');
    // Across the spring change (14 Mar 2027 in Chicago) the wall-clock time stays 09:00 local.
    const next = nextOccurrence(
      { startOn: null, startTime: null, dueOn: '2027-02-28', dueTime: '09:00' },
      rule('monthly'),
      CHICAGO,
      '2027-02-28',
      31,
    );
    expect(next).toEqual({ startOn: null, startTime: null, dueOn: '2027-03-31', dueTime: '09:00' });
    expect(dueInstant('2027-02-28', '09:00', CHICAGO)!.toISOString()).toBe('2027-02-28T15:00:00.000Z');
    expect(dueInstant('2027-03-31', '09:00', CHICAGO)!.toISOString()).toBe('2027-03-31T14:00:00.000Z');
  });

  it('moves the start date with the due date and stops after the rule’s last date', () => {
    const dates = { startOn: '2027-03-10', startTime: '08:00', dueOn: '2027-03-12', dueTime: null };
    expect(nextOccurrence(dates, rule('weekly'), CHICAGO, '2027-03-12')).toEqual({
      startOn: '2027-03-17',
      startTime: '08:00',
      dueOn: '2027-03-19',
      dueTime: null,
    });
    expect(nextOccurrence(dates, rule('weekly', { until: '2027-03-15' }), CHICAGO, '2027-03-12')).toBeNull();
  });

  it('counts a date-only task due at the end of its day, and today and this week in the agency’s zone', () => {
    expect(dueInstant('2027-03-14', null, CHICAGO)!.toISOString()).toBe('2027-03-15T04:59:59.999Z');
    // 03:00 UTC on a Sunday is still Saturday evening in Chicago.
    expect(agencyCalendar(CHICAGO, new Date('2027-03-14T03:00:00Z'))).toEqual({
      today: '2027-03-13',
      tomorrow: '2027-03-14',
      endOfWeek: '2027-03-13',
    });
  });
});
