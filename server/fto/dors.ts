import {
  DorContent as DorContentSchema,
  emptyDorContent,
  type CreateDorInput,
  programCategories,
  SHIFT_LABELS,
  type CategoryGroup,
  type Dor,
  type DorContent,
  type DorSummary,
  type ProgramContent,
} from '../../core/contracts/fto.ts';
import type { Page } from '../../core/contracts/admin.ts';
import { toCsv } from '../../core/csv.ts';
import { dorCompletionProblems, isFailing, RATING_LABELS, remedialMinutes, type Rating } from '../../core/fto/ratings.ts';
import type { z } from 'zod';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import { inSequence, type Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { approvers, mayApprove, requireApprover } from './approvers.ts';
import { binderById, isOpen, isTrainerOf, lockBinder, programVersions, versionContent } from './binder-queries.ts';
import { agencyToday, checkBinderVisible, phaseOf, visibleBinder } from './binders.ts';
import {
  findDor,
  insertDor,
  insertRevision,
  listDors as listDorRows,
  listWholeDors,
  nextDorNumber,
  revisionsOf,
  updateDorRow,
  type DorSummaryRow,
  type ListedDor,
} from './dor-queries.ts';
import { ftoSettingsOf, viewerOf } from './caller.ts';
import { tell } from '../platform/notices.ts';

const link = (binderId: string, dorId: string) => `/fto/binder/${binderId}/dors/view/${dorId}`;

/** A DOR as lists show it (a binder's DORs, each role's home). */
export function summariseDor(row: DorSummaryRow): DorSummary {
  const { dor } = row;
  return {
    id: dor.id,
    binder_id: dor.binderId,
    number: dor.number,
    trainee_name: row.traineeName,
    trainer_id: dor.trainerId,
    trainer_name: row.trainerName,
    phase_key: dor.phaseKey,
    shift_date: dor.shiftDate,
    shift: dor.shift,
    status: dor.status,
    failing: dor.failing,
    remedial_minutes: dor.remedialMinutes,
    revision: dor.revision,
    updated_at: dor.updatedAt.toISOString(),
  };
}

/** How the content reads as text, field by field, for showing what an amendment changed. */
function flatten(content: DorContent, groups: CategoryGroup[]): Map<string, string> {
  const fields = new Map<string, string>([
    ['Shift date', content.shift_date],
    ['Shift', SHIFT_LABELS[content.shift]],
    ['Calls handled', String(content.activity.calls_handled)],
    ['Self-initiated', String(content.activity.self_initiated)],
    ['Reports written', String(content.activity.reports_written)],
    ['Arrests', String(content.activity.arrests)],
    ['Activity notes', content.activity.notes],
    ['Most satisfactory performance', content.most_satisfactory],
    ['Least satisfactory performance', content.least_satisfactory],
  ]);
  for (const category of programCategories({ category_groups: groups })) {
    const entry = content.ratings[category.key];
    fields.set(`${category.label}: rating`, entry?.rating ? RATING_LABELS[entry.rating] : '');
    fields.set(`${category.label}: comment`, entry?.comment ?? '');
    if (entry?.rating === 'REM') fields.set(`${category.label}: remedial minutes`, String(entry.remedial_minutes ?? 0));
  }
  return fields;
}

export function contentChanges(before: DorContent, after: DorContent, groups: CategoryGroup[]) {
  const a = flatten(before, groups);
  const b = flatten(after, groups);
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((field) => (a.get(field) ?? '') !== (b.get(field) ?? ''))
    .map((field) => ({ field, before: a.get(field) ?? '', after: b.get(field) ?? '' }));
}

async function present(tx: Tx, ctx: RequestContext, row: ListedDor): Promise<Dor> {
  const agencyId = ctx.scope.agencyId;
  const binder = (await binderById(tx, agencyId, row.dor.binderId))!;
  const [versions, revisions, trainsIt, approver] = await inSequence([
    () => programVersions(tx, agencyId, [binder.programVersionId]),
    () => revisionsOf(tx, agencyId, row.dor.id),
    () => isTrainerOf(tx, agencyId, row.dor.binderId, ctx.scope.userId),
    () => (row.dor.status === 'acknowledged' ? mayApprove(tx, ctx) : Promise.resolve(false)),
  ]);
  const program = versions.get(binder.programVersionId)!.content;
  const { dor } = row;
  const me = ctx.scope.userId;
  const isTrainee = dor.traineeId === me;
  // An agency may keep the trainer's comments from the trainee until they acknowledge.
  const hideComments = isTrainee && dor.status === 'completed' && !ftoSettingsOf(ctx.sysConfig).trainee_sees_comments_before_acknowledging;
  const content: DorContent = hideComments
    ? { ...dor.content, ratings: Object.fromEntries(Object.entries(dor.content.ratings).map(([k, v]) => [k, { ...v, comment: '' }])) }
    : dor.content;
  // Each revision row keeps the content before an amendment; the next revision (or the current content) is what replaced it.
  const contents = [...revisions.map((r) => r.revision.content), dor.content];
  return {
    ...summariseDor(row),
    trainee_id: dor.traineeId,
    content,
    trainee_comment: dor.traineeComment,
    completed_at: dor.completedAt?.toISOString() ?? null,
    acknowledged_at: dor.acknowledgedAt?.toISOString() ?? null,
    approved_at: dor.approvedAt?.toISOString() ?? null,
    approved_by_name: row.approvedByName,
    revisions: revisions.map(({ revision, amendedByName }, i) => ({
      revision: revision.revision,
      reason: revision.reason,
      amended_by_name: amendedByName,
      amended_at: revision.amendedAt.toISOString(),
      changes: contentChanges(revision.content, contents[i + 1]!, program.category_groups),
    })),
    category_groups: program.category_groups,
    phase_name: phaseOf(program, dor.phaseKey).name,
    can: {
      edit: dor.status === 'draft' && dor.trainerId === me,
      acknowledge: dor.status === 'completed' && isTrainee,
      approve: dor.status === 'acknowledged' && dor.trainerId !== me && approver,
      amend: dor.status === 'approved' && (dor.trainerId === me || holds(ctx, 'fto:admin') || (trainsIt && holds(ctx, 'fto:trainer'))),
    },
    version: dor.version,
  };
}

async function visibleDor(tx: Tx, ctx: RequestContext, id: string): Promise<ListedDor> {
  const row = await findDor(tx, ctx.scope.agencyId, id, viewerOf(ctx));
  if (!row) throw new AppError('not_found', 'No such DOR');
  return row;
}

async function programOf(tx: Tx, agencyId: string, binderId: string): Promise<ProgramContent> {
  const binder = (await binderById(tx, agencyId, binderId))!;
  return versionContent(tx, agencyId, binder.programVersionId);
}

export function listDors(
  ctx: RequestContext,
  binderId: string,
  query: { page: number; page_size: number; status?: Dor['status'] | undefined },
): Promise<Page<DorSummary>> {
  return inAgency(ctx, async (tx) => {
    await checkBinderVisible(tx, ctx, binderId);
    const { rows, total } = await listDorRows(tx, ctx.scope.agencyId, viewerOf(ctx), { binderId, ...query });
    return { items: rows.map(summariseDor), total, page: query.page, page_size: query.page_size };
  });
}

/**
 * Every DOR of the binder the caller may see, oldest shift first, as CSV: the shift, who wrote it, its
 * status, the activity counts and each category's rating in the program's order (comments and
 * narratives stay in the app, where their signing order governs who reads them when).
 */
export function exportDors(ctx: RequestContext, binderId: string): Promise<string> {
  return inAgency(ctx, async (tx) => {
    const binder = await visibleBinder(tx, ctx, binderId);
    const content = await versionContent(tx, ctx.scope.agencyId, binder.binder.programVersionId);
    const categories = programCategories(content);
    const rows: ListedDor[] = [];
    for (let page = 1; ; page += 1) {
      const found = await listWholeDors(tx, ctx.scope.agencyId, viewerOf(ctx), { binderId, page, page_size: 200 });
      rows.push(...found.rows);
      if (page * 200 >= found.total) break;
    }
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.dors_exported',
      entityType: 'fto_binder',
      entityId: binderId,
      summary: `Exported the ${rows.length} DORs of ${binder.traineeName}`,
    });
    return toCsv(
      [
        'number',
        'shift_date',
        'shift',
        'phase',
        'trainer',
        'status',
        'calls_handled',
        'self_initiated',
        'reports_written',
        'arrests',
        'below_acceptable',
        'remedial_minutes',
        ...categories.map((c) => c.label),
      ],
      rows
        .reverse()
        .map(({ dor, trainerName }) => [
          String(dor.number),
          dor.shiftDate,
          SHIFT_LABELS[dor.shift],
          phaseOf(content, dor.phaseKey).name,
          trainerName,
          dor.status,
          String(dor.content.activity.calls_handled),
          String(dor.content.activity.self_initiated),
          String(dor.content.activity.reports_written),
          String(dor.content.activity.arrests),
          String(dor.failing),
          String(dor.remedialMinutes),
          ...categories.map((c) => dor.content.ratings[c.key]?.rating ?? ''),
        ]),
    );
  });
}

