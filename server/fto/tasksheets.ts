import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { SignTaskInput, Tasksheet, TasksheetSummary } from '../../core/contracts/fto.ts';
import { TASK_METHOD_LABELS } from '../../core/contracts/fto.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { userNameOf } from '../platform/people.ts';
import { findBinder, isOpen, isTrainerOf, versionContent, type ListedBinder } from './binder-queries.ts';
import { agencyToday, phaseOf, visibleBinder } from './binders.ts';
import { viewerOf } from './caller.ts';
import { ftoTasksheets, ftoTaskSignoffs } from './schema.ts';

/**
 * Tasksheets: each phase's tasks from the binder's program version (the snapshot taken when the binder
 * started), signed off one by one by a trainer with the date and how it was shown. A sign-off made in
 * error is withdrawn with a reason and stays on record; the task can then be signed again.
 */

function contentOf(tx: Tx, agencyId: string, binder: ListedBinder) {
  return versionContent(tx, agencyId, binder.binder.programVersionId);
}

/** The sign-off of a task in force (not withdrawn), with its trainer's name; locked when it is to change. */
async function currentSignoff(tx: Tx, agencyId: string, tasksheetId: string, taskKey: string, lock = false) {
  const query = tx
    .select({ signoff: ftoTaskSignoffs, trainerName: userNameOf(ftoTaskSignoffs.agencyId, ftoTaskSignoffs.trainerId) })
    .from(ftoTaskSignoffs)
    .where(
      and(
        eq(ftoTaskSignoffs.agencyId, agencyId),
        eq(ftoTaskSignoffs.tasksheetId, tasksheetId),
        eq(ftoTaskSignoffs.taskKey, taskKey),
        isNull(ftoTaskSignoffs.withdrawnAt),
      ),
    );
  const [row] = lock ? await query.for('update', { of: ftoTaskSignoffs }) : await query;
  return row;
}

async function signedCounts(tx: Tx, agencyId: string, binderId: string) {
  const rows = await tx
    .select({ tasksheetId: ftoTaskSignoffs.tasksheetId, n: count() })
    .from(ftoTaskSignoffs)
    .innerJoin(ftoTasksheets, and(eq(ftoTasksheets.agencyId, ftoTaskSignoffs.agencyId), eq(ftoTasksheets.id, ftoTaskSignoffs.tasksheetId)))
    .where(and(eq(ftoTaskSignoffs.agencyId, agencyId), eq(ftoTasksheets.binderId, binderId), isNull(ftoTaskSignoffs.withdrawnAt)))
    .groupBy(ftoTaskSignoffs.tasksheetId);
  return new Map(rows.map((r) => [r.tasksheetId, r.n]));
}

/** The binder's tasksheets, one per phase in the program's order, with how many tasks are signed off. */
export function listTasksheets(ctx: RequestContext, binderId: string): Promise<TasksheetSummary[]> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const binder = await visibleBinder(tx, ctx, binderId);
    const content = await contentOf(tx, agencyId, binder);
    const sheets = await tx
      .select()
      .from(ftoTasksheets)
      .where(and(eq(ftoTasksheets.agencyId, agencyId), eq(ftoTasksheets.binderId, binderId)));
    const signed = await signedCounts(tx, agencyId, binderId);
    const order = content.phases.map((p) => p.key);
    return sheets
      .sort((a, b) => order.indexOf(a.phaseKey) - order.indexOf(b.phaseKey))
      .map((sheet) => ({
        id: sheet.id,
        binder_id: binderId,
        phase_key: sheet.phaseKey,
        phase_name: phaseOf(content, sheet.phaseKey).name,
        tasks: content.tasks.filter((t) => t.phase_key === sheet.phaseKey).length,
        signed: signed.get(sheet.id) ?? 0,
        current_phase: sheet.phaseKey === binder.binder.phaseKey,
      }));
  });
}

/** A tasksheet whose binder the caller may see, or 404 (the same whether it exists elsewhere or not at all). */
async function visibleTasksheet(tx: Tx, ctx: RequestContext, id: string) {
  const [sheet] = await tx
    .select()
    .from(ftoTasksheets)
    .where(and(eq(ftoTasksheets.agencyId, ctx.scope.agencyId), eq(ftoTasksheets.id, id)));
  const binder = sheet && (await findBinder(tx, ctx.scope.agencyId, sheet.binderId, viewerOf(ctx)));
  if (!sheet || !binder) throw new AppError('not_found', 'No such tasksheet');
  return { sheet, binder };
}

