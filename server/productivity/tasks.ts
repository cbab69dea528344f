import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  TASK_PRIORITY_LABELS,
  type BulkUpdateInput,
  type CloseTaskResult,
  type CreateTaskInput,
  type DuplicateTaskInput,
  type LinkedQuery,
  type ListTasksQuery,
  type MoveTaskInput,
  type MyTasks,
  type ProductivityHome,
  type SaveTemplateInput,
  type SpaceStatus,
  type Task,
  type TaskPage,
  type TaskSummary,
  type TaskTemplate,
  type UpdateTaskInput,
} from '../../core/contracts/productivity.ts';
import { toCsv } from '../../core/csv.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { tell } from '../platform/notices.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { staleVersion } from '../platform/versioning.ts';
import { sanitizeDescription } from './description.ts';
import { tasksChanged } from './live.ts';
import * as q from './queries.ts';
import { agencyCalendar, dueInstant, nextOccurrence } from './recurrence.ts';
import { toTemplate } from './spaces.ts';
import { productivityTasks } from './schema.ts';
import { addLink, describeTaskParts } from './task-parts.ts';
import { dropBlindWatchers, isAdmin, taskPath, visibleAmong, visibleList, visibleTask, type TaskAccess } from './visibility.ts';

/**
 * Tasks: create (also from a template), read, change at a version, close and reopen (a recurring
 * task's next occurrence is made in the same transaction), move and duplicate to another list, bulk
 * changes (all or nothing), a list's page, "my tasks" and home. Every change is audited with what the
 * task was before and after; assignees are told in the bell and by e-mail.
 */

const zoneOf = (ctx: Pick<RequestContext, 'sysConfig'>) => ctx.sysConfig.general_settings.timezone;

// ---------------------------------------------------------------- reading

/** A task's row as its summary says it, with its assignees and its checklist's counts. */
function summaryOf(
  task: q.TaskRow,
  assignees: Array<{ id: string; name: string }>,
  checklist: { done: number; total: number },
): TaskSummary {
  return {
    id: task.id,
    space_id: task.spaceId,
    list_id: task.listId,
    title: task.title,
    status: task.status,
    closed: task.closedAt !== null,
    priority: task.priority,
    start_on: task.startOn,
    start_time: task.startTime,
    due_on: task.dueOn,
    due_time: task.dueTime,
    due_at: task.dueAt?.toISOString() ?? null,
    labels: task.labels,
    assignees,
    position: task.position,
    custom_fields: task.customFields,
    recurrence: task.recurrence ?? null,
    series_id: task.seriesId,
    checklist_done: checklist.done,
    checklist_total: checklist.total,
    closed_at: task.closedAt?.toISOString() ?? null,
    version: task.version,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
  };
}

export async function describeTasks(tx: Tx, agencyId: string, rows: q.TaskRow[]): Promise<TaskSummary[]> {
  const ids = rows.map((row) => row.id);
  const assignees = await q.assigneesOf(tx, agencyId, ids);
  const checklist = await q.checklistCounts(tx, agencyId, ids);
  return rows.map((task) => summaryOf(task, assignees.get(task.id) ?? [], checklist.get(task.id) ?? { done: 0, total: 0 }));
}

/**
 * The whole task, as its drawer shows it. A caller that has just read the task's space or list (and
 * not changed them since) passes them in `known`, so they are not read again; the checklist's counts
 * come from the checklist itself.
 */
export async function describeTask(
  tx: Tx,
  ctx: RequestContext,
  task: q.TaskRow,
  access: TaskAccess,
  known: { space?: q.SpaceRow; list?: q.ListRow } = {},
): Promise<Task> {
  const agencyId = ctx.scope.agencyId;
  const assignees = (await q.assigneesOf(tx, agencyId, [task.id])).get(task.id) ?? [];
  const space = known.space?.id === task.spaceId ? known.space : (await q.findSpace(tx, agencyId, task.spaceId))!;
  const list = known.list?.id === task.listId ? known.list : (await q.findList(tx, agencyId, task.listId))!.list;
  const parts = await describeTaskParts(tx, ctx, task);
  const done = parts.checklist.filter((item) => item.done).length;
  return {
    ...summaryOf(task, assignees, { done, total: parts.checklist.length }),
    description: task.description,
    space_name: space.name,
    list_name: list.name,
    statuses: space.statuses,
    fields: space.fields,
    ...parts,
    access,
  };
}

