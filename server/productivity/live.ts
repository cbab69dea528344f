import { REALTIME_TOPICS, type ProductivityTasksMessage } from '../../core/contracts/realtime.ts';
import type { Tx } from '../platform/database.ts';
import { holdersOfPermissions } from '../platform/people.ts';
import { publish, publishAll } from '../platform/realtime.ts';
import * as q from './queries.ts';

/**
 * Live updates of tasks (realtime/v1, `productivity.tasks`; docs/decisions/019-realtime.md): a change
 * tells, once its transaction commits, each person who sees the task (visibility.ts) that it changed,
 * and their lists, my tasks and open drawers read it again through their own endpoints. A message
 * names tasks and lists by id with the task's version, never what they say.
 */

type Place = Pick<q.TaskRow, 'listId' | 'spaceId'>;

export interface TaskChange {
  /** The task as it is after the change. */
  task: Pick<q.TaskRow, 'id' | 'version'> & Place;
  /** Where it was before, when the change moved it: the members of that space hear of it too (it leaves their list). */
  from?: Place;
}

/** Kept well inside the stream's 2,000 characters a message: a long bulk change goes out in several. */
const MESSAGE_CHARS = 1800;

/**
 * Tells everyone who sees these tasks, now or before a move, that they changed: the members of their
 * spaces (with the lists they see them on), the people each is shared with (the tasks alone), and the
 * agency's administrators (who see every space). Nobody else, and never another agency.
 */
export async function tasksChanged(tx: Tx, agencyId: string, changes: TaskChange[]): Promise<void> {
  if (changes.length === 0) return;
  const members = new Map<string, string[]>();
  const membersOf = async (spaceId: string) => {
    let ids = members.get(spaceId);
    if (!ids) {
      ids = (await q.membersOf(tx, agencyId, spaceId)).map((member) => member.id);
      members.set(spaceId, ids);
    }
    return ids;
  };
  // Per person: the tasks they see, each with the lists they see it on.
  const audience = new Map<string, Map<string, { version: number; lists: Set<string> }>>();
  const tell = (userId: string, task: TaskChange['task'], listId?: string) => {
    const tasks = audience.get(userId) ?? new Map<string, { version: number; lists: Set<string> }>();
    audience.set(userId, tasks);
    const entry = tasks.get(task.id) ?? { version: task.version, lists: new Set<string>() };
    tasks.set(task.id, entry);
    if (listId) entry.lists.add(listId);
  };
  for (const { task, from } of changes) {
    for (const place of from && from.listId !== task.listId ? [task, from] : [task])
      for (const userId of await membersOf(place.spaceId)) tell(userId, task, place.listId);
    for (const person of await q.sharesOf(tx, agencyId, task.id)) tell(person.id, task);
  }
  const holders = await holdersOfPermissions(tx, agencyId, ['admin:access', 'productivity:access']);
  // Administrators hear of every task through their permission, once.
  for (const adminId of holders['admin:access']) audience.delete(adminId);
  // Only those who may still open the module: a member or a share whose productivity access was taken
  // away hears nothing more.
  for (const userId of audience.keys()) if (!holders['productivity:access'].has(userId)) audience.delete(userId);
  const everything = new Map(
    changes.map(({ task, from }) => [task.id, { version: task.version, lists: new Set([task.listId, ...(from ? [from.listId] : [])]) }]),
  );
  const topic = REALTIME_TOPICS.productivityTasks;
  await publishAll(tx, agencyId, [
    ...messagesOf(everything).map((data) => ({ topic, audience: { permission: 'admin:access', module: 'productivity' } as const, data })),
    ...[...audience].flatMap(([userId, tasks]) => messagesOf(tasks).map((data) => ({ topic, audience: { userId }, data }))),
  ]);
}

/**
 * Tells someone who no longer sees a task (its share with them ended) that it changed, so a drawer
 * they have open on it reads it again and finds it gone.
 */
export async function taskHiddenFrom(tx: Tx, agencyId: string, task: Pick<q.TaskRow, 'id' | 'version'>, userId: string): Promise<void> {
  await publish(
    tx,
    agencyId,
    REALTIME_TOPICS.productivityTasks,
    { userId },
    { tasks: [{ id: task.id, version: task.version }], list_ids: [] },
  );
}

/** The messages that carry these tasks, each within the size a message may have. */
function messagesOf(tasks: Map<string, { version: number; lists: Set<string> }>): ProductivityTasksMessage[] {
  const messages: ProductivityTasksMessage[] = [];
  let current: ProductivityTasksMessage = { tasks: [], list_ids: [] };
  for (const [id, { version, lists }] of tasks) {
    const next = { tasks: [...current.tasks, { id, version }], list_ids: [...new Set([...current.list_ids, ...lists])] };
    if (current.tasks.length > 0 && JSON.stringify(next).length > MESSAGE_CHARS) {
      messages.push(current);
      current = { tasks: [{ id, version }], list_ids: [...lists] };
    } else current = next;
  }
  if (current.tasks.length > 0) messages.push(current);
  return messages;
}
