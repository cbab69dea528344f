import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AddCommentInput,
  type AddLinkInput,
  type ChecklistItem,
  type Comment,
  type Task,
  type TaskLinkKind,
  type UpdateChecklistItemInput,
} from '../../core/contracts/productivity.ts';
import { ownUploads, describeFiles } from '../platform/attachments.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { readableRecord } from '../platform/modules.ts';
import { tell } from '../platform/notices.ts';
import { findPerson, userNameOf } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { staleVersion } from '../platform/versioning.ts';
import { taskHiddenFrom, tasksChanged } from './live.ts';
import * as q from './queries.ts';
import { productivityChecklistItems, productivityTasks } from './schema.ts';
import { dropBlindWatchers, personSeesTask, seesSpace, taskPath, visibleTask, type TaskAccess } from './visibility.ts';

/** A task's checklist, comments (with @mentions), watchers, files, links to other modules' records, and who it is shared with. */

function toChecklistItem(item: typeof productivityChecklistItems.$inferSelect): ChecklistItem {
  return { id: item.id, text: item.text, done: item.done, position: item.position, version: item.version };
}

/** The parts of a task its page shows beside its fields. */
export async function describeTaskParts(tx: Tx, ctx: RequestContext, task: q.TaskRow) {
  const agencyId = ctx.scope.agencyId;
  const watchers = await q.watchersOf(tx, agencyId, task.id);
  const attachments = await q.attachmentsOf(tx, agencyId, task.id);
  const files = new Map(
    (
      await describeFiles(
        tx,
        agencyId,
        attachments.map((a) => a.fileId),
      )
    ).map((file) => [file.id, file]),
  );
  const [creator] = await tx
    .select({ name: userNameOf(productivityTasks.agencyId, productivityTasks.createdBy) })
    .from(productivityTasks)
    .where(and(eq(productivityTasks.agencyId, agencyId), eq(productivityTasks.id, task.id)));
  return {
    watchers,
    watching: watchers.some((w) => w.id === ctx.scope.userId),
    checklist: (await q.checklistOf(tx, agencyId, task.id)).map(toChecklistItem),
    attachments: attachments.flatMap((a) => {
      const file = files.get(a.fileId);
      return file
        ? [
            {
              file_id: a.fileId,
              name: file.name,
              content_type: file.contentType,
              size: file.size,
              added_by: { id: a.addedBy, name: a.addedByName },
              added_at: a.createdAt.toISOString(),
            },
          ]
        : [];
    }),
    links: (await q.linksOf(tx, agencyId, task.id)).map((link) => ({
      id: link.id,
      kind: link.kind,
      record_id: link.recordId,
      label: link.label,
      created_at: link.createdAt.toISOString(),
    })),
    shared_with: await q.sharesOf(tx, agencyId, task.id),
    created_by: { id: task.createdBy, name: creator?.name ?? '' },
  } satisfies Partial<Task>;
}

/**
 * Any change to a part of a task is a change of the task: its version moves on, so an open editor sees
 * it, and everyone who sees the task is told (live.ts).
 */
async function touch(tx: Tx, task: q.TaskRow) {
  const after = await updateAtVersion(
    tx,
    productivityTasks,
    and(eq(productivityTasks.agencyId, task.agencyId), eq(productivityTasks.id, task.id)),
    null,
    {},
  );
  await tasksChanged(tx, task.agencyId, [{ task: after ?? task }]);
}

async function auditPart(tx: Tx, ctx: RequestContext, task: q.TaskRow, action: string, summary: string, before: unknown, after: unknown) {
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: `productivity.${action}`,
    entityType: 'productivity_task',
    entityId: task.id,
    summary,
    before: before === null ? null : (before as Record<string, unknown>),
    after: after === null ? null : (after as Record<string, unknown>),
  });
}

/**
 * A change to a part of a task (its files, links, shares) by a member of its space: made, the task's
 * version moved on, audited; answers the task as it is then.
 */
function changePart(
  ctx: RequestContext,
  taskId: string,
  change: (tx: Tx, task: q.TaskRow) => Promise<{ action: string; summary: string; before: unknown; after: unknown }>,
): Promise<q.TaskRow> {
  return inAgency(ctx, async (tx) => {
    const { task } = await visibleTask(tx, ctx, taskId, 'member');
    const audit = await change(tx, task);
    await touch(tx, task);
    await auditPart(tx, ctx, task, audit.action, audit.summary, audit.before, audit.after);
    return (await q.findTask(tx, ctx.scope.agencyId, task.id))!;
  });
}

