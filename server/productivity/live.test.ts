import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { Space, Task, TaskListSummary } from '../../core/contracts/productivity.ts';
import type { ProductivityTasksMessage } from '../../core/contracts/realtime.ts';
import type { Permission } from '../../core/permissions.ts';
import { apiCaller, fresh, ifMatch, ok } from '../test-support/api-calls.ts';
import { openStream, type Stream } from '../test-support/event-stream.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { and, eq } from 'drizzle-orm';
import { rolePermissions, userRoles } from '../db/schema.ts';
import { publish } from '../platform/realtime.ts';

const BASE = '/rest/v1/productivity';
const USER: Permission[] = ['productivity:access'];
const TOPIC = 'productivity.tasks';

/** The tasks messages a stream received so far. */
const tasksMessages = (stream: Stream) =>
  stream.messages.filter((m) => m.event === TOPIC).map((m) => JSON.parse(m.data) as ProductivityTasksMessage);

/** Waits for a tasks message about this task at this version. */
const about = (stream: Stream, task: { id: string }, version: number) =>
  stream
    .next(
      (m) =>
        m.event === TOPIC && (JSON.parse(m.data) as ProductivityTasksMessage).tasks.some((t) => t.id === task.id && t.version === version),
    )
    .then((m) => JSON.parse(m.data) as ProductivityTasksMessage);

