import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { NotificationList } from '../../core/contracts/notifications.ts';
import type {
  CloseTaskResult,
  MyTasks,
  ProductivityHome,
  Space,
  Task,
  TaskListSummary,
  TaskPage,
} from '../../core/contracts/productivity.ts';
import type { Permission } from '../../core/permissions.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { queryRows } from '../platform/database.ts';
import { solidPng } from '../platform/sample-images.ts';
import { tellDueTomorrow } from './due-soon.ts';
import { apiCaller, fresh, ifMatch, ok } from '../test-support/api-calls.ts';

const BASE = '/rest/v1/productivity';
const USER: Permission[] = ['productivity:access'];

describe.each(DATABASE_KINDS)('productivity on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let admin: Session;
  let sergeant: Session;
  let officer: Session;
  let outsider: Session;
  let guest: Session;
  let bystander: Session;
  let users: Record<'sergeant' | 'officer' | 'outsider' | 'guest' | 'bystander', TestUser>;
  let space: Space;
  let list: TaskListSummary;

  const call = apiCaller(() => server, BASE);
  const newTask = (session: Session, body: Record<string, unknown>, listId = list.id) =>
    call(session, 'POST', `/lists/${listId}/tasks`, body, fresh()).then((r) => ok<Task>(r, 201));
  const bell = async (session: Session) =>
    ok<NotificationList>(await server.request({ method: 'GET', url: '/rest/v1/notifications', token: session.access_token }));

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Tasks PD');
    admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    users = {
      sergeant: await makeUser(server, agency, { permissions: USER, name: 'Sam Sergeant' }),
      officer: await makeUser(server, agency, { permissions: USER, name: 'Olive Officer' }),
      outsider: await makeUser(server, agency, { permissions: USER, name: 'Nick Nonmember' }),
      guest: await makeUser(server, agency, { permissions: USER, name: 'Gail Guest' }),
      bystander: await makeUser(server, await makeAgency(server, 'Elsewhere PD'), { permissions: ['admin:access'] }),
    };
    sergeant = await signIn(server, users.sergeant);
    officer = await signIn(server, users.officer);
    outsider = await signIn(server, users.outsider);
    guest = await signIn(server, users.guest);
    bystander = await signIn(server, users.bystander);
    space = await ok<Space>(await call(sergeant, 'POST', '/spaces', { name: 'Patrol', member_ids: [users.officer.id] }, fresh()), 201);
    list = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${space.id}/lists`, { name: 'Shift tasks' }, fresh()), 201);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('creates a space with the default workflow, its creator and members in it, and lists it for them only', async () => {
    expect(space.statuses.map((s) => [s.key, s.closed])).toEqual([
      ['todo', false],
      ['in_progress', false],
      ['done', true],
    ]);
    expect(space.members.map((m) => m.name)).toEqual(['Olive Officer', 'Sam Sergeant']);
    const mine = await ok<Space[]>(await call(officer, 'GET', '/spaces'));
    expect(mine.map((s) => s.name)).toEqual(['Patrol']);
    expect(await ok<Space[]>(await call(outsider, 'GET', '/spaces'))).toEqual([]);
    expect((await ok<Space[]>(await call(admin, 'GET', '/spaces'))).map((s) => [s.name, s.member])).toEqual([['Patrol', false]]);
  });

  it('counts each list’s and each space’s open tasks, leaving out closed ones', async () => {
    const counted = await ok<Space>(await call(sergeant, 'POST', '/spaces', { name: 'Counts' }, fresh()), 201);
    // One after the other: a list goes after the space's last, so two made at once may come in either order.
    const first = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${counted.id}/lists`, { name: 'Week 1' }, fresh()), 201);
    const second = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${counted.id}/lists`, { name: 'Week 2' }, fresh()), 201);
    const done = await newTask(sergeant, { title: 'Done soon' }, first.id);
    await newTask(sergeant, { title: 'Still open' }, first.id);
    await newTask(sergeant, { title: 'Elsewhere' }, second.id);
    await ok(await call(sergeant, 'POST', `/tasks/${done.id}/close`, undefined, ifMatch(done.version)));

    expect((await ok<TaskListSummary>(await call(sergeant, 'GET', `/lists/${first.id}`))).open_tasks).toBe(1);
    const shown = await ok<Space>(await call(sergeant, 'GET', `/spaces/${counted.id}`));
    expect(shown.lists.map((list) => [list.name, list.open_tasks])).toEqual([
      ['Week 1', 1],
      ['Week 2', 1],
    ]);
    const summary = (await ok<Array<{ id: string; open_tasks: number }>>(await call(sergeant, 'GET', '/spaces'))).find(
      (x) => x.id === counted.id,
    );
    expect(summary?.open_tasks).toBe(2);
  });

  it('answers a non-member 404 for the space, its list and its task, and changes nothing for them', async () => {
    const task = await newTask(sergeant, { title: 'Members only' });
    for (const url of [
      `/spaces/${space.id}`,
      `/lists/${list.id}`,
      `/lists/${list.id}/tasks`,
      `/tasks/${task.id}`,
      `/tasks/${task.id}/comments`,
    ])
      expect((await call(outsider, 'GET', url)).statusCode, url).toBe(404);
    expect((await call(outsider, 'PATCH', `/tasks/${task.id}`, { title: 'Mine now' }, ifMatch(task.version))).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/lists/${list.id}/tasks`, { title: 'Sneaky' }, fresh())).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/tasks/${task.id}`)).statusCode).toBe(200);
  });

  it('answers another agency 404 for the space, its list and its task, even its administrator', async () => {
    const task = await newTask(sergeant, { title: 'Ours' });
    for (const url of [`/spaces/${space.id}`, `/lists/${list.id}`, `/tasks/${task.id}`])
      expect((await call(bystander, 'GET', url)).statusCode, url).toBe(404);
  });

  it('shows a shared task to that one person, and nothing else of the space, and to no one else', async () => {
    const shared = await newTask(sergeant, { title: 'Look at this' });
    const other = await newTask(sergeant, { title: 'Not for guests' });
    const after = await ok<Task>(await call(sergeant, 'POST', `/tasks/${shared.id}/shares`, { user_id: users.guest.id }));
    expect(after.shared_with.map((p) => p.name)).toEqual(['Gail Guest']);
    const seen = await ok<Task>(await call(guest, 'GET', `/tasks/${shared.id}`));
    expect(seen).toMatchObject({ title: 'Look at this', access: 'shared' });
    expect((await bell(guest)).items.map((n) => n.kind)).toContain('productivity.task_shared');
    // The guest may comment and tick the checklist, but not change the task.
    await ok(await call(guest, 'POST', `/tasks/${shared.id}/comments`, { body: 'Seen' }, fresh()), 201);
    expect((await call(guest, 'PATCH', `/tasks/${shared.id}`, { title: 'Changed' }, ifMatch(seen.version))).statusCode).toBe(403);
    // Nothing else of the space.
    for (const url of [`/spaces/${space.id}`, `/lists/${list.id}`, `/lists/${list.id}/tasks`, `/tasks/${other.id}`])
      expect((await call(guest, 'GET', url)).statusCode, url).toBe(404);
    expect(await ok<Space[]>(await call(guest, 'GET', '/spaces'))).toEqual([]);
    // And no one else.
    expect((await call(outsider, 'GET', `/tasks/${shared.id}`)).statusCode).toBe(404);
    await ok(await call(sergeant, 'DELETE', `/tasks/${shared.id}/shares/${users.guest.id}`));
    expect((await call(guest, 'GET', `/tasks/${shared.id}`)).statusCode).toBe(404);
  });

  it('refuses the whole API when the module is off, to a limited account and without productivity:access', async () => {
    const limited = await signIn(server, await makeUser(server, agency, { permissions: USER, accountType: 'limited' }));
    const without = await signIn(server, await makeUser(server, agency, { permissions: ['citations:access'] }));
    expect((await call(limited, 'GET', '/my-tasks')).json()).toMatchObject({ code: 'module_disabled' });
    expect((await call(without, 'GET', '/my-tasks')).statusCode).toBe(403);
    const toggle = (enabled: boolean) =>
      server.request({ method: 'PUT', url: '/rest/v1/admin/modules/productivity', token: admin.access_token, payload: { enabled } });
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      const refused = await call(sergeant, 'GET', `/spaces/${space.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'module_disabled' });
    } finally {
      expect((await toggle(true)).statusCode).toBe(200);
    }
  });

  it('lets only administrators create spaces when the setting says so', async () => {
    await ok(await call(admin, 'PUT', '/settings', { space_creators: 'admins', creator_role_ids: [] }));
    try {
      expect((await call(officer, 'POST', '/spaces', { name: 'Mine' }, fresh())).statusCode).toBe(403);
      await ok(await call(admin, 'POST', '/spaces', { name: 'Admin space' }, fresh()), 201);
    } finally {
      await ok(await call(admin, 'PUT', '/settings', { space_creators: 'everyone', creator_role_ids: [] }));
    }
    expect((await call(officer, 'PUT', '/settings', { space_creators: 'everyone' })).statusCode).toBe(403);
  });

  it('answers 412 to a change made against a stale version and 428 to one without If-Match, and keeps the task', async () => {
    const task = await newTask(sergeant, { title: 'Versioned', description: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(task.description).toBe('<p>Hi</p>');
    const changed = await ok<Task>(await call(officer, 'PATCH', `/tasks/${task.id}`, { priority: 'high' }, ifMatch(task.version)));
    const stale = await call(sergeant, 'PATCH', `/tasks/${task.id}`, { title: 'Lost update' }, ifMatch(task.version));
    expect(stale.statusCode).toBe(412);
    expect((await call(sergeant, 'PATCH', `/tasks/${task.id}`, { title: 'No version' })).statusCode).toBe(428);
    expect(await ok<Task>(await call(sergeant, 'GET', `/tasks/${task.id}`))).toMatchObject({
      title: 'Versioned',
      priority: 'high',
      version: changed.version,
    });
  });

  it('assigns, tells the assignee, and refuses to assign someone outside the space', async () => {
    const task = await newTask(sergeant, {
      title: 'Tow the blue sedan',
      assignee_ids: [users.officer.id],
      due_on: '2027-05-03',
      due_time: '10:00',
    });
    expect(task.assignees.map((a) => a.name)).toEqual(['Olive Officer']);
    expect(task.due_at).toBe('2027-05-03T15:00:00.000Z');
    expect((await bell(officer)).items.find((n) => n.title === 'Assigned to you: Tow the blue sedan')).toBeDefined();
    const refused = await call(sergeant, 'POST', `/lists/${list.id}/tasks`, { title: 'X', assignee_ids: [users.outsider.id] }, fresh());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'assignee_ids.0': 'Only the space’s members can be assigned' });
  });

  it('makes the next occurrence of a daily 09:00 task when it is closed, at 09:00 local across the daylight-saving change', async () => {
    const task = await newTask(sergeant, {
      title: 'Check the briefing board',
      due_on: '2027-03-13',
      due_time: '09:00',
      assignee_ids: [users.officer.id],
      checklist: ['BOLOs'],
      recurrence: { freq: 'daily' },
    });
    expect(task.due_at).toBe('2027-03-13T15:00:00.000Z');
    const ticked = await ok(
      await call(officer, 'PATCH', `/checklist/${task.checklist[0]!.id}`, { done: true }, ifMatch(task.checklist[0]!.version)),
    );
    expect(ticked).toMatchObject({ done: true });
    const current = await ok<Task>(await call(officer, 'GET', `/tasks/${task.id}`));
    const { task: closed, next } = await ok<CloseTaskResult>(
      await call(officer, 'POST', `/tasks/${task.id}/close`, undefined, ifMatch(current.version)),
    );
    expect(closed).toMatchObject({ status: 'done', closed: true, series_id: task.id });
    expect(next).toMatchObject({
      title: 'Check the briefing board',
      status: 'todo',
      due_on: '2027-03-14',
      due_time: '09:00',
      due_at: '2027-03-14T14:00:00.000Z',
      series_id: task.id,
      checklist_done: 0,
      checklist_total: 1,
    });
    expect(next!.assignees.map((a) => a.name)).toEqual(['Olive Officer']);
  });

  it('changes many tasks at once, or none when one of them is refused, naming each refusal', async () => {
    const [a, b, c] = [
      await newTask(sergeant, { title: 'A' }),
      await newTask(sergeant, { title: 'B' }),
      await newTask(sergeant, { title: 'C' }),
    ];
    const changes = { status: 'in_progress', assignee_ids: [users.officer.id], due_on: '2027-06-01' };
    // C changed since it was chosen: nothing changes, and C is named.
    const moved = await ok<Task>(await call(sergeant, 'PATCH', `/tasks/${c.id}`, { priority: 'low' }, ifMatch(c.version)));
    const other = await ok<Space>(await call(outsider, 'POST', '/spaces', { name: 'Private' }, fresh()), 201);
    const otherList = await ok<TaskListSummary>(await call(outsider, 'POST', `/spaces/${other.id}/lists`, { name: 'Mine' }, fresh()), 201);
    const hidden = await newTask(outsider, { title: 'Hidden' }, otherList.id);
    const refused = await call(sergeant, 'POST', '/tasks/bulk', {
      tasks: [a, b, c, hidden].map((t) => ({ id: t.id, version: t.version })),
      changes,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({
      'tasks.2': '“C” was changed by someone else since you chose it',
      'tasks.3': 'This task was not found',
    });
    for (const t of [a, b])
      expect(await ok<Task>(await call(sergeant, 'GET', `/tasks/${t.id}`))).toMatchObject({
        status: 'todo',
        assignees: [],
        version: t.version,
      });
    const done = await ok<{ tasks: Task[] }>(
      await call(sergeant, 'POST', '/tasks/bulk', { tasks: [a, b, moved].map((t) => ({ id: t.id, version: t.version })), changes }),
    );
    expect(done.tasks.map((t) => [t.title, t.status, t.due_on, t.assignees.length])).toEqual([
      ['A', 'in_progress', '2027-06-01', 1],
      ['B', 'in_progress', '2027-06-01', 1],
      ['C', 'in_progress', '2027-06-01', 1],
    ]);
  });

  it('tells the people an @mention names, and refuses to mention someone who cannot see the task', async () => {
    const task = await newTask(sergeant, { title: 'Canvass Birch Lane' });
    const comment = await ok<{ mentions: Array<{ name: string }> }>(
      await call(
        sergeant,
        'POST',
        `/tasks/${task.id}/comments`,
        { body: '@Olive the doorbell camera at 412', mention_ids: [users.officer.id] },
        fresh(),
      ),
      201,
    );
    expect(comment.mentions.map((m) => m.name)).toEqual(['Olive Officer']);
    expect(
      (await bell(officer)).items.find((n) => n.kind === 'productivity.mentioned' && n.title.includes('Canvass Birch Lane')),
    ).toBeDefined();
    await server.waitForMail(users.officer.email, /mentioned on “Canvass Birch Lane”/);
    const refused = await call(sergeant, 'POST', `/tasks/${task.id}/comments`, { body: 'psst', mention_ids: [users.outsider.id] }, fresh());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields['mention_ids.0']).toMatch(/cannot see the task/);
  });

  it('groups my tasks by due date in the agency’s time zone and shows today’s and overdue ones on home', async () => {
    const me = await signIn(server, await makeUser(server, agency, { permissions: USER, name: 'Mia Mine' }));
    const meId = (await server.request({ method: 'GET', url: '/auth/v1/user', token: me.access_token })).json().id as string;
    const current = await ok<Space>(await call(sergeant, 'GET', `/spaces/${space.id}`));
    await ok(
      await call(
        sergeant,
        'PUT',
        `/spaces/${space.id}/members`,
        { member_ids: [...current.members.map((m) => m.id), meId] },
        ifMatch(current.version),
      ),
    );
    const { today } = await ok<MyTasks>(await call(me, 'GET', '/my-tasks'));
    const shift = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await newTask(sergeant, { title: 'Late', due_on: shift(-2), assignee_ids: [meId] });
    await newTask(sergeant, { title: 'Now', due_on: today, assignee_ids: [meId] });
    await newTask(sergeant, { title: 'Someday', assignee_ids: [meId] });
    await newTask(sergeant, { title: 'Far', due_on: shift(30), assignee_ids: [meId] });
    const mine = await ok<MyTasks>(await call(me, 'GET', '/my-tasks'));
    expect(mine.overdue.map((t) => t.title)).toEqual(['Late']);
    expect(mine.today_tasks.map((t) => t.title)).toEqual(['Now']);
    expect(mine.later.map((t) => t.title)).toEqual(['Far']);
    expect(mine.no_date.map((t) => t.title)).toEqual(['Someday']);
    expect(await ok<ProductivityHome>(await call(me, 'GET', '/home'))).toMatchObject({ due_today: 1, overdue: 1 });
  });

  it('leaves out of my tasks a task of a space I have left, until it is shared with me', async () => {
    const leaver = await makeUser(server, agency, { permissions: USER, name: 'Lee Leaver' });
    const session = await signIn(server, leaver);
    const team = await ok<Space>(await call(sergeant, 'POST', '/spaces', { name: 'Short-lived', member_ids: [leaver.id] }, fresh()), 201);
    const teamList = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${team.id}/lists`, { name: 'Work' }, fresh()), 201);
    const task = await newTask(sergeant, { title: 'Left behind', assignee_ids: [leaver.id] }, teamList.id);
    const titles = async () =>
      Object.values(await ok<MyTasks>(await call(session, 'GET', '/my-tasks'))).flatMap((group) =>
        Array.isArray(group) ? group.map((t) => t.title) : [],
      );
    expect(await titles()).toContain('Left behind');
    const current = await ok<Space>(await call(sergeant, 'GET', `/spaces/${team.id}`));
    await ok(
      await call(
        sergeant,
        'PUT',
        `/spaces/${team.id}/members`,
        { member_ids: current.members.filter((m) => m.id !== leaver.id).map((m) => m.id) },
        ifMatch(current.version),
      ),
    );
    expect(await titles()).not.toContain('Left behind');
    await ok(await call(sergeant, 'POST', `/tasks/${task.id}/shares`, { user_id: leaver.id }));
    expect(await titles()).toContain('Left behind');
  });

  it('tells assignees once, in their morning, of a task due tomorrow', async () => {
    const task = await newTask(sergeant, { title: 'Court packet', due_on: '2027-04-02', assignee_ids: [users.officer.id] });
    const morning = new Date('2027-04-01T14:00:00Z');
    expect(await tellDueTomorrow(server.services, agency.id, new Date('2027-04-01T10:00:00Z'))).toBe(0);
    expect(await tellDueTomorrow(server.services, agency.id, morning)).toBeGreaterThanOrEqual(1);
    expect(await tellDueTomorrow(server.services, agency.id, morning)).toBe(0);
    expect((await bell(officer)).items.find((n) => n.title === 'Due tomorrow: Court packet')).toBeDefined();
    expect(task.due_on).toBe('2027-04-02');
  });

  it('keeps a monthly task on the 31st: the last day of February, then the 31st of March at the same local time across the change', async () => {
    const task = await newTask(sergeant, {
      title: 'Month-end stats',
      due_on: '2027-01-31',
      due_time: '09:00',
      recurrence: { freq: 'monthly' },
    });
    const closeIt = async (id: string) => {
      const current = await ok<Task>(await call(sergeant, 'GET', `/tasks/${id}`));
      return (await ok<CloseTaskResult>(await call(sergeant, 'POST', `/tasks/${id}/close`, undefined, ifMatch(current.version)))).next!;
    };
    const february = await closeIt(task.id);
    expect(february).toMatchObject({ due_on: '2027-02-28', due_at: '2027-02-28T15:00:00.000Z', series_id: task.id });
    const march = await closeIt(february.id);
    expect(march).toMatchObject({ due_on: '2027-03-31', due_time: '09:00', due_at: '2027-03-31T14:00:00.000Z', series_id: task.id });
    expect((await closeIt(march.id)).due_on).toBe('2027-04-30');
  });

  it('refuses to turn a status between open and closed while tasks are in it, and allows it once they are moved', async () => {
    const own = await ownSpace('Flip space', []);
    const task = await newTask(sergeant, { title: 'In progress still', status: 'in_progress' }, own.list.id);
    const flip = (current: Space) =>
      call(
        sergeant,
        'PATCH',
        `/spaces/${own.space.id}`,
        { statuses: current.statuses.map((s) => (s.key === 'in_progress' ? { ...s, closed: true } : s)) },
        ifMatch(current.version),
      );
    const refused = await flip(own.space);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('1 task is still in In progress');
    expect((await ok<Task>(await call(sergeant, 'GET', `/tasks/${task.id}`))).closed).toBe(false);
    await ok(await call(sergeant, 'PATCH', `/tasks/${task.id}`, { status: 'todo' }, ifMatch(task.version)));
    const changed = await ok<Space>(await flip(await ok<Space>(await call(sergeant, 'GET', `/spaces/${own.space.id}`))));
    expect(changed.statuses.find((s) => s.key === 'in_progress')?.closed).toBe(true);
  });

  it('pages, filters, sorts and groups a list, moves a task to another list and duplicates one', async () => {
    const second = await ok<TaskListSummary>(
      await call(sergeant, 'POST', `/spaces/${space.id}/lists`, { name: 'Follow-ups' }, fresh()),
      201,
    );
    const urgent = await newTask(sergeant, { title: 'Zulu urgent', priority: 'urgent', labels: ['court'] }, second.id);
    await newTask(sergeant, { title: 'Alpha low', priority: 'low' }, second.id);
    const page = await ok<TaskPage>(await call(sergeant, 'GET', `/lists/${second.id}/tasks?sort=priority&group=priority&page_size=1`));
    expect(page).toMatchObject({ total: 2, page_size: 1 });
    expect(page.items.map((t) => t.title)).toEqual(['Zulu urgent']);
    expect(page.groups.map((g) => [g.label, g.count])).toEqual([
      ['Urgent', 1],
      ['Low', 1],
    ]);
    expect((await ok<TaskPage>(await call(sergeant, 'GET', `/lists/${second.id}/tasks?label=court`))).total).toBe(1);
    const moved = await ok<Task>(await call(sergeant, 'POST', `/tasks/${urgent.id}/move`, { list_id: list.id }, ifMatch(urgent.version)));
    expect(moved).toMatchObject({ list_id: list.id, list_name: 'Shift tasks', version: urgent.version + 1 });
    const copy = await ok<Task>(await call(sergeant, 'POST', `/tasks/${urgent.id}/duplicate`, { list_id: second.id }, fresh()), 201);
    expect(copy).toMatchObject({ title: 'Zulu urgent', list_id: second.id, priority: 'urgent' });
    expect(copy.id).not.toBe(urgent.id);
  });

  it('attaches the uploader’s own file, links a vehicle of the agency, and finds the task from the vehicle for those who see it', async () => {
    const task = await newTask(sergeant, { title: 'Dent on 2214' });
    const png = solidPng(2, 2, [200, 30, 30]);
    const upload = (session: Session) =>
      server.request({
        method: 'POST',
        url: '/storage/v1/object?purpose=productivity',
        token: session.access_token,
        headers: { 'content-type': 'image/png' },
        payload: png,
      });
    const mine = (await upload(sergeant)).json() as { id: string };
    const theirs = (await upload(officer)).json() as { id: string };
    expect((await call(sergeant, 'POST', `/tasks/${task.id}/attachments`, { file_id: theirs.id })).statusCode).toBe(404);
    const attached = await ok<Task>(await call(sergeant, 'POST', `/tasks/${task.id}/attachments`, { file_id: mine.id }));
    expect(attached.attachments.map((a) => [a.file_id, a.content_type])).toEqual([[mine.id, 'image/png']]);
    expect(attached.version).toBeGreaterThan(task.version);
    const vehicle = (
      await server.request({
        method: 'POST',
        url: '/rest/v1/fleet/admin/vehicles',
        token: admin.access_token,
        payload: { unit_number: `T-${kind}`, vehicle_type: 'patrol', make: 'Ford', model: 'Explorer', year: 2024, odometer: 100 },
      })
    ).json() as { id: string };
    expect((await call(sergeant, 'POST', `/tasks/${task.id}/links`, { kind: 'vehicle', record_id: crypto.randomUUID() })).statusCode).toBe(
      400,
    );
    const linked = await ok<Task>(
      await call(sergeant, 'POST', `/tasks/${task.id}/links`, { kind: 'vehicle', record_id: vehicle.id, label: 'Unit 2214' }),
    );
    expect(linked.links.map((l) => [l.kind, l.record_id, l.label])).toEqual([['vehicle', vehicle.id, 'Unit 2214']]);
    const query = `/linked?kind=vehicle&record_id=${vehicle.id}`;
    expect((await ok<Task[]>(await call(sergeant, 'GET', query))).map((t) => t.title)).toEqual(['Dent on 2214']);
    expect(await ok<Task[]>(await call(outsider, 'GET', query))).toEqual([]);
    expect((await call(sergeant, 'DELETE', `/links/${linked.links[0]!.id}`)).statusCode).toBe(204);
    expect(await ok<Task>(await call(sergeant, 'DELETE', `/tasks/${task.id}/attachments/${mine.id}`))).toMatchObject({
      attachments: [],
      links: [],
    });
  });

  it('saves a task as a template and makes a task from it', async () => {
    const source = await newTask(sergeant, { title: 'Vehicle pursuit review', checklist: ['Pull the video', 'Interview the officer'] });
    const template = await ok<{ id: string }>(
      await call(sergeant, 'POST', `/tasks/${source.id}/template`, { name: 'Pursuit review' }, fresh()),
      201,
    );
    const made = await newTask(sergeant, { template_id: template.id });
    expect(made.title).toBe('Vehicle pursuit review');
    expect(made.checklist.map((i) => i.text)).toEqual(['Pull the video', 'Interview the officer']);
  });

  it('records every change in the audit log with what the task was before and after', async () => {
    const task = await newTask(sergeant, { title: 'Audited' });
    await ok(await call(sergeant, 'PATCH', `/tasks/${task.id}`, { title: 'Audited again' }, ifMatch(task.version)));
    const entries = await server.database.withTenant(agency.id, (tx) =>
      queryRows<{ action: string; before: string | null; after: string }>(
        tx,
        sql`select action, before->>'title' as before, after->>'title' as after from audit_log where entity_id = ${task.id} order by id`,
      ),
    );
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['productivity.task_created', null, 'Audited'],
      ['productivity.task_changed', 'Audited', 'Audited again'],
    ]);
  });

  // ---------------------------------------------------------------- who is told, and who may change the checklist

  /** A space of its own (so the tests here share nothing), with the sergeant and these members. */
  async function ownSpace(name: string, memberIds: string[]) {
    const own = await ok<Space>(await call(sergeant, 'POST', '/spaces', { name, member_ids: memberIds }, fresh()), 201);
    const ownList = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${own.id}/lists`, { name: 'Work' }, fresh()), 201);
    return { space: own, list: ownList };
  }
  async function dropMember(spaceId: string, userId: string) {
    const current = await ok<Space>(await call(sergeant, 'GET', `/spaces/${spaceId}`));
    await ok(
      await call(
        sergeant,
        'PUT',
        `/spaces/${spaceId}/members`,
        { member_ids: current.members.filter((m) => m.id !== userId).map((m) => m.id) },
        ifMatch(current.version),
      ),
    );
  }
  const toldOf = async (session: Session, kind: string, title: string) =>
    (await bell(session)).items.filter((n) => n.kind === kind && n.title.includes(title)).length;

  it('stops a member who leaves the space from watching its tasks and tells them nothing of its comments', async () => {
    const leaver = await makeUser(server, agency, { permissions: USER, name: 'Wendy Watcher' });
    const session = await signIn(server, leaver);
    const own = await ownSpace('Watched space', [leaver.id]);
    const task = await newTask(sergeant, { title: 'Secret plan' }, own.list.id);
    expect((await call(session, 'PUT', `/tasks/${task.id}/watch`)).statusCode).toBe(204);
    await dropMember(own.space.id, leaver.id);
    expect((await ok<Task>(await call(sergeant, 'GET', `/tasks/${task.id}`))).watchers.map((w) => w.id)).not.toContain(leaver.id);
    await ok(await call(sergeant, 'POST', `/tasks/${task.id}/comments`, { body: 'The plan is…' }, fresh()), 201);
    expect(await toldOf(session, 'productivity.commented', 'Secret plan')).toBe(0);
  });

  it('stops a shared reader from watching when the share ends, and tells them nothing after', async () => {
    const reader = await makeUser(server, agency, { permissions: USER, name: 'Rita Reader' });
    const session = await signIn(server, reader);
    const own = await ownSpace('Shared space', []);
    const task = await newTask(sergeant, { title: 'Shared for a while' }, own.list.id);
    await ok(await call(sergeant, 'POST', `/tasks/${task.id}/shares`, { user_id: reader.id }));
    expect((await call(session, 'PUT', `/tasks/${task.id}/watch`)).statusCode).toBe(204);
    await ok(await call(sergeant, 'POST', `/tasks/${task.id}/comments`, { body: 'While shared' }, fresh()), 201);
    expect(await toldOf(session, 'productivity.commented', 'Shared for a while')).toBe(1);
    const after = await ok<Task>(await call(sergeant, 'DELETE', `/tasks/${task.id}/shares/${reader.id}`));
    expect(after.watchers.map((w) => w.id)).not.toContain(reader.id);
    await ok(await call(sergeant, 'POST', `/tasks/${task.id}/comments`, { body: 'After the share' }, fresh()), 201);
    expect(await toldOf(session, 'productivity.commented', 'Shared for a while')).toBe(1);
  });

  it('stops the watchers who are not in the new space from watching a task moved there, unless it is shared with them', async () => {
    const left = await makeUser(server, agency, { permissions: USER, name: 'Moe Mover' });
    const kept = await makeUser(server, agency, { permissions: USER, name: 'Sally Shared' });
    const from = await ownSpace('From space', [left.id, kept.id]);
    const to = await ownSpace('To space', []);
    const task = await newTask(sergeant, { title: 'Moving on' }, from.list.id);
    for (const user of [left, kept])
      expect((await call(await signIn(server, user), 'PUT', `/tasks/${task.id}/watch`)).statusCode).toBe(204);
    const shared = await ok<Task>(await call(sergeant, 'POST', `/tasks/${task.id}/shares`, { user_id: kept.id }));
    const moved = await ok<Task>(await call(sergeant, 'POST', `/tasks/${task.id}/move`, { list_id: to.list.id }, ifMatch(shared.version)));
    expect(moved.watchers.map((w) => w.name).sort()).toEqual(['Sally Shared', 'Sam Sergeant']);
  });

  it('does not tell an assignee who left the space that the task is due tomorrow', async () => {
    const leaver = await makeUser(server, agency, { permissions: USER, name: 'Andy Assignee' });
    const stayer = await makeUser(server, agency, { permissions: USER, name: 'Stella Stayer' });
    const own = await ownSpace('Due space', [leaver.id, stayer.id]);
    await newTask(sergeant, { title: 'Quiet deadline', due_on: '2028-05-11', assignee_ids: [leaver.id, stayer.id] }, own.list.id);
    await dropMember(own.space.id, leaver.id);
    expect(await tellDueTomorrow(server.services, agency.id, new Date('2028-05-10T16:00:00Z'))).toBe(1);
    expect(await toldOf(await signIn(server, leaver), 'productivity.due_tomorrow', 'Quiet deadline')).toBe(0);
    expect(await toldOf(await signIn(server, stayer), 'productivity.due_tomorrow', 'Quiet deadline')).toBe(1);
  });

  it('tells an assignee once of a task due tomorrow when two runs overlap', async () => {
    await newTask(sergeant, { title: 'Told once', due_on: '2028-06-21', assignee_ids: [users.officer.id] });
    const now = new Date('2028-06-20T16:00:00Z');
    const runs = await Promise.all([1, 2, 3].map(() => tellDueTomorrow(server.services, agency.id, now)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await toldOf(officer, 'productivity.due_tomorrow', 'Told once')).toBe(1);
  });

  it('lets a shared reader tick the checklist but not add, rename, move or remove its items', async () => {
    const reader = await makeUser(server, agency, { permissions: USER, name: 'Tina Ticker' });
    const session = await signIn(server, reader);
    const task = await newTask(sergeant, { title: 'Tick only', checklist: ['First', 'Second'] });
    await ok(await call(sergeant, 'POST', `/tasks/${task.id}/shares`, { user_id: reader.id }));
    const [item] = task.checklist;
    const ticked = await ok<{ done: boolean; version: number }>(
      await call(session, 'PATCH', `/checklist/${item!.id}`, { done: true }, ifMatch(item!.version)),
    );
    expect(ticked.done).toBe(true);
    for (const [method, url, body] of [
      ['POST', `/tasks/${task.id}/checklist`, { text: 'Mine' }],
      ['PATCH', `/checklist/${item!.id}`, { text: 'Renamed' }],
      ['PATCH', `/checklist/${item!.id}`, { done: false, position: 1 }],
      ['DELETE', `/checklist/${item!.id}`, undefined],
    ] as const) {
      const response = await call(session, method, url, body, { ...fresh(), ...ifMatch(ticked.version) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).toContain('only the space’s members');
    }
    const seen = await ok<Task>(await call(sergeant, 'GET', `/tasks/${task.id}`));
    expect(seen.checklist.map((i) => [i.text, i.done])).toEqual([
      ['First', true],
      ['Second', false],
    ]);
    expect((await call(outsider, 'PATCH', `/checklist/${item!.id}`, { done: false }, ifMatch(ticked.version))).statusCode).toBe(404);
  });

  it('changes a checklist item only at the version seen: a stale one gets 412 and keeps the other change, none gets 428', async () => {
    const task = await newTask(sergeant, { title: 'Two hands on one list', checklist: ['Radio check'] });
    const [item] = task.checklist;
    const renamed = await ok<{ text: string; version: number }>(
      await call(sergeant, 'PATCH', `/checklist/${item!.id}`, { text: 'Radio and light bar check' }, ifMatch(item!.version)),
    );
    const stale = await call(sergeant, 'PATCH', `/checklist/${item!.id}`, { text: 'Radio only' }, ifMatch(item!.version));
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toBe('This checklist item was changed by someone else while you were editing it');
    expect((await call(sergeant, 'PATCH', `/checklist/${item!.id}`, { done: true })).statusCode).toBe(428);
    const seen = await ok<Task>(await call(sergeant, 'GET', `/tasks/${task.id}`));
    expect(seen.checklist.map((i) => [i.text, i.done, i.version])).toEqual([['Radio and light bar check', false, renamed.version]]);
  });
});
