import { advancementCheck, type RatedCategory } from '../../core/fto/ratings.ts';
import {
  programCategories,
  type Binder,
  type BinderDetail,
  type ChangeBinderPhaseInput,
  type CreateBinderInput,
  type ListBindersQuery,
  type ProgramContent,
} from '../../core/contracts/fto.ts';
import type { Page } from '../../core/contracts/admin.ts';
import { toCsv } from '../../core/csv.ts';
import { zonedDateParts } from '../../core/dates.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import { inSequence, type Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { findPerson, peopleWithPermission } from '../platform/people.ts';
import { staleVersion } from '../platform/versioning.ts';
import {
  binderEvents,
  binderVisibleTo,
  findBinder,
  insertBinder,
  insertBinderEvent,
  isOpen,
  isTrainerOf,
  listBinders as listBinderRows,
  lockBinder,
  openBinderOf,
  programsWithVersions,
  programVersions,
  replaceTrainers,
  trainersOf,
  updateBinderRow,
  versionContent,
  type ListedBinder,
} from './binder-queries.ts';
import { approvedDorsOf, dorCountsOf } from './dor-queries.ts';
import { viewerOf } from './caller.ts';
import { tell, tellPeople } from '../platform/notices.ts';

/** Today's date in the agency's time zone (YYYY-MM-DD). */
export function agencyToday(ctx: RequestContext, now = new Date()): string {
  const parts = zonedDateParts(now, ctx.sysConfig.general_settings.timezone)!;
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

export function phaseOf(content: ProgramContent, key: string) {
  return content.phases.find((p) => p.key === key) ?? content.phases[0]!;
}

/** Binders as the API shows them: names, program and phase, trainers per phase. */
export async function presentBinders(tx: Tx, agencyId: string, rows: ListedBinder[]): Promise<Binder[]> {
  const [versions, trainers] = await inSequence([
    () =>
      programVersions(
        tx,
        agencyId,
        rows.map((r) => r.binder.programVersionId),
      ),
    () =>
      trainersOf(
        tx,
        agencyId,
        rows.map((r) => r.binder.id),
      ),
  ]);
  return rows.map(({ binder, traineeName, dorsSigned, lastDorOn }) => {
    const version = versions.get(binder.programVersionId)!;
    const phaseOrder = version.content.phases.map((p) => p.key);
    return {
      id: binder.id,
      trainee_id: binder.traineeId,
      trainee_name: traineeName,
      program_id: binder.programId,
      program_name: version.programName,
      program_version_id: binder.programVersionId,
      start_date: binder.startDate,
      phase_key: binder.phaseKey,
      phase_name: phaseOf(version.content, binder.phaseKey).name,
      phase_started_on: binder.phaseStartedOn,
      status: binder.status,
      status_reason: binder.statusReason,
      trainers: trainers
        .filter((t) => t.binderId === binder.id)
        .sort((a, b) => phaseOrder.indexOf(a.phaseKey) - phaseOrder.indexOf(b.phaseKey))
        .map((t) => ({ phase_key: t.phaseKey, trainer_id: t.trainerId, trainer_name: t.trainerName })),
      dors_signed: dorsSigned,
      last_dor_on: lastDorOn,
      created_at: binder.createdAt.toISOString(),
      version: binder.version,
    };
  });
}

export function listBinders(ctx: RequestContext, query: ListBindersQuery): Promise<Page<Binder>> {
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await listBinderRows(tx, ctx.scope.agencyId, viewerOf(ctx), query);
    return { items: await presentBinders(tx, ctx.scope.agencyId, rows), total, page: query.page, page_size: query.page_size };
  });
}

/** A binder the caller may see, or 404 (the same answer whether it exists elsewhere or not at all). */
export async function visibleBinder(tx: Tx, ctx: RequestContext, id: string): Promise<ListedBinder> {
  const row = await findBinder(tx, ctx.scope.agencyId, id, viewerOf(ctx));
  if (!row) throw noSuchBinder();
  return row;
}

/** `visibleBinder`'s check alone, for a read that needs to know only that the caller may open the binder. */
export async function checkBinderVisible(tx: Tx, ctx: RequestContext, id: string): Promise<void> {
  if (!(await binderVisibleTo(tx, ctx.scope.agencyId, id, viewerOf(ctx)))) throw noSuchBinder();
}

const noSuchBinder = () => new AppError('not_found', 'No such binder');

