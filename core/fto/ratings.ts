/**
 * The field training rating scale and the rules both the DOR form and the server apply (the San Jose
 * model): 1-7 with Standard Evaluation Guidelines anchored at 1 (unacceptable), 4 (acceptable) and 7
 * (superior), plus N.O. (not observed), N.R.T. (not responding to training) and REM (remedial training
 * given, with its minutes).
 */

export const RATINGS = ['1', '2', '3', '4', '5', '6', '7', 'NO', 'NRT', 'REM'] as const;
export type Rating = (typeof RATINGS)[number];

export const RATING_LABELS: Record<Rating, string> = {
  '1': '1 Unacceptable',
  '2': '2',
  '3': '3',
  '4': '4 Acceptable',
  '5': '5',
  '6': '6',
  '7': '7 Superior',
  NO: 'N.O. Not observed',
  NRT: 'N.R.T. Not responding to training',
  REM: 'REM Remedial training',
};

/** Ratings that must be explained in a comment. */
export const COMMENT_REQUIRED: ReadonlySet<Rating> = new Set<Rating>(['1', '2', '6', '7', 'NRT', 'REM']);

/** The numeric value of a rating, or null for N.O., N.R.T. and REM (which carry no score). */
export function ratingScore(rating: Rating | null | undefined): number | null {
  if (!rating) return null;
  const n = Number(rating);
  return Number.isInteger(n) ? n : null;
}

/** A rating below acceptable: 1-3, N.R.T. or REM. N.O. is neither. */
export function isFailing(rating: Rating | null | undefined): boolean {
  if (!rating || rating === 'NO') return false;
  if (rating === 'NRT' || rating === 'REM') return true;
  return Number(rating) <= 3;
}

export interface RatedCategory {
  rating: Rating | null;
  comment: string;
  remedial_minutes: number | null;
}

export interface DorNarratives {
  most_satisfactory: string;
  least_satisfactory: string;
}

/**
 * What keeps a DOR from being completed, field by field (`ratings.<category>.comment`), in the words
 * the trainer reads beside each field. Empty when it may be completed.
 */
export function dorCompletionProblems(
  categories: ReadonlyArray<{ key: string; label: string }>,
  ratings: Readonly<Record<string, RatedCategory | undefined>>,
  narratives: DorNarratives,
): Record<string, string> {
  const problems: Record<string, string> = {};
  let anyFailing = false;
  for (const category of categories) {
    const entry = ratings[category.key];
    const rating = entry?.rating ?? null;
    if (!rating) {
      problems[`ratings.${category.key}.rating`] = `Rate ${category.label} (N.O. if you did not observe it)`;
      continue;
    }
    if (isFailing(rating)) anyFailing = true;
    if (COMMENT_REQUIRED.has(rating) && !entry?.comment.trim())
      problems[`ratings.${category.key}.comment`] = `Explain the rating of ${RATING_LABELS[rating]}`;
    if (rating === 'REM' && !(entry?.remedial_minutes && entry.remedial_minutes > 0))
      problems[`ratings.${category.key}.remedial_minutes`] = 'Enter the minutes of remedial training';
  }
  if (!narratives.most_satisfactory.trim()) problems.most_satisfactory = 'Describe the most satisfactory performance of the shift';
  if (anyFailing && !narratives.least_satisfactory.trim())
    problems.least_satisfactory = 'Describe the least satisfactory performance: a category is rated below acceptable';
  return problems;
}

/** Remedial training minutes of a DOR, totalled over its categories. */
export function remedialMinutes(ratings: Readonly<Record<string, RatedCategory | undefined>>): number {
  return Object.values(ratings).reduce((total, entry) => total + (entry?.rating === 'REM' ? (entry.remedial_minutes ?? 0) : 0), 0);
}

export interface AdvancementRule {
  /** A category holds when each of its scored ratings on the last `last_dors` DORs is at least this. */
  min_rating: number;
  last_dors: number;
  /** How many categories must hold; null: all of them. */
  min_categories: number | null;
}

export interface AdvancementCheck {
  met: boolean;
  /** DORs the rule looked at (the latest approved, at most `last_dors`). */
  dors_considered: number;
  holding: number;
  needed: number;
  /** Categories that hold the trainee back, with why. */
  holding_back: Array<{ key: string; label: string; reason: string }>;
}

/**
 * Whether a trainee may advance: over the last K approved DORs of the phase (newest first), every
 * scored rating of a category must be at least the rule's minimum, and N.R.T. or REM in that window
 * holds the category back; a category never scored in the window holds it back too (not yet seen).
 */
export function advancementCheck(
  rule: AdvancementRule,
  categories: ReadonlyArray<{ key: string; label: string }>,
  dorsNewestFirst: ReadonlyArray<{ ratings: Readonly<Record<string, RatedCategory | undefined>> }>,
): AdvancementCheck {
  const window = dorsNewestFirst.slice(0, rule.last_dors);
  const holdingBack: AdvancementCheck['holding_back'] = [];
  for (const category of categories) {
    const ratings = window.map((dor) => dor.ratings[category.key]?.rating ?? null);
    const scores = ratings.map(ratingScore).filter((n): n is number => n !== null);
    const lowest = scores.length ? Math.min(...scores) : null;
    if (ratings.some((r) => r === 'NRT' || r === 'REM'))
      holdingBack.push({ key: category.key, label: category.label, reason: 'Remedial training or not responding to training' });
    else if (lowest === null) holdingBack.push({ key: category.key, label: category.label, reason: 'Not yet observed' });
    else if (lowest < rule.min_rating)
      holdingBack.push({ key: category.key, label: category.label, reason: `Rated ${lowest}, below ${rule.min_rating}` });
  }
  const needed = rule.min_categories ?? categories.length;
  const holding = categories.length - holdingBack.length;
  return {
    met: window.length >= Math.min(rule.last_dors, 1) && window.length > 0 && holding >= needed,
    dors_considered: window.length,
    holding,
    needed,
    holding_back: holdingBack,
  };
}
