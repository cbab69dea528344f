import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DATABASE_KINDS, endpointCaller, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { sampleFor } from '../test-support/route-samples.ts';
import { SERVER_MODULES, TENANT_TABLES } from '../modules.ts';
import { storageApi } from '../../core/contracts/storage.ts';
import { queryRows } from './database.ts';
import { routeTable, type RouteRecord } from './access.ts';
import type { Session } from '../../core/contracts/auth.ts';
import { PERMISSION_LIST } from '../../core/permissions.ts';
import { acceptedPermissions } from '../../core/endpoints.ts';
import { solidPng } from './sample-images.ts';

const PNG = solidPng(2, 2, [30, 90, 200]);

/** Routes in sweep order: signing out last, so it does not end the sweeping sessions half way. */
function sweepOrder(routes: RouteRecord[]) {
  return [...routes].sort((x, y) => Number(x.url.endsWith('/logout')) - Number(y.url.endsWith('/logout')));
}

/**
 * The route's path with `id` in every parameter, but those whose schema allows only a few values (a
 * citation's `:copy`), which get the first of them: the sweep is about ids, not about a word refused.
 */
function fillPath(route: RouteRecord, id: string) {
  const shape = (route.schema.params as { shape?: Record<string, { options?: unknown[] }> } | undefined)?.shape ?? {};
  return route.url
    .replace(/:module\b/g, 'fleet')
    .replace(/:([A-Za-z_]+)/g, (_, name: string) => (shape[name]?.options ? String(shape[name].options[0]) : id));
}

async function tenantRows(server: TestServer, agencyId: string): Promise<string> {
  const dump: Record<string, unknown[]> = {};
  for (const table of TENANT_TABLES) {
    const column = table === 'agencies' ? 'id' : 'agency_id';
    dump[table] = await server.database.withTenant(agencyId, (tx) =>
      queryRows(tx, sql.raw(`select * from ${table} where ${column} = '${agencyId}' order by 1, 2`)),
    );
  }
  return JSON.stringify(dump);
}