export function getTask(ctx: RequestContext, id: string): Promise<Task> {
  return inAgency(ctx, async (tx) => {
    const { task, access } = await visibleTask(tx, ctx, id);
    return describeTask(tx, ctx, task, access);
  });
}

/** What the audit log keeps of a task before and after a change. */
function audited(task: q.TaskRow, assigneeIds?: string[]) {
  return {
    list_id: task.listId,
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    start_on: task.startOn,
    start_time: task.startTime,
    due_on: task.dueOn,
    due_time: task.dueTime,
    labels: task.labels,
    custom_fields: task.customFields,
    recurrence: task.recurrence,
    closed_at: task.closedAt?.toISOString() ?? null,
    ...(assigneeIds ? { assignee_ids: assigneeIds } : {}),
  };
}

// ---------------------------------------------------------------- the rules of a task's fields

type Fields = Partial<z.output<typeof UpdateTaskInput>>;

const openStatus = (statuses: SpaceStatus[]) => statuses.find((s) => !s.closed)!.key;
const closedStatus = (statuses: SpaceStatus[]) => statuses.find((s) => s.closed)!.key;
const isClosedStatus = (statuses: SpaceStatus[], key: string) => statuses.find((s) => s.key === key)?.closed === true;

/** What is wrong with these values for a task of this space (field names as the input's), keyed by `prefix` + field. */
async function problemsOf(tx: Tx, ctx: RequestContext, space: q.SpaceRow, fields: Fields, merged: Fields, prefix = '') {
  const problems: Record<string, string> = {};
  if (fields.status !== undefined && !space.statuses.some((s) => s.key === fields.status))
    problems[`${prefix}status`] = 'This status is not in the space’s workflow';
  if (fields.assignee_ids) {
    const members = new Set((await q.membersOf(tx, ctx.scope.agencyId, space.id)).map((m) => m.id));
    fields.assignee_ids.forEach((id, index) => {
      if (!members.has(id)) problems[`${prefix}assignee_ids.${index}`] = 'Only the space’s members can be assigned';
    });
  }
  if (fields.custom_fields) {
    for (const [key, value] of Object.entries(fields.custom_fields)) {
      const field = space.fields.find((f) => f.id === key);
      const at = `${prefix}custom_fields.${key}`;
      if (!field) problems[at] = 'This field is not defined in the space';
      else if (value === null) continue;
      else if (field.type === 'number' && typeof value !== 'number') problems[at] = 'Enter a number';
      else if (field.type === 'yes_no' && typeof value !== 'boolean') problems[at] = 'Choose yes or no';
      else if (field.type === 'date' && (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)))
        problems[at] = 'Use a date (YYYY-MM-DD)';
      else if (field.type === 'choice' && !field.options.includes(String(value))) problems[at] = 'Choose one of the field’s options';
      else if (field.type === 'text' && typeof value !== 'string') problems[at] = 'Enter text';
    }
  }
  if (merged.due_time && !merged.due_on) problems[`${prefix}due_time`] = 'Give the due date with the time';
  if (merged.start_time && !merged.start_on) problems[`${prefix}start_time`] = 'Give the start date with the time';
  if (merged.start_on && merged.due_on && merged.start_on > merged.due_on)
    problems[`${prefix}start_on`] = 'Start on or before the due date';
  if (merged.recurrence?.until && merged.due_on && merged.recurrence.until < merged.due_on)
    problems[`${prefix}recurrence.until`] = 'End the repeats after the due date';
  return problems;
}

function mergedOf(task: q.TaskRow, fields: Fields): Fields {
  return {
    start_on: fields.start_on !== undefined ? fields.start_on : task.startOn,
    start_time: fields.start_time !== undefined ? fields.start_time : task.startTime,
    due_on: fields.due_on !== undefined ? fields.due_on : task.dueOn,
    due_time: fields.due_time !== undefined ? fields.due_time : task.dueTime,
    recurrence: fields.recurrence !== undefined ? fields.recurrence : (task.recurrence ?? null),
  };
}

