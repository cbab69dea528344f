import { and, count, eq, isNull } from 'drizzle-orm';
import { programCategories, type FtoHome, type PersonOption } from '../../core/contracts/fto.ts';
import { isFailing } from '../../core/fto/ratings.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import { inSequence, type Tx } from '../platform/database.ts';
import { peopleWithPermission, searchPeople } from '../platform/people.ts';
import { listBinders, openBindersByPhase, programVersions } from './binder-queries.ts';
import { agencyToday, phaseOf, presentBinders } from './binders.ts';
import { summariseDor } from './dors.ts';
import { mayApprove } from './approvers.ts';
import { approvedRatingsSince, dorIs, dorsWaiting, overdueDors } from './dor-queries.ts';
import { viewerOf } from './caller.ts';
import { ftoBinderPolicies } from './schema.ts';

const DAY_MS = 86_400_000;

/**
 * /fto for each role: a trainee's binder and the DORs to acknowledge; a trainer's trainees and the DORs
 * to finish; a coordinator's approvals and the program's state (active trainees by phase, overdue DORs
 * and the categories failing most in the last 30 days).
 */
export function ftoHome(ctx: RequestContext): Promise<FtoHome> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const me = ctx.scope.userId;
    const viewer = viewerOf(ctx);
    const coordinator = holds(ctx, 'fto:admin');
    const [mine, trained, toWrite, toAcknowledge, toApprove] = await inSequence([
      () => listBinders(tx, agencyId, { ...viewer, all: false, trainer: false, trainee: true }, { page: 1, page_size: 1, status: 'open' }),
      () =>
        viewer.trainer
          ? listBinders(tx, agencyId, { ...viewer, all: false, trainee: false }, { page: 1, page_size: 50, status: 'open', trainerId: me })
          : Promise.resolve({ rows: [], total: 0 }),
      () => (viewer.trainer ? dorsWaiting(tx, agencyId, dorIs.draftOf(me)) : Promise.resolve([])),
      () => dorsWaiting(tx, agencyId, dorIs.toAcknowledgeBy(me)),
      async () => ((await mayApprove(tx, ctx)) ? dorsWaiting(tx, agencyId, dorIs.toApproveBy(me)) : []),
    ]);
    const summaries = (rows: typeof toWrite) => rows.map(summariseDor);
    const [myBinder] = await presentBinders(tx, agencyId, mine.rows);
    const unread = myBinder ? await policiesToAcknowledge(tx, agencyId, myBinder.id) : 0;
    return {
      my_binder: myBinder ?? null,
      my_trainees: await presentBinders(tx, agencyId, trained.rows),
      to_write: summaries(toWrite),
      to_acknowledge: summaries(toAcknowledge),
      to_approve: summaries(toApprove),
      policies_to_acknowledge: unread,
      program: coordinator ? await programState(tx, ctx) : null,
    };
  });
}

async function policiesToAcknowledge(tx: Tx, agencyId: string, binderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(ftoBinderPolicies)
    .where(
      and(eq(ftoBinderPolicies.agencyId, agencyId), eq(ftoBinderPolicies.binderId, binderId), isNull(ftoBinderPolicies.acknowledgedAt)),
    );
  return row?.n ?? 0;
}

async function programState(tx: Tx, ctx: RequestContext): Promise<NonNullable<FtoHome['program']>> {
  const agencyId = ctx.scope.agencyId;
  const since = new Date(Date.now() - 30 * DAY_MS);
  const [byPhase, overdue, ratings] = await inSequence([
    () => openBindersByPhase(tx, agencyId),
    () => overdueDors(tx, agencyId, new Date(Date.now() - DAY_MS)),
    () => approvedRatingsSince(tx, agencyId, agencyToday(ctx, since)),
  ]);
  const versions = await programVersions(
    tx,
    agencyId,
    byPhase.map((r) => r.versionId),
  );
  const phases = new Map<string, number>();
  for (const row of byPhase) {
    const name = phaseOf(versions.get(row.versionId)!.content, row.phaseKey).name;
    phases.set(name, (phases.get(name) ?? 0) + row.n);
  }
  // Category names as the programs of the open binders call them.
  const labels = new Map([...versions.values()].flatMap((v) => programCategories(v.content).map((c) => [c.key, c.label] as const)));
  const failing = new Map<string, number>();
  for (const { content } of ratings)
    for (const [key, entry] of Object.entries(content.ratings)) if (isFailing(entry.rating)) failing.set(key, (failing.get(key) ?? 0) + 1);
  return {
    active_by_phase: [...phases]
      .map(([phase_name, count]) => ({ phase_name, count }))
      .sort((a, b) => a.phase_name.localeCompare(b.phase_name)),
    overdue_dors: overdue,
    failing_categories: [...failing]
      .map(([key, count]) => ({ key, label: labels.get(key) ?? key, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 5),
  };
}

/** The coordinator's pickers: trainees (fto:user) or trainers (fto:trainer) of the agency, by name. */
export function searchFtoPeople(
  ctx: RequestContext,
  query: { q?: string | undefined; role: 'trainee' | 'trainer' },
): Promise<PersonOption[]> {
  return inAgency(ctx, async (tx) => {
    const holders = await peopleWithPermission(tx, ctx.scope.agencyId, query.role === 'trainee' ? 'fto:user' : 'fto:trainer');
    const ids = new Set(holders.map((p) => p.id));
    const found = await searchPeople(tx, ctx.scope.agencyId, { q: query.q, limit: 200 });
    return found.filter((p) => ids.has(p.id)).slice(0, 20);
  });
}