/**
 * A binder as another module may name it (the manifest's recordReadChecks), to whoever may open it
 * (visibleBinder's rule: its trainee, its trainers, the coordinator); null as for no such binder.
 */
export async function binderSeenBy(tx: Tx, ctx: RequestContext, id: string): Promise<{ label: string } | null> {
  const row = await findBinder(tx, ctx.scope.agencyId, id, viewerOf(ctx));
  if (!row) return null;
  const program = (await programVersions(tx, ctx.scope.agencyId, [row.binder.programVersionId])).get(row.binder.programVersionId);
  return { label: program ? `Binder of ${row.traineeName} · ${program.programName}` : `Binder of ${row.traineeName}` };
}

export function getBinder(ctx: RequestContext, id: string): Promise<BinderDetail> {
  return inAgency(ctx, async (tx) => binderDetail(tx, ctx, await visibleBinder(tx, ctx, id)));
}

async function binderDetail(tx: Tx, ctx: RequestContext, row: ListedBinder): Promise<BinderDetail> {
  const id = row.binder.id;
  const agencyId = ctx.scope.agencyId;
  const [[binder], versions, events, approved, counts, trainsIt] = await inSequence([
    () => presentBinders(tx, agencyId, [row]),
    () => programVersions(tx, agencyId, [row.binder.programVersionId]),
    () => binderEvents(tx, agencyId, id),
    () => approvedDorsOf(tx, agencyId, id),
    () => dorCountsOf(tx, agencyId, id),
    () => isTrainerOf(tx, agencyId, id, ctx.scope.userId),
  ]);
  const content = versions.get(row.binder.programVersionId)!.content;
  const categories = programCategories(content);
  const latest: BinderDetail['latest'] = {};
  for (const dor of approved)
    for (const [key, entry] of Object.entries(dor.content.ratings))
      if (entry.rating && entry.rating !== 'NO') latest[key] = { rating: entry.rating, shift_date: dor.shiftDate };
  const phase = phaseOf(content, row.binder.phaseKey);
  const hasNext = content.phases.findIndex((p) => p.key === phase.key) < content.phases.length - 1;
  const recommender = row.binder.advanceRecommendedBy ? await findPerson(tx, agencyId, row.binder.advanceRecommendedBy) : undefined;
  const ofPhase = approved.filter((d) => d.phaseKey === phase.key).reverse();
  const countOf = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  const open = isOpen(row.binder.status);
  return {
    ...binder!,
    program: content,
    events: events.map(({ event, byName }) => ({
      at: event.at.toISOString(),
      action: event.action,
      from_phase: event.fromPhase,
      to_phase: event.toPhase,
      reason: event.reason,
      by_name: byName,
    })),
    trend: approved.map((dor) => ({
      dor_id: dor.id,
      shift_date: dor.shiftDate,
      phase_key: dor.phaseKey,
      ratings: Object.fromEntries(Object.entries(dor.content.ratings).map(([key, entry]) => [key, entry.rating])),
    })),
    latest,
    advancement: advancementCheck(
      phase.advancement,
      categories,
      ofPhase.map((d) => ({ ratings: d.content.ratings as Record<string, RatedCategory> })),
    ),
    remedial_minutes: approved.reduce((total, dor) => total + dor.remedialMinutes, 0),
    dor_counts: {
      draft: countOf('draft'),
      completed: countOf('completed'),
      acknowledged: countOf('acknowledged'),
      approved: countOf('approved'),
    },
    advance_request: row.binder.advanceRecommendedAt
      ? {
          recommended_by_name: recommender?.name ?? '',
          recommended_at: row.binder.advanceRecommendedAt.toISOString(),
          reason: row.binder.advanceReason ?? '',
          acknowledged_at: row.binder.advanceAcknowledgedAt?.toISOString() ?? null,
          comment: row.binder.advanceComment,
        }
      : null,
    can: {
      write_dor: open && (trainsIt || holds(ctx, 'fto:admin')) && holds(ctx, 'fto:trainer'),
      manage: holds(ctx, 'fto:admin'),
      recommend_advance: open && hasNext && trainsIt && holds(ctx, 'fto:trainer'),
      acknowledge_advance:
        open && row.binder.traineeId === ctx.scope.userId && Boolean(row.binder.advanceRecommendedAt) && !row.binder.advanceAcknowledgedAt,
    },
  };
}

