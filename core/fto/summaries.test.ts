import { describe, expect, it } from 'vitest';
import { phaseSummaries, weeklySummaries, type SignedDor } from './summaries.ts';

const dor = (shift_date: string, phase_key: string, ratings: SignedDor['ratings']): SignedDor => ({ shift_date, phase_key, ratings });

const dors = [
  dor('2026-09-01', 'p1', { driving: '2', radio: '4', report: 'NO' }),
  dor('2026-09-03', 'p1', { driving: '3', radio: '5', report: '4' }),
  dor('2026-09-09', 'p1', { driving: '4', radio: 'NRT', report: '5' }),
  dor('2026-09-15', 'p2', { driving: '5', radio: '5', report: '6' }),
];

describe('the summaries of a binder’s signed DORs', () => {
  it('groups DORs into training weeks from the start date, newest week first, with the mean and what fell below acceptable', () => {
    const weeks = weeklySummaries('2026-09-01', dors);
    expect(weeks.map((w) => w.label)).toEqual(['Week 3', 'Week 2', 'Week 1']);
    expect(weeks[2]).toEqual({
      label: 'Week 1',
      from: '2026-09-01',
      to: '2026-09-03',
      dors: 2,
      mean: 3.6,
      below: [{ key: 'driving', count: 2 }],
    });
    expect(weeks[1]!.below).toEqual([{ key: 'radio', count: 1 }]);
    expect(weeks[1]!.mean).toBe(4.5);
  });

  it('summarises each phase that has signed DORs in the program’s order, skipping phases not reached', () => {
    const phases = phaseSummaries(
      [
        { key: 'p1', name: 'Phase 1' },
        { key: 'p2', name: 'Phase 2' },
        { key: 'p3', name: 'Phase 3' },
      ],
      dors,
    );
    expect(phases.map((p) => [p.label, p.dors, p.from, p.to])).toEqual([
      ['Phase 1', 3, '2026-09-01', '2026-09-09'],
      ['Phase 2', 1, '2026-09-15', '2026-09-15'],
    ]);
    expect(phases[0]!.below).toEqual([
      { key: 'driving', count: 2 },
      { key: 'radio', count: 1 },
    ]);
    expect(phases[1]!.mean).toBe(5.3);
  });

  it('gives no summary when nothing is signed yet', () => {
    expect(weeklySummaries('2026-09-01', [])).toEqual([]);
    expect(phaseSummaries([{ key: 'p1', name: 'Phase 1' }], [])).toEqual([]);
  });
});
