import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TrainersOverview, TrainerSummary } from '../../core/contracts/fto.ts';
import { RATINGS, ratingScore, type Rating } from '../../core/fto/ratings.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { inSequence, queryRows, type Tx } from '../platform/database.ts';
import { peopleWithPermission, userNameOf } from '../platform/people.ts';
import { OPEN_STATUSES, programVersions } from './binder-queries.ts';
import { agencyToday, phaseOf } from './binders.ts';
import { ftoBinders, ftoBinderTrainers, ftoDors } from './schema.ts';

const DAY_MS = 86_400_000;
/** The period a trainer's DORs are counted and their ratings compared over. */
const PERIOD_DAYS = 90;
/** A draft untouched this long is overdue. */
const OVERDUE_MS = DAY_MS;
const WRITTEN_STATUSES = ['completed', 'acknowledged', 'approved'] as const;

/**
 * /fto/admin/trainers: who trains (fto:trainer), whom they train now, the DORs they wrote in the last 90
 * days and the drafts they left for more than a day, and how they rate beside the whole program (so the
 * coordinator sees a rater much harsher or kinder than the others). A bounded number of queries, whatever
 * the number of trainers.
 */
export function listTrainers(ctx: RequestContext): Promise<TrainersOverview> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const since = agencyToday(ctx, new Date(Date.now() - PERIOD_DAYS * DAY_MS));
    const [people, counts, given, assignments] = await inSequence([
      () => peopleWithPermission(tx, agencyId, 'fto:trainer'),
      () => dorCountsByTrainer(tx, agencyId, since, new Date(Date.now() - OVERDUE_MS)),
      () => ratingsGivenSince(tx, agencyId, since),
      () => currentAssignments(tx, agencyId),
    ]);
    const versions = await programVersions(
      tx,
      agencyId,
      assignments.map((a) => a.programVersionId),
    );

    const byTrainer = new Map<string, Tally>();
    const program = emptyTally();
    for (const { trainerId, rating, n } of given) {
      if (!isRating(rating)) continue;
      const tally = byTrainer.get(trainerId) ?? emptyTally();
      byTrainer.set(trainerId, tally);
      tally[rating] += n;
      program[rating] += n;
    }

    const trainers = people
      .map((person): TrainerSummary => {
        const tally = byTrainer.get(person.id) ?? emptyTally();
        const count = counts.find((c) => c.trainerId === person.id);
        return {
          id: person.id,
          name: person.name,
          trainees: assignments
            .filter((a) => a.trainerId === person.id)
            .map((a) => ({
              binder_id: a.binderId,
              trainee_name: a.traineeName,
              phase_name: phaseOf(versions.get(a.programVersionId)!.content, a.phaseKey).name,
            })),
          dors_written: count?.written ?? 0,
          dors_overdue: count?.overdue ?? 0,
          distribution: tally,
          mean: meanOf(tally),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return { trainers, program_distribution: program, program_mean: meanOf(program) };
  });
}

type Tally = Record<Rating, number>;

function emptyTally(): Tally {
  return Object.fromEntries(RATINGS.map((r) => [r, 0])) as Tally;
}

function isRating(value: string | null): value is Rating {
  return value !== null && (RATINGS as readonly string[]).includes(value);
}

/** The mean of the numeric ratings (1-7; N.O., N.R.T. and REM carry no score), to two decimals; null when there is none. */
function meanOf(tally: Tally): number | null {
  let sum = 0;
  let n = 0;
  for (const rating of RATINGS) {
    const score = ratingScore(rating);
    if (score === null) continue;
    sum += score * tally[rating];
    n += tally[rating];
  }
  return n === 0 ? null : Math.round((sum / n) * 100) / 100;
}

// ---------------------------------------------------------------- queries (each names the agency as well as running under row-level security)

/** Per trainer: DORs completed (or further) with a shift since `since`, and drafts last saved before `staleBefore`. */
async function dorCountsByTrainer(tx: Tx, agencyId: string, since: string, staleBefore: Date) {
  const written = and(inArray(ftoDors.status, [...WRITTEN_STATUSES]), gte(ftoDors.shiftDate, since))!;
  const overdue = and(eq(ftoDors.status, 'draft'), lt(ftoDors.updatedAt, staleBefore))!;
  return tx
    .select({
      trainerId: ftoDors.trainerId,
      written: sql<number>`count(*) filter (where ${written})`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
    })
    .from(ftoDors)
    .where(and(eq(ftoDors.agencyId, agencyId), sql`(${written} or ${overdue})`))
    .groupBy(ftoDors.trainerId);
}

/** How often each trainer gave each rating on their DORs (completed or further) with a shift since `since`: counted in the database. */
async function ratingsGivenSince(tx: Tx, agencyId: string, since: string) {
  return queryRows<{ trainerId: string; rating: string | null; n: number }>(
    tx,
    sql`select ${ftoDors.trainerId} as "trainerId", given.value ->> 'rating' as rating, count(*)::int as n
          from ${ftoDors}
          cross join lateral jsonb_each(${ftoDors.content} -> 'ratings') as given
         where ${ftoDors.agencyId} = ${agencyId}
           and ${inArray(ftoDors.status, [...WRITTEN_STATUSES])}
           and ${gte(ftoDors.shiftDate, since)}
         group by 1, 2`,
  );
}

/** Who trains whom now: trainers assigned to an open binder's current phase, by trainee name. */
async function currentAssignments(tx: Tx, agencyId: string) {
  const traineeName = userNameOf(ftoBinders.agencyId, ftoBinders.traineeId);
  return tx
    .select({
      trainerId: ftoBinderTrainers.trainerId,
      binderId: ftoBinders.id,
      traineeName,
      programVersionId: ftoBinders.programVersionId,
      phaseKey: ftoBinders.phaseKey,
    })
    .from(ftoBinderTrainers)
    .innerJoin(
      ftoBinders,
      and(
        eq(ftoBinders.agencyId, ftoBinderTrainers.agencyId),
        eq(ftoBinders.id, ftoBinderTrainers.binderId),
        eq(ftoBinders.phaseKey, ftoBinderTrainers.phaseKey),
      ),
    )
    .where(and(eq(ftoBinderTrainers.agencyId, agencyId), inArray(ftoBinders.status, [...OPEN_STATUSES])))
    .orderBy(asc(traineeName), asc(ftoBinders.id));
}