/**
 * A trainer of the binder starts the DOR of a shift: a draft only they can see and edit until they
 * complete it. A DOR written without a connection arrives from the outbox with the id the device chose,
 * what was written, and possibly asking to be completed at once (checked as a completion is).
 */
export function createDor(ctx: RequestContext, binderId: string, input: CreateDorInput): Promise<Dor> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const listed = await visibleBinder(tx, ctx, binderId);
    if (!(await isTrainerOf(tx, agencyId, binderId, ctx.scope.userId)) && !holds(ctx, 'fto:admin'))
      throw new AppError('forbidden', `You are not a trainer of ${listed.traineeName}: ask the coordinator to assign you`);
    const binder = (await lockBinder(tx, agencyId, binderId))!;
    if (!isOpen(binder.status)) throw new AppError('conflict', `This binder is ${binder.status}: no more DORs can be written in it`);
    if (input.shift_date < binder.startDate) throw validationError({ shift_date: `The training started on ${binder.startDate}` });
    if (input.shift_date > agencyToday(ctx))
      throw validationError({ shift_date: 'A DOR is written for a shift already worked: choose today or an earlier day' });
    const content = {
      ...(input.content ?? emptyDorContent(input.shift_date, input.shift)),
      shift_date: input.shift_date,
      shift: input.shift,
    };
    const program = await programOf(tx, agencyId, binderId);
    checkRatingKeys(content, program);
    if (input.complete) {
      const problems = dorCompletionProblems(programCategories(program), content.ratings, content);
      if (Object.keys(problems).length) throw validationError(problems, 'The DOR is not complete: see the fields marked');
    }
    const row = await insertDor(tx, {
      ...(input.id ? { id: input.id } : {}),
      agencyId,
      binderId,
      number: await nextDorNumber(tx, agencyId, binderId),
      traineeId: binder.traineeId,
      trainerId: ctx.scope.userId,
      phaseKey: binder.phaseKey,
      shiftDate: input.shift_date,
      shift: input.shift,
      content,
      ...derived(content),
      ...(input.complete ? { status: 'completed' as const, completedAt: new Date() } : {}),
    });
    if (!row) throw new AppError('conflict', 'This DOR is already on the server: open it from the binder to go on writing');
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fto.dor_created',
      entityType: 'fto_dor',
      entityId: row.id,
      summary: `Started DOR #${row.number} of ${listed.traineeName} (${input.shift_date})`,
    });
    const created = (await findDor(tx, agencyId, row.id, null))!;
    if (input.complete) await announceCompleted(tx, ctx, created);
    return present(tx, ctx, created);
  });
}