describe.each(DATABASE_KINDS)('sweeps over every route on %s', (kind) => {
  let server: TestServer;
  let a: TestAgency;
  let b: TestAgency;
  let adminOfA: Session;
  let userOfB: TestUser;
  const idsOfB: string[] = [];
  let fileOfB = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    a = await makeAgency(server, 'Sweep A');
    b = await makeAgency(server, 'Sweep B');
    adminOfA = await signIn(server, await makeUser(server, a, { permissions: ['admin:access'] }));
    userOfB = await makeUser(server, b, { permissions: ['admin:access'], name: 'Bee Agency-B' });
    const sessionOfB = await signIn(server, userOfB);
    const factor = await server.request({
      method: 'POST',
      url: '/auth/v1/factors',
      token: sessionOfB.access_token,
      payload: { factor_type: 'totp' },
    });
    idsOfB.push(b.id, userOfB.id, b.roleIds.get('officer')!, factor.json().id);
    // Each module's records of B, made through its own endpoints (its manifest's sweepFixtures).
    for (const module of SERVER_MODULES)
      idsOfB.push(...((await module.sweepFixtures?.(endpointCaller(server, sessionOfB.access_token))) ?? []));
    fileOfB = (
      await endpointCaller(server, sessionOfB.access_token)(storageApi.upload, {
        query: { purpose: 'fleet' },
        body: PNG,
        headers: { 'content-type': 'image/png' },
      })
    ).id;
    expect(idsOfB.every(Boolean)).toBe(true);
    // What the fixtures queued for B's mail is delivered now, so the sweep's "nothing of B changed" sees only the sweep.
    await server.services.mailer.deliver(b.id);
    // Every module makes its fixtures through its API: more than a hook’s usual minute on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  const protectedRoutes = () => sweepOrder(routeTable(server.app).filter((r) => !('public' in r.access)));

  it('covers every route the server has', () => {
    expect(routeTable(server.app).length).toBeGreaterThanOrEqual(45);
    console.info(`[sweeps] ${routeTable(server.app).length} routes, ${protectedRoutes().length} behind sign-in`);
  });

  it('answers agency A only 404 for records of agency B, through every route that takes an id, and changes nothing of B', async () => {
    const before = await tenantRows(server, b.id);
    // A record's id in the path; a date (the schedule's day notes) names the caller's own agency's day, never a record of B.
    const routes = protectedRoutes().filter((r) => r.url.includes(':') && !r.url.includes(':module') && !r.url.includes(':date'));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      for (const id of idsOfB) {
        const body = sampleFor(route.schema.body as z.ZodType | undefined, { id });
        const response = await server.request({
          method: route.method as 'GET',
          url: fillPath(route, id),
          token: adminOfA.access_token,
          headers: { 'if-match': '"1"' },
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url} with B's ${id}: ${response.body}`).toBe(404);
        for (const secret of [userOfB.email, 'Bee Agency-B']) expect(response.body).not.toContain(secret);
      }
    }
    expect(await tenantRows(server, b.id)).toBe(before);
    // Every module adds routes and fixtures: the sweep's work grows with both (routes × ids), so it gets more than a test's usual 30 s.
  }, 240_000);

  it('refuses to attach a file of agency B to a record of agency A (404, nothing changed)', async () => {
    const asA = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
      server.request({ method, url, token: adminOfA.access_token, headers, ...(payload ? { payload } : {}) });
    const vehicle = (
      await asA('POST', '/rest/v1/fleet/admin/vehicles', {
        unit_number: `A-${kind}`,
        vehicle_type: 'patrol',
        make: 'Ford',
        model: 'Explorer',
        year: 2024,
        odometer: 100,
      })
    ).json();
    const photo = await asA(
      'PUT',
      `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`,
      { photo_id: fileOfB },
      { 'if-match': `"${vehicle.version}"` },
    );
    expect(photo.statusCode, photo.body).toBe(404);
    expect((await asA('GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json()).toMatchObject({
      photo_id: null,
      version: vehicle.version,
    });
  });

  it('never returns agency B’s rows from any list, search or export', async () => {
    const routes = protectedRoutes().filter((r) => r.method === 'GET' && !r.url.includes(':'));
    for (const route of routes) {
      const response = await server.request({ method: 'GET', url: `${route.url}?page_size=200&q=`, token: adminOfA.access_token });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBeLessThan(500);
      for (const secret of [b.id, userOfB.id, userOfB.email, 'Sweep B', 'Bee Agency-B'])
        expect(response.body, route.url).not.toContain(secret);
    }
  });

  it('refuses each route to a user without its permission and lets admin:access through', async () => {
    const nobody = await signIn(server, await makeUser(server, a, { permissions: [] }));
    for (const route of protectedRoutes()) {
      const accepted = acceptedPermissions(route.access);
      const url = fillPath(route, '00000000-0000-4000-8000-000000000000');
      const asNobody = await server.request({ method: route.method as 'GET', url, token: nobody.access_token, payload: {} });
      const asAdmin = await server.request({ method: route.method as 'GET', url, token: adminOfA.access_token, payload: {} });
      if (accepted.length === 0) expect(asNobody.statusCode, `${route.method} ${route.url}`).not.toBe(403);
      else {
        for (const permission of accepted) expect(PERMISSION_LIST).toContain(permission);
        expect(asNobody.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
      expect(asAdmin.statusCode, `${route.method} ${route.url}`).not.toBe(403);
      const signedOut = await server.request({ method: route.method as 'GET', url, payload: {} });
      expect(signedOut.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
    }
  });
});

describe('input fuzz over every route', () => {
  let server: TestServer;
  let admin: Session;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const agency = await makeAgency(server);
    user = await makeUser(server, agency, { permissions: ['admin:access'] });
    admin = await signIn(server, user);
  });
  afterAll(async () => {
    await server?.close();
  });

  const hostile = fc.oneof(
    fc.constant('<script>alert(1)</script>'),
    fc.constant("'; drop table users; --"),
    fc.constant('\u0000'),
    fc.constant('a\u0000b'),
    fc.constant(3_000_000_000),
    fc.constant(Number.MAX_SAFE_INTEGER),
    fc.constant(-1e308),
    fc.constant('../../etc/passwd'),
    fc.string({ maxLength: 3000 }),
    fc.integer(),
    fc.double(),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.string(), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
  );

  it('answers generated and mutated input with a 4xx naming what is wrong, never a 5xx', async () => {
    const routes = sweepOrder(routeTable(server.app).filter((r) => r.url !== '/*'));
    let requests = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(
              'email',
              'password',
              'name',
              'token',
              'refresh_token',
              'code',
              'challenge_id',
              'factor_type',
              'phone',
              'page',
              'q',
              'sort',
              'enabled',
              'permissions',
              'role_ids',
              'csv',
              'agency',
              'data',
              'type',
            ),
            hostile,
            { maxKeys: 6 },
          ),
          fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constant('%00'), fc.constant('..')),
          fc.dictionary(
            fc.constantFrom('grant_type', 'page', 'page_size', 'sort', 'order', 'status', 'q', 'token', 'scope', 'from', 'to', 'action'),
            fc.string({ maxLength: 30 }),
            { maxKeys: 4 },
          ),
          async (body, pathValue, query) => {
            requests += 1;
            const url = `${route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(pathValue))}?${new URLSearchParams(query)}`;
            const response = await server.request({ method: route.method as 'GET', url, token: admin.access_token, payload: body });
            if (response.statusCode >= 500)
              throw new Error(`${route.method} ${url} → ${response.statusCode} ${response.body} for ${JSON.stringify(body)}`);
            if (response.statusCode === 400) expect(response.json()).toHaveProperty('message');
          },
        ),
        { numRuns: 12, seed: 20261122 },
      );
    }
    console.info(`[fuzz] ${requests} requests over ${routes.length} routes`);
    // Twelve runs for each of some 270 routes: more than a test's usual 30 s on a busy machine.
  }, 180_000);

  it('answers text the database cannot store (a NUL byte) with a 400 saying so', async () => {
    admin = await signIn(server, user);
    const response = await server.request({
      method: 'PUT',
      url: '/auth/v1/user',
      token: admin.access_token,
      payload: { name: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/cannot be stored/);
  });

  it('stores text with markup and SQL metacharacters verbatim and returns it harmlessly as JSON', async () => {
    const name = `<img src=x onerror=alert(1)> O'Brien "; drop table users; --`;
    admin = await signIn(server, user);
    const update = await server.request({ method: 'PUT', url: '/auth/v1/user', token: admin.access_token, payload: { name } });
    expect(update.headers['content-type']).toMatch(/application\/json/);
    expect(update.json().name).toBe(name);
    expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: admin.access_token })).json().name).toBe(name);
  });
});