/** The columns these input fields set (the due instant worked out in the agency's zone; a closed status closes the task). */
function columnsOf(ctx: RequestContext, space: q.SpaceRow, task: q.TaskRow | null, fields: Fields) {
  const merged = task ? mergedOf(task, fields) : fields;
  const values: Partial<typeof productivityTasks.$inferInsert> = {};
  if (fields.title !== undefined) values.title = fields.title;
  if (fields.description !== undefined) values.description = sanitizeDescription(fields.description);
  if (fields.status !== undefined) {
    values.status = fields.status;
    const closing = isClosedStatus(space.statuses, fields.status);
    if (closing && !task?.closedAt) values.closedAt = new Date();
    if (!closing) values.closedAt = null;
  }
  if (fields.priority !== undefined) values.priority = fields.priority;
  if (fields.start_on !== undefined) values.startOn = fields.start_on;
  if (fields.start_time !== undefined) values.startTime = fields.start_time;
  if (fields.due_on !== undefined || fields.due_time !== undefined) {
    values.dueOn = merged.due_on ?? null;
    values.dueTime = merged.due_time ?? null;
    values.dueAt = dueInstant(merged.due_on ?? null, merged.due_time ?? null, zoneOf(ctx));
  }
  if (fields.labels !== undefined) values.labels = [...new Set(fields.labels)];
  if (fields.custom_fields !== undefined) values.customFields = { ...(task?.customFields ?? {}), ...fields.custom_fields };
  if (fields.recurrence !== undefined) values.recurrence = fields.recurrence;
  if (fields.position !== undefined) values.position = fields.position;
  return values;
}

async function tellAssigned(tx: Tx, ctx: RequestContext, task: q.TaskRow, userIds: string[]) {
  for (const userId of userIds)
    await tell(tx, ctx, userId, {
      kind: 'productivity.task_assigned',
      title: `Assigned to you: ${task.title}`,
      body: `${ctx.actor.email ?? 'A colleague'} assigned you the task “${task.title}”${task.dueOn ? `, due ${task.dueOn}${task.dueTime ? ` at ${task.dueTime}` : ''}` : ''}.`,
      link: taskPath(task),
    });
}

/** The next occurrence of a recurring task that was just closed: same list, content, people and checklist (unticked). */
async function makeNextOccurrence(tx: Tx, ctx: RequestContext, space: q.SpaceRow, closed: q.TaskRow): Promise<q.TaskRow | null> {
  if (!closed.recurrence) return null;
  const zone = zoneOf(ctx);
  const agencyId = ctx.scope.agencyId;
  const seriesId = closed.seriesId ?? closed.id;
  // A monthly series keeps the day of the month of its first occurrence (31st → 28 Feb → 31 Mar).
  const first = seriesId === closed.id ? closed : await q.findTask(tx, agencyId, seriesId);
  const anchor = first?.dueOn ?? first?.startOn ?? null;
  const anchorDay = anchor === null ? undefined : Number(anchor.slice(8, 10));
  const dates = nextOccurrence(closed, closed.recurrence, zone, agencyCalendar(zone).today, anchorDay);
  if (!dates) return null;
  if (!closed.seriesId)
    await tx
      .update(productivityTasks)
      .set({ seriesId })
      .where(and(eq(productivityTasks.agencyId, agencyId), eq(productivityTasks.id, closed.id)));
  const next = await q.insertTask(tx, {
    agencyId,
    spaceId: closed.spaceId,
    listId: closed.listId,
    title: closed.title,
    description: closed.description,
    status: openStatus(space.statuses),
    priority: closed.priority,
    ...dates,
    dueAt: dueInstant(dates.dueOn, dates.dueTime, zone),
    labels: closed.labels,
    position: closed.position,
    customFields: closed.customFields,
    recurrence: closed.recurrence,
    seriesId,
    createdBy: ctx.scope.userId,
  });
  const assignees = (await q.assigneesOf(tx, agencyId, [closed.id])).get(closed.id) ?? [];
  await q.replaceAssignees(
    tx,
    next,
    assignees.map((a) => a.id),
  );
  for (const watcher of await q.watchersOf(tx, agencyId, closed.id)) await q.addWatcher(tx, agencyId, next.id, watcher.id);
  await q.insertChecklistItems(
    tx,
    (await q.checklistOf(tx, agencyId, closed.id)).map((item) => ({ agencyId, taskId: next.id, text: item.text, position: item.position })),
  );
  await recordAudit(tx, agencyId, ctx.actor, {
    action: 'productivity.task_recurred',
    entityType: 'productivity_task',
    entityId: next.id,
    summary: `The next “${next.title}” is due ${next.dueOn ?? 'with no date'}`,
    after: { ...audited(next), series_id: seriesId, previous_id: closed.id },
  });
  return next;
}

/**
 * Changes a task the caller may change, at `version`, and does what follows: the assignees' rows
 * follow it, newly assigned people are told, closing a recurring task makes its next occurrence.
 * Nothing here is checked: the callers checked the fields first.
 */
