import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn } from '../test-support/factories.ts';
import { queryRows } from './database.ts';
import { SigningKeys } from './signing-keys.ts';
import { loadSecret } from './secret.ts';

describe('signing key rotation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps accepting tokens of the previous key after a rotation, and publishes both keys until the old tokens expire', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const before = await signIn(server, user);
    const oldKid = server.services.keys.jwks().keys.map((k) => k.kid);
    await server.services.keys.rotate();

    const published = server.services.keys.jwks().keys.map((k) => k.kid);
    expect(published).toHaveLength(oldKid.length + 1);
    expect(published).toEqual(expect.arrayContaining(oldKid));
    expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: before.access_token })).statusCode).toBe(200);

    // New tokens are signed with the new key.
    const after = await signIn(server, user);
    const kidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
    expect(oldKid).not.toContain(kidOf(after.access_token));

    // An hour after retirement no token of the old key can still be valid: it leaves the JWKS.
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(server.services.keys.jwks(later).keys.map((k) => k.kid)).toEqual([kidOf(after.access_token)]);
  });

  it('stores private keys encrypted, and another server with the same secret can use them', async () => {
    const rows = await queryRows<{ private_key_encrypted: string }>(
      server.database.owner as never,
      sql`select private_key_encrypted from signing_keys`,
    );
    for (const row of rows) {
      expect(row.private_key_encrypted).toMatch(/^v1\./);
      expect(row.private_key_encrypted).not.toMatch(/"d"/);
    }
    const peer = new SigningKeys({
      database: server.database,
      secret: loadSecret(undefined, server.services.config.dataDir),
      rotationDays: 90,
    });
    await peer.init();
    expect(peer.signingKey().kid).toBe(server.services.keys.signingKey().kid);
  });

  it('reads the keys again at most once every 10 seconds, however many unknown key ids are sent', async () => {
    const session = await signIn(server, await makeUser(server, await makeAgency(server)));
    const [, payload, signature] = session.access_token.split('.');
    const before = server.services.keys.reloads;
    for (let i = 0; i < 20; i += 1) {
      const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: `made-up-${i}`, typ: 'JWT' })).toString('base64url');
      const response = await server.request({ method: 'GET', url: '/auth/v1/user', token: `${header}.${payload}.${signature}` });
      expect(response.statusCode).toBe(401);
    }
    expect(server.services.keys.reloads - before).toBeLessThanOrEqual(1);
  });
});