/**
 * The first of a phase advancement's three signatures: a trainer of the binder recommends advancing the
 * trainee to the next phase, with the reason; the trainee is asked to acknowledge it.
 */
export function recommendAdvance(ctx: RequestContext, id: string, version: number, reason: string): Promise<BinderDetail> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const listed = await visibleBinder(tx, ctx, id);
    if (!(await isTrainerOf(tx, agencyId, id, ctx.scope.userId)))
      throw new AppError('forbidden', `Only a trainer of ${listed.traineeName} recommends advancing them`);
    const row = (await lockBinder(tx, agencyId, id))!;
    if (row.version !== version) throw staleVersion('binder');
    if (!isOpen(row.status)) throw new AppError('conflict', `This binder is ${row.status}`);
    const content = await versionContent(tx, agencyId, row.programVersionId);
    const index = content.phases.findIndex((p) => p.key === row.phaseKey);
    const next = content.phases[index + 1];
    if (!next) throw validationError({ reason: 'This is the last phase: the coordinator completes the program instead' });
    const updated = (await updateBinderRow(tx, agencyId, id, version, {
      advanceRecommendedBy: ctx.scope.userId,
      advanceRecommendedAt: new Date(),
      advanceReason: reason,
      advanceAcknowledgedAt: null,
      advanceComment: null,
    }))!;
    await insertBinderEvent(tx, {
      agencyId,
      binderId: id,
      action: 'recommend_advance',
      fromPhase: row.phaseKey,
      toPhase: next.key,
      reason,
      actorId: ctx.scope.userId,
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fto.binder_advance_recommended',
      entityType: 'fto_binder',
      entityId: id,
      summary: `Recommended advancing ${listed.traineeName} to ${next.name}`,
      after: { reason },
    });
    await tell(tx, ctx, row.traineeId, {
      kind: 'fto.binder.advance_recommended',
      title: `Your trainer recommends you for ${next.name}`,
      body: `Read the recommendation and acknowledge it; the coordinator then decides on the advancement.`,
      link: `/fto/binder/${id}`,
    });
    return binderDetail(tx, ctx, { ...listed, binder: updated });
  });
}

/** The second signature: the trainee acknowledges the recommendation (with an optional comment); the coordinators are told. */
export function acknowledgeAdvance(ctx: RequestContext, id: string, version: number, comment: string): Promise<BinderDetail> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const listed = await visibleBinder(tx, ctx, id);
    if (listed.binder.traineeId !== ctx.scope.userId)
      throw new AppError('forbidden', `Only ${listed.traineeName}, the trainee, acknowledges this recommendation`);
    const row = (await lockBinder(tx, agencyId, id))!;
    if (row.version !== version) throw staleVersion('binder');
    if (!row.advanceRecommendedAt) throw new AppError('conflict', 'No trainer has recommended advancing you yet');
    if (row.advanceAcknowledgedAt) throw new AppError('conflict', 'You have already acknowledged this recommendation');
    const updated = (await updateBinderRow(tx, agencyId, id, version, {
      advanceAcknowledgedAt: new Date(),
      advanceComment: comment.trim() || null,
    }))!;
    await insertBinderEvent(tx, {
      agencyId,
      binderId: id,
      action: 'acknowledge_advance',
      fromPhase: row.phaseKey,
      toPhase: null,
      reason: comment.trim() || null,
      actorId: ctx.scope.userId,
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fto.binder_advance_acknowledged',
      entityType: 'fto_binder',
      entityId: id,
      summary: `${listed.traineeName} acknowledged the recommendation to advance`,
    });
    await tellPeople(tx, ctx, await peopleWithPermission(tx, agencyId, 'fto:admin'), {
      kind: 'fto.binder.advance_ready',
      title: `${listed.traineeName} is recommended for the next phase`,
      body: `The trainer recommended advancing ${listed.traineeName} and the trainee acknowledged it: the advancement waits for you.`,
      link: `/fto/admin/binder/${id}`,
    });
    return binderDetail(tx, ctx, { ...listed, binder: updated });
  });
}

/** Each trainer must be one of the agency's trainers, for a phase of the program. */
async function checkTrainers(tx: Tx, ctx: RequestContext, content: ProgramContent, trainers: CreateBinderInput['trainers']) {
  const eligible = new Set((await peopleWithPermission(tx, ctx.scope.agencyId, 'fto:trainer')).map((p) => p.id));
  const phases = new Set(content.phases.map((p) => p.key));
  trainers.forEach((t, i) => {
    if (!phases.has(t.phase_key)) throw validationError({ [`trainers.${i}.phase_key`]: 'Choose one of the program’s phases' });
    if (!eligible.has(t.trainer_id)) throw validationError({ [`trainers.${i}.trainer_id`]: 'Choose a field training officer' });
  });
}