async function saveTask(
  tx: Tx,
  ctx: RequestContext,
  space: q.SpaceRow,
  before: q.TaskRow,
  version: number | null,
  fields: Fields,
  action = 'productivity.task_changed',
  /** Columns no input field sets (a move's list, space and place). */
  columns: Partial<typeof productivityTasks.$inferInsert> = {},
): Promise<{ after: q.TaskRow; next: q.TaskRow | null }> {
  const agencyId = ctx.scope.agencyId;
  const where = and(eq(productivityTasks.agencyId, agencyId), eq(productivityTasks.id, before.id));
  const after = await updateAtVersion(tx, productivityTasks, where, version, { ...columnsOf(ctx, space, before, fields), ...columns });
  if (!after) throw staleVersion('task');
  const assigneesBefore = ((await q.assigneesOf(tx, agencyId, [before.id])).get(before.id) ?? []).map((a) => a.id);
  let assigneesAfter = assigneesBefore;
  if (fields.assignee_ids) {
    assigneesAfter = [...new Set(fields.assignee_ids)];
    await q.replaceAssignees(tx, after, assigneesAfter);
  }
  await q.followTask(tx, after);
  await tellAssigned(
    tx,
    ctx,
    after,
    assigneesAfter.filter((id) => !assigneesBefore.includes(id)),
  );
  const closedNow = before.closedAt === null && after.closedAt !== null;
  const next = closedNow ? await makeNextOccurrence(tx, ctx, space, after) : null;
  // The closed one starts the series when it was the first.
  if (next) after.seriesId = next.seriesId;
  await recordAudit(tx, agencyId, ctx.actor, {
    action: closedNow
      ? 'productivity.task_closed'
      : before.closedAt !== null && after.closedAt === null
        ? 'productivity.task_reopened'
        : action,
    entityType: 'productivity_task',
    entityId: after.id,
    summary: closedNow ? `Closed the task “${after.title}”` : `Changed the task “${after.title}”`,
    before: audited(before, assigneesBefore),
    after: audited(after, assigneesAfter),
  });
  return { after, next };
}

/** What follows a new task (made or copied): its assignees (who are told), its maker watching it, its checklist, the audit entry. */
async function settleNewTask(
  tx: Tx,
  ctx: RequestContext,
  task: q.TaskRow,
  assigneeIds: string[],
  checklist: string[],
  audit: { action: string; summary: string; extra: Record<string, unknown> },
): Promise<Task> {
  const agencyId = ctx.scope.agencyId;
  await q.replaceAssignees(tx, task, assigneeIds);
  await q.addWatcher(tx, agencyId, task.id, ctx.scope.userId);
  await q.insertChecklistItems(
    tx,
    checklist.map((text, position) => ({ agencyId, taskId: task.id, text, position })),
  );
  await tellAssigned(tx, ctx, task, assigneeIds);
  await recordAudit(tx, agencyId, ctx.actor, {
    action: audit.action,
    entityType: 'productivity_task',
    entityId: task.id,
    summary: audit.summary,
    after: { ...audited(task, assigneeIds), ...audit.extra },
  });
  await tasksChanged(tx, agencyId, [{ task }]);
  return describeTask(tx, ctx, task, 'member');
}

// ---------------------------------------------------------------- creating

export function createTask(ctx: RequestContext, listId: string, input: z.output<typeof CreateTaskInput>): Promise<Task> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { list } = await visibleList(tx, ctx, listId);
    const space = (await q.findSpace(tx, agencyId, list.spaceId))!;
    let fields = input;
    if (input.template_id) {
      const template = await q.findTemplate(tx, agencyId, input.template_id);
      if (!template || template.template.spaceId !== space.id || template.template.archived)
        throw validationError({ template_id: 'This template is not one of the space’s' });
      const content = template.template.content;
      fields = {
        ...input,
        title: input.title ?? content.title,
        description: input.description || content.description,
        priority: input.priority !== 'normal' ? input.priority : content.priority,
        labels: input.labels.length ? input.labels : content.labels,
        checklist: input.checklist.length ? input.checklist : content.checklist,
        custom_fields: { ...content.custom_fields, ...input.custom_fields },
        recurrence: input.recurrence ?? content.recurrence,
      };
    }
    if (!fields.title) throw validationError({ title: 'Give the task a title' });
    const status = fields.status ?? openStatus(space.statuses);
    const problems = await problemsOf(tx, ctx, space, { ...fields, status }, fields);
    if (Object.keys(problems).length) throw validationError(problems);
    const columns = columnsOf(ctx, space, null, { ...fields, status, due_on: fields.due_on, due_time: fields.due_time });
    const task = await q.insertTask(tx, {
      agencyId,
      spaceId: space.id,
      listId,
      title: fields.title,
      status,
      ...columns,
      position: (await q.lastPosition(tx, agencyId, listId)) + 1024,
      createdBy: ctx.scope.userId,
    });
    const links = distinctLinks(input.links);
    const created = await settleNewTask(tx, ctx, task, [...new Set(fields.assignee_ids)], fields.checklist, {
      action: 'productivity.task_created',
      summary: `Created the task “${task.title}” in ${list.name}`,
      extra: { template_id: input.template_id ?? null, links: links.map(({ link }) => link) },
    });
    if (links.length === 0) return created;
    await linkNewTask(tx, ctx, task, links);
    return describeTask(tx, ctx, (await q.findTask(tx, agencyId, task.id))!, 'member');
  });
}

