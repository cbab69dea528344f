import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, startTestServer, tokenFromLink, type TestServer } from '../test-support/test-server.ts';
import { decodeJwt, makeAgency, makeUser, signIn, TEST_PASSWORD, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { routeTable } from '../platform/access.ts';
import { queryRows } from '../platform/database.ts';
import { verifyAuditChain } from '../platform/audit.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { AdminUser, RoleDetail } from '../../core/contracts/admin.ts';
import { solidPng } from '../platform/sample-images.ts';

const PNG = solidPng(2, 2, [30, 90, 200]);

describe.each(DATABASE_KINDS)('the admin area API on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let admin: TestUser;
  let adminSession: Session;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Admin Test PD');
    admin = await makeUser(server, agency, { name: 'Ada Admin' });
    // The administrator holds the agency's built-in Administrator role, like a real one.
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

  const as = (session: Session) => ({
    get: (url: string) => server.request({ method: 'GET', url, token: session.access_token }),
    post: (url: string, payload?: object) =>
      server.request({ method: 'POST', url, token: session.access_token, ...(payload ? { payload } : {}) }),
    put: (url: string, payload: object) => server.request({ method: 'PUT', url, token: session.access_token, payload }),
    patch: (url: string, payload: object, version?: number | string) =>
      server.request({
        method: 'PATCH',
        url,
        token: session.access_token,
        payload,
        headers: version === undefined ? {} : { 'if-match': typeof version === 'number' ? `"${version}"` : version },
      }),
    delete: (url: string) => server.request({ method: 'DELETE', url, token: session.access_token }),
  });

  async function invite(email: string, roleKeys: string[] = ['officer'], accountType: 'limited' | 'full' = 'full') {
    const response = await as(adminSession).post('/rest/v1/admin/users', {
      email,
      name: 'New Officer',
      account_type: accountType,
      role_ids: roleKeys.map((k) => agency.roleIds.get(k)!),
      badge_number: '4242',
    });
    expect(response.statusCode).toBe(201);
    return response.json() as AdminUser;
  }

  it('refuses every admin route to a signed-in user without admin:access', async () => {
    const officer = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:admin', 'scheduling:allcall'] }));
    const adminRoutes = routeTable(server.app).filter((r) => r.url.startsWith('/rest/v1/admin'));
    expect(adminRoutes.length).toBeGreaterThan(15);
    for (const route of adminRoutes) {
      const url = route.url.replace(':id', '00000000-0000-4000-8000-000000000000').replace(':module', 'fleet');
      const response = await server.request({ method: route.method as 'GET', url, token: officer.access_token, payload: {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('invites a person by e-mail; they sign up from the link and arrive with the granted roles', async () => {
    const email = `invited-${kind}@precinct.test`;
    const invited = await invite(email, ['officer', 'trainee']);
    expect(invited).toMatchObject({ email, status: 'invited', badge_number: '4242', account_type: 'full' });
    expect(invited.roles.map((r) => r.name)).toEqual(['Officer', 'Trainee']);
    expect(invited.invitation_expires_at).not.toBeNull();

    const message = await server.waitForMail(email, /invited to Admin Test PD/);
    expect(message.links[0]).toMatch(/^http:\/\/precinct\.test\/signup\?invitation=/);
    const signup = await server.request({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email, password: TEST_PASSWORD, name: 'Officer Newman', invitation_token: tokenFromLink(message.links) },
    });
    expect(signup.statusCode).toBe(200);
    expect(decodeJwt(signup.json().session.access_token).app_metadata).toMatchObject({
      agency_id: agency.id,
      roles: ['Officer', 'Trainee'],
    });
    const after = await as(adminSession).get(`/rest/v1/admin/users/${invited.id}`);
    expect(after.json()).toMatchObject({ status: 'active', name: 'Officer Newman', invitation_expires_at: null });
  });

  it('names each bad field of an invitation and refuses an address already in use', async () => {
    const bad = await as(adminSession).post('/rest/v1/admin/users', { email: 'nope', name: '', account_type: 'super' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['account_type', 'email', 'name']);
    const taken = await as(adminSession).post('/rest/v1/admin/users', { email: admin.email, name: 'Copy' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().fields).toEqual({ email: 'Someone already has an account with this e-mail address' });
  });

  it('records an invitation refused for a taken address in the audit log, and limits invitations to 30 a minute per administrator', async () => {
    const elsewhere = await makeUser(server, await makeAgency(server));
    const refused = await as(adminSession).post('/rest/v1/admin/users', { email: elsewhere.email, name: 'Probe' });
    expect(refused.statusCode).toBe(422);
    // An import names the first five taken addresses, and only counts the rest.
    const others = [elsewhere, ...(await Promise.all(Array.from({ length: 6 }, async () => makeUser(server, await makeAgency(server)))))];
    const probe = await as(adminSession).post('/rest/v1/admin/users/import', {
      csv: `email,name\n${others.map((person) => `${person.email},Probe`).join('\n')}\n`,
    });
    const probeErrors = probe.json().errors as Array<{ row: number; message: string }>;
    expect(probeErrors.filter((e) => e.message === 'Someone already has an account with this e-mail address')).toHaveLength(5);
    expect(probeErrors).toContainEqual({ row: 1, field: 'email', message: '2 more addresses already have accounts; check the file' });
    const log = (await as(adminSession).get('/rest/v1/admin/audit?action=user.invitation_refused&page_size=5')).json();
    expect(log.items.map((entry: { summary: string }) => entry.summary)).toContain(
      `Invitation refused, address already has an account: ${elsewhere.email}`,
    );
    expect(log.items[0].summary).toBe(
      `Invitation refused, address already has an account: ${others.map((person) => person.email).join(', ')}`,
    );

    // An administrator of another agency, so this file's administrator keeps their allowance (and stays the only one).
    const prober = await signIn(server, await makeUser(server, await makeAgency(server), { permissions: ['admin:access'] }));
    const probes: number[] = [];
    for (let i = 0; i < 31; i += 1) probes.push((await as(prober).post('/rest/v1/admin/users', { email: 'nope', name: 'x' })).statusCode);
    expect(probes.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(probes[30]).toBe(429);
    expect((await as(adminSession).post('/rest/v1/admin/users', { email: 'nope', name: 'x' })).statusCode).toBe(400);
    const limited = await as(prober).post('/rest/v1/admin/users', { email: 'nope', name: 'x' });
    expect(limited.json().message).toMatch(/^You have sent a lot of invitations in the last minute; wait \d+ seconds and try again$/);
  });

  it('lists users a page at a time, searched and sorted', async () => {
    for (const name of ['Zed Zulu', 'Yan Young', 'Xia Xu']) await makeUser(server, agency, { name });
    const page = await as(adminSession).get('/rest/v1/admin/users?page=1&page_size=2&sort=name&order=desc');
    const body = page.json();
    expect(body.items.map((u: AdminUser) => u.name)).toEqual(['Zed Zulu', 'Yan Young']);
    expect(body.total).toBeGreaterThanOrEqual(4);
    const search = await as(adminSession).get('/rest/v1/admin/users?q=xia');
    expect(search.json().items.map((u: AdminUser) => u.name)).toEqual(['Xia Xu']);
    const bad = await as(adminSession).get('/rest/v1/admin/users?sort=password_hash&page=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['querystring.page', 'querystring.sort']);
  });

  it('edits a user only against the version the admin saw, and the new roles reach the user’s token at its next refresh', async () => {
    const officer = await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit'] });
    const session = await signIn(server, officer);
    const current = (await as(adminSession).get(`/rest/v1/admin/users/${officer.id}`)).json() as AdminUser;

    const missing = await as(adminSession).patch(`/rest/v1/admin/users/${officer.id}`, { rank: 'Sergeant' });
    expect(missing.statusCode).toBe(428);
    const ok = await as(adminSession).patch(
      `/rest/v1/admin/users/${officer.id}`,
      { rank: 'Sergeant', role_ids: [agency.roleIds.get('fleet-manager')!] },
      current.version,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe(`"${current.version + 1}"`);
    const stale = await as(adminSession).patch(`/rest/v1/admin/users/${officer.id}`, { rank: 'Lieutenant' }, current.version);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/changed by someone else/);

    const refreshed = await server.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(decodeJwt(refreshed.json().access_token).app_metadata).toMatchObject({
      roles: ['Fleet Manager'],
      permissions: expect.arrayContaining(['fleet:admin']),
    });
  });

  it('takes a removed role away on the user’s very next request, though their token still lists it', async () => {
    const manager = await makeUser(server, agency);
    await server.database.withTenant(agency.id, (tx) =>
      tx.execute(
        sql`insert into user_roles (agency_id, user_id, role_id) values (${agency.id}, ${manager.id}, ${agency.roleIds.get('fleet-manager')!})`,
      ),
    );
    const session = await signIn(server, manager);
    expect(decodeJwt(session.access_token).app_metadata).toMatchObject({ permissions: expect.arrayContaining(['fleet:admin']) });
    expect((await as(session).get('/rest/v1/fleet/admin/dashboard')).statusCode).toBe(200);
    const current = (await as(adminSession).get(`/rest/v1/admin/users/${manager.id}`)).json() as AdminUser;
    await as(adminSession).patch(`/rest/v1/admin/users/${manager.id}`, { role_ids: [] }, current.version);
    expect((await as(session).get('/rest/v1/fleet/admin/dashboard')).statusCode).toBe(403);
  });

  it('disabling a user ends their session at once, and re-enabling lets them sign in again', async () => {
    const officer = await makeUser(server, agency);
    const session = await signIn(server, officer);
    expect((await as(adminSession).post(`/rest/v1/admin/users/${officer.id}/disable`)).json()).toMatchObject({ status: 'disabled' });
    expect((await as(session).get('/auth/v1/user')).statusCode).toBe(401);
    const refresh = await server.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(400);
    const signInAgain = await server.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: officer.email, password: TEST_PASSWORD },
    });
    expect(signInAgain.json().message).toMatch(/disabled/);

    expect((await as(adminSession).post(`/rest/v1/admin/users/${officer.id}/enable`)).json()).toMatchObject({ status: 'active' });
    await signIn(server, officer);
  });

  it('never leaves the agency without an active administrator', async () => {
    const own = await as(adminSession).post(`/rest/v1/admin/users/${admin.id}/disable`);
    expect(own.statusCode).toBe(409);
    const me = (await as(adminSession).get(`/rest/v1/admin/users/${admin.id}`)).json() as AdminUser;
    const demote = await as(adminSession).patch(
      `/rest/v1/admin/users/${admin.id}`,
      { role_ids: [agency.roleIds.get('officer')!] },
      me.version,
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('This would leave the agency without an active administrator');
    const role = (await as(adminSession).get(`/rest/v1/admin/roles/${agency.roleIds.get('administrator')}`)).json() as RoleDetail;
    const strip = await as(adminSession).patch(`/rest/v1/admin/roles/${role.id}`, { permissions: ['fleet:admin'] }, role.version);
    expect(strip.statusCode).toBe(409);
    const empty = await as(adminSession).put(`/rest/v1/admin/roles/${role.id}/members`, { user_ids: [] });
    expect(empty.statusCode).toBe(409);
    // Nothing changed.
    expect((await as(adminSession).get(`/rest/v1/admin/users/${admin.id}`)).json().roles.map((r: { name: string }) => r.name)).toContain(
      'Administrator',
    );
  });

  it('creates, renames, re-permissions and deletes a role, refusing duplicates and deletion while it has members', async () => {
    const created = await as(adminSession).post('/rest/v1/admin/roles', {
      name: 'Evidence Tech',
      permissions: ['reports:editor', 'reports:editor'],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json() as RoleDetail;
    expect(role.permissions).toEqual(['reports:editor']);
    const duplicate = await as(adminSession).post('/rest/v1/admin/roles', { name: 'evidence tech' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().fields).toEqual({ name: 'There is already a role called evidence tech' });
    const unknown = await as(adminSession).post('/rest/v1/admin/roles', { name: 'Bogus', permissions: ['root:everything'] });
    expect(unknown.json().fields).toEqual({ 'permissions.0': 'Unknown permission' });

    const member = await makeUser(server, agency);
    const withMember = await as(adminSession).put(`/rest/v1/admin/roles/${role.id}/members`, { user_ids: [member.id] });
    expect(withMember.json()).toMatchObject({ member_count: 1 });
    const refused = await as(adminSession).delete(`/rest/v1/admin/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The role Evidence Tech still has 1 member; remove them first');

    const renamed = await as(adminSession).patch(
      `/rest/v1/admin/roles/${role.id}`,
      { name: 'Evidence Technician', permissions: ['reports:editor', 'citations:access'] },
      withMember.json().version,
    );
    expect(renamed.json()).toMatchObject({ name: 'Evidence Technician', permissions: ['citations:access', 'reports:editor'] });
    await as(adminSession).put(`/rest/v1/admin/roles/${role.id}/members`, { user_ids: [] });
    expect((await as(adminSession).delete(`/rest/v1/admin/roles/${role.id}`)).statusCode).toBe(204);
    expect((await as(adminSession).get(`/rest/v1/admin/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('lists the built-in roles of a new agency with their member counts', async () => {
    const roles = (await as(adminSession).get('/rest/v1/admin/roles')).json() as Array<{ name: string; member_count: number }>;
    expect(roles.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'Administrator',
        'Officer',
        'Sergeant',
        'Field Training Officer',
        'Trainee',
        'FTO Coordinator',
        'Fleet Manager',
        'Scheduler',
        'Records Clerk',
      ]),
    );
    expect(roles.find((r) => r.name === 'Administrator')!.member_count).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 for another agency’s users and roles, and changes nothing there', async () => {
    const other = await makeAgency(server, 'Other PD');
    const stranger = await makeUser(server, other, { name: 'Stranger' });
    const strangerRole = other.roleIds.get('officer')!;
    const me = as(adminSession);
    expect((await me.get(`/rest/v1/admin/users/${stranger.id}`)).statusCode).toBe(404);
    expect((await me.post(`/rest/v1/admin/users/${stranger.id}/disable`)).statusCode).toBe(404);
    expect((await me.patch(`/rest/v1/admin/users/${stranger.id}`, { name: 'Hacked' }, 1)).statusCode).toBe(404);
    expect((await me.get(`/rest/v1/admin/roles/${strangerRole}`)).statusCode).toBe(404);
    expect((await me.delete(`/rest/v1/admin/roles/${strangerRole}`)).statusCode).toBe(404);
    const grant = await me.put(`/rest/v1/admin/roles/${agency.roleIds.get('officer')}/members`, { user_ids: [stranger.id] });
    expect(grant.statusCode).toBe(400);
    const list = (await me.get('/rest/v1/admin/users?page_size=200')).json();
    expect(list.items.map((u: AdminUser) => u.id)).not.toContain(stranger.id);
    const untouched = await server.database.withTenant(other.id, (tx) =>
      queryRows<{ name: string; status: string }>(tx, sql`select name, status from users`),
    );
    expect(untouched).toEqual([{ name: 'Stranger', status: 'active' }]);
  });

  it('switches a module off for the whole agency at once', async () => {
    const modules = await as(adminSession).put('/rest/v1/admin/modules/citations', { enabled: false });
    expect(modules.json().find((m: { key: string }) => m.key === 'citations')).toEqual({
      key: 'citations',
      label: 'Citations',
      enabled: false,
    });
    const profile = await as(adminSession).get('/rest/v1/profile');
    expect(profile.json().agency_info.sys_config.citations_settings.enabled).toBe(false);
    await as(adminSession).put('/rest/v1/admin/modules/citations', { enabled: true });
    expect((await as(adminSession).put('/rest/v1/admin/modules/weather', { enabled: true })).statusCode).toBe(400);
  });

  it('changes the agency timezone everywhere at once and keeps the security policy within CJIS bounds', async () => {
    const current = await as(adminSession).get('/rest/v1/admin/agency');
    expect(current.json().security_policy).toEqual({
      mfa_required: 'none',
      inactivity_minutes: 30,
      min_password_length: 8,
      self_unlock: true,
    });
    const tooLax = await as(adminSession).patch(
      '/rest/v1/admin/agency',
      { security_policy: { inactivity_minutes: 90, min_password_length: 6 } },
      current.headers.etag as string,
    );
    expect(tooLax.json().fields).toEqual({
      'security_policy.inactivity_minutes': 'CJIS allows at most 30 minutes',
      'security_policy.min_password_length': 'Use at least 8 characters',
    });
    const updated = await as(adminSession).patch(
      '/rest/v1/admin/agency',
      {
        timezone: 'America/Los_Angeles',
        ori: 'ca0190000',
        address: { city: 'Fresno', state: 'CA' },
        security_policy: { inactivity_minutes: 15 },
      },
      current.headers.etag as string,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      timezone: 'America/Los_Angeles',
      ori: 'CA0190000',
      address: { city: 'Fresno', state: 'CA' },
      security_policy: { inactivity_minutes: 15 },
    });
    const profile = (await as(adminSession).get('/rest/v1/profile')).json();
    expect(profile.agency_info.timezone).toBe('America/Los_Angeles');
    expect(profile.agency_info.sys_config.general_settings.timezone).toBe('America/Los_Angeles');
  });

  it('takes a PNG logo, refuses anything that is not an image, and serves the logo publicly', async () => {
    const refused = await server.request({
      method: 'PUT',
      url: '/rest/v1/admin/agency/logo',
      token: adminSession.access_token,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('<svg onload="alert(1)"/>'),
    });
    expect(refused.statusCode).toBe(415);
    const uploaded = await server.request({
      method: 'PUT',
      url: '/rest/v1/admin/agency/logo',
      token: adminSession.access_token,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(uploaded.statusCode).toBe(200);
    const logoUrl = uploaded.json().logo_url as string;
    const logo = await server.request({ method: 'GET', url: logoUrl });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(logo.rawPayload, PNG)).toBe(0);
  });

  it('imports a CSV of people all or nothing, reporting each bad row', async () => {
    const bad = await as(adminSession).post('/rest/v1/admin/users/import', {
      csv: 'email,name,account_type,roles\nok-one@precinct.test,One,full,Officer\nnot-an-email,Two,,\nthree@precinct.test,Three,admin,\nok-one@precinct.test,Dup,,\nfour@precinct.test,Four,,Astronaut\n',
    });
    expect(bad.json()).toEqual({
      created: 0,
      errors: [
        { row: 3, field: 'email', message: 'Enter a valid e-mail address' },
        { row: 4, field: 'account_type', message: 'Use limited or full' },
        { row: 5, field: 'email', message: 'The same address is on row 2' },
        { row: 6, field: 'roles', message: 'There is no role called Astronaut' },
      ],
    });
    const none = (await as(adminSession).get('/rest/v1/admin/users?q=ok-one')).json();
    expect(none.total).toBe(0);

    const good = await as(adminSession).post('/rest/v1/admin/users/import', {
      csv: `email,name,account_type,roles,badge_number\r\ncsv-a-${kind}@precinct.test,"Quoted, Name",full,Officer;Trainee,11\r\ncsv-b-${kind}@precinct.test,Plain Name,,,\r\n`,
    });
    expect(good.json()).toEqual({ created: 2, errors: [] });
    const imported = (await as(adminSession).get(`/rest/v1/admin/users?q=csv-a-${kind}`)).json().items[0] as AdminUser;
    expect(imported).toMatchObject({ name: 'Quoted, Name', status: 'invited', badge_number: '11' });
    await server.waitForMail(`csv-b-${kind}@precinct.test`, /invited/);
  });

  it('records every admin change with who, what, before and after, and filters and exports the log', async () => {
    const log = (await as(adminSession).get('/rest/v1/admin/audit?action=agency&page_size=5')).json();
    const change = log.items.find((e: { action: string }) => e.action === 'agency.security_policy_changed');
    expect(change).toMatchObject({ actor_id: admin.id, actor_email: admin.email, actor_name: 'Ada Admin', entity_type: 'agency' });
    expect(change.before.timezone).toBe('America/Chicago');
    expect(change.after.timezone).toBe('America/Los_Angeles');

    const byActor = (await as(adminSession).get(`/rest/v1/admin/audit?actor_id=${admin.id}&page_size=200`)).json();
    expect(byActor.items.every((e: { actor_id: string }) => e.actor_id === admin.id)).toBe(true);
    const csv = await as(adminSession).get('/rest/v1/admin/audit.csv?action=role');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('occurred_at,actor_email,action,entity_type,entity_id,summary,before,after,ip,user_agent');
    expect(csv.body).toMatch(/Created the role Evidence Tech/);

    const intact = await server.database.withTenant(agency.id, (tx) => verifyAuditChain(tx, agency.id));
    expect(intact).toBeNull();
  });

  it('keeps the audit log one unbroken chain when an agency’s changes commit at the same moment', async () => {
    const names = Array.from({ length: 8 }, (_, n) => `Shift Lead ${n + 1}`);
    const created = await Promise.all(names.map((name) => as(adminSession).post('/rest/v1/admin/roles', { name })));
    expect(created.map((response) => response.statusCode)).toEqual(names.map(() => 201));
    const deleted = await Promise.all(
      created.map((response) => as(adminSession).delete(`/rest/v1/admin/roles/${(response.json() as RoleDetail).id}`)),
    );
    expect(deleted.map((response) => response.statusCode)).toEqual(names.map(() => 204));

    const entries = await server.database.withTenant(agency.id, (tx) =>
      queryRows<{ prev_hash: string | null }>(tx, sql`select prev_hash from audit_log where agency_id = ${agency.id}`),
    );
    // Each entry follows a different one: two writers that read the same last entry would fork the chain.
    expect(new Set(entries.map((entry) => entry.prev_hash)).size).toBe(entries.length);
    expect(await server.database.withTenant(agency.id, (tx) => verifyAuditChain(tx, agency.id))).toBeNull();
  });

  it('refuses to change or delete audit entries, even for the schema owner', async () => {
    for (const statement of [sql`update audit_log set summary = 'nothing happened'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      let message = '';
      try {
        await server.database.owner.execute(statement);
      } catch (error) {
        message = String((error as { cause?: Error }).cause?.message ?? error);
      }
      expect(message).toMatch(/append-only/);
    }
    await expect(server.database.withTenant(agency.id, (tx) => tx.execute(sql`update audit_log set summary = 'x'`))).rejects.toThrow();
  });

  it('shows an overview of users by status, roles, modules and recent activity', async () => {
    const overview = (await as(adminSession).get('/rest/v1/admin/overview')).json();
    expect(overview.users_by_status.active).toBeGreaterThanOrEqual(1);
    expect(overview.role_count).toBeGreaterThanOrEqual(9);
    expect(overview.modules).toHaveLength(6);
    expect(overview.recent_activity.length).toBeGreaterThan(0);
  });
});