/** The coordinator opens a binder for a trainee: on the program's current version, in its first phase. */
export function createBinder(ctx: RequestContext, input: CreateBinderInput): Promise<Binder> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const trainee = await findPerson(tx, agencyId, input.trainee_id);
    if (!trainee) throw validationError({ trainee_id: 'Choose a trainee of your agency' });
    if (await openBinderOf(tx, agencyId, input.trainee_id))
      throw validationError({ trainee_id: `${trainee.name} already has an open binder` });
    const [program] = await programsWithVersions(tx, agencyId, input.program_id);
    if (!program) throw validationError({ program_id: 'Choose one of the programs' });
    await checkTrainers(tx, ctx, program.content, input.trainers);
    const first = program.content.phases[0]!;
    const row = await insertBinder(
      tx,
      {
        agencyId,
        traineeId: input.trainee_id,
        programId: program.program.id,
        programVersionId: program.program.currentVersionId,
        startDate: input.start_date,
        phaseKey: first.key,
        phaseStartedOn: input.start_date,
      },
      program.content,
    );
    await replaceTrainers(tx, agencyId, row.id, input.trainers);
    await insertBinderEvent(tx, {
      agencyId,
      binderId: row.id,
      action: 'start',
      toPhase: first.key,
      actorId: ctx.scope.userId,
      reason: null,
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fto.binder_started',
      entityType: 'fto_binder',
      entityId: row.id,
      summary: `Started the field training binder of ${trainee.name}`,
      after: { program: program.program.name, start_date: input.start_date, trainers: input.trainers },
    });
    await tell(tx, ctx, input.trainee_id, {
      kind: 'fto.binder.started',
      title: 'Your field training binder is open',
      body: `Your field training starts on ${input.start_date} in ${first.name}.`,
      link: `/fto/binder/${row.id}`,
    });
    const [binder] = await presentBinders(tx, agencyId, [{ binder: row, traineeName: trainee.name, dorsSigned: 0, lastDorOn: null }]);
    return binder!;
  });
}

export function setBinderTrainers(
  ctx: RequestContext,
  id: string,
  version: number,
  trainers: CreateBinderInput['trainers'],
): Promise<Binder> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleBinder(tx, ctx, id);
    const versions = await programVersions(tx, ctx.scope.agencyId, [row.binder.programVersionId]);
    await checkTrainers(tx, ctx, versions.get(row.binder.programVersionId)!.content, trainers);
    const updated = await updateBinderRow(tx, ctx.scope.agencyId, id, version, {});
    if (!updated) throw staleVersion('binder');
    const before = await trainersOf(tx, ctx.scope.agencyId, [id]);
    await replaceTrainers(tx, ctx.scope.agencyId, id, trainers);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.binder_trainers_changed',
      entityType: 'fto_binder',
      entityId: id,
      summary: `Changed the trainers of ${row.traineeName}`,
      before: { trainers: before.map((t) => ({ phase_key: t.phaseKey, trainer_id: t.trainerId })) },
      after: { trainers },
    });
    const content = versions.get(row.binder.programVersionId)!.content;
    const added = new Set(trainers.map((t) => t.trainer_id).filter((id) => !before.some((b) => b.trainerId === id)));
    for (const trainerId of added)
      await tell(tx, ctx, trainerId, {
        kind: 'fto.binder.assigned',
        title: `You now train ${row.traineeName}`,
        body: `You were assigned as field training officer of ${row.traineeName} for ${trainers
          .filter((t) => t.trainer_id === trainerId)
          .map((t) => phaseOf(content, t.phase_key).name)
          .join(', ')}.`,
        link: `/fto/binder/${id}`,
      });
    const [binder] = await presentBinders(tx, ctx.scope.agencyId, [{ ...row, binder: updated }]);
    return binder!;
  });
}

/** A phase change ends a pending advancement request: the next one starts from the trainer again. */
const NO_REQUEST = {
  advanceRecommendedBy: null,
  advanceRecommendedAt: null,
  advanceReason: null,
  advanceAcknowledgedAt: null,
  advanceComment: null,
} as const;