// ---------------------------------------------------------------- checklist (members; the people it is shared with only tick it)

export function addChecklistItem(ctx: RequestContext, taskId: string, text: string): Promise<ChecklistItem> {
  return inAgency(ctx, async (tx) => {
    const { task } = await visibleTask(tx, ctx, taskId, 'member');
    const items = await q.checklistOf(tx, ctx.scope.agencyId, task.id);
    const [item] = await q.insertChecklistItems(tx, [{ agencyId: ctx.scope.agencyId, taskId: task.id, text, position: items.length }]);
    await touch(tx, task);
    await auditPart(tx, ctx, task, 'checklist_item_added', `Added “${text}” to the checklist of “${task.title}”`, null, {
      id: item!.id,
      text,
    });
    return toChecklistItem(item!);
  });
}

/**
 * A checklist item of a task the caller sees; `need: 'member'` refuses a shared reader with 403 (as for
 * the task), anyone else who does not see the task gets not found.
 */
async function visibleItem(tx: Tx, ctx: RequestContext, id: string, need: TaskAccess) {
  const item = await q.findChecklistItem(tx, ctx.scope.agencyId, id);
  const notFound = new AppError('not_found', 'The checklist item was not found');
  if (!item) throw notFound;
  const { task, access } = await visibleTask(tx, ctx, item.taskId, 'shared').catch(() => {
    throw notFound;
  });
  if (need === 'member' && access !== 'member')
    throw new AppError(
      'forbidden',
      'This task was shared with you to read, comment on and tick its checklist; only the space’s members add, rename, move or remove checklist items',
    );
  return { item, task };
}

export function updateChecklistItem(
  ctx: RequestContext,
  id: string,
  version: number,
  input: z.output<typeof UpdateChecklistItemInput>,
): Promise<ChecklistItem> {
  return inAgency(ctx, async (tx) => {
    // A shared reader may tick or untick an item, nothing more.
    const onlyTicks = input.text === undefined && input.position === undefined;
    const { item, task } = await visibleItem(tx, ctx, id, onlyTicks ? 'shared' : 'member');
    const after = await updateAtVersion(
      tx,
      productivityChecklistItems,
      and(eq(productivityChecklistItems.agencyId, item.agencyId), eq(productivityChecklistItems.id, id)),
      version,
      {
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.done !== undefined
          ? { done: input.done, doneBy: input.done ? ctx.scope.userId : null, doneAt: input.done ? new Date() : null }
          : {}),
      },
    );
    if (!after) throw staleVersion('checklist item');
    await touch(tx, task);
    const pick = (i: typeof item) => ({ text: i.text, done: i.done, position: i.position });
    await auditPart(
      tx,
      ctx,
      task,
      'checklist_item_changed',
      `Changed “${after.text}” on the checklist of “${task.title}”`,
      pick(item),
      pick(after),
    );
    return toChecklistItem(after);
  });
}

export function removeChecklistItem(ctx: RequestContext, id: string): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const { item, task } = await visibleItem(tx, ctx, id, 'member');
    await q.deleteChecklistItem(tx, ctx.scope.agencyId, id);
    await touch(tx, task);
    await auditPart(
      tx,
      ctx,
      task,
      'checklist_item_removed',
      `Removed “${item.text}” from the checklist of “${task.title}”`,
      { text: item.text, done: item.done },
      null,
    );
  });
}

// ---------------------------------------------------------------- comments

function toComment(row: Awaited<ReturnType<typeof q.commentsOf>>[number], names: Map<string, string>): Comment {
  const { comment } = row;
  return {
    id: comment.id,
    task_id: comment.taskId,
    author: { id: comment.authorId, name: row.authorName },
    body: comment.body,
    mentions: comment.mentionIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    created_at: comment.createdAt.toISOString(),
  };
}

async function namesOf(tx: Tx, agencyId: string, ids: string[]) {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    const person = await findPerson(tx, agencyId, id);
    if (person) names.set(id, person.name);
  }
  return names;
}

