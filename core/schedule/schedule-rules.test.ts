import { describe, expect, it } from 'vitest';
import type { ScheduleSettings } from '../contracts/schedule.ts';
import { computeCoverage, nominalHours, rotationDates, ruleFindings, shiftInstants, strictestAction, worksOn } from './schedule-rules.ts';

const CHICAGO = 'America/Chicago';
const night = { start_time: '22:00', end_time: '06:00' };
const day = { start_time: '06:00', end_time: '14:00' };

describe('shift times in the agency time zone', () => {
  it('makes a night shift 8 hours on an ordinary night', () => {
    const shift = shiftInstants('2027-01-15', night, CHICAGO);
    expect(shift.startsAt.toISOString()).toBe('2027-01-16T04:00:00.000Z');
    expect(shift.endsAt.toISOString()).toBe('2027-01-16T12:00:00.000Z');
    expect(shift.hours).toBe(8);
  });

  it('makes the night shift 7 hours on the night the clocks go forward and 9 on the night they go back', () => {
    expect(shiftInstants('2027-03-13', night, CHICAGO).hours).toBe(7);
    expect(shiftInstants('2027-11-06', night, CHICAGO).hours).toBe(9);
    expect(shiftInstants('2027-03-13', day, CHICAGO).hours).toBe(8);
  });

  it('reads a shift ending at or before its start as ending the next day', () => {
    expect(nominalHours(night)).toBe(8);
    expect(nominalHours({ start_time: '07:00', end_time: '07:00' })).toBe(24);
    expect(shiftInstants('2027-05-01', { start_time: '07:00', end_time: '07:00' }, CHICAGO).hours).toBe(24);
  });
});

describe('rotation patterns', () => {
  const anchor = '2027-01-04';
  it('works the 2-2-3 Pitman days of its fourteen-day cycle', () => {
    const on = rotationDates({ pattern: 'pitman', custom_days: null, anchor_date: anchor }, '2027-01-04', '2027-01-17');
    expect(on).toEqual(['2027-01-04', '2027-01-05', '2027-01-08', '2027-01-09', '2027-01-10', '2027-01-13', '2027-01-14']);
  });

  it('works four on and four off, five on and two off, and one day in three for 24/48', () => {
    const count = (pattern: 'four_on_four_off' | 'five_on_two_off' | 'twenty_four_forty_eight') =>
      rotationDates({ pattern, custom_days: null, anchor_date: anchor }, '2027-01-04', '2027-02-28').length;
    expect(count('four_on_four_off')).toBe(28);
    expect(count('five_on_two_off')).toBe(40);
    expect(count('twenty_four_forty_eight')).toBe(19);
  });

  it('follows a custom pattern and continues the cycle before its anchor', () => {
    const rotation = { pattern: 'custom' as const, custom_days: 'DDO', anchor_date: anchor };
    expect(worksOn(rotation, '2027-01-06')).toBe(false);
    expect(worksOn(rotation, '2027-01-03')).toBe(false);
    expect(worksOn(rotation, '2027-01-02')).toBe(true);
  });
});

const rules: ScheduleSettings['rules'] = {
  overlap: { action: 'block' },
  min_rest: { action: 'warn', hours: 8 },
  max_hours: { action: 'approve', hours: 40, days: 7 },
};
const at = (date: string, clock: { start_time: string; end_time: string }, id?: string) => ({ id, ...shiftInstants(date, clock, CHICAGO) });

describe('conflict rules', () => {
  it('finds nothing for a shift well apart from the others', () => {
    expect(ruleFindings(at('2027-01-05', day), [at('2027-01-04', day)], rules)).toEqual([]);
  });

  it('blocks an overlapping shift, warns on short rest and asks an override past the maximum hours', () => {
    const overlap = ruleFindings(at('2027-01-04', { start_time: '10:00', end_time: '18:00' }), [at('2027-01-04', day)], rules);
    expect(overlap.map((f) => [f.rule, f.action])).toEqual([['overlap', 'block']]);
    expect(strictestAction(overlap)).toBe('block');

    const exactlyEnoughRest = ruleFindings(at('2027-01-04', night), [at('2027-01-04', day)], rules);
    expect(exactlyEnoughRest).toEqual([]);
    const tooSoon = ruleFindings(at('2027-01-04', { start_time: '18:00', end_time: '23:00' }), [at('2027-01-04', day)], rules);
    expect(tooSoon.map((f) => f.message)).toEqual(['Only 4 h of rest between shifts; the minimum is 8 h.']);

    const week = ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08'].map((date) => at(date, day));
    const sixth = ruleFindings(at('2027-01-09', day), week, rules);
    expect(sixth).toEqual([{ rule: 'max_hours', action: 'approve', message: '48 h in 7 days; the maximum is 40 h.' }]);
    expect(strictestAction(sixth)).toBe('approve');
  });

  it('does not count the shift being moved against itself', () => {
    const shift = at('2027-01-04', day, 'a');
    expect(ruleFindings(shift, [shift], rules)).toEqual([]);
  });
});

describe('staffing coverage', () => {
  it('counts working shifts of a type that counts, per group and position, against each minimum', () => {
    const shift = (position: string, status = 'scheduled', group_id: string | null = 'g1') => ({
      date: '2027-01-04',
      shift_type_id: 'day',
      group_id,
      position,
      status,
      counts_toward_staffing: true,
    });
    const coverage = computeCoverage(
      ['2027-01-04'],
      [
        { group_id: null, shift_type_id: 'day', position: 'Patrol', minimum: 3 },
        { group_id: null, shift_type_id: 'day', position: 'Sergeant', minimum: 1 },
        { group_id: 'g1', shift_type_id: 'day', position: null, minimum: 2 },
      ],
      [shift('Patrol'), shift('Patrol'), shift('Patrol', 'sick'), shift('Sergeant'), shift('Sergeant', 'scheduled', 'g2')],
    );
    expect(coverage.map((c) => [c.position, c.group_id, c.scheduled, c.state])).toEqual([
      ['Patrol', null, 2, 'short'],
      ['Sergeant', null, 2, 'over'],
      [null, 'g1', 3, 'over'],
    ]);
  });
});