const ACTION_WORDS: Record<ChangeBinderPhaseInput['action'], string> = {
  advance: 'Advanced',
  extend: 'Extended the phase of',
  remedial: 'Started remedial training for',
  resume: 'Resumed the regular training of',
  complete: 'Completed the field training of',
  release: 'Released',
};

/**
 * A signed change of the binder's course, with its reason: advance to the next phase, extend the
 * phase, start or end remedial training, complete the program, or release the trainee.
 */
export function changeBinderPhase(ctx: RequestContext, id: string, version: number, input: ChangeBinderPhaseInput): Promise<Binder> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const listed = await visibleBinder(tx, ctx, id);
    const row = (await lockBinder(tx, agencyId, id))!;
    if (row.version !== version) throw staleVersion('binder');
    if (row.status === 'completed' || row.status === 'released')
      throw new AppError('conflict', `This binder is ${row.status}: its course can no longer change`);
    const content = await versionContent(tx, agencyId, row.programVersionId);
    const index = content.phases.findIndex((p) => p.key === row.phaseKey);
    const next = content.phases[index + 1];
    const today = agencyToday(ctx);
    let values: Parameters<typeof updateBinderRow>[4];
    switch (input.action) {
      case 'advance':
        if (!next) throw validationError({ action: 'This is the last phase: complete the program instead' });
        if (!row.advanceRecommendedAt || !row.advanceAcknowledgedAt)
          throw validationError({
            action: row.advanceRecommendedAt
              ? `${listed.traineeName} has not acknowledged the trainer’s recommendation yet`
              : 'A trainer of the trainee recommends advancing first, and the trainee acknowledges it',
          });
        values = { phaseKey: next.key, phaseStartedOn: today, status: 'active', statusReason: null, ...NO_REQUEST };
        break;
      case 'extend':
        values = { status: 'extended', statusReason: input.reason, ...NO_REQUEST };
        break;
      case 'remedial':
        values = { status: 'remedial', statusReason: input.reason, ...NO_REQUEST };
        break;
      case 'resume':
        if (row.status === 'active') throw validationError({ action: 'The trainee is already in regular training' });
        values = { status: 'active', statusReason: null };
        break;
      case 'complete':
        if (next) throw validationError({ action: `Complete the last phase first (${content.phases.at(-1)!.name})` });
        values = { status: 'completed', statusReason: input.reason, closedAt: new Date() };
        break;
      case 'release':
        values = { status: 'released', statusReason: input.reason, closedAt: new Date() };
        break;
    }
    const updated = (await updateBinderRow(tx, agencyId, id, version, values))!;
    await insertBinderEvent(tx, {
      agencyId,
      binderId: id,
      action: input.action,
      fromPhase: row.phaseKey,
      toPhase: updated.phaseKey,
      reason: input.reason,
      actorId: ctx.scope.userId,
    });
    const summary = `${ACTION_WORDS[input.action]} ${listed.traineeName}${input.action === 'advance' ? ` to ${next!.name}` : ''}`;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: `fto.binder_${input.action}`,
      entityType: 'fto_binder',
      entityId: id,
      summary,
      before: { phase: row.phaseKey, status: row.status },
      after: { phase: updated.phaseKey, status: updated.status, reason: input.reason },
    });
    await tell(tx, ctx, row.traineeId, { kind: 'fto.binder.changed', title: summary, body: input.reason, link: `/fto/binder/${id}` });
    const [binder] = await presentBinders(tx, agencyId, [{ ...listed, binder: updated }]);
    return binder!;
  });
}

export async function exportBinders(ctx: RequestContext, query: ListBindersQuery): Promise<string> {
  const all: Binder[] = [];
  for (let page = 1; ; page += 1) {
    const found = await listBinders(ctx, { ...query, page, page_size: 200 });
    all.push(...found.items);
    if (page * 200 >= found.total) break;
  }
  return toCsv(
    ['trainee', 'program', 'start_date', 'phase', 'phase_started_on', 'status', 'status_reason', 'trainers', 'dors_signed', 'last_dor_on'],
    all.map((b) => [
      b.trainee_name,
      b.program_name,
      b.start_date,
      b.phase_name,
      b.phase_started_on,
      b.status,
      b.status_reason ?? '',
      b.trainers.map((t) => t.trainer_name).join('; '),
      String(b.dors_signed),
      b.last_dor_on ?? '',
    ]),
  );
}
