import { and, asc, desc, eq, getTableName, gte, ilike, inArray, isNotNull, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListTasksQuery } from '../../core/contracts/productivity.ts';
import { inIdList, qualified, uuidList, type Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { userNameOf } from '../platform/people.ts';
import { containsPattern } from '../platform/text-search.ts';
import {
  productivityAttachments,
  productivityChecklistItems,
  productivityComments,
  productivityLists,
  productivitySpaceMembers,
  productivitySpaces,
  productivityTaskAssignees,
  productivityTaskLinks,
  productivityTaskShares,
  productivityTasks,
  productivityTaskWatchers,
  productivityTemplates,
} from './schema.ts';

/** The productivity module's reads and writes (the rules are in spaces.ts, tasks.ts and task-parts.ts). */

type TaskQuery = z.output<typeof ListTasksQuery>;

export type SpaceRow = typeof productivitySpaces.$inferSelect;
export type ListRow = typeof productivityLists.$inferSelect;
export type TaskRow = typeof productivityTasks.$inferSelect;

// ---------------------------------------------------------------- spaces

export async function findSpace(tx: Tx, agencyId: string, id: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select()
    .from(productivitySpaces)
    .where(and(eq(productivitySpaces.agencyId, agencyId), eq(productivitySpaces.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function isMember(tx: Tx, agencyId: string, spaceId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: productivitySpaceMembers.userId })
    .from(productivitySpaceMembers)
    .where(
      and(
        eq(productivitySpaceMembers.agencyId, agencyId),
        eq(productivitySpaceMembers.spaceId, spaceId),
        eq(productivitySpaceMembers.userId, userId),
      ),
    );
  return Boolean(row);
}

/** The spaces a person is a member of. */
export async function spaceIdsOf(tx: Tx, agencyId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ spaceId: productivitySpaceMembers.spaceId })
    .from(productivitySpaceMembers)
    .where(and(eq(productivitySpaceMembers.agencyId, agencyId), eq(productivitySpaceMembers.userId, userId)));
  return rows.map((row) => row.spaceId);
}

export async function membersOf(tx: Tx, agencyId: string, spaceId: string) {
  const rows = await tx
    .select({ id: productivitySpaceMembers.userId, name: userNameOf(productivitySpaceMembers.agencyId, productivitySpaceMembers.userId) })
    .from(productivitySpaceMembers)
    .where(and(eq(productivitySpaceMembers.agencyId, agencyId), eq(productivitySpaceMembers.spaceId, spaceId)));
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The open tasks of each row of `outer` (a space or a list). The outer row is named by its table, as a
 * select from one table writes its own columns unqualified, and `"id"` in the subquery would be the task's.
 */
const openTaskCount = (outer: typeof productivitySpaces | typeof productivityLists, column: 'space_id' | 'list_id') => {
  const row = sql.identifier(getTableName(outer));
  return sql<number>`(select count(*)::int from ${productivityTasks} t where t.agency_id = ${row}.agency_id and t.${sql.raw(column)} = ${row}.id and t.closed_at is null)`;
};

/** Spaces with their member and open-task counts: `ids` only, or every space of the agency (an administrator's view). */
export async function listSpaces(tx: Tx, agencyId: string, ids: string[] | null) {
  if (ids !== null && ids.length === 0) return [];
  return tx
    .select({
      space: productivitySpaces,
      memberCount: sql<number>`(select count(*)::int from ${productivitySpaceMembers} m where m.agency_id = ${qualified(productivitySpaces.agencyId)} and m.space_id = ${qualified(productivitySpaces.id)})`,
      openTasks: openTaskCount(productivitySpaces, 'space_id'),
    })
    .from(productivitySpaces)
    .where(and(eq(productivitySpaces.agencyId, agencyId), ids === null ? undefined : inArray(productivitySpaces.id, ids)))
    .orderBy(asc(productivitySpaces.archived), asc(productivitySpaces.name));
}

export async function insertSpace(tx: Tx, row: typeof productivitySpaces.$inferInsert) {
  const [space] = await tx.insert(productivitySpaces).values(row).returning();
  return space!;
}

/** Makes the space's members exactly these people. */
export async function replaceMembers(tx: Tx, agencyId: string, spaceId: string, userIds: string[], addedBy: string) {
  const where = and(eq(productivitySpaceMembers.agencyId, agencyId), eq(productivitySpaceMembers.spaceId, spaceId));
  await tx
    .delete(productivitySpaceMembers)
    .where(userIds.length ? and(where, notInArray(productivitySpaceMembers.userId, userIds)) : where);
  if (userIds.length)
    await tx
      .insert(productivitySpaceMembers)
      .values(userIds.map((userId) => ({ agencyId, spaceId, userId, addedBy })))
      .onConflictDoNothing();
}

/** How many tasks of the space are in each of these statuses. */
export async function tasksInStatuses(tx: Tx, agencyId: string, spaceId: string, statuses: string[]) {
  if (statuses.length === 0) return [];
  return tx
    .select({ status: productivityTasks.status, count: sql<number>`count(*)::int` })
    .from(productivityTasks)
    .where(
      and(eq(productivityTasks.agencyId, agencyId), eq(productivityTasks.spaceId, spaceId), inArray(productivityTasks.status, statuses)),
    )
    .groupBy(productivityTasks.status);
}

// ---------------------------------------------------------------- lists

export async function findList(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select({ list: productivityLists, openTasks: openTaskCount(productivityLists, 'list_id') })
    .from(productivityLists)
    .where(and(eq(productivityLists.agencyId, agencyId), eq(productivityLists.id, id)));
  return row;
}

export async function listsOf(tx: Tx, agencyId: string, spaceId: string) {
  return tx
    .select({ list: productivityLists, openTasks: openTaskCount(productivityLists, 'list_id') })
    .from(productivityLists)
    .where(and(eq(productivityLists.agencyId, agencyId), eq(productivityLists.spaceId, spaceId)))
    .orderBy(asc(productivityLists.position), asc(productivityLists.name));
}

export async function insertList(tx: Tx, row: typeof productivityLists.$inferInsert) {
  const [list] = await tx.insert(productivityLists).values(row).returning();
  return list!;
}

// ---------------------------------------------------------------- tasks

export async function findTask(tx: Tx, agencyId: string, id: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select()
    .from(productivityTasks)
    .where(and(eq(productivityTasks.agencyId, agencyId), eq(productivityTasks.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findTasks(tx: Tx, agencyId: string, ids: string[], options: { lock?: boolean } = {}) {
  if (ids.length === 0) return [];
  const query = tx
    .select()
    .from(productivityTasks)
    .where(and(eq(productivityTasks.agencyId, agencyId), inArray(productivityTasks.id, ids)));
  return options.lock ? query.for('update') : query;
}

export async function isSharedWith(tx: Tx, agencyId: string, taskId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: productivityTaskShares.userId })
    .from(productivityTaskShares)
    .where(
      and(
        eq(productivityTaskShares.agencyId, agencyId),
        eq(productivityTaskShares.taskId, taskId),
        eq(productivityTaskShares.userId, userId),
      ),
    );
  return Boolean(row);
}

export async function sharedTaskIds(tx: Tx, agencyId: string, userId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ taskId: productivityTaskShares.taskId })
    .from(productivityTaskShares)
    .where(and(eq(productivityTaskShares.agencyId, agencyId), eq(productivityTaskShares.userId, userId)));
  return new Set(rows.map((row) => row.taskId));
}

export async function insertTask(tx: Tx, row: typeof productivityTasks.$inferInsert) {
  const [task] = await tx.insert(productivityTasks).values(row).returning();
  return task!;
}

/** The last position in a list (a new task goes after it). */
export async function lastPosition(tx: Tx, agencyId: string, listId: string): Promise<number> {
  const [row] = await tx
    .select({ position: productivityTasks.position })
    .from(productivityTasks)
    .where(and(eq(productivityTasks.agencyId, agencyId), eq(productivityTasks.listId, listId)))
    .orderBy(desc(productivityTasks.position))
    .limit(1);
  return row?.position ?? 0;
}

const assigneesOfTasks = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select({
        taskId: productivityTaskAssignees.taskId,
        id: productivityTaskAssignees.userId,
        name: userNameOf(productivityTaskAssignees.agencyId, productivityTaskAssignees.userId),
      })
      .from(productivityTaskAssignees)
      .where(and(eq(productivityTaskAssignees.agencyId, sql.placeholder('agencyId')), inIdList(productivityTaskAssignees.taskId, 'ids'))),
);

/** Each task's assignees, by task. */
export async function assigneesOf(tx: Tx, agencyId: string, taskIds: string[]) {
  const byTask = new Map<string, Array<{ id: string; name: string }>>();
  if (taskIds.length === 0) return byTask;
  const rows = await assigneesOfTasks(tx, undefined, { agencyId, ids: uuidList(taskIds) });
  for (const row of rows.sort((a, b) => a.name.localeCompare(b.name))) {
    const list = byTask.get(row.taskId);
    if (list) list.push({ id: row.id, name: row.name });
    else byTask.set(row.taskId, [{ id: row.id, name: row.name }]);
  }
  return byTask;
}

const checklistOfTasks = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select({
        taskId: productivityChecklistItems.taskId,
        done: sql<number>`count(*) filter (where ${productivityChecklistItems.done})::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(productivityChecklistItems)
      .where(and(eq(productivityChecklistItems.agencyId, sql.placeholder('agencyId')), inIdList(productivityChecklistItems.taskId, 'ids')))
      .groupBy(productivityChecklistItems.taskId),
);

/** Each task's checklist: how many items, how many done. */
export async function checklistCounts(tx: Tx, agencyId: string, taskIds: string[]) {
  if (taskIds.length === 0) return new Map<string, { done: number; total: number }>();
  const rows = await checklistOfTasks(tx, undefined, { agencyId, ids: uuidList(taskIds) });
  return new Map(rows.map((row) => [row.taskId, { done: row.done, total: row.total }]));
}

/** Makes the task's assignees exactly these people (their "my tasks" rows carry the task's due date and whether it is open). */
export async function replaceAssignees(tx: Tx, task: Pick<TaskRow, 'agencyId' | 'id' | 'dueOn' | 'closedAt'>, userIds: string[]) {
  await tx
    .delete(productivityTaskAssignees)
    .where(
      and(
        eq(productivityTaskAssignees.agencyId, task.agencyId),
        eq(productivityTaskAssignees.taskId, task.id),
        userIds.length ? notInArray(productivityTaskAssignees.userId, userIds) : undefined,
      ),
    );
  if (userIds.length)
    await tx
      .insert(productivityTaskAssignees)
      .values(
        userIds.map((userId) => ({ agencyId: task.agencyId, taskId: task.id, userId, dueOn: task.dueOn, open: task.closedAt === null })),
      )
      .onConflictDoNothing();
}

/** Keeps the assignees' rows in step with the task's due date and state. */
export async function followTask(tx: Tx, task: Pick<TaskRow, 'agencyId' | 'id' | 'dueOn' | 'closedAt'>) {
  await tx
    .update(productivityTaskAssignees)
    .set({ dueOn: task.dueOn, open: task.closedAt === null })
    .where(and(eq(productivityTaskAssignees.agencyId, task.agencyId), eq(productivityTaskAssignees.taskId, task.id)));
}

const myOpenTaskIds = reusedStatement(
  (dueBy: boolean) => (dueBy ? 'due by' : 'all'),
  (tx, dueBy) =>
    tx
      .select({ taskId: productivityTaskAssignees.taskId })
      .from(productivityTaskAssignees)
      .where(
        and(
          eq(productivityTaskAssignees.agencyId, sql.placeholder('agencyId')),
          eq(productivityTaskAssignees.userId, sql.placeholder('userId')),
          eq(productivityTaskAssignees.open, true),
          dueBy
            ? and(isNotNull(productivityTaskAssignees.dueOn), lte(productivityTaskAssignees.dueOn, sql.placeholder('dueBy')))
            : undefined,
        ),
      )
      .orderBy(asc(productivityTaskAssignees.dueOn))
      .limit(500),
);

const openTasksAmong = reusedStatement(
  (everyVisible: boolean) => (everyVisible ? 'every' : 'member or shared'),
  (tx, everyVisible) => {
    const userId = sql.placeholder('userId');
    return tx
      .select({
        task: productivityTasks,
        spaceName: productivitySpaces.name,
        listName: productivityLists.name,
        statuses: productivitySpaces.statuses,
      })
      .from(productivityTasks)
      .innerJoin(
        productivityLists,
        and(eq(productivityLists.agencyId, productivityTasks.agencyId), eq(productivityLists.id, productivityTasks.listId)),
      )
      .innerJoin(
        productivitySpaces,
        and(eq(productivitySpaces.agencyId, productivityTasks.agencyId), eq(productivitySpaces.id, productivityTasks.spaceId)),
      )
      .where(
        and(
          eq(productivityTasks.agencyId, sql.placeholder('agencyId')),
          inIdList(productivityTasks.id, 'ids'),
          isNull(productivityTasks.closedAt),
          everyVisible
            ? undefined
            : sql`(exists (select 1 from ${productivitySpaceMembers} m where m.agency_id = ${productivityTasks.agencyId} and m.space_id = ${productivityTasks.spaceId} and m.user_id = ${userId})
              or exists (select 1 from ${productivityTaskShares} s where s.agency_id = ${productivityTasks.agencyId} and s.task_id = ${productivityTasks.id} and s.user_id = ${userId}))`,
        ),
      );
  },
);

/**
 * The open tasks assigned to a person that they still see (a member of the task's space, or shared with
 * them; `everyVisible`: an administrator, who sees every space), by due date (those without one last):
 * "my tasks".
 */
export async function openTasksAssignedTo(tx: Tx, agencyId: string, userId: string, options: { dueBy?: string; everyVisible: boolean }) {
  const { dueBy } = options;
  const mine = await myOpenTaskIds(tx, dueBy !== undefined, { agencyId, userId, dueBy });
  if (mine.length === 0) return [];
  const rows = await openTasksAmong(tx, options.everyVisible, {
    agencyId,
    userId,
    ids: uuidList(mine.map((row) => row.taskId)),
  });
  // At most the person's 500 open tasks: sorted here, soonest due first.
  return rows.sort(
    (a, b) =>
      (a.task.dueAt?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.task.dueAt?.getTime() ?? Number.MAX_SAFE_INTEGER) ||
      a.task.title.localeCompare(b.task.title),
  );
}

/** Where a task's status stands in its list's workflow (the space's order of statuses), read once per statement. */
const workflowPosition = (agencyId: string, listId: string) =>
  sql`array_position(array(select s.value->>'key' from ${productivityLists} l join ${productivitySpaces} sp on sp.agency_id = l.agency_id and sp.id = l.space_id cross join jsonb_array_elements(sp.statuses) with ordinality s(value, n) where l.agency_id = ${agencyId} and l.id = ${listId} order by s.n), ${productivityTasks.status})`;

const PRIORITY_RANK = sql`case ${productivityTasks.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;

/** The agency's today and the last day of its week (ISO dates): the due-date sections' edges. */
export type DueCalendar = { today: string; endOfWeek: string };

/** The first of a task's assignees by name; null (last) when it has none. */
const firstAssigneeName = sql`(select min(${userNameOf(productivityTaskAssignees.agencyId, productivityTaskAssignees.userId)}) from ${productivityTaskAssignees} where ${productivityTaskAssignees.agencyId} = ${qualified(productivityTasks.agencyId)} and ${productivityTaskAssignees.taskId} = ${qualified(productivityTasks.id)})`;

/** The id of that first assignee (the lowest id among those of the first name). */
const firstAssigneeId = sql`(select min(${productivityTaskAssignees.userId}::text) from ${productivityTaskAssignees} where ${productivityTaskAssignees.agencyId} = ${qualified(productivityTasks.agencyId)} and ${productivityTaskAssignees.taskId} = ${qualified(productivityTasks.id)} and ${userNameOf(productivityTaskAssignees.agencyId, productivityTaskAssignees.userId)} = ${firstAssigneeName})`;

function sortKeys(sort: TaskQuery['sort'], agencyId: string, listId: string): SQL[] {
  switch (sort) {
    case 'position':
      return [sql`${productivityTasks.position}`];
    case 'due':
      return [sql`${productivityTasks.dueOn}`, sql`${productivityTasks.dueTime}`];
    case 'priority':
      return [PRIORITY_RANK, sql`${productivityTasks.position}`];
    case 'title':
      return [sql`${productivityTasks.title}`];
    case 'created':
      return [sql`${productivityTasks.createdAt}`];
    case 'updated':
      return [sql`${productivityTasks.updatedAt}`];
    case 'status':
      return [workflowPosition(agencyId, listId), sql`${productivityTasks.position}`];
  }
}

/**
 * A grouped page comes in its groups' order, whatever the sort within them: statuses in the workflow's
 * order, priorities urgent to low, due dates soonest first (the screen's overdue, today, this week and
 * later follow) with no date last, assignees by the name of the first with the unassigned last.
 */
function groupKeys(group: TaskQuery['group'], agencyId: string, listId: string, calendar: DueCalendar): SQL[] {
  switch (group) {
    case 'none':
      return [];
    case 'status':
      return [sql`${workflowPosition(agencyId, listId)} asc nulls last`];
    case 'priority':
      return [sql`${PRIORITY_RANK} asc`];
    case 'due':
      // The screen's sections, not the dates: the chosen sort then orders the rows within each.
      return [
        sql`case when ${productivityTasks.dueOn} is null then 4 when ${productivityTasks.dueOn} < ${calendar.today} then 0 when ${productivityTasks.dueOn} = ${calendar.today} then 1 when ${productivityTasks.dueOn} <= ${calendar.endOfWeek} then 2 else 3 end asc`,
      ];
    case 'assignee':
      // Two people of the same name stay two groups, each in one piece.
      return [sql`${firstAssigneeName} asc nulls last`, sql`${firstAssigneeId} asc nulls last`];
  }
}

function taskFilter(agencyId: string, listId: string, query: TaskQuery) {
  return and(
    eq(productivityTasks.agencyId, agencyId),
    eq(productivityTasks.listId, listId),
    query.include_closed ? undefined : isNull(productivityTasks.closedAt),
    query.status ? eq(productivityTasks.status, query.status) : undefined,
    query.priority ? eq(productivityTasks.priority, query.priority) : undefined,
    query.assignee_id
      ? sql`exists (select 1 from ${productivityTaskAssignees} a where a.agency_id = ${productivityTasks.agencyId} and a.task_id = ${productivityTasks.id} and a.user_id = ${query.assignee_id})`
      : undefined,
    query.label ? sql`${productivityTasks.labels} ? ${query.label}` : undefined,
    query.due_from ? gte(productivityTasks.dueOn, query.due_from) : undefined,
    query.due_to ? lte(productivityTasks.dueOn, query.due_to) : undefined,
    query.q ? ilike(productivityTasks.title, containsPattern(query.q)) : undefined,
  );
}

/** A page of a list's tasks, filtered and sorted, and the filtered total. */
export async function listTasks(tx: Tx, agencyId: string, listId: string, query: TaskQuery, calendar: DueCalendar) {
  const where = taskFilter(agencyId, listId, query);
  // Tasks without a date (or time) come last either way.
  const direction = sql.raw(query.order === 'desc' ? 'desc nulls last' : 'asc nulls last');
  const order = sortKeys(query.sort, agencyId, listId).map((key) => sql`${key} ${direction}`);
  const rows = await tx
    .select()
    .from(productivityTasks)
    .where(where)
    .orderBy(...groupKeys(query.group, agencyId, listId, calendar), ...order, asc(productivityTasks.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [{ total } = { total: 0 }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(productivityTasks)
    .where(where);
  return { rows, total };
}

/** Counts of the filtered list by a task column (status, priority or due date). */
export async function groupCounts(tx: Tx, agencyId: string, listId: string, query: TaskQuery, by: 'status' | 'priority' | 'due_on') {
  const column = by === 'status' ? productivityTasks.status : by === 'priority' ? productivityTasks.priority : productivityTasks.dueOn;
  return tx
    .select({ key: column, count: sql<number>`count(*)::int` })
    .from(productivityTasks)
    .where(taskFilter(agencyId, listId, query))
    .groupBy(column);
}

/** Counts of the filtered list by assignee (a task with two assignees counts for each; unassigned under ''). */
export async function assigneeCounts(tx: Tx, agencyId: string, listId: string, query: TaskQuery) {
  return (
    tx
      .select({
        key: sql<string>`coalesce(${productivityTaskAssignees.userId}::text, '')`,
        name: userNameOf(productivityTaskAssignees.agencyId, productivityTaskAssignees.userId),
        count: sql<number>`count(*)::int`,
      })
      .from(productivityTasks)
      .leftJoin(
        productivityTaskAssignees,
        and(eq(productivityTaskAssignees.agencyId, productivityTasks.agencyId), eq(productivityTaskAssignees.taskId, productivityTasks.id)),
      )
      .where(taskFilter(agencyId, listId, query))
      .groupBy(productivityTaskAssignees.agencyId, productivityTaskAssignees.userId)
      // By name, the unassigned last (the screen's order of the groups).
      .orderBy(
        sql`${userNameOf(productivityTaskAssignees.agencyId, productivityTaskAssignees.userId)} asc nulls last`,
        asc(productivityTaskAssignees.userId),
      )
  );
}

/** Tasks linked to a record of another module. */
export async function tasksLinkedTo(tx: Tx, agencyId: string, kind: string, recordId: string) {
  return tx
    .selectDistinct({ task: productivityTasks })
    .from(productivityTaskLinks)
    .innerJoin(
      productivityTasks,
      and(eq(productivityTasks.agencyId, productivityTaskLinks.agencyId), eq(productivityTasks.id, productivityTaskLinks.taskId)),
    )
    .where(
      and(
        eq(productivityTaskLinks.agencyId, agencyId),
        eq(productivityTaskLinks.kind, kind as 'vehicle'),
        eq(productivityTaskLinks.recordId, recordId),
      ),
    );
}

// ---------------------------------------------------------------- the parts of a task

export async function watchersOf(tx: Tx, agencyId: string, taskId: string) {
  return tx
    .select({ id: productivityTaskWatchers.userId, name: userNameOf(productivityTaskWatchers.agencyId, productivityTaskWatchers.userId) })
    .from(productivityTaskWatchers)
    .where(and(eq(productivityTaskWatchers.agencyId, agencyId), eq(productivityTaskWatchers.taskId, taskId)));
}

/** Which of these people watch which tasks of the space. */
export async function watchingIn(tx: Tx, agencyId: string, spaceId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({ taskId: productivityTaskWatchers.taskId, userId: productivityTaskWatchers.userId })
    .from(productivityTaskWatchers)
    .innerJoin(
      productivityTasks,
      and(eq(productivityTasks.agencyId, productivityTaskWatchers.agencyId), eq(productivityTasks.id, productivityTaskWatchers.taskId)),
    )
    .where(
      and(
        eq(productivityTaskWatchers.agencyId, agencyId),
        eq(productivityTasks.spaceId, spaceId),
        inArray(productivityTaskWatchers.userId, userIds),
      ),
    );
}

export async function addWatcher(tx: Tx, agencyId: string, taskId: string, userId: string) {
  await tx.insert(productivityTaskWatchers).values({ agencyId, taskId, userId }).onConflictDoNothing();
}

export async function removeWatcher(tx: Tx, agencyId: string, taskId: string, userId: string) {
  await tx
    .delete(productivityTaskWatchers)
    .where(
      and(
        eq(productivityTaskWatchers.agencyId, agencyId),
        eq(productivityTaskWatchers.taskId, taskId),
        eq(productivityTaskWatchers.userId, userId),
      ),
    );
}

export async function sharesOf(tx: Tx, agencyId: string, taskId: string) {
  return tx
    .select({ id: productivityTaskShares.userId, name: userNameOf(productivityTaskShares.agencyId, productivityTaskShares.userId) })
    .from(productivityTaskShares)
    .where(and(eq(productivityTaskShares.agencyId, agencyId), eq(productivityTaskShares.taskId, taskId)));
}

export async function addShare(tx: Tx, agencyId: string, taskId: string, userId: string, sharedBy: string) {
  await tx.insert(productivityTaskShares).values({ agencyId, taskId, userId, sharedBy }).onConflictDoNothing();
}

export async function removeShare(tx: Tx, agencyId: string, taskId: string, userId: string) {
  const removed = await tx
    .delete(productivityTaskShares)
    .where(
      and(
        eq(productivityTaskShares.agencyId, agencyId),
        eq(productivityTaskShares.taskId, taskId),
        eq(productivityTaskShares.userId, userId),
      ),
    )
    .returning({ userId: productivityTaskShares.userId });
  return removed.length > 0;
}

export async function checklistOf(tx: Tx, agencyId: string, taskId: string) {
  return tx
    .select()
    .from(productivityChecklistItems)
    .where(and(eq(productivityChecklistItems.agencyId, agencyId), eq(productivityChecklistItems.taskId, taskId)))
    .orderBy(asc(productivityChecklistItems.position), asc(productivityChecklistItems.createdAt));
}

export async function findChecklistItem(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(productivityChecklistItems)
    .where(and(eq(productivityChecklistItems.agencyId, agencyId), eq(productivityChecklistItems.id, id)));
  return row;
}

export async function insertChecklistItems(tx: Tx, rows: Array<typeof productivityChecklistItems.$inferInsert>) {
  if (rows.length === 0) return [];
  return tx.insert(productivityChecklistItems).values(rows).returning();
}

export async function deleteChecklistItem(tx: Tx, agencyId: string, id: string) {
  await tx
    .delete(productivityChecklistItems)
    .where(and(eq(productivityChecklistItems.agencyId, agencyId), eq(productivityChecklistItems.id, id)));
}

export async function commentsOf(tx: Tx, agencyId: string, taskId: string) {
  return tx
    .select({ comment: productivityComments, authorName: userNameOf(productivityComments.agencyId, productivityComments.authorId) })
    .from(productivityComments)
    .where(and(eq(productivityComments.agencyId, agencyId), eq(productivityComments.taskId, taskId)))
    .orderBy(asc(productivityComments.createdAt));
}

export async function insertComment(tx: Tx, row: typeof productivityComments.$inferInsert) {
  const [comment] = await tx.insert(productivityComments).values(row).returning();
  return comment!;
}

export async function attachmentsOf(tx: Tx, agencyId: string, taskId: string) {
  return tx
    .select({
      fileId: productivityAttachments.fileId,
      addedBy: productivityAttachments.addedBy,
      addedByName: userNameOf(productivityAttachments.agencyId, productivityAttachments.addedBy),
      createdAt: productivityAttachments.createdAt,
    })
    .from(productivityAttachments)
    .where(and(eq(productivityAttachments.agencyId, agencyId), eq(productivityAttachments.taskId, taskId)))
    .orderBy(asc(productivityAttachments.createdAt));
}

export async function addAttachment(tx: Tx, agencyId: string, taskId: string, fileId: string, addedBy: string) {
  await tx.insert(productivityAttachments).values({ agencyId, taskId, fileId, addedBy }).onConflictDoNothing();
}

export async function removeAttachment(tx: Tx, agencyId: string, taskId: string, fileId: string) {
  const removed = await tx
    .delete(productivityAttachments)
    .where(
      and(
        eq(productivityAttachments.agencyId, agencyId),
        eq(productivityAttachments.taskId, taskId),
        eq(productivityAttachments.fileId, fileId),
      ),
    )
    .returning({ fileId: productivityAttachments.fileId });
  return removed.length > 0;
}

/** The tasks a stored file is attached to (who may read the file). */
export async function tasksWithFile(tx: Tx, agencyId: string, fileId: string) {
  return tx
    .select({ taskId: productivityAttachments.taskId })
    .from(productivityAttachments)
    .where(and(eq(productivityAttachments.agencyId, agencyId), eq(productivityAttachments.fileId, fileId)));
}

export async function linksOf(tx: Tx, agencyId: string, taskId: string) {
  return tx
    .select()
    .from(productivityTaskLinks)
    .where(and(eq(productivityTaskLinks.agencyId, agencyId), eq(productivityTaskLinks.taskId, taskId)))
    .orderBy(asc(productivityTaskLinks.createdAt));
}

export async function findLink(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(productivityTaskLinks)
    .where(and(eq(productivityTaskLinks.agencyId, agencyId), eq(productivityTaskLinks.id, id)));
  return row;
}

export async function insertLink(tx: Tx, row: typeof productivityTaskLinks.$inferInsert) {
  await tx.insert(productivityTaskLinks).values(row);
}

export async function deleteLink(tx: Tx, agencyId: string, id: string) {
  await tx.delete(productivityTaskLinks).where(and(eq(productivityTaskLinks.agencyId, agencyId), eq(productivityTaskLinks.id, id)));
}

// ---------------------------------------------------------------- templates

export async function templatesOf(tx: Tx, agencyId: string, spaceId: string) {
  return tx
    .select({ template: productivityTemplates, createdByName: userNameOf(productivityTemplates.agencyId, productivityTemplates.createdBy) })
    .from(productivityTemplates)
    .where(
      and(
        eq(productivityTemplates.agencyId, agencyId),
        eq(productivityTemplates.spaceId, spaceId),
        eq(productivityTemplates.archived, false),
      ),
    )
    .orderBy(asc(productivityTemplates.name));
}

export async function findTemplate(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select({ template: productivityTemplates, createdByName: userNameOf(productivityTemplates.agencyId, productivityTemplates.createdBy) })
    .from(productivityTemplates)
    .where(and(eq(productivityTemplates.agencyId, agencyId), eq(productivityTemplates.id, id)));
  return row;
}

export async function insertTemplate(tx: Tx, row: typeof productivityTemplates.$inferInsert) {
  const [template] = await tx.insert(productivityTemplates).values(row).returning();
  return template!;
}

// ---------------------------------------------------------------- due tomorrow

/**
 * Claims the open tasks of the agency due on `date` whose assignees were not told yet: marks them told
 * for that date and answers them, in one statement. A run that overlaps (a second server, a retry) waits
 * on the rows' locks and then finds them already marked, so it claims none of them.
 */
export async function claimDueUntold(tx: Tx, agencyId: string, date: string) {
  return tx
    .update(productivityTasks)
    .set({ dueNoticeOn: date })
    .where(
      and(
        eq(productivityTasks.agencyId, agencyId),
        isNull(productivityTasks.closedAt),
        eq(productivityTasks.dueOn, date),
        sql`${productivityTasks.dueNoticeOn} is distinct from ${date}`,
      ),
    )
    .returning({
      id: productivityTasks.id,
      spaceId: productivityTasks.spaceId,
      title: productivityTasks.title,
      dueTime: productivityTasks.dueTime,
    });
}
