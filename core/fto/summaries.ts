import { isFailing, ratingScore, type Rating } from './ratings.ts';

/**
 * Weekly and end-of-phase summaries of a binder, built from its approved (fully signed) DORs: how many,
 * the mean numeric rating, and which categories were rated below acceptable (1-3, N.R.T., REM) and how
 * often. Pure, so the binder page computes them from the trend it already has.
 */

export interface SignedDor {
  shift_date: string;
  phase_key: string;
  ratings: Record<string, Rating | null>;
}

export interface Summary {
  /** "Week 3" or the phase's name. */
  label: string;
  /** The first and last shift counted (YYYY-MM-DD). */
  from: string;
  to: string;
  dors: number;
  /** Mean of the numeric ratings (1-7), one decimal; null when nothing was rated. */
  mean: number | null;
  /** Categories rated below acceptable at least once, most often first. */
  below: Array<{ key: string; count: number }>;
}

const DAY_MS = 86_400_000;

function summarise(label: string, dors: SignedDor[]): Summary {
  let sum = 0;
  let rated = 0;
  const below = new Map<string, number>();
  for (const dor of dors)
    for (const [key, rating] of Object.entries(dor.ratings)) {
      const score = ratingScore(rating);
      if (score !== null) {
        sum += score;
        rated += 1;
      }
      if (isFailing(rating)) below.set(key, (below.get(key) ?? 0) + 1);
    }
  const dates = dors.map((d) => d.shift_date).sort();
  return {
    label,
    from: dates[0] ?? '',
    to: dates.at(-1) ?? '',
    dors: dors.length,
    mean: rated ? Math.round((sum / rated) * 10) / 10 : null,
    below: [...below.entries()].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
  };
}

/** One summary per training week that has signed DORs (week 1 starts on the binder's start date), newest first. */
export function weeklySummaries(startDate: string, dors: readonly SignedDor[]): Summary[] {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const weeks = new Map<number, SignedDor[]>();
  for (const dor of dors) {
    const week = Math.floor((Date.parse(`${dor.shift_date}T00:00:00Z`) - start) / (7 * DAY_MS)) + 1;
    weeks.set(week, [...(weeks.get(week) ?? []), dor]);
  }
  return [...weeks.entries()].sort(([a], [b]) => b - a).map(([week, ofWeek]) => summarise(`Week ${week}`, ofWeek));
}

/** One summary per phase of the program that has signed DORs, in the program's order. */
export function phaseSummaries(phases: ReadonlyArray<{ key: string; name: string }>, dors: readonly SignedDor[]): Summary[] {
  return phases
    .map((phase) => ({ phase, ofPhase: dors.filter((d) => d.phase_key === phase.key) }))
    .filter(({ ofPhase }) => ofPhase.length > 0)
    .map(({ phase, ofPhase }) => summarise(phase.name, ofPhase));
}