export function listComments(ctx: RequestContext, taskId: string): Promise<Comment[]> {
  return inAgency(ctx, async (tx) => {
    const { task } = await visibleTask(tx, ctx, taskId);
    const rows = await q.commentsOf(tx, ctx.scope.agencyId, task.id);
    const names = await namesOf(
      tx,
      ctx.scope.agencyId,
      rows.flatMap((row) => row.comment.mentionIds),
    );
    return rows.map((row) => toComment(row, names));
  });
}

/**
 * A comment; the people it @mentions (each of whom must be able to see the task) are told in the bell
 * and by e-mail, and the task's watchers are told of it too.
 */
export function addComment(ctx: RequestContext, taskId: string, input: z.output<typeof AddCommentInput>): Promise<Comment> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { task } = await visibleTask(tx, ctx, taskId);
    const mentionIds = [...new Set(input.mention_ids)];
    const problems: Record<string, string> = {};
    for (const [index, id] of mentionIds.entries())
      if (!(await findPerson(tx, agencyId, id))) problems[`mention_ids.${index}`] = 'This person is not in your agency';
      else if (!(await personSeesTask(tx, agencyId, task, id)))
        problems[`mention_ids.${index}`] = 'This person cannot see the task; share it with them first';
    if (Object.keys(problems).length) throw validationError(problems);
    const comment = await q.insertComment(tx, { agencyId, taskId: task.id, authorId: ctx.scope.userId, body: input.body, mentionIds });
    const excerpt = input.body.length > 300 ? `${input.body.slice(0, 300)}…` : input.body;
    for (const id of mentionIds)
      await tell(tx, ctx, id, {
        kind: 'productivity.mentioned',
        title: `You were mentioned on “${task.title}”`,
        body: `${ctx.actor.email ?? 'A colleague'} wrote: ${excerpt}`,
        link: taskPath(task),
      });
    // Watchers are told only while they still see the task (a space left, a share ended).
    for (const watcher of await q.watchersOf(tx, agencyId, task.id))
      if (!mentionIds.includes(watcher.id) && (await personSeesTask(tx, agencyId, task, watcher.id)))
        await tell(tx, ctx, watcher.id, {
          kind: 'productivity.commented',
          title: `New comment on “${task.title}”`,
          body: `${ctx.actor.email ?? 'A colleague'} wrote: ${excerpt}`,
          link: taskPath(task),
        });
    await touch(tx, task);
    await auditPart(tx, ctx, task, 'comment_added', `Commented on “${task.title}”`, null, {
      id: comment.id,
      body: input.body,
      mention_ids: mentionIds,
    });
    const [row] = (await q.commentsOf(tx, agencyId, task.id)).filter((r) => r.comment.id === comment.id);
    return toComment(row!, await namesOf(tx, agencyId, mentionIds));
  });
}

// ---------------------------------------------------------------- watching

export function watch(ctx: RequestContext, taskId: string, on: boolean): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const { task } = await visibleTask(tx, ctx, taskId);
    if (on) await q.addWatcher(tx, ctx.scope.agencyId, task.id, ctx.scope.userId);
    else await q.removeWatcher(tx, ctx.scope.agencyId, task.id, ctx.scope.userId);
  });
}

// ---------------------------------------------------------------- files

/** Attaches a file the caller uploaded themselves (storage/v1), never a colleague's nor another agency's. */
export function addAttachment(ctx: RequestContext, taskId: string, fileId: string): Promise<q.TaskRow> {
  return changePart(ctx, taskId, async (tx, task) => {
    if (!(await ownUploads(tx, ctx.scope.agencyId, ctx.scope.userId, [fileId])).has(fileId))
      throw new AppError('not_found', 'The file was not found; upload it first');
    await q.addAttachment(tx, ctx.scope.agencyId, task.id, fileId, ctx.scope.userId);
    return { action: 'attachment_added', summary: `Attached a file to “${task.title}”`, before: null, after: { file_id: fileId } };
  });
}

export function removeAttachment(ctx: RequestContext, taskId: string, fileId: string): Promise<q.TaskRow> {
  return changePart(ctx, taskId, async (tx, task) => {
    if (!(await q.removeAttachment(tx, ctx.scope.agencyId, task.id, fileId)))
      throw new AppError('not_found', 'The file is not on this task');
    return { action: 'attachment_removed', summary: `Took a file off “${task.title}”`, before: { file_id: fileId }, after: null };
  });
}

