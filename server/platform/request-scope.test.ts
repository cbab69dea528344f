import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { inAgency, requestContext } from './context.ts';
import { recordAudit, verifyAuditChain } from './audit.ts';
import { queryRows } from './database.ts';

/**
 * On PostgreSQL a signed-in read opens its transaction with its access check and the handler joins it
 * (Database.openRequestScope, docs/decisions/013). What a client must never notice: a pool that runs
 * dry because requests hold connections, or a transaction left open by a refused or abandoned request.
 */
/** The JSON a signed-in GET answers, which must be a 200. */
async function answerOf(server: TestServer, url: string, session: Session) {
  const answer = await server.request({ method: 'GET', url, token: session.access_token });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('reads that open their transaction with the access check (PostgreSQL, a pool of four)', { timeout: 120_000 }, () => {
  let server: TestServer;
  let session: Session;
  let officer: Session;
  let agency: TestAgency;
  let base: string;

  /** Test-only reads, held like the endpoint kit's: one opens a second transaction before it joins the first, one takes its time. */
  const routes = (app: FastifyInstance) => {
    app.get('/test/two-transactions', { config: { access: { permission: 'authenticated' }, holdScope: true } }, async (request) => {
      const ctx = requestContext(server.services, request);
      const [other] = await server.services.database.withTenant(ctx.scope.agencyId, (tx) =>
        queryRows<{ n: number }>(tx, sql`select 1 as n, pg_sleep(0.05)`),
      );
      const [mine] = await inAgency(ctx, (tx) => queryRows<{ n: number }>(tx, sql`select 2 as n`));
      return { total: (other?.n ?? 0) + (mine?.n ?? 0) };
    });
    app.get('/test/write-in-read', { config: { access: { permission: 'authenticated' }, holdScope: true } }, async (request) =>
      inAgency(requestContext(server.services, request), (tx) =>
        queryRows(tx, sql`update users set name = name where id = ${request.auth!.scope.userId}`),
      ),
    );
    app.get<{ Querystring: { actor?: string } }>(
      '/test/audited-read',
      { config: { access: { permission: 'authenticated' }, holdScope: true } },
      async (request) => {
        const ctx = requestContext(server.services, request);
        const actor = { ...ctx.actor, userId: request.query.actor ?? ctx.actor.userId };
        return inAgency(ctx, async (tx) => {
          await recordAudit(tx, ctx.scope.agencyId, actor, { action: 'test.viewed', entityType: 'test', summary: 'Opened a record' });
          return { ok: true };
        });
      },
    );
    app.get('/test/slow', { config: { access: { permission: 'authenticated' }, holdScope: true } }, async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return inAgency(requestContext(server.services, request), async () => ({ ok: true }));
    });
  };

  const openTransactions = async () => {
    const rows = await queryRows<{ n: number }>(
      server.database.owner,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    );
    return rows[0]?.n ?? -1;
  };

  beforeAll(async () => {
    server = await startTestServer('postgres', {}, { routes });
    agency = await makeAgency(server, 'Pool PD');
    session = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'] }));
    officer = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit'] }));
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server?.close());

  it('answers forty simultaneous reads that each need a second transaction, none refused for want of a connection', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => server.request({ method: 'GET', url: '/test/two-transactions', token: session.access_token })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    expect(answers.every((answer) => answer.json().total === 3)).toBe(true);
  });

  it('leaves no transaction open after reads refused for a missing permission, a bad query or an ended session', async () => {
    const refused = await Promise.all([
      ...Array.from({ length: 10 }, () => server.request({ method: 'GET', url: '/rest/v1/admin/users', token: officer.access_token })),
      ...Array.from({ length: 10 }, () =>
        server.request({ method: 'GET', url: '/rest/v1/admin/users?page=-4', token: session.access_token }),
      ),
    ]);
    expect(refused.map((answer) => answer.statusCode).sort()).toEqual([...Array(10).fill(400), ...Array(10).fill(403)]);
    await expect.poll(openTransactions).toBe(0);
    expect((await server.request({ method: 'GET', url: '/rest/v1/admin/users', token: session.access_token })).statusCode).toBe(200);
  });

  it('ends the transaction of a read whose client went away before the answer', async () => {
    const gone = Array.from({ length: 6 }, async () => {
      const abort = new AbortController();
      const call = fetch(`${base}/test/slow`, { headers: { authorization: `Bearer ${session.access_token}` }, signal: abort.signal });
      setTimeout(() => abort.abort(), 50);
      await call.catch(() => undefined);
    });
    await Promise.all(gone);
    await expect.poll(openTransactions, { timeout: 5000 }).toBe(0);
    const answer = await fetch(`${base}/test/slow`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(answer.status).toBe(200);
  });

  it('refuses a write inside a read, so nothing a read did waits on its commit', async () => {
    const answer = await server.request({ method: 'GET', url: '/test/write-in-read', token: session.access_token });
    expect(answer.statusCode).toBe(500);
    expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: session.access_token })).statusCode).toBe(200);
  });

  it('leaves the tables it read free for a migration’s lock right after it answers', async () => {
    expect((await server.request({ method: 'GET', url: '/rest/v1/admin/users', token: session.access_token })).statusCode).toBe(200);
    // A migration takes ACCESS EXCLUSIVE; the read's share lock, were it left, would keep it waiting past the timeout.
    await server.database.owner.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await tx.execute(sql`lock table users in access exclusive mode`);
    });
    expect((await server.request({ method: 'GET', url: '/rest/v1/admin/users', token: session.access_token })).statusCode).toBe(200);
  });

  it('writes the audit entry of a record a read opened, on the agency’s chain, and answers only once it is written', async () => {
    const viewed = () =>
      server.database.withTenant(session.user.agency_id, (tx) =>
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from audit_log where action = 'test.viewed'`),
      );
    expect((await server.request({ method: 'GET', url: '/test/audited-read', token: session.access_token })).statusCode).toBe(200);
    expect(await viewed()).toEqual([{ n: 1 }]);
    const unwritable = await server.request({ method: 'GET', url: '/test/audited-read?actor=not-a-user-id', token: session.access_token });
    expect(unwritable.statusCode).toBeGreaterThanOrEqual(400);
    expect(await viewed()).toEqual([{ n: 1 }]);
    expect(await server.database.withTenant(session.user.agency_id, (tx) => verifyAuditChain(tx, session.user.agency_id))).toBeNull();
    expect(await openTransactions()).toBe(0);
  });

  it('answers the current user and the profile, read with the access check, as they are after a change', async () => {
    const get = (url: string) => answerOf(server, url, officer);
    const before = await get('/auth/v1/user');
    expect(before).toMatchObject({ id: officer.user.id, agency_id: officer.user.agency_id, email: officer.user.email });
    expect(typeof before.created_at).toBe('string');
    const changed = await server.request({
      method: 'PUT',
      url: '/auth/v1/user',
      token: officer.access_token,
      payload: { name: 'Dana Whitfield', data: { color_scheme: 'dark' } },
    });
    expect(changed.statusCode).toBe(200);
    expect(await get('/auth/v1/user')).toEqual(changed.json());
    expect(await get('/auth/v1/user')).toMatchObject({ name: 'Dana Whitfield', user_metadata: { color_scheme: 'dark' } });
    const profile = await get('/rest/v1/profile');
    expect(profile.user).toEqual(changed.json());
    expect(profile.agency_info).toMatchObject({
      id: officer.user.agency_id,
      name: 'Pool PD',
      security: { mfa_required: expect.any(String) },
    });
  });

  it('refuses the current user to a session that has ended, though its row is read with the access check', async () => {
    const other = await signIn(server, await makeUser(server, agency));
    expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: other.access_token })).statusCode).toBe(200);
    expect((await server.request({ method: 'POST', url: '/auth/v1/logout', token: other.access_token })).statusCode).toBe(204);
    const after = await server.request({ method: 'GET', url: '/auth/v1/user', token: other.access_token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).not.toHaveProperty('email');
    expect((await server.request({ method: 'GET', url: '/rest/v1/profile', token: other.access_token })).statusCode).toBe(401);
  });
});

describe('reads whose connections wait to commit (PostgreSQL, the wait made ten seconds)', { timeout: 120_000 }, () => {
  let server: TestServer;
  // Each agency's only user, its administrator.
  let first: Session;
  let second: Session;

  const waiting = () =>
    queryRows<{ pid: number }>(
      server.database.owner,
      sql`select pid from pg_stat_activity where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`,
    );
  const usersSeenBy = async (session: Session) => {
    const answer = await server.request({ method: 'GET', url: '/rest/v1/admin/users?page_size=200', token: session.access_token });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { items: Array<{ id: string }> }).items.map((user) => user.id);
  };

  beforeAll(async () => {
    server = await startTestServer('postgres', {}, { parkedMs: 10_000 });
    for (const which of ['first', 'second'] as const) {
      const agency = await makeAgency(server, `Waiting ${which} PD`);
      const admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'] }));
      if (which === 'first') first = admin;
      else second = admin;
    }
  });
  afterAll(() => server?.close());

  it('shows each agency only its own people when their reads follow each other on the same connections', async () => {
    for (let round = 0; round < 5; round++) {
      expect(await usersSeenBy(first)).toEqual([first.user.id]);
      expect(await usersSeenBy(second)).toEqual([second.user.id]);
    }
  });

  it('answers each agency its own user and profile, read with the access check, on the same connections', async () => {
    const get = (url: string, session: Session) => answerOf(server, url, session);
    for (let round = 0; round < 5; round++) {
      for (const [session, agency] of [
        [first, 'Waiting first PD'],
        [second, 'Waiting second PD'],
      ] as const) {
        expect(await get('/auth/v1/user', session)).toMatchObject({ id: session.user.id, agency_id: session.user.agency_id });
        expect(await get('/rest/v1/profile', session)).toMatchObject({
          user: { id: session.user.id },
          agency_info: { id: session.user.agency_id, name: agency },
        });
      }
    }
  });

  it('answers the next read when a connection died while its read waited to commit', async () => {
    await usersSeenBy(first);
    const [victim] = await waiting();
    expect(victim).toBeDefined();
    await queryRows(server.database.owner, sql`select pg_terminate_backend(${victim!.pid})`);
    const me = await server.request({ method: 'GET', url: '/auth/v1/user', token: first.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: first.user.id });
    expect(await usersSeenBy(first)).toEqual([first.user.id]);
    expect(await usersSeenBy(second)).toEqual([second.user.id]);
  });
});