/** Opening a DOR is in the audit log: it is a record about a person's performance. */
export function getDor(ctx: RequestContext, id: string): Promise<Dor> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleDor(tx, ctx, id);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.dor_viewed',
      entityType: 'fto_dor',
      entityId: id,
      summary: `Viewed DOR #${row.dor.number} of ${row.traineeName}`,
    });
    return present(tx, ctx, row);
  });
}

function refuseUnlessDraftOfCaller(ctx: RequestContext, row: ListedDor) {
  if (row.dor.trainerId !== ctx.scope.userId) throw new AppError('forbidden', `Only ${row.trainerName}, who wrote this DOR, can change it`);
  if (row.dor.status === 'approved') throw new AppError('conflict', 'This DOR is signed and locked: amend it with a reason instead');
  if (row.dor.status !== 'draft') throw new AppError('conflict', `This DOR is already ${row.dor.status}: it can no longer be edited`);
}

/** Only the category keys of the binder's program are kept. */
function checkRatingKeys(content: DorContent, program: ProgramContent) {
  const keys = new Set(programCategories(program).map((c) => c.key));
  const unknown = Object.keys(content.ratings).find((k) => !keys.has(k));
  if (unknown) throw validationError({ [`ratings.${unknown}`]: 'Not a category of this program' });
}