async function present(tx: Tx, ctx: RequestContext, sheet: typeof ftoTasksheets.$inferSelect, binder: ListedBinder): Promise<Tasksheet> {
  const agencyId = ctx.scope.agencyId;
  const content = await contentOf(tx, agencyId, binder);
  const signoffs = await tx
    .select({ signoff: ftoTaskSignoffs, trainerName: userNameOf(ftoTaskSignoffs.agencyId, ftoTaskSignoffs.trainerId) })
    .from(ftoTaskSignoffs)
    .where(and(eq(ftoTaskSignoffs.agencyId, agencyId), eq(ftoTaskSignoffs.tasksheetId, sheet.id), isNull(ftoTaskSignoffs.withdrawnAt)))
    .orderBy(asc(ftoTaskSignoffs.id));
  const byTask = new Map(signoffs.map((s) => [s.signoff.taskKey, s]));
  const tasks = content.tasks.filter((t) => t.phase_key === sheet.phaseKey);
  const trainsIt = await isTrainerOf(tx, agencyId, binder.binder.id, ctx.scope.userId);
  return {
    id: sheet.id,
    binder_id: binder.binder.id,
    phase_key: sheet.phaseKey,
    phase_name: phaseOf(content, sheet.phaseKey).name,
    tasks: tasks.length,
    signed: tasks.filter((t) => byTask.has(t.key)).length,
    current_phase: sheet.phaseKey === binder.binder.phaseKey,
    trainee_name: binder.traineeName,
    tasks_list: tasks.map((task) => {
      const found = byTask.get(task.key);
      return {
        key: task.key,
        title: task.title,
        description: task.description,
        signoff: found
          ? {
              trainer_id: found.signoff.trainerId,
              trainer_name: found.trainerName,
              signed_on: found.signoff.signedOn,
              method: found.signoff.method,
              note: found.signoff.note,
              signed_at: found.signoff.signedAt.toISOString(),
            }
          : null,
      };
    }),
    can_sign: isOpen(binder.binder.status) && holds(ctx, 'fto:trainer') && (trainsIt || holds(ctx, 'fto:admin')),
  };
}

export function getTasksheet(ctx: RequestContext, id: string): Promise<Tasksheet> {
  return inAgency(ctx, async (tx) => {
    const { sheet, binder } = await visibleTasksheet(tx, ctx, id);
    return present(tx, ctx, sheet, binder);
  });
}

/** A trainer of the binder signs a task off: the date it was shown (not before the training, not ahead) and how. */
export function signTask(ctx: RequestContext, id: string, input: SignTaskInput): Promise<Tasksheet> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { sheet, binder } = await visibleTasksheet(tx, ctx, id);
    if (!(await isTrainerOf(tx, agencyId, binder.binder.id, ctx.scope.userId)) && !holds(ctx, 'fto:admin'))
      throw new AppError('forbidden', `You are not a trainer of ${binder.traineeName}: ask the coordinator to assign you`);
    if (!isOpen(binder.binder.status))
      throw new AppError('conflict', `This binder is ${binder.binder.status}: its tasks can no longer be signed off`);
    const content = await contentOf(tx, agencyId, binder);
    const task = content.tasks.find((t) => t.key === input.task_key && t.phase_key === sheet.phaseKey);
    if (!task) throw validationError({ task_key: 'Not a task of this tasksheet' });
    if (input.signed_on < binder.binder.startDate)
      throw validationError({ signed_on: `The training started on ${binder.binder.startDate}` });
    if (input.signed_on > agencyToday(ctx)) throw validationError({ signed_on: 'Choose today or an earlier day' });
    const existing = await currentSignoff(tx, agencyId, id, task.key);
    if (existing)
      throw new AppError('conflict', `${task.title} was already signed off by ${existing.trainerName} on ${existing.signoff.signedOn}`);
    await tx.insert(ftoTaskSignoffs).values({
      agencyId,
      tasksheetId: id,
      taskKey: task.key,
      trainerId: ctx.scope.userId,
      signedOn: input.signed_on,
      method: input.method,
      note: input.note,
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fto.task_signed_off',
      entityType: 'fto_tasksheet',
      entityId: id,
      summary: `Signed off “${task.title}” for ${binder.traineeName} (${TASK_METHOD_LABELS[input.method].toLowerCase()}, ${input.signed_on})`,
    });
    return present(tx, ctx, sheet, binder);
  });
}

/** The trainer who signed a task off, or the coordinator, withdraws the sign-off with a reason; it stays on record. */
export function withdrawSignoff(ctx: RequestContext, id: string, input: { task_key: string; reason: string }): Promise<Tasksheet> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { sheet, binder } = await visibleTasksheet(tx, ctx, id);
    const signoff = (await currentSignoff(tx, agencyId, id, input.task_key, true))?.signoff;
    if (!signoff) throw validationError({ task_key: 'This task is not signed off' });
    if (signoff.trainerId !== ctx.scope.userId && !holds(ctx, 'fto:admin'))
      throw new AppError('forbidden', 'Only the trainer who signed it off, or the coordinator, can withdraw a sign-off');
    await tx
      .update(ftoTaskSignoffs)
      .set({ withdrawnAt: new Date(), withdrawnBy: ctx.scope.userId, withdrawnReason: input.reason })
      .where(and(eq(ftoTaskSignoffs.agencyId, agencyId), eq(ftoTaskSignoffs.id, signoff.id)));
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fto.task_signoff_withdrawn',
      entityType: 'fto_tasksheet',
      entityId: id,
      summary: `Withdrew the sign-off of ${input.task_key} for ${binder.traineeName}: ${input.reason}`,
    });
    return present(tx, ctx, sheet, binder);
  });
}
