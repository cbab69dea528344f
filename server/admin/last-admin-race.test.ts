import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn } from '../test-support/factories.ts';
import { queryRows } from '../platform/database.ts';

// PostgreSQL only: PGlite has one connection, so two transactions can never interleave there.
describe('the last-administrator guard on postgres', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function agencyWithTwoAdmins() {
    const agency = await makeAgency(server);
    const people = [await makeUser(server, agency), await makeUser(server, agency)];
    await server.database.withTenant(agency.id, async (tx) => {
      for (const person of people)
        await tx.execute(
          sql`insert into user_roles (agency_id, user_id, role_id) values (${agency.id}, ${person.id}, ${agency.roleIds.get('administrator')!})`,
        );
    });
    const sessions = await Promise.all(people.map((person) => signIn(server, person)));
    return { agency, people, sessions };
  }

  it('keeps one administrator when two disable each other at the same moment', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { agency, people, sessions } = await agencyWithTwoAdmins();
      const [first, second] = await Promise.all([
        server.request({ method: 'POST', url: `/rest/v1/admin/users/${people[1]!.id}/disable`, token: sessions[0]!.access_token }),
        server.request({ method: 'POST', url: `/rest/v1/admin/users/${people[0]!.id}/disable`, token: sessions[1]!.access_token }),
      ]);
      const active = await server.database.withTenant(agency.id, (tx) =>
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from users where agency_id = ${agency.id} and status = 'active'`),
      );
      expect(active[0]!.n, `round ${round}: ${first.statusCode} and ${second.statusCode}`).toBe(1);
      expect([first.statusCode, second.statusCode].filter((status) => status === 200)).toHaveLength(1);
    }
  });
});
