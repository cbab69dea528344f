import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Session } from '../../core/contracts/auth.ts';
import { DATABASE_KINDS, startSecondServer, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { decodeJwt, makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { queryRows, type Tx } from './database.ts';

/**
 * A server keeps each session's access state with the agency's access version it read it at, and the
 * database answers "unchanged" while that version holds (migration 0040, known-access.ts). What a user
 * must never notice: a change that takes access away working later than the next request, whichever
 * server answers it, and however the change was made.
 */
describe.each(DATABASE_KINDS)('the access state a server keeps, on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Known Access PD');
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (on: TestServer, session: Session, url: string) => on.request({ method: 'GET', url, token: session.access_token });
  const asOwner = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.database.owner as unknown as Tx, query);
  const accessVersion = async () =>
    BigInt(
      (
        await server.database.withTenant(agency.id, (tx) =>
          queryRows<{ v: string }>(tx, sql`select coalesce(max(version), 0)::text as v from access_versions`),
        )
      )[0]!.v,
    );
  const sessionOf = (session: Session) => decodeJwt(session.access_token).session_id as string;

  /** A user whose own role grants fleet:admin, signed in, whose state the server has read and kept. */
  async function fleetManager(): Promise<{ user: TestUser; session: Session; roleId: string }> {
    const user = await makeUser(server, agency, { permissions: ['fleet:admin'] });
    const session = await signIn(server, user);
    for (let i = 0; i < 2; i++) expect((await get(server, session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(200);
    const [role] = await asOwner<{ role_id: string }>(
      sql`select role_id from user_roles where agency_id = ${agency.id} and user_id = ${user.id}`,
    );
    return { user, session, roleId: role!.role_id };
  }

  it('raises the agency’s access version at the commit of every change the access check reads, and not when activity is noted', async () => {
    const { user, session, roleId } = await fleetManager();
    const changes: Array<[string, ReturnType<typeof sql>]> = [
      [
        'a role given',
        sql`insert into user_roles (agency_id, user_id, role_id) values (${agency.id}, ${user.id}, ${agency.roleIds.get('officer')!})`,
      ],
      [
        'a role taken',
        sql`delete from user_roles where agency_id = ${agency.id} and user_id = ${user.id} and role_id = ${agency.roleIds.get('officer')!}`,
      ],
      [
        'a permission granted',
        sql`insert into role_permissions (agency_id, role_id, permission) values (${agency.id}, ${roleId}, 'reports:read')`,
      ],
      [
        'a permission withdrawn',
        sql`delete from role_permissions where agency_id = ${agency.id} and role_id = ${roleId} and permission = 'reports:read'`,
      ],
      ['a role renamed', sql`update roles set name = 'Renamed role' where agency_id = ${agency.id} and id = ${roleId}`],
      [
        'a user made a part-time account',
        sql`update users set account_type = 'limited' where agency_id = ${agency.id} and id = ${user.id}`,
      ],
      ['a user made a full account again', sql`update users set account_type = 'full' where agency_id = ${agency.id} and id = ${user.id}`],
      [
        'the agency’s modules',
        sql`update agencies set sys_config = sys_config || '{}'::jsonb || jsonb_build_object('x_changed', true) where id = ${agency.id}`,
      ],
      ['the agency’s security policy', sql`update agencies set security_policy = '{"inactivity_minutes": 20}' where id = ${agency.id}`],
      [
        'a second factor added',
        sql`insert into auth_factors (agency_id, user_id, factor_type, friendly_name, status) values (${agency.id}, ${user.id}, 'totp', 'Phone', 'unverified')`,
      ],
      [
        'a second factor verified',
        sql`update auth_factors set status = 'verified' where agency_id = ${agency.id} and user_id = ${user.id}`,
      ],
      ['a second factor removed', sql`delete from auth_factors where agency_id = ${agency.id} and user_id = ${user.id}`],
      [
        'a session’s activity set back',
        sql`update sessions set last_activity_at = now() - interval '1 minute' where agency_id = ${agency.id} and id = ${sessionOf(session)}`,
      ],
      [
        'a session cut short',
        sql`update sessions set not_after = now() + interval '1 hour' where agency_id = ${agency.id} and id = ${sessionOf(session)}`,
      ],
      ['a session ended', sql`update sessions set revoked_at = now() where agency_id = ${agency.id} and id = ${sessionOf(session)}`],
      ['a session deleted', sql`delete from sessions where agency_id = ${agency.id} and id = ${sessionOf(session)}`],
      ['a user disabled', sql`update users set status = 'disabled' where agency_id = ${agency.id} and id = ${user.id}`],
      ['the second factors truncated', sql`truncate auth_factors cascade`],
    ];
    for (const [change, statement] of changes) {
      const before = await accessVersion();
      await asOwner(statement);
      expect(await accessVersion(), change).toBeGreaterThan(before);
    }
    const unchanged: Array<[string, ReturnType<typeof sql>]> = [
      [
        'activity noted',
        sql`update sessions set last_activity_at = now() + interval '1 second' where agency_id = ${agency.id} and id = ${sessionOf(session)}`,
      ],
      ['a user renamed', sql`update users set name = 'Someone Else' where agency_id = ${agency.id} and id = ${user.id}`],
      ['the agency renamed', sql`update agencies set name = 'Known Access Police Department' where id = ${agency.id}`],
    ];
    for (const [change, statement] of unchanged) {
      const before = await accessVersion();
      await asOwner(statement);
      expect(await accessVersion(), change).toBe(before);
    }
    const before = await accessVersion();
    await expect(
      server.database.withTenant(agency.id, async (tx) => {
        await tx.execute(sql`update users set status = 'active' where agency_id = ${agency.id} and id = ${user.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await accessVersion(), 'a change rolled back').toBe(before);
  });

  it('refuses the next request after a permission is withdrawn straight in the database, with no request to the API', async () => {
    const { session, roleId } = await fleetManager();
    await asOwner(sql`delete from role_permissions where agency_id = ${agency.id} and role_id = ${roleId}`);
    const refused = await get(server, session, '/rest/v1/fleet/admin/dashboard');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/permission/);
  });

  it('ends a session on its next request once its user is disabled straight in the database', async () => {
    const { user, session } = await fleetManager();
    expect((await get(server, session, '/auth/v1/user')).statusCode).toBe(200);
    await asOwner(sql`update users set status = 'disabled' where agency_id = ${agency.id} and id = ${user.id}`);
    expect((await get(server, session, '/auth/v1/user')).json().message).toMatch(/disabled/);
    expect((await get(server, session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(401);
  });

  it('answers from the state it kept while the agency’s version holds, and reads it again once the version moves', async () => {
    const { session, roleId } = await fleetManager();
    // A change no trigger sees (triggers off, as a replica's apply runs them): the kept state still answers.
    await server.database.owner.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from role_permissions where agency_id = ${agency.id} and role_id = ${roleId}`);
    });
    expect((await get(server, session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(200);
    // The next change that raises the agency's version makes the server read the state again.
    await asOwner(sql`update roles set name = 'Renamed again' where agency_id = ${agency.id} and id = ${roleId}`);
    expect((await get(server, session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(403);
  });

  it('reads the state again before ending a session that only looks idle in what it kept, since another server noted activity', async () => {
    await asOwner(sql`update agencies set security_policy = '{"inactivity_minutes": 20}' where id = ${agency.id}`);
    const { session } = await fleetManager();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 21 minutes on, past the agency's idle limit; another server has noted activity just now.
      vi.setSystemTime(Date.now() + 21 * 60_000);
      await asOwner(
        sql`update sessions set last_activity_at = ${new Date()} where agency_id = ${agency.id} and id = ${sessionOf(session)}`,
      );
      expect((await get(server, session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(200);
      // With no activity noted anywhere since, the session has been idle: it ends.
      vi.setSystemTime(Date.now() + 21 * 60_000);
      const ended = await get(server, session, '/rest/v1/fleet/admin/dashboard');
      expect(ended.statusCode).toBe(401);
      expect(ended.json().message).toMatch(/without activity/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still answers the previous release’s access check, for a server of it answering during a rolling deploy', async () => {
    const { user, session } = await fleetManager();
    const [state] = await server.database.scopedCall<{ status: string; permissions: string[]; revoked_at: Date | null }>(
      sql`select * from precinct_request_scope(${agency.id}, ${sessionOf(session)}, ${user.id})`,
    );
    expect(state).toMatchObject({ status: 'active', permissions: ['fleet:admin'], revoked_at: null });
  });

  it.runIf(kind === 'postgres')(
    'refuses a request on one server at once after an administrator on another server takes the access away',
    async () => {
      const other = await startSecondServer(server);
      try {
        const admin = await makeUser(server, agency, { permissions: ['admin:access'] });
        const adminSession = await signIn(other, admin);
        const asAdmin = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, headers?: Record<string, string>) =>
          other.request({
            method,
            url,
            token: adminSession.access_token,
            ...(payload ? { payload } : {}),
            ...(headers ? { headers } : {}),
          });

        const removed = await fleetManager();
        const profile = (
          await other.request({ method: 'GET', url: `/rest/v1/admin/users/${removed.user.id}`, token: adminSession.access_token })
        ).json();
        expect(
          (await asAdmin('PATCH', `/rest/v1/admin/users/${removed.user.id}`, { role_ids: [] }, { 'if-match': `"${profile.version}"` }))
            .statusCode,
        ).toBe(200);
        expect((await get(server, removed.session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(403);

        const disabled = await fleetManager();
        expect((await asAdmin('POST', `/rest/v1/admin/users/${disabled.user.id}/disable`)).statusCode).toBe(200);
        expect((await get(server, disabled.session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(401);

        const signedOut = await fleetManager();
        expect((await other.request({ method: 'POST', url: '/auth/v1/logout', token: signedOut.session.access_token })).statusCode).toBe(
          204,
        );
        expect((await get(server, signedOut.session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(401);

        const stillThere = await fleetManager();
        expect((await asAdmin('PUT', '/rest/v1/admin/modules/fleet', { enabled: false })).statusCode).toBe(200);
        const moduleOff = await get(server, stillThere.session, '/rest/v1/fleet/admin/dashboard');
        expect(moduleOff.statusCode).toBe(403);
        expect(moduleOff.json().message).toMatch(/turned off/);
        expect((await asAdmin('PUT', '/rest/v1/admin/modules/fleet', { enabled: true })).statusCode).toBe(200);
        expect((await get(server, stillThere.session, '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    },
  );
});