function derived(content: DorContent) {
  return {
    failing: Object.values(content.ratings).filter((entry) => isFailing(entry.rating as Rating | null)).length,
    remedialMinutes: remedialMinutes(content.ratings),
  };
}

/** The trainer's autosave while writing: any partial content, kept as the draft. */
export function saveDor(ctx: RequestContext, id: string, version: number, content: DorContent): Promise<Dor> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleDor(tx, ctx, id);
    refuseUnlessDraftOfCaller(ctx, row);
    checkRatingKeys(content, await programOf(tx, ctx.scope.agencyId, row.dor.binderId));
    const updated = await updateDorRow(tx, ctx.scope.agencyId, id, version, {
      content,
      shiftDate: content.shift_date,
      shift: content.shift,
      ...derived(content),
    });
    if (!updated) throw staleVersion('DOR');
    return present(tx, ctx, { ...row, dor: updated });
  });
}

/** The trainer signs the DOR complete: every category rated, each required comment and narrative given. */
export function completeDor(ctx: RequestContext, id: string, version: number, content: DorContent): Promise<Dor> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleDor(tx, ctx, id);
    refuseUnlessDraftOfCaller(ctx, row);
    const program = await programOf(tx, ctx.scope.agencyId, row.dor.binderId);
    checkRatingKeys(content, program);
    const problems = dorCompletionProblems(programCategories(program), content.ratings, content);
    if (Object.keys(problems).length) throw validationError(problems, 'The DOR is not complete: see the fields marked');
    const updated = await updateDorRow(tx, ctx.scope.agencyId, id, version, {
      content,
      shiftDate: content.shift_date,
      shift: content.shift,
      ...derived(content),
      status: 'completed',
      completedAt: new Date(),
    });
    if (!updated) throw staleVersion('DOR');
    const completed = { ...row, dor: updated };
    await announceCompleted(tx, ctx, completed);
    return present(tx, ctx, completed);
  });
}

/** A completed DOR is in the audit log, and the trainee is asked to acknowledge it. */
async function announceCompleted(tx: Tx, ctx: RequestContext, row: ListedDor) {
  const { dor } = row;
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: 'fto.dor_completed',
    entityType: 'fto_dor',
    entityId: dor.id,
    summary: `Completed DOR #${dor.number} of ${row.traineeName}`,
  });
  await tell(tx, ctx, dor.traineeId, {
    kind: 'fto.dor.to_acknowledge',
    title: `DOR #${dor.number} (${dor.shiftDate}) is ready for your acknowledgement`,
    body: `${row.trainerName} completed the daily observation report of your ${SHIFT_LABELS[dor.shift].toLowerCase()} shift on ${dor.shiftDate}. Read it and acknowledge it.`,
    link: link(dor.binderId, dor.id),
  });
}

/** The trainee acknowledges having read the DOR (not agreeing with it), with an optional comment. */
export function acknowledgeDor(ctx: RequestContext, id: string, version: number, comment: string): Promise<Dor> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleDor(tx, ctx, id);
    if (row.dor.traineeId !== ctx.scope.userId)
      throw new AppError('forbidden', `Only ${row.traineeName}, the trainee, acknowledges this DOR`);
    if (row.dor.status !== 'completed') throw new AppError('conflict', `This DOR is ${row.dor.status}: there is nothing to acknowledge`);
    const updated = await updateDorRow(tx, ctx.scope.agencyId, id, version, {
      status: 'acknowledged',
      acknowledgedAt: new Date(),
      traineeComment: comment.trim() || null,
    });
    if (!updated) throw staleVersion('DOR');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.dor_acknowledged',
      entityType: 'fto_dor',
      entityId: id,
      summary: `Acknowledged DOR #${row.dor.number}`,
      after: { comment: comment.trim() || null },
    });
    for (const approver of await approvers(tx, ctx))
      if (approver.id !== row.dor.trainerId)
        await tell(tx, ctx, approver.id, {
          kind: 'fto.dor.to_approve',
          title: `DOR #${row.dor.number} of ${row.traineeName} is ready for approval`,
          body: `${row.traineeName} acknowledged the DOR ${row.trainerName} wrote for ${row.dor.shiftDate}.`,
          link: link(row.dor.binderId, id),
        });
    return present(tx, ctx, { ...row, dor: updated });
  });
}

