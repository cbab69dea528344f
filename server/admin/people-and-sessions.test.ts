import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { AdminUser, BulkUsersResult, UserSession } from '../../core/contracts/admin.ts';
import { apiCaller } from '../test-support/api-calls.ts';

describe.each(DATABASE_KINDS)('people and sessions in the admin area on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let other: TestAgency;
  let admin: TestUser;
  let adminSession: Session;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'People Test PD');
    other = await makeAgency(server, 'Other Test PD');
    admin = await makeUser(server, agency, { name: 'Ada Admin' });
    await server.database.withTenant(agency.id, (tx) =>
      tx.execute(
        sql`insert into user_roles (agency_id, user_id, role_id) values (${agency.id}, ${admin.id}, ${agency.roleIds.get('administrator')!})`,
      ),
    );
    adminSession = await signIn(server, admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = apiCaller(() => server);
  const bulk = async (payload: object, session = adminSession) => {
    const response = await call(session, 'POST', '/rest/v1/admin/users/bulk', payload);
    return { status: response.statusCode, body: response.json() as BulkUsersResult & { fields?: Record<string, string> } };
  };

  it('assigns a role to several people at once and says, person by person, what happened', async () => {
    const sam = await makeUser(server, agency, { name: 'Sam Patrol' });
    const dana = await makeUser(server, agency, { name: 'Dana Patrol' });
    const sergeant = agency.roleIds.get('sergeant')!;
    const first = await bulk({ action: 'assign_role', role_id: sergeant, user_ids: [sam.id, dana.id] });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => [r.name, r.outcome])).toEqual([
      ['Sam Patrol', 'done'],
      ['Dana Patrol', 'done'],
    ]);
    const again = await bulk({ action: 'assign_role', role_id: sergeant, user_ids: [sam.id] });
    expect(again.body.results[0]).toMatchObject({ outcome: 'unchanged', message: expect.stringMatching(/^Already holds /) });
    const samNow = (await call(adminSession, 'GET', `/rest/v1/admin/users/${sam.id}`)).json() as AdminUser;
    expect(samNow.roles.map((r) => r.id)).toContain(sergeant);
    const log = (await call(adminSession, 'GET', `/rest/v1/admin/audit?entity_id=${sam.id}`)).json();
    expect(log.items[0].summary).toMatch(/^Gave Sam Patrol the role /);
    expect(log.items[0].actor_name).toBe('Ada Admin');
  });

  it('disables and re-invites in bulk, refusing per person what cannot be done and why', async () => {
    const active = await makeUser(server, agency, { name: 'Active Person' });
    const invited = (
      await call(adminSession, 'POST', '/rest/v1/admin/users', { email: `bulk-invited-${kind}@precinct.test`, name: 'Invited Person' })
    ).json() as AdminUser;
    const resent = await bulk({ action: 'resend_invitation', user_ids: [invited.id, active.id] });
    expect(resent.body.results.map((r) => [r.outcome, r.message])).toEqual([
      ['done', `Invitation sent again to bulk-invited-${kind}@precinct.test`],
      ['refused', 'Has already accepted the invitation'],
    ]);
    const disabled = await bulk({ action: 'disable', user_ids: [active.id, admin.id] });
    expect(disabled.body.results.map((r) => [r.name, r.outcome, r.message])).toEqual([
      ['Active Person', 'done', 'Disabled and signed out everywhere'],
      ['Ada Admin', 'refused', 'You cannot disable your own account'],
    ]);
    expect(((await call(adminSession, 'GET', `/rest/v1/admin/users/${active.id}`)).json() as AdminUser).status).toBe('disabled');
  });

  it('touches nobody of another agency: their people are "not found" and stay as they were', async () => {
    const stranger = await makeUser(server, other, { name: 'Stranger Elsewhere' });
    const result = await bulk({ action: 'disable', user_ids: [stranger.id] });
    expect(result.body.results).toEqual([{ user_id: stranger.id, name: null, outcome: 'refused', message: 'Not found in this agency' }]);
    expect(JSON.stringify(result.body)).not.toContain('Stranger');
    await expect(signIn(server, stranger)).resolves.toMatchObject({ access_token: expect.any(String) });
    const foreignRole = await bulk({ action: 'assign_role', role_id: other.roleIds.get('officer')!, user_ids: [admin.id] });
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.body.fields).toEqual({ role_id: 'That role does not exist' });
  });

  it('refuses the bulk actions and the sessions to someone without admin:access', async () => {
    const officer = await makeUser(server, agency, { permissions: ['fleet:admin'] });
    const officerSession = await signIn(server, officer);
    expect((await bulk({ action: 'disable', user_ids: [admin.id] }, officerSession)).status).toBe(403);
    expect((await call(officerSession, 'GET', `/rest/v1/admin/users/${admin.id}/sessions`)).statusCode).toBe(403);
    expect((await call(officerSession, 'POST', `/rest/v1/admin/users/${admin.id}/sessions/end`)).statusCode).toBe(403);
  });

  it('lists a person’s sessions, and ending one signs that browser out at once and refuses its refresh token', async () => {
    const officer = await makeUser(server, agency, { name: 'Two Devices' });
    const phone = await signIn(server, officer);
    const laptop = await signIn(server, officer);
    const sessions = (await call(adminSession, 'GET', `/rest/v1/admin/users/${officer.id}/sessions`)).json() as UserSession[];
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => !s.current && s.signed_in_at && s.last_used_at)).toBe(true);
    const phoneId = (JSON.parse(Buffer.from(phone.access_token.split('.')[1]!, 'base64url').toString()) as { session_id: string })
      .session_id;

    const left = await call(adminSession, 'POST', `/rest/v1/admin/users/${officer.id}/sessions/${phoneId}/end`);
    expect(left.statusCode).toBe(200);
    expect((left.json() as UserSession[]).map((s) => s.id)).not.toContain(phoneId);
    expect((await call(phone, 'GET', '/auth/v1/user')).statusCode).toBe(401);
    const refresh = await server.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: phone.refresh_token },
    });
    expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(laptop, 'GET', '/auth/v1/user')).statusCode).toBe(200);

    const none = await call(adminSession, 'POST', `/rest/v1/admin/users/${officer.id}/sessions/end`);
    expect(none.json()).toEqual([]);
    expect((await call(laptop, 'GET', '/auth/v1/user')).statusCode).toBe(401);
    const log = (await call(adminSession, 'GET', `/rest/v1/admin/audit?entity_id=${officer.id}`)).json();
    expect(
      log.items.filter((e: { action: string }) => e.action.startsWith('auth.session')).map((e: { summary: string }) => e.summary),
    ).toEqual(['Ended every session of Two Devices', 'Ended one session of Two Devices']);
  });

  it('keeps the administrator’s own session when they end their other sessions, and will not end the one in use', async () => {
    const elsewhere = await signIn(server, admin);
    const own = (await call(adminSession, 'GET', `/rest/v1/admin/users/${admin.id}/sessions`)).json() as UserSession[];
    const current = own.find((s) => s.current)!;
    expect(current).toBeDefined();
    const refused = await call(adminSession, 'POST', `/rest/v1/admin/users/${admin.id}/sessions/${current.id}/end`);
    expect(refused.statusCode).toBe(409);
    const left = (await call(adminSession, 'POST', `/rest/v1/admin/users/${admin.id}/sessions/end`)).json() as UserSession[];
    expect(left.map((s) => s.id)).toEqual([current.id]);
    expect((await call(elsewhere, 'GET', '/auth/v1/user')).statusCode).toBe(401);
    expect((await call(adminSession, 'GET', '/auth/v1/user')).statusCode).toBe(200);
  });

  it('answers 404 for the sessions of another agency’s person', async () => {
    const stranger = await makeUser(server, other);
    const session = await signIn(server, stranger);
    const sessionId = (JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as { session_id: string })
      .session_id;
    expect((await call(adminSession, 'GET', `/rest/v1/admin/users/${stranger.id}/sessions`)).statusCode).toBe(404);
    expect((await call(adminSession, 'POST', `/rest/v1/admin/users/${stranger.id}/sessions/${sessionId}/end`)).statusCode).toBe(404);
    expect((await call(adminSession, 'POST', `/rest/v1/admin/users/${admin.id}/sessions/${sessionId}/end`)).statusCode).toBe(404);
    expect((await call(session, 'GET', '/auth/v1/user')).statusCode).toBe(200);
  });

  it('never deletes the built-in Administrator role, even when nobody holds it', async () => {
    const lone = await makeAgency(server, 'Lone Admin PD');
    const loneAdmin = await signIn(server, await makeUser(server, lone, { permissions: ['admin:access'] }));
    const role = lone.roleIds.get('administrator')!;
    const refused = await call(loneAdmin, 'DELETE', `/rest/v1/admin/roles/${role}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The built-in role Administrator cannot be deleted: it is what keeps the agency administrable');
    expect((await call(loneAdmin, 'GET', `/rest/v1/admin/roles/${role}`)).statusCode).toBe(200);
  });

  it('speaks of the invited person in the third person when their address or name is missing', async () => {
    const response = await call(adminSession, 'POST', '/rest/v1/admin/users', { email: '', name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ email: 'Enter their e-mail address', name: 'Enter their name' });
  });
});
