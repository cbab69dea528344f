import { holds, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { peopleWithPermission } from '../platform/people.ts';
import * as q from './queries.ts';

/**
 * Who sees what (decision 021): a space, its lists and its tasks are seen by the space's members and
 * by `admin:access`; a task also by each person it is shared with, who sees that task and nothing else
 * of the space. Anyone else is told it was not found, exactly as for a record of another agency, so a
 * space's existence does not leak either.
 */

export const spaceNotFound = () => new AppError('not_found', 'The space was not found');
export const listNotFound = () => new AppError('not_found', 'The list was not found');
export const taskNotFound = () => new AppError('not_found', 'The task was not found');

export function isAdmin(ctx: RequestContext): boolean {
  return holds(ctx, 'admin:access');
}

/** Whether the caller is a member of the space or an administrator. */
export async function seesSpace(tx: Tx, ctx: RequestContext, spaceId: string): Promise<boolean> {
  return isAdmin(ctx) || q.isMember(tx, ctx.scope.agencyId, spaceId, ctx.scope.userId);
}

/** A space the caller sees, or not found. */
export async function visibleSpace(tx: Tx, ctx: RequestContext, id: string, options: { lock?: boolean } = {}) {
  const space = await q.findSpace(tx, ctx.scope.agencyId, id, options);
  if (!space || !(await seesSpace(tx, ctx, space.id))) throw spaceNotFound();
  return space;
}

/**
 * A list the caller sees (through its space), or not found. `seen` is a space the caller was found to
 * see earlier in the same request (the space of a task they may change): a list of it is not checked
 * again.
 */
export async function visibleList(tx: Tx, ctx: RequestContext, id: string, options: { seen?: string } = {}) {
  const found = await q.findList(tx, ctx.scope.agencyId, id);
  if (!found) throw listNotFound();
  if (found.list.spaceId !== options.seen && !(await seesSpace(tx, ctx, found.list.spaceId))) throw listNotFound();
  return found;
}

export type TaskAccess = 'member' | 'shared';

/**
 * A task the caller sees and how: `member` (of its space, or an administrator) may change it;
 * `shared` may read it, comment and tick its checklist. `need: 'member'` refuses a shared reader with
 * 403 (they know the task exists); anyone else gets not found.
 */
export async function visibleTask(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  need: TaskAccess = 'shared',
  options: { lock?: boolean } = {},
): Promise<{ task: q.TaskRow; access: TaskAccess }> {
  const task = await q.findTask(tx, ctx.scope.agencyId, id, options);
  if (!task) throw taskNotFound();
  if (await seesSpace(tx, ctx, task.spaceId)) return { task, access: 'member' };
  if (!(await q.isSharedWith(tx, ctx.scope.agencyId, task.id, ctx.scope.userId))) throw taskNotFound();
  if (need === 'member')
    throw new AppError('forbidden', 'This task was shared with you to read and comment on; only the space’s members change it');
  return { task, access: 'shared' };
}

/** Which of these tasks the caller sees (lists that reach across spaces: my tasks, a record's tasks). */
export async function visibleAmong<T extends Pick<q.TaskRow, 'id' | 'spaceId'>>(tx: Tx, ctx: RequestContext, tasks: T[]): Promise<T[]> {
  if (tasks.length === 0 || isAdmin(ctx)) return tasks;
  const spaces = new Set(await q.spaceIdsOf(tx, ctx.scope.agencyId, ctx.scope.userId));
  const shared = await q.sharedTaskIds(tx, ctx.scope.agencyId, ctx.scope.userId);
  return tasks.filter((task) => spaces.has(task.spaceId) || shared.has(task.id));
}

/**
 * Whether a person (not the caller) may see the task: a member of its space, an administrator, or
 * shared with them. Every notice about a task's content is sent only to the people this answers yes for.
 */
export async function personSeesTask(tx: Tx, agencyId: string, task: Pick<q.TaskRow, 'id' | 'spaceId'>, userId: string): Promise<boolean> {
  if (await q.isMember(tx, agencyId, task.spaceId, userId)) return true;
  if (await q.isSharedWith(tx, agencyId, task.id, userId)) return true;
  // An administrator sees every space.
  return (await peopleWithPermission(tx, agencyId, 'admin:access')).some((person) => person.id === userId);
}

/**
 * Stops those of the task's watchers (or of `only`) who can no longer see it from watching it: after
 * someone leaves the space, the task is unshared, or it moves to another space.
 */
export async function dropBlindWatchers(tx: Tx, agencyId: string, task: Pick<q.TaskRow, 'id' | 'spaceId'>, only?: string[]): Promise<void> {
  for (const watcher of await q.watchersOf(tx, agencyId, task.id))
    if ((only === undefined || only.includes(watcher.id)) && !(await personSeesTask(tx, agencyId, task, watcher.id)))
      await q.removeWatcher(tx, agencyId, task.id, watcher.id);
}

/** Where a task opens in the app (its list, with the task's drawer). */
export const taskPath = (task: Pick<q.TaskRow, 'id' | 'listId'>) => `/productivity/list/${task.listId}?task=${task.id}`;
