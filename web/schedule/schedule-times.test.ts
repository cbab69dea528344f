import { describe, expect, it } from 'vitest';
import { coverageByShift } from './schedule-ui.tsx';
import { localWallClock, rangeTitle, stepDate, visibleRange } from './schedule-times.ts';

describe('the calendar’s dates', () => {
  it('shows a week from its first day and a month as whole weeks', () => {
    // 2027-03-10 is a Wednesday.
    expect(visibleRange('week', '2027-03-10', 0)).toEqual({ from: '2027-03-07', to: '2027-03-13' });
    expect(visibleRange('week', '2027-03-10', 1)).toEqual({ from: '2027-03-08', to: '2027-03-14' });
    expect(visibleRange('month', '2027-03-10', 0)).toEqual({ from: '2027-02-28', to: '2027-04-03' });
    expect(visibleRange('day', '2027-03-10', 0)).toEqual({ from: '2027-03-10', to: '2027-03-10' });
  });

  it('steps a day, a week or a month, across the year', () => {
    expect(stepDate('day', '2027-12-31', 1)).toBe('2028-01-01');
    expect(stepDate('week', '2027-03-10', -1)).toBe('2027-03-03');
    expect(stepDate('month', '2027-12-15', 1)).toBe('2028-01-01');
    expect(stepDate('month', '2027-01-15', -1)).toBe('2026-12-01');
    expect(rangeTitle('month', '2027-03-10', 0)).toBe('March 2027');
  });

  it('reads a shift on the agency’s wall clock, the night the clocks go forward included', () => {
    // 22:00 CST on March 13 to 06:00 CDT on March 14, 2027: 7 hours, drawn as the station's clock reads it.
    expect(localWallClock('2027-03-14T04:00:00Z', 'America/Chicago')).toBe('2027-03-13T22:00');
    expect(localWallClock('2027-03-14T11:00:00Z', 'America/Chicago')).toBe('2027-03-14T06:00');
    expect(localWallClock('2027-03-14T11:00:00Z', 'Europe/Paris')).toBe('2027-03-14T12:00');
  });
});

describe('staffing at a glance', () => {
  const line = (position: string | null, scheduled: number, minimum: number) => ({
    date: '2027-03-10',
    shift_type_id: 'day',
    group_id: null,
    position,
    scheduled,
    minimum,
    state: scheduled < minimum ? ('short' as const) : scheduled > minimum ? ('over' as const) : ('met' as const),
  });

  it('is short when any minimum of the shift is short, showing the shortest', () => {
    const [summary] = coverageByShift([line(null, 5, 4), line('Sergeant', 0, 1)]);
    expect(summary).toMatchObject({ state: 'short', scheduled: 0, minimum: 1 });
  });

  it('is over when none is short and one is over, else met', () => {
    expect(coverageByShift([line(null, 5, 4), line('Sergeant', 1, 1)])[0]).toMatchObject({ state: 'over', scheduled: 5, minimum: 4 });
    expect(coverageByShift([line(null, 4, 4)])[0]).toMatchObject({ state: 'met' });
  });
});