/** A supervisor (fto:admin) who did not write the DOR approves it; it is then locked. */
export function approveDor(ctx: RequestContext, id: string, version: number): Promise<Dor> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleDor(tx, ctx, id);
    if (row.dor.trainerId === ctx.scope.userId)
      throw new AppError('forbidden', 'You wrote this DOR: another supervisor approves it (separation of duties)');
    await requireApprover(tx, ctx);
    if (row.dor.status !== 'acknowledged')
      throw new AppError(
        'conflict',
        row.dor.status === 'approved' ? 'This DOR is already approved' : 'The trainee has not acknowledged this DOR yet',
      );
    const updated = await updateDorRow(tx, ctx.scope.agencyId, id, version, {
      status: 'approved',
      approvedAt: new Date(),
      approvedBy: ctx.scope.userId,
    });
    if (!updated) throw staleVersion('DOR');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.dor_approved',
      entityType: 'fto_dor',
      entityId: id,
      summary: `Approved DOR #${row.dor.number} of ${row.traineeName}`,
    });
    return present(tx, ctx, { ...(await findDor(tx, ctx.scope.agencyId, id, null))!, dor: updated });
  });
}

/**
 * A signed DOR changes only by an amendment: the earlier revision is kept whole, with who amended it,
 * when and why, and the DOR shows what changed. The trainee is told.
 */
export function amendDor(
  ctx: RequestContext,
  id: string,
  version: number,
  input: { content: z.input<typeof DorContentSchema>; reason: string },
): Promise<Dor> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleDor(tx, ctx, id);
    if (row.dor.status !== 'approved') throw new AppError('conflict', 'Only an approved DOR is amended; edit a draft directly');
    const mayAmend =
      row.dor.trainerId === ctx.scope.userId ||
      holds(ctx, 'fto:admin') ||
      (holds(ctx, 'fto:trainer') && (await isTrainerOf(tx, ctx.scope.agencyId, row.dor.binderId, ctx.scope.userId)));
    if (!mayAmend) throw new AppError('forbidden', 'Only a trainer of this binder or the coordinator amends a DOR');
    const content = DorContentSchema.parse(input.content);
    const program = await programOf(tx, ctx.scope.agencyId, row.dor.binderId);
    checkRatingKeys(content, program);
    const problems = dorCompletionProblems(programCategories(program), content.ratings, content);
    if (Object.keys(problems).length) throw validationError(problems, 'The amended DOR is not complete: see the fields marked');
    const changes = contentChanges(row.dor.content, content, program.category_groups);
    if (changes.length === 0) throw validationError({ content: 'The amendment changes nothing' });
    const updated = await updateDorRow(tx, ctx.scope.agencyId, id, version, {
      content,
      shiftDate: content.shift_date,
      shift: content.shift,
      ...derived(content),
      revision: row.dor.revision + 1,
    });
    if (!updated) throw staleVersion('DOR');
    await insertRevision(tx, {
      agencyId: ctx.scope.agencyId,
      dorId: id,
      revision: row.dor.revision,
      content: row.dor.content,
      reason: input.reason,
      amendedBy: ctx.scope.userId,
    });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.dor_amended',
      entityType: 'fto_dor',
      entityId: id,
      summary: `Amended DOR #${row.dor.number} of ${row.traineeName}: ${input.reason}`,
      before: Object.fromEntries(changes.map((c) => [c.field, c.before])),
      after: Object.fromEntries(changes.map((c) => [c.field, c.after])),
    });
    await tell(tx, ctx, row.dor.traineeId, {
      kind: 'fto.dor.amended',
      title: `DOR #${row.dor.number} (${row.dor.shiftDate}) was amended`,
      body: `Reason: ${input.reason}`,
      link: link(row.dor.binderId, id),
    });
    return present(tx, ctx, { ...row, dor: updated });
  });
}
