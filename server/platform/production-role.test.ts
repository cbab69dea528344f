import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startSecondServer, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { withAdmin } from '../../test/postgres.ts';
import { makeAgency, makeUser, signIn } from '../test-support/factories.ts';

/**
 * The README's production setup: the API signs in as a role of its own, a member of precinct_app, and
 * the owner only migrates (DATABASE_ADMIN_URL). What the server calls as its connecting role must be
 * granted to precinct_app, or every signed-in request and every sweep is refused there (migration 0041).
 */
describe('a server that signs in to PostgreSQL as a role of its own, as the README sets it up', () => {
  let owner: TestServer;
  let server: TestServer;
  const role = `precinct_api_${crypto.randomBytes(4).toString('hex')}`;

  const asClusterAdmin = (statement: string) => withAdmin(inject('postgresUrl'), (client) => client.query(statement));

  beforeAll(async () => {
    // The owner's server makes the database and migrates it.
    owner = await startTestServer('postgres');
    const ownerUrl = owner.services.config.databaseUrl!;
    const database = new URL(ownerUrl).pathname.slice(1);
    await asClusterAdmin(`create role ${role} login`);
    await asClusterAdmin(`grant precinct_app to ${role}`);
    await asClusterAdmin(`grant connect on database "${database}" to ${role}`);
    const apiUrl = new URL(ownerUrl);
    apiUrl.username = role;
    server = await startSecondServer(owner, { DATABASE_URL: apiUrl.toString(), DATABASE_ADMIN_URL: ownerUrl });
  });
  afterAll(async () => {
    await server?.close();
    await owner?.close();
    await asClusterAdmin(`drop role if exists ${role}`);
  });

  it('signs a user in and answers their requests, each with its access check', async () => {
    const agency = await makeAgency(server);
    const session = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:admin'] }));
    for (const url of ['/auth/v1/user', '/rest/v1/fleet/admin/dashboard', '/rest/v1/fleet/vehicles'])
      expect((await server.request({ method: 'GET', url, token: session.access_token })).statusCode, url).toBe(200);
  });

  it('runs the sweeps that find the agencies with work due', async () => {
    for (const call of [
      sql`select * from precinct_productivity_agencies_due()`,
      sql`select * from precinct_overtime_offers_due()`,
      sql`select precinct_fleet_documents_due() as agency_id`,
    ])
      await expect(server.database.scopedCall(call)).resolves.toBeInstanceOf(Array);
  });
});