/** Whether the caller may read a stored file of the `productivity` purpose: it is on a task they see. */
export async function mayReadTaskFile(tx: Tx, ctx: RequestContext, file: { id: string }): Promise<boolean> {
  for (const { taskId } of await q.tasksWithFile(tx, ctx.scope.agencyId, file.id)) {
    const task = await q.findTask(tx, ctx.scope.agencyId, taskId);
    if (task && ((await seesSpace(tx, ctx, task.spaceId)) || (await q.isSharedWith(tx, ctx.scope.agencyId, task.id, ctx.scope.userId))))
      return true;
  }
  return false;
}

// ---------------------------------------------------------------- links

/** The one answer for a record that cannot be linked, whether it is not there or the caller may not see it. */
const linkRefused = (kind: TaskLinkKind) => validationError({ record_id: `This ${kind.replace('_', ' ')} was not found` });

/**
 * Links the task to a record of another module the caller may see there (its module's own rule, through
 * ServerModule.recordReadChecks): a record they may not see, of another agency, of a module switched off,
 * or not there at all is refused alike beside `record_id`, so a link reveals neither that it exists nor
 * its name. The label is kept as it is given (what the person chose), else the module's name for the
 * record; it is stored, so whoever sees the task later reads that label without seeing the record.
 */
export function addLink(ctx: RequestContext, taskId: string, input: z.output<typeof AddLinkInput>): Promise<q.TaskRow> {
  return changePart(ctx, taskId, async (tx, task) => {
    const record = await readableRecord(tx, ctx, input.kind, input.record_id);
    if (!record) throw linkRefused(input.kind);
    const label = input.label || record.label;
    await q.insertLink(tx, {
      agencyId: ctx.scope.agencyId,
      taskId: task.id,
      kind: input.kind,
      recordId: input.record_id,
      label,
      createdBy: ctx.scope.userId,
    });
    return {
      action: 'link_added',
      summary: `Linked “${task.title}” to a ${input.kind.replace('_', ' ')}`,
      before: null,
      after: { ...input, label },
    };
  });
}

export function removeLink(ctx: RequestContext, id: string): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const notFound = new AppError('not_found', 'The link was not found');
    const link = await q.findLink(tx, ctx.scope.agencyId, id);
    if (!link) throw notFound;
    const { task } = await visibleTask(tx, ctx, link.taskId, 'member').catch(() => {
      throw notFound;
    });
    await q.deleteLink(tx, ctx.scope.agencyId, id);
    await touch(tx, task);
    await auditPart(tx, ctx, task, 'link_removed', `Took a link off “${task.title}”`, { kind: link.kind, record_id: link.recordId }, null);
  });
}

// ---------------------------------------------------------------- sharing

/** Shares the task with one person of the agency, who then sees it (and nothing else of the space) and is told. */
export function share(ctx: RequestContext, taskId: string, userId: string): Promise<q.TaskRow> {
  return changePart(ctx, taskId, async (tx, task) => {
    const agencyId = ctx.scope.agencyId;
    if (!(await findPerson(tx, agencyId, userId))) throw validationError({ user_id: 'This person is not in your agency' });
    await q.addShare(tx, agencyId, task.id, userId, ctx.scope.userId);
    await tell(tx, ctx, userId, {
      kind: 'productivity.task_shared',
      title: `Shared with you: ${task.title}`,
      body: `${ctx.actor.email ?? 'A colleague'} shared the task “${task.title}” with you.`,
      link: `/productivity?task=${task.id}`,
    });
    return { action: 'task_shared', summary: `Shared “${task.title}”`, before: null, after: { user_id: userId } };
  });
}

export function unshare(ctx: RequestContext, taskId: string, userId: string): Promise<q.TaskRow> {
  return changePart(ctx, taskId, async (tx, task) => {
    if (!(await q.removeShare(tx, ctx.scope.agencyId, task.id, userId)))
      throw new AppError('not_found', 'The task is not shared with this person');
    // Someone who no longer sees the task stops watching it, and a drawer they have open on it reads it
    // again (told of the version the change gives it), finding it gone.
    await dropBlindWatchers(tx, ctx.scope.agencyId, task, [userId]);
    await taskHiddenFrom(tx, ctx.scope.agencyId, { id: task.id, version: task.version + 1 }, userId);
    return { action: 'task_unshared', summary: `Stopped sharing “${task.title}”`, before: { user_id: userId }, after: null };
  });
}
