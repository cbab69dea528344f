import { acceptedPermissions, alsoRequiredPermissions, endpointsOf } from '../../core/endpoints.ts';
import { SERVER_MODULES } from '../modules.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agencies } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { routeTable } from './access.ts';

// Each test starts a server of its own on a fresh embedded database: on a loaded two-core machine that alone can take 20 s.
describe('per-address rate limits on auth endpoints', { timeout: 90_000 }, () => {
  it('answers 429 with a readable message once an address exceeds the limit, and only for that endpoint', async () => {
    const server = await startTestServer('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () => server.request({ method: 'POST', url: '/auth/v1/recover', payload: { email: 'someone@precinct.test' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(200);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many attempts from your address; wait \d+ seconds/),
      });
      expect((await server.request({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('counts signed-in auth requests per user, so colleagues behind one station address do not use up each other’s allowance', async () => {
    const server = await startTestServer('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const agency = await makeAgency(server);
      const tokens: string[] = [];
      // Signing in itself is per address: two sign-ins fit in the limit of 3.
      for (const user of [await makeUser(server, agency), await makeUser(server, agency)])
        tokens.push((await signIn(server, user)).access_token);
      const [first, second] = tokens as [string, string];
      for (let i = 0; i < 3; i += 1)
        expect((await server.request({ method: 'GET', url: '/auth/v1/factors', token: first })).statusCode).toBe(200);
      expect((await server.request({ method: 'GET', url: '/auth/v1/factors', token: first })).statusCode).toBe(429);
      expect((await server.request({ method: 'GET', url: '/auth/v1/factors', token: second })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('route access declarations', () => {
  let server: TestServer;
  let agency: TestAgency;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Precinct</title>');
    fs.writeFileSync(path.join(webDir, 'login.html'), '<!doctype html><title>Precinct</title><script src="/sign-in"></script>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync('console.log(1)'));
    server = await startTestServer(
      'pglite',
      { WEB_DIST_DIR: webDir },
      {
        routes(app) {
          app.get('/rest/v1/test/fleet-admin', { config: { access: { permission: 'fleet:admin', module: 'fleet' } } }, async () => ({
            ok: true,
          }));
          app.get('/rest/v1/test/citations', { config: { access: { permission: 'citations:access', module: 'citations' } } }, async () => ({
            ok: true,
          }));
        },
      },
    );
    agency = await makeAgency(server);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves exactly the endpoints the modules’ API tables declare, besides the platform’s own few', () => {
    const declared = SERVER_MODULES.flatMap((module) => module.apis.flatMap(endpointsOf)).map(
      (endpoint) => `${endpoint.method} ${endpoint.url}`,
    );
    const platform = ['GET /health', 'GET /docs/openapi.json', 'GET /app/config.json', 'GET /*'];
    const served = routeTable(server.app)
      .filter((route) => !route.url.startsWith('/rest/v1/test/'))
      .map((route) => `${route.method} ${route.url}`);
    expect(served.sort()).toEqual([...declared, ...platform].sort());
  });

  it('keeps the permission surface of every endpoint table as a reviewed snapshot', () => {
    const platform = routeTable(server.app).filter((route) =>
      ['/health', '/docs/openapi.json', '/app/config.json', '/*'].includes(route.url),
    );
    const endpoints = SERVER_MODULES.flatMap((module) => module.apis.flatMap(endpointsOf)).map((endpoint) => ({
      method: endpoint.method,
      url: endpoint.url,
      access: endpoint.access,
    }));
    const surface = [...endpoints, ...platform]
      .map((route) => {
        const access = route.access;
        if ('public' in access) return `${route.method} ${route.url} → public`;
        return `${route.method} ${route.url} → ${acceptedPermissions(access).join(' | ') || 'authenticated'}${alsoRequiredPermissions(
          access,
        )
          .map((p) => ` & ${p}`)
          .join('')}${access.module ? ` [${access.module}]` : ''}${access.aal1 ? ` (aal1: ${access.aal1})` : ''}`;
      })
      .sort();
    expect(surface).toMatchSnapshot();
  });

  it('refuses to register a route that declares no access', async () => {
    const other = await startTestServer(
      'pglite',
      {},
      {
        routes(app) {
          expect(() => app.get('/rest/v1/test/forgotten', async () => ({}))).toThrow(/declares no access/);
        },
      },
    );
    await other.close();
  });

  it('answers 403 with the permission’s name to a user who lacks it, and lets admin:access through', async () => {
    const officer = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit'] }));
    const refused = await server.request({ method: 'GET', url: '/rest/v1/test/fleet-admin', token: officer.access_token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', details: 'requires fleet:admin' });

    const admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'] }));
    expect((await server.request({ method: 'GET', url: '/rest/v1/test/fleet-admin', token: admin.access_token })).statusCode).toBe(200);
  });

  it('answers 403 for every route of a module the agency switched off, even to an administrator', async () => {
    const other = await makeAgency(server);
    const admin = await signIn(server, await makeUser(server, other, { permissions: ['admin:access'] }));
    await server.database.withTenant(other.id, async (tx) => {
      const [row] = await tx.select().from(agencies).where(eq(agencies.id, other.id));
      await tx
        .update(agencies)
        .set({ sysConfig: { ...row!.sysConfig, fleet_settings: { ...row!.sysConfig.fleet_settings, enabled: false } } })
        .where(eq(agencies.id, other.id));
    });
    const response = await server.request({ method: 'GET', url: '/rest/v1/test/fleet-admin', token: admin.access_token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'module_disabled', message: 'The Fleet module is turned off for your agency' });
  });

  it('keeps a limited account out of the modules that need a full one', async () => {
    const limited = await signIn(server, await makeUser(server, agency, { permissions: ['citations:access'], accountType: 'limited' }));
    const response = await server.request({ method: 'GET', url: '/rest/v1/test/citations', token: limited.access_token });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('module_disabled');
  });

  it('serves the web app for client-side routes and its files as they are, but never for API paths', async () => {
    const page = await server.request({ method: 'GET', url: '/fleet/admin/vehicle' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await server.request({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const compressed = await server.request({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const api = await server.request({ method: 'GET', url: '/rest/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found', message: 'Not found: GET /rest/v1/nothing-here' });
    const escape = await server.request({ method: 'GET', url: '/../../etc/passwd' });
    expect(escape.body).not.toMatch(/root:/);
  });

  it('sends the sign-in page of its own for /login to a browser with no session, and the app to one with a session', async () => {
    for (const url of ['/login', '/login/', '/LOGIN', '/login?unlock=abc']) {
      const page = await server.request({ method: 'GET', url });
      expect(page.body, url).toContain('/sign-in');
      expect(page.headers.vary).toMatch(/cookie/i);
    }
    for (const cookie of ['precinct-auth-token=base64-abc', 'theme=dark; precinct-auth-token.0=base64-abc']) {
      const page = await server.request({ method: 'GET', url: '/login', headers: { cookie } });
      expect(page.body, cookie).toBe('<!doctype html><title>Precinct</title>');
    }
    // Other paths, and an emptied cookie, are as before.
    expect((await server.request({ method: 'GET', url: '/signup' })).body).toBe('<!doctype html><title>Precinct</title>');
    expect((await server.request({ method: 'GET', url: '/login', headers: { cookie: 'precinct-auth-token=' } })).body).toContain(
      '/sign-in',
    );
  });

  it('sends the app for /login when a configured redirect takes /login elsewhere, so the redirect happens', async () => {
    const redirecting = await startTestServer('pglite', {
      WEB_DIST_DIR: webDir,
      ROUTE_REDIRECTS: JSON.stringify([{ from: '/log*', to: '/signup', permanent: false }]),
    });
    try {
      expect((await redirecting.request({ method: 'GET', url: '/login' })).body).toBe('<!doctype html><title>Precinct</title>');
    } finally {
      await redirecting.close();
    }
  });

  it('sends security headers: a CSP without inline script, nosniff, no framing', async () => {
    const response = await server.request({ method: 'GET', url: '/login' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers a malformed JSON body with 400 rather than a server error', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });
});