type NewLink = z.output<typeof CreateTaskInput>['links'][number];

/** The links asked for, each record once, with its place in the input (what a refusal names). */
function distinctLinks(links: NewLink[]): Array<{ link: NewLink; index: number }> {
  const seen = new Set<string>();
  return links.flatMap((link, index) => {
    const key = `${link.kind}:${link.record_id}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ link, index }];
  });
}

/**
 * Links a task being created to the records it is about, in its create's transaction and by the rules
 * of adding a link to a task (addLink): a record the caller may not see (or that is not there) is
 * refused beside its entry (`links.<i>.record_id`, addLink's message), and then the task is not created either.
 */
async function linkNewTask(tx: Tx, ctx: RequestContext, task: q.TaskRow, links: Array<{ link: NewLink; index: number }>): Promise<void> {
  const problems: Record<string, string> = {};
  for (const { link, index } of links) {
    try {
      await addLink({ ...ctx, tx }, task.id, link);
    } catch (error) {
      const refused = error instanceof AppError ? error.fields?.record_id : undefined;
      if (!refused) throw error;
      problems[`links.${index}.record_id`] = refused;
    }
  }
  if (Object.keys(problems).length) throw validationError(problems);
}

// ---------------------------------------------------------------- changing

export function updateTask(ctx: RequestContext, id: string, version: number, input: z.output<typeof UpdateTaskInput>): Promise<Task> {
  return inAgency(ctx, async (tx) => {
    const { task } = await visibleTask(tx, ctx, id, 'member', { lock: true });
    if (task.version !== version) throw staleVersion('task');
    const space = (await q.findSpace(tx, ctx.scope.agencyId, task.spaceId))!;
    const problems = await problemsOf(tx, ctx, space, input, mergedOf(task, input));
    if (Object.keys(problems).length) throw validationError(problems);
    const { after, next } = await saveTask(tx, ctx, space, task, version, input);
    await tasksChanged(tx, ctx.scope.agencyId, [{ task: after }, ...(next ? [{ task: next }] : [])]);
    return describeTask(tx, ctx, after, 'member');
  });
}

export function closeTask(ctx: RequestContext, id: string, version: number): Promise<CloseTaskResult> {
  return inAgency(ctx, async (tx) => {
    const { task } = await visibleTask(tx, ctx, id, 'member', { lock: true });
    if (task.version !== version) throw staleVersion('task');
    if (task.closedAt) throw new AppError('conflict', 'This task is already closed');
    const space = (await q.findSpace(tx, ctx.scope.agencyId, task.spaceId))!;
    const { after, next } = await saveTask(tx, ctx, space, task, version, { status: closedStatus(space.statuses) });
    await tasksChanged(tx, ctx.scope.agencyId, [{ task: after }, ...(next ? [{ task: next }] : [])]);
    return {
      task: await describeTask(tx, ctx, after, 'member'),
      next: next ? (await describeTasks(tx, ctx.scope.agencyId, [next]))[0]! : null,
    };
  });
}

export function reopenTask(ctx: RequestContext, id: string, version: number): Promise<Task> {
  return inAgency(ctx, async (tx) => {
    const { task } = await visibleTask(tx, ctx, id, 'member', { lock: true });
    if (task.version !== version) throw staleVersion('task');
    if (!task.closedAt) throw new AppError('conflict', 'This task is open');
    const space = (await q.findSpace(tx, ctx.scope.agencyId, task.spaceId))!;
    const { after } = await saveTask(tx, ctx, space, task, version, { status: openStatus(space.statuses) });
    await tasksChanged(tx, ctx.scope.agencyId, [{ task: after }]);
    return describeTask(tx, ctx, after, 'member');
  });
}

/** Moves a task to another list the caller sees (of any of their spaces): its status is kept when the new space has it. */
export function moveTask(ctx: RequestContext, id: string, version: number, input: z.output<typeof MoveTaskInput>): Promise<Task> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { task } = await visibleTask(tx, ctx, id, 'member', { lock: true });
    if (task.version !== version) throw staleVersion('task');
    const { list } = await visibleList(tx, ctx, input.list_id, { seen: task.spaceId });
    const space = (await q.findSpace(tx, agencyId, list.spaceId))!;
    const status = input.status ?? (space.statuses.some((s) => s.key === task.status) ? task.status : openStatus(space.statuses));
    const problems = await problemsOf(tx, ctx, space, { status }, {});
    if (Object.keys(problems).length) throw validationError(problems);
    // Custom values of fields the new space does not have are dropped.
    const fieldIds = new Set(space.fields.map((f) => f.id));
    const { after } = await saveTask(tx, ctx, space, task, version, status !== task.status ? { status } : {}, 'productivity.task_moved', {
      listId: list.id,
      spaceId: space.id,
      position: (await q.lastPosition(tx, agencyId, list.id)) + 1024,
      customFields: Object.fromEntries(Object.entries(task.customFields).filter(([key]) => fieldIds.has(key))),
    });
    if (space.id !== task.spaceId) {
      // Assignees who are not in the new space are left behind.
      const members = new Set((await q.membersOf(tx, agencyId, space.id)).map((m) => m.id));
      const assignees = ((await q.assigneesOf(tx, agencyId, [task.id])).get(task.id) ?? []).map((a) => a.id);
      await q.replaceAssignees(
        tx,
        after,
        assignees.filter((a) => members.has(a)),
      );
      // Watchers who do not see it in its new space (not members, not shared with) stop watching.
      await dropBlindWatchers(tx, agencyId, after);
    }
    await tasksChanged(tx, agencyId, [{ task: after, from: task }]);
    return describeTask(tx, ctx, after, 'member', { space, list });
  });
}

/** A copy of the task (content, assignees, checklist unticked, links) as a new open task, in the same or another list. */
export function duplicateTask(ctx: RequestContext, id: string, input: z.output<typeof DuplicateTaskInput>): Promise<Task> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { task } = await visibleTask(tx, ctx, id, 'member');
    const { list } = await visibleList(tx, ctx, input.list_id ?? task.listId);
    const space = (await q.findSpace(tx, agencyId, list.spaceId))!;
    const members = new Set((await q.membersOf(tx, agencyId, space.id)).map((m) => m.id));
    const fieldIds = new Set(space.fields.map((f) => f.id));
    const copy = await q.insertTask(tx, {
      agencyId,
      spaceId: space.id,
      listId: list.id,
      title: input.title ?? task.title,
      description: task.description,
      status: space.statuses.some((s) => s.key === task.status && !s.closed) ? task.status : openStatus(space.statuses),
      priority: task.priority,
      startOn: task.startOn,
      startTime: task.startTime,
      dueOn: task.dueOn,
      dueTime: task.dueTime,
      dueAt: task.dueAt,
      labels: task.labels,
      position: (await q.lastPosition(tx, agencyId, list.id)) + 1024,
      customFields: Object.fromEntries(Object.entries(task.customFields).filter(([key]) => fieldIds.has(key))),
      recurrence: task.recurrence,
      createdBy: ctx.scope.userId,
    });
    const assigneeIds = ((await q.assigneesOf(tx, agencyId, [task.id])).get(task.id) ?? []).map((a) => a.id).filter((a) => members.has(a));
    for (const link of await q.linksOf(tx, agencyId, task.id))
      await q.insertLink(tx, {
        agencyId,
        taskId: copy.id,
        kind: link.kind,
        recordId: link.recordId,
        label: link.label,
        createdBy: ctx.scope.userId,
      });
    const checklist = (await q.checklistOf(tx, agencyId, task.id)).map((item) => item.text);
    return settleNewTask(tx, ctx, copy, assigneeIds, checklist, {
      action: 'productivity.task_duplicated',
      summary: `Copied the task “${task.title}” to ${list.name}`,
      extra: { copied_from: task.id },
    });
  });
}

/**
 * Changes the status, the assignees or the due date of many tasks at once, all or nothing: every task
 * is checked first (seen by the caller as a member, still at the version they saw, the change valid in
 * its space), and when any is refused nothing is changed and each refusal is named by its place.
 */
export function bulkUpdate(ctx: RequestContext, input: z.output<typeof BulkUpdateInput>): Promise<{ tasks: TaskSummary[] }> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const problems: Record<string, string> = {};
    const checked: Array<{ task: q.TaskRow; space: q.SpaceRow; version: number }> = [];
    const spaces = new Map<string, q.SpaceRow>();
    const seen = new Set<string>();
    for (const [index, { id, version }] of input.tasks.entries()) {
      const at = `tasks.${index}`;
      if (seen.has(id)) {
        problems[at] = 'This task is listed twice';
        continue;
      }
      seen.add(id);
      let task: q.TaskRow;
      try {
        task = (await visibleTask(tx, ctx, id, 'member', { lock: true })).task;
      } catch (error) {
        if (error instanceof AppError && (error.code === 'not_found' || error.code === 'forbidden')) {
          problems[at] = error.code === 'not_found' ? 'This task was not found' : 'Only the space’s members change this task';
          continue;
        }
        throw error;
      }
      if (task.version !== version) {
        problems[at] = `“${task.title}” was changed by someone else since you chose it`;
        continue;
      }
      const space = spaces.get(task.spaceId) ?? (await q.findSpace(tx, agencyId, task.spaceId))!;
      spaces.set(space.id, space);
      const found = await problemsOf(tx, ctx, space, input.changes, mergedOf(task, input.changes), '');
      if (Object.keys(found).length) problems[at] = `“${task.title}”: ${Object.values(found).join('; ')}`;
      else checked.push({ task, space, version });
    }
    if (Object.keys(problems).length)
      throw new AppError('conflict', 'Nothing was changed: some of the tasks cannot take this change', { fields: problems });
    const saved: q.TaskRow[] = [];
    const made: q.TaskRow[] = [];
    for (const { task, space, version } of checked) {
      const { after, next } = await saveTask(tx, ctx, space, task, version, input.changes);
      saved.push(after);
      if (next) made.push(next);
    }
    await tasksChanged(
      tx,
      agencyId,
      [...saved, ...made].map((task) => ({ task })),
    );
    return { tasks: await describeTasks(tx, agencyId, saved) };
  });
}

export function saveTemplate(ctx: RequestContext, id: string, input: z.output<typeof SaveTemplateInput>): Promise<TaskTemplate> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { task } = await visibleTask(tx, ctx, id, 'member');
    const content = {
      title: task.title,
      description: task.description,
      priority: task.priority,
      labels: task.labels,
      checklist: (await q.checklistOf(tx, agencyId, task.id)).map((item) => item.text),
      custom_fields: task.customFields,
      recurrence: task.recurrence ?? null,
    };
    const template = await q.insertTemplate(tx, {
      agencyId,
      spaceId: task.spaceId,
      name: input.name,
      content,
      createdBy: ctx.scope.userId,
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'productivity.template_created',
      entityType: 'productivity_template',
      entityId: template.id,
      summary: `Saved “${task.title}” as the template ${template.name}`,
      after: { name: template.name, space_id: template.spaceId, content },
    });
    return toTemplate({ template, createdByName: (await q.findTemplate(tx, agencyId, template.id))!.createdByName });
  });
}

// ---------------------------------------------------------------- views

export function listTasks(ctx: RequestContext, listId: string, query: z.output<typeof ListTasksQuery>): Promise<TaskPage> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { list } = await visibleList(tx, ctx, listId);
    const { rows, total } = await q.listTasks(tx, agencyId, listId, query, agencyCalendar(zoneOf(ctx)));
    let groups: TaskPage['groups'] = [];
    if (query.group === 'assignee')
      groups = (await q.assigneeCounts(tx, agencyId, listId, query)).map((g) => ({
        key: g.key,
        label: g.name ?? 'Unassigned',
        count: g.count,
      }));
    else if (query.group !== 'none') {
      const space = (await q.findSpace(tx, agencyId, list.spaceId))!;
      const by = query.group === 'due' ? 'due_on' : query.group;
      const counts = await q.groupCounts(tx, agencyId, listId, query, by);
      const label = (key: string | null) =>
        key === null
          ? 'No due date'
          : query.group === 'status'
            ? (space.statuses.find((s) => s.key === key)?.label ?? key)
            : query.group === 'priority'
              ? TASK_PRIORITY_LABELS[key as keyof typeof TASK_PRIORITY_LABELS]
              : key;
      const order = (key: string | null) =>
        query.group === 'status'
          ? space.statuses.findIndex((s) => s.key === key)
          : query.group === 'priority'
            ? ['urgent', 'high', 'normal', 'low'].indexOf(key ?? '')
            : 0;
      groups = counts
        .map((g) => ({ key: g.key ?? '', label: label(g.key), count: g.count, order: order(g.key) }))
        .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key))
        .map(({ order: _, ...group }) => group);
    }
    return { items: await describeTasks(tx, agencyId, rows), total, page: query.page, page_size: query.page_size, groups };
  });
}

/** A list's tasks as filtered and sorted, every one of them (up to 5,000), as CSV: the dates are the agency's. */
export function exportTasks(ctx: RequestContext, listId: string, query: z.output<typeof ListTasksQuery>): Promise<string> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { list } = await visibleList(tx, ctx, listId);
    const space = (await q.findSpace(tx, agencyId, list.spaceId))!;
    const { rows } = await q.listTasks(tx, agencyId, listId, { ...query, page: 1, page_size: 5000 }, agencyCalendar(zoneOf(ctx)));
    const tasks = await describeTasks(tx, agencyId, rows);
    const header = [
      'Title',
      'Status',
      'Priority',
      'Assignees',
      'Start',
      'Due',
      'Due time',
      'Labels',
      ...space.fields.map((f) => f.name),
      'Closed at',
    ];
    return toCsv(
      header,
      tasks.map((task) => [
        task.title,
        space.statuses.find((s) => s.key === task.status)?.label ?? task.status,
        TASK_PRIORITY_LABELS[task.priority],
        task.assignees.map((a) => a.name).join('; '),
        task.start_on ?? '',
        task.due_on ?? '',
        task.due_time ?? '',
        task.labels.join('; '),
        ...space.fields.map((f) => task.custom_fields[f.id] ?? ''),
        task.closed_at ?? '',
      ]),
    );
  });
}

/** The caller's open tasks they may still see (a member of the task's space, an administrator, or shared with them). */
async function myOpenTasks(tx: Tx, ctx: RequestContext, dueBy?: string) {
  const agencyId = ctx.scope.agencyId;
  const visible = await q.openTasksAssignedTo(tx, agencyId, ctx.scope.userId, { dueBy, everyVisible: isAdmin(ctx) });
  const summaries = await describeTasks(
    tx,
    agencyId,
    visible.map((row) => row.task),
  );
  return summaries.map((summary, index) => {
    const row = visible[index]!;
    return {
      ...summary,
      space_name: row.spaceName,
      list_name: row.listName,
      status_label: row.statuses.find((s) => s.key === summary.status)?.label ?? summary.status,
    };
  });
}

/** "My tasks": assigned to me, open, grouped by when they are due in the agency's time zone. */
export function myTasks(ctx: RequestContext): Promise<MyTasks> {
  return inAgency(ctx, async (tx) => {
    const now = new Date();
    const { today, endOfWeek } = agencyCalendar(zoneOf(ctx), now);
    const result: MyTasks = { today, overdue: [], today_tasks: [], this_week: [], later: [], no_date: [] };
    for (const task of await myOpenTasks(tx, ctx)) {
      if (task.due_on === null) result.no_date.push(task);
      else if (task.due_on < today || (task.due_at !== null && Date.parse(task.due_at) < now.getTime())) result.overdue.push(task);
      else if (task.due_on === today) result.today_tasks.push(task);
      else if (task.due_on <= endOfWeek) result.this_week.push(task);
      else result.later.push(task);
    }
    return result;
  });
}

/** Home's "what needs me now": my tasks due today and overdue. */
export function productivityHome(ctx: RequestContext): Promise<ProductivityHome> {
  return inAgency(ctx, async (tx) => {
    const now = new Date();
    const { today } = agencyCalendar(zoneOf(ctx), now);
    const due = await myOpenTasks(tx, ctx, today);
    const overdue = due.filter((task) => task.due_on! < today || (task.due_at !== null && Date.parse(task.due_at) < now.getTime()));
    return { due_today: due.length - overdue.length, overdue: overdue.length, tasks: due.slice(0, 10) };
  });
}

/** The tasks the caller sees that are linked to a record of another module. */
export function linkedTasks(ctx: RequestContext, query: z.output<typeof LinkedQuery>): Promise<TaskSummary[]> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const rows = (await q.tasksLinkedTo(tx, agencyId, query.kind, query.record_id)).map((row) => row.task);
    const visible = await visibleAmong(tx, ctx, rows);
    return describeTasks(tx, agencyId, visible);
  });
}
