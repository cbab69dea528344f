import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { Space, Task, TaskListSummary, TaskPage } from '../../core/contracts/productivity.ts';
import type { Permission } from '../../core/permissions.ts';
import { apiCaller, fresh, ok } from '../test-support/api-calls.ts';
import { makeAgency, makeUser, signIn, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';

const BASE = '/rest/v1/productivity';
const USER: Permission[] = ['productivity:access'];

/**
 * A list's table grouped by status, priority, due date or assignee: the rows of every page come in
 * their groups' order (so a group is never split around another across pages), whatever the sort
 * inside the groups, and the groups' counts in the same order.
 */
describe.each(DATABASE_KINDS)('a list grouped on %s', (kind) => {
  let server: TestServer;
  let sergeant: Session;
  let outsider: Session;
  let stranger: Session;
  let people: Record<'zoe' | 'adam', TestUser>;
  let list: TaskListSummary;
  const call = apiCaller(() => server, BASE);

  /** Every row of the grouped list, a page of two at a time, as `pick` names them. */
  async function everyPage(query: string, pick: (task: TaskPage['items'][number]) => string) {
    const picked: string[] = [];
    let groups: TaskPage['groups'] = [];
    for (let page = 1; page <= 10; page += 1) {
      const answer = await ok<TaskPage>(await call(sergeant, 'GET', `/lists/${list.id}/tasks?${query}&page_size=2&page=${page}`));
      groups = answer.groups;
      picked.push(...answer.items.map(pick));
      if (page * 2 >= answer.total) break;
    }
    return { picked, groups };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    const agency = await makeAgency(server, 'Grouping PD');
    const sergeantUser = await makeUser(server, agency, { permissions: USER, name: 'Sam Sergeant' });
    people = {
      zoe: await makeUser(server, agency, { permissions: USER, name: 'Zoe Young' }),
      adam: await makeUser(server, agency, { permissions: USER, name: 'Adam Abbott' }),
    };
    sergeant = await signIn(server, sergeantUser);
    outsider = await signIn(server, await makeUser(server, agency, { permissions: USER, name: 'Nick Nonmember' }));
    stranger = await signIn(server, await makeUser(server, await makeAgency(server, 'Elsewhere PD'), { permissions: ['admin:access'] }));
    const space = await ok<Space>(
      await call(sergeant, 'POST', '/spaces', { name: 'Patrol', member_ids: [people.zoe.id, people.adam.id] }, fresh()),
      201,
    );
    list = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${space.id}/lists`, { name: 'Week' }, fresh()), 201);
    // Made in an order that is none of the groups' orders: a page by position alone would mix them.
    const tasks: Record<string, unknown>[] = [
      { title: 'b', status: 'done', priority: 'low', due_on: '2030-01-05', assignee_ids: [people.adam.id] },
      { title: 'c', status: 'in_progress', priority: 'urgent', assignee_ids: [] },
      { title: 'a', status: 'todo', priority: 'normal', due_on: '2030-01-01', assignee_ids: [people.zoe.id] },
      { title: 'e', status: 'done', priority: 'high', due_on: '2030-01-03', assignee_ids: [] },
      { title: 'd', status: 'todo', priority: 'urgent', due_on: '2030-01-09', assignee_ids: [people.zoe.id, people.adam.id] },
    ];
    for (const body of tasks) await ok<Task>(await call(sergeant, 'POST', `/lists/${list.id}/tasks`, body, fresh()), 201);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('pages statuses in the workflow’s order (to do, in progress, done), not by their keys', async () => {
    const { picked, groups } = await everyPage('group=status&include_closed=true&sort=title&order=desc', (t) => `${t.status}:${t.title}`);
    expect(groups.map((g) => [g.label, g.count])).toEqual([
      ['To do', 2],
      ['In progress', 1],
      ['Done', 2],
    ]);
    expect(picked).toEqual(['todo:d', 'todo:a', 'in_progress:c', 'done:e', 'done:b']);
    // Sorted by the status column, the same order.
    const sorted = await everyPage('include_closed=true&sort=status', (t) => t.status);
    expect(sorted.picked).toEqual(['todo', 'todo', 'in_progress', 'done', 'done']);
  });

  it('pages priorities from urgent to low, and due dates by the screen’s sections with the undated last, the sort applying within each', async () => {
    const byPriority = await everyPage('group=priority&include_closed=true&sort=title', (t) => `${t.priority}:${t.title}`);
    expect(byPriority.groups.map((g) => g.label)).toEqual(['Urgent', 'High', 'Normal', 'Low']);
    expect(byPriority.picked).toEqual(['urgent:c', 'urgent:d', 'high:e', 'normal:a', 'low:b']);
    const byDue = await everyPage('group=due&include_closed=true&sort=title&order=desc', (t) => `${t.due_on ?? '-'}:${t.title}`);
    // All four dated tasks fall in the screen's "Later": the chosen sort (title, descending) orders them, not their dates.
    expect(byDue.picked).toEqual(['2030-01-03:e', '2030-01-09:d', '2030-01-05:b', '2030-01-01:a', '-:c']);
    expect(byDue.groups.map((g) => [g.key, g.count])).toContainEqual(['', 1]);
  });

  it('pages assignees by the name of the first, the unassigned last, and counts a task under each of its assignees', async () => {
    const { picked, groups } = await everyPage('group=assignee&include_closed=true&sort=title', (t) => t.title);
    expect(groups.map((g) => [g.label, g.count])).toEqual([
      ['Adam Abbott', 2],
      ['Zoe Young', 2],
      ['Unassigned', 2],
    ]);
    expect(picked).toEqual(['b', 'd', 'a', 'c', 'e']);
  });

  it('answers a grouped list 404 to someone outside the space and to another agency', async () => {
    for (const session of [outsider, stranger])
      expect((await call(session, 'GET', `/lists/${list.id}/tasks?group=assignee&include_closed=true`)).statusCode).toBe(404);
  });
});
