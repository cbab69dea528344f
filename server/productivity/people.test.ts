import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { PersonMatch, Space, Task, TaskListSummary } from '../../core/contracts/productivity.ts';
import type { Permission } from '../../core/permissions.ts';
import { users as usersTable } from '../db/schema.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, fresh, ok } from '../test-support/api-calls.ts';

const BASE = '/rest/v1/productivity';
const USER: Permission[] = ['productivity:access'];

describe.each(DATABASE_KINDS)('looking people up for productivity on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let elsewhere: TestAgency;
  let people: Record<
    'admin' | 'sergeant' | 'officer' | 'guest' | 'loner' | 'limited' | 'fleetOnly' | 'departed' | 'foreigner' | 'foreignAdmin',
    TestUser
  >;
  let sessions: Record<'admin' | 'sergeant' | 'guest' | 'loner' | 'limited' | 'fleetOnly' | 'foreignAdmin', Session>;

  const call = apiCaller(() => server, BASE);
  const search = async (session: Session, query = '') => ok<PersonMatch[]>(await call(session, 'GET', `/people${query}`));
  const names = (found: PersonMatch[]) => found.map((person) => person.name);

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'People PD');
    elsewhere = await makeAgency(server, 'Elsewhere PD');
    people = {
      admin: await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }),
      sergeant: await makeUser(server, agency, { permissions: USER, name: 'Sam Sergeant', email: 'sam.sergeant@people.test' }),
      officer: await makeUser(server, agency, { permissions: USER, name: "Olive O'Hara-Samson", email: 'olive@people.test' }),
      guest: await makeUser(server, agency, { permissions: USER, name: 'Gail Guest' }),
      loner: await makeUser(server, agency, { permissions: USER, name: 'Lou Loner' }),
      limited: await makeUser(server, agency, { permissions: USER, accountType: 'limited', name: 'Sami Limited' }),
      fleetOnly: await makeUser(server, agency, { permissions: ['fleet:admin'], name: 'Samantha Fleet' }),
      departed: await makeUser(server, agency, { permissions: USER, name: 'Samuel Departed' }),
      foreigner: await makeUser(server, elsewhere, { permissions: USER, name: 'Sam Stranger', email: 'sam.stranger@elsewhere.test' }),
      foreignAdmin: await makeUser(server, elsewhere, { permissions: ['admin:access'], name: 'Elsa Elsewhere' }),
    };
    await server.database.withTenant(agency.id, async (tx) => {
      await tx
        .update(usersTable)
        .set({ rank: 'Sergeant', badgeNumber: '214' })
        .where(and(eq(usersTable.agencyId, agency.id), eq(usersTable.id, people.sergeant.id)));
      await tx
        .update(usersTable)
        .set({ status: 'disabled' })
        .where(and(eq(usersTable.agencyId, agency.id), eq(usersTable.id, people.departed.id)));
    });
    sessions = {
      admin: await signIn(server, people.admin),
      sergeant: await signIn(server, people.sergeant),
      guest: await signIn(server, people.guest),
      loner: await signIn(server, people.loner),
      limited: await signIn(server, people.limited),
      fleetOnly: await signIn(server, people.fleetOnly),
      foreignAdmin: await signIn(server, people.foreignAdmin),
    };
    const space = (
      await call(sessions.sergeant, 'POST', '/spaces', { name: 'Patrol', member_ids: [people.officer.id] }, fresh())
    ).json() as Space;
    const list = (await call(sessions.sergeant, 'POST', `/spaces/${space.id}/lists`, { name: 'Shift' }, fresh())).json() as TaskListSummary;
    const task = (await call(sessions.sergeant, 'POST', `/lists/${list.id}/tasks`, { title: 'Look at this' }, fresh())).json() as Task;
    const shared = await call(sessions.sergeant, 'POST', `/tasks/${task.id}/shares`, { user_id: people.guest.id });
    expect(shared.statusCode, shared.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('finds people by the start of their name, of a word of their name, or of their e-mail, in any case', async () => {
    expect(names(await search(sessions.sergeant, '?q=SAM'))).toEqual(["Olive O'Hara-Samson", 'Sam Sergeant']);
    expect(names(await search(sessions.sergeant, '?q=serg'))).toEqual(['Sam Sergeant']);
    expect(names(await search(sessions.sergeant, '?q=olive%40people'))).toEqual(["Olive O'Hara-Samson"]);
    expect(names(await search(sessions.sergeant, '?q=hara'))).toEqual(["Olive O'Hara-Samson"]);
    // Inside a word is not the start of one.
    expect(await search(sessions.sergeant, '?q=ergeant')).toEqual([]);
    // Wildcards are characters like any other.
    for (const typed of ['%25', '_', '.*', '(', '%5B']) expect(await search(sessions.sergeant, `?q=${typed}`), typed).toEqual([]);
  });

  it('tells two people apart by rank and badge, and lists everyone who can open productivity when nothing is typed', async () => {
    const everyone = await search(sessions.sergeant);
    expect(everyone.find((person) => person.id === people.sergeant.id)).toEqual({
      id: people.sergeant.id,
      name: 'Sam Sergeant',
      rank: 'Sergeant',
      badge_number: '214',
    });
    // Not a limited account, not someone without productivity, not a disabled account: none of them could open the task.
    expect(names(everyone)).toEqual(['Alex Admin', 'Gail Guest', 'Lou Loner', "Olive O'Hara-Samson", 'Sam Sergeant']);
  });

  it('also answers the person a picker has chosen, when they could be found at all', async () => {
    expect(names(await search(sessions.sergeant, `?q=gail&include=${people.sergeant.id}`))).toEqual(['Sam Sergeant', 'Gail Guest']);
    expect(names(await search(sessions.sergeant, `?q=gail&include=${people.limited.id}`))).toEqual(['Gail Guest']);
    expect(names(await search(sessions.sergeant, `?q=gail&include=${people.foreigner.id}`))).toEqual(['Gail Guest']);
  });

  it('never shows another agency’s people, not even to its administrator', async () => {
    expect(names(await search(sessions.sergeant, '?q=sam'))).not.toContain('Sam Stranger');
    expect(names(await search(sessions.admin, '?q=sam.stranger'))).toEqual([]);
    expect(names(await search(sessions.foreignAdmin))).toEqual(['Elsa Elsewhere', 'Sam Stranger']);
    expect(names(await search(sessions.foreignAdmin, `?q=sam&include=${people.sergeant.id}`))).toEqual(['Sam Stranger']);
  });

  it('lets an administrator who is in no space look people up', async () => {
    expect(names(await search(sessions.admin, '?q=lou'))).toEqual(['Lou Loner']);
  });

  it('refuses someone a task was only shared with, and someone in no space: they add nobody and share nothing', async () => {
    for (const session of [sessions.guest, sessions.loner]) {
      const response = await call(session, 'GET', '/people?q=sam');
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toContain('Sam Sergeant');
    }
  });

  it('refuses a user who cannot open productivity: no productivity access, or a limited account', async () => {
    for (const session of [sessions.fleetOnly, sessions.limited]) {
      const response = await call(session, 'GET', '/people?q=sam');
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toContain('Sam Sergeant');
    }
  });
});