describe.each(DATABASE_KINDS)('live task updates on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let users: Record<'sergeant' | 'officer' | 'guest' | 'outsider', TestUser>;
  let admin: Session;
  let sergeant: Session;
  let officer: Session;
  let guest: Session;
  let outsider: Session;
  let elsewhere: Session;
  let space: Space;
  let list: TaskListSummary;
  let base: string;

  const call = apiCaller(() => server, BASE);
  const newTask = (session: Session, title: string, listId = list.id) =>
    call(session, 'POST', `/lists/${listId}/tasks`, { title }, fresh()).then((r) => ok<Task>(r, 201));

  /** Opens these people's streams and waits until each is ready. */
  const streams = async (...sessions: Session[]) => {
    const opened = await Promise.all(sessions.map((session) => openStream(base, session)));
    for (const stream of opened) await stream.next((m) => m.event === 'ready');
    return opened;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Live Tasks PD');
    admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    users = {
      sergeant: await makeUser(server, agency, { permissions: USER, name: 'Sam Sergeant' }),
      officer: await makeUser(server, agency, { permissions: USER, name: 'Olive Officer' }),
      guest: await makeUser(server, agency, { permissions: USER, name: 'Gail Guest' }),
      outsider: await makeUser(server, agency, { permissions: USER, name: 'Nick Nonmember' }),
    };
    sergeant = await signIn(server, users.sergeant);
    officer = await signIn(server, users.officer);
    guest = await signIn(server, users.guest);
    outsider = await signIn(server, users.outsider);
    elsewhere = await signIn(server, await makeUser(server, await makeAgency(server, 'Elsewhere PD'), { permissions: ['admin:access'] }));
    space = await ok<Space>(await call(sergeant, 'POST', '/spaces', { name: 'Patrol', member_ids: [users.officer.id] }, fresh()), 201);
    list = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${space.id}/lists`, { name: 'Shift tasks' }, fresh()), 201);
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('tells the members, the person a task is shared with and the administrators when it changes, and no one else', async () => {
    const task = await newTask(sergeant, 'Check the radios');
    const shared = await ok<Task>(await call(sergeant, 'POST', `/tasks/${task.id}/shares`, { user_id: users.guest.id }));
    const [member, sharedWith, administrator, nonMember, otherAgency] = await streams(officer, guest, admin, outsider, elsewhere);
    try {
      const moved = await ok<Task>(await call(sergeant, 'PATCH', `/tasks/${task.id}`, { status: 'in_progress' }, ifMatch(shared.version)));
      // Ids and the version only: the member learns the list to read again, the guest only the task.
      expect(await about(member!, task, moved.version)).toEqual({ tasks: [{ id: task.id, version: moved.version }], list_ids: [list.id] });
      expect(await about(sharedWith!, task, moved.version)).toEqual({ tasks: [{ id: task.id, version: moved.version }], list_ids: [] });
      expect(await about(administrator!, task, moved.version)).toMatchObject({ list_ids: [list.id] });
      // The guest's comment reaches the members too.
      await ok(await call(guest, 'POST', `/tasks/${task.id}/comments`, { body: 'On it' }, fresh()), 201);
      await about(member!, task, moved.version + 1);
      // A task of a space the non-member belongs to marks the point by which a leak would have come.
      const theirs = await ok<Space>(await call(outsider, 'POST', '/spaces', { name: 'Their own' }, fresh()), 201);
      const theirList = await ok<TaskListSummary>(
        await call(outsider, 'POST', `/spaces/${theirs.id}/lists`, { name: 'Mine' }, fresh()),
        201,
      );
      const own = await newTask(outsider, 'Their task', theirList.id);
      await about(nonMember!, own, own.version);
      expect(tasksMessages(nonMember!).flatMap((m) => m.tasks.map((t) => t.id))).toEqual([own.id]);
      expect(tasksMessages(member!).flatMap((m) => m.tasks.map((t) => t.id))).not.toContain(own.id);
      expect(otherAgency!.messages.map((m) => m.event)).toEqual(['ready']);
    } finally {
      for (const stream of [member, sharedWith, administrator, nonMember, otherAgency]) stream?.close();
    }
  });

  it('stops telling a member whose productivity access was taken away', async () => {
    const pat = await makeUser(server, agency, { permissions: USER, name: 'Pat Parker' });
    const patSession = await signIn(server, pat);
    const theirs = await ok<Space>(
      await call(sergeant, 'POST', '/spaces', { name: 'Traffic', member_ids: [users.officer.id, pat.id] }, fresh()),
      201,
    );
    const theirList = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${theirs.id}/lists`, { name: 'Week' }, fresh()), 201);
    // Their role loses productivity:access (the admin area's role editor does the same); they stay a member and signed in.
    await server.database.withTenant(agency.id, async (tx) => {
      const [role] = await tx
        .select({ id: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.agencyId, agency.id), eq(userRoles.userId, pat.id)));
      await tx
        .delete(rolePermissions)
        .where(
          and(
            eq(rolePermissions.agencyId, agency.id),
            eq(rolePermissions.roleId, role!.id),
            eq(rolePermissions.permission, 'productivity:access'),
          ),
        );
    });
    const [member, former] = await streams(officer, patSession);
    try {
      const task = await newTask(sergeant, 'Count the cones', theirList.id);
      await about(member!, task, task.version);
      // A message to them alone, sent after the change: by the time it arrives, a leak would have too.
      await server.database.withTenant(agency.id, (tx) => publish(tx, agency.id, 'notifications', { userId: pat.id }, { id: 'marker' }));
      await former!.next((m) => m.event === 'notifications');
      expect(tasksMessages(former!)).toEqual([]);
    } finally {
      for (const stream of [member, former]) stream?.close();
    }
  });

  it('tells the members of the space a task leaves, and the person whose share ends, that it is gone from them', async () => {
    const task = await newTask(sergeant, 'Hand over');
    const other = await ok<Space>(await call(sergeant, 'POST', '/spaces', { name: 'Investigations' }, fresh()), 201);
    const otherList = await ok<TaskListSummary>(await call(sergeant, 'POST', `/spaces/${other.id}/lists`, { name: 'Cases' }, fresh()), 201);
    const shared = await ok<Task>(await call(sergeant, 'POST', `/tasks/${task.id}/shares`, { user_id: users.guest.id }));
    const [member, sharedWith] = await streams(officer, guest);
    try {
      const moved = await ok<Task>(
        await call(sergeant, 'POST', `/tasks/${task.id}/move`, { list_id: otherList.id }, ifMatch(shared.version)),
      );
      // The officer is not in Investigations, but saw it on the list it left: only that list is named to them.
      expect(await about(member!, task, moved.version)).toEqual({ tasks: [{ id: task.id, version: moved.version }], list_ids: [list.id] });
      await about(sharedWith!, task, moved.version);
      const unshared = await ok<Task>(await call(sergeant, 'DELETE', `/tasks/${task.id}/shares/${users.guest.id}`));
      expect(await about(sharedWith!, task, unshared.version)).toEqual({
        tasks: [{ id: task.id, version: unshared.version }],
        list_ids: [],
      });
      expect((await call(guest, 'GET', `/tasks/${task.id}`)).statusCode).toBe(404);
      // Now neither sees it: a later change reaches neither (the next bulk change of a task they see marks the point).
      const after = await ok<Task>(await call(sergeant, 'PATCH', `/tasks/${task.id}`, { title: 'Handed over' }, ifMatch(unshared.version)));
      const mark = await newTask(sergeant, 'Mark');
      const marked = await ok<{ tasks: Task[] }>(
        await call(sergeant, 'POST', '/tasks/bulk', { tasks: [{ id: mark.id, version: mark.version }], changes: { status: 'done' } }),
      );
      await about(member!, mark, marked.tasks[0]!.version);
      expect(tasksMessages(member!).some((m) => m.tasks.some((t) => t.id === task.id && t.version === after.version))).toBe(false);
      expect(tasksMessages(sharedWith!).some((m) => m.tasks.some((t) => t.id === task.id && t.version === after.version))).toBe(false);
    } finally {
      for (const stream of [member, sharedWith]) stream?.close();
    }
  });
});
