import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users, sessions } from '../db/schema.ts';
import { TENANT_TABLES } from '../modules.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { APP_ROLE, queryRows } from './database.ts';

/**
 * Isolation is enforced twice: the API scopes its queries, and under it PostgreSQL's row-level
 * security hides other agencies' rows from the API's role even when a query forgets the scope.
 * These tests write queries that forget it on purpose.
 */
/**
 * Tables with an agency_id that the database's own functions write, whatever agency the transaction
 * names: the e-mail directory (an address gives its agency; out of the API role's reach) and the
 * agencies' access and schedule versions and their vehicles' fuel versions (migrations 0040, 0044 and
 * 0045; the API role reads its own agency's), and the search words of reports and citations (0046; out of
 * the API role's reach, which asks precinct_search_matches for its own agency's matches).
 */
const PLATFORM_TABLES_WITH_AGENCY = ['email_directory', 'access_versions', 'schedule_versions', 'fuel_versions', 'search_words'];

/** The database's own message, under Drizzle's "Failed query" wrapper. */
async function databaseError(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  throw new Error('expected the database to refuse');
}

describe.each(DATABASE_KINDS)('tenant isolation in the database on %s', (kind) => {
  let server: TestServer;
  let a: TestAgency;
  let b: TestAgency;
  let userOfB: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    a = await makeAgency(server, 'Agency A');
    b = await makeAgency(server, 'Agency B');
    await makeUser(server, a);
    const bUser = await makeUser(server, b);
    userOfB = bUser.id;
    // Give every tenant table rows in both agencies: sessions, refresh tokens and mail included.
    await signIn(server, bUser);
    await server.request({ method: 'POST', url: '/auth/v1/recover', payload: { email: bUser.email } });
    await server.waitForMail(bUser.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs the API as a role that is no superuser, cannot bypass row-level security and owns no table', async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean }>(
      server.database.owner as never,
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await queryRows<{ n: number }>(
      server.database.owner as never,
      sql`select count(*)::int as n from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = ${APP_ROLE}`,
    );
    expect(owned[0]!.n).toBe(0);
  });

  it('has row-level security enabled and forced on every tenant table', async () => {
    const rows = await queryRows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      server.database.owner as never,
      sql`select relname, relrowsecurity, relforcerowsecurity from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    for (const table of TENANT_TABLES) {
      expect(
        rows.find((r) => r.relname === table),
        table,
      ).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    }
    // Every table with an agency_id column is listed as a tenant table, so a new one cannot be forgotten.
    const withAgency = await queryRows<{ table_name: string }>(
      server.database.owner as never,
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'agency_id'`,
    );
    const unlisted = withAgency
      .map((r) => r.table_name)
      .filter((t) => !(TENANT_TABLES as readonly string[]).includes(t) && !PLATFORM_TABLES_WITH_AGENCY.includes(t));
    expect(unlisted).toEqual([]);
  });

  it('shows agency A none of agency B’s rows in any tenant table, even when the query has no agency filter', async () => {
    await server.database.withTenant(a.id, async (tx) => {
      for (const table of TENANT_TABLES) {
        const column = table === 'agencies' ? 'id' : 'agency_id';
        const rows = await queryRows<{ agency: string }>(tx, sql.raw(`select ${column}::text as agency from ${table}`));
        expect(
          rows.filter((r) => r.agency !== a.id),
          table,
        ).toEqual([]);
      }
    });
    // B's rows are really there: the filter is what hides them.
    const ofB = await server.database.withTenant(b.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from sessions`));
    expect(ofB[0]!.n).toBeGreaterThan(0);
  });

  it('lets agency A neither insert a row for B nor update or delete B’s rows', async () => {
    expect(
      await databaseError(
        server.database.withTenant(a.id, (tx) =>
          tx.insert(users).values({ agencyId: b.id, email: 'intruder@precinct.test', name: 'Intruder' }),
        ),
      ),
    ).toMatch(/row-level security/);
    const updated = await server.database.withTenant(a.id, (tx) => tx.update(users).set({ name: 'Hijacked' }).returning({ id: users.id }));
    expect(updated.every((row) => row.id !== userOfB)).toBe(true);
    const deleted = await server.database.withTenant(a.id, (tx) =>
      tx
        .delete(sessions)
        .where(sql`${sessions.userId} = ${userOfB}`)
        .returning({ id: sessions.id }),
    );
    expect(deleted).toEqual([]);
    const stillThere = await server.database.withTenant(b.id, (tx) => queryRows<{ name: string }>(tx, sql`select name from users`));
    expect(stillThere.map((r) => r.name)).not.toContain('Hijacked');
  });

  it('shows nothing of any agency to a transaction that names no agency', async () => {
    await server.database.withoutTenant(async (tx) => {
      for (const table of TENANT_TABLES) {
        const rows = await queryRows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${table}`));
        expect(rows[0]!.n, table).toBe(0);
      }
    });
  });

  it('never carries one transaction’s agency into the next on the same connection', async () => {
    for (let i = 0; i < 5; i += 1) {
      await server.database.withTenant(a.id, (tx) => tx.execute(sql`select 1`));
      const leaked = await server.database.withoutTenant((tx) =>
        queryRows<{ agency: string | null; role: string }>(
          tx,
          sql`select current_setting('app.agency_id', true) as agency, current_user as role`,
        ),
      );
      expect(leaked[0]!.agency ?? '').toBe('');
      expect(leaked[0]!.role).toBe(APP_ROLE);
    }
  });

  it('keeps the e-mail directory out of the API role’s reach except through its lookup function', async () => {
    expect(await databaseError(server.database.withoutTenant((tx) => tx.execute(sql`select * from email_directory`)))).toMatch(
      /permission denied/,
    );
  });

  /** The API role, in agency A, sees A's rows of a version table and no other agency's, and may change none. */
  async function expectOwnVersionsOnly(table: 'access_versions' | 'schedule_versions' | 'fuel_versions') {
    const seen = await server.database.withTenant(a.id, (tx) =>
      queryRows<{ agency_id: string }>(tx, sql`select distinct agency_id::text from ${sql.identifier(table)}`),
    );
    expect(seen).toEqual([{ agency_id: a.id }]);
    expect(
      await databaseError(
        server.database.withTenant(a.id, (tx) =>
          tx.execute(sql`update ${sql.identifier(table)} set version = 0 where agency_id = ${a.id}`),
        ),
      ),
    ).toMatch(/permission denied/);
  }

  it('shows the API role its own agency’s access version and no other, and lets it change none', async () => {
    // Each agency's version rises with a change to its roles: a role made, then deleted.
    for (const agency of [a, b])
      await server.database.withTenant(agency.id, async (tx) => {
        await tx.execute(sql`insert into roles (agency_id, name) values (${agency.id}, 'Probe')`);
        await tx.execute(sql`delete from roles where agency_id = ${agency.id} and name = 'Probe'`);
      });
    await expectOwnVersionsOnly('access_versions');
  });

  it('shows the API role its own agency’s schedule version and no other, and lets it change none', async () => {
    // Each agency's version rises with a change to its schedule: a day note saved.
    for (const agency of [a, b])
      await server.database.withTenant(agency.id, (tx) =>
        tx.execute(sql`insert into schedule_day_notes (agency_id, date, note) values (${agency.id}, '2027-05-01', 'Probe')`),
      );
    await expectOwnVersionsOnly('schedule_versions');
  });

  it('keeps the search words out of the API role’s reach, and matches only its own agency’s words for it', async () => {
    // The words of a report of each agency, as the triggers of reports write them (tested with the reports' search).
    const ids = new Map<string, string>();
    for (const agency of [a, b]) {
      const [row] = await queryRows<{ id: string }>(
        server.database.owner as never,
        sql`insert into search_words (agency_id, kind, id, words)
            values (${agency.id}, 'report', gen_random_uuid(), precinct_search_words(${agency.id}, 'report', 'maple avenue 2026000123'))
            returning id::text`,
      );
      ids.set(agency.id, row!.id);
    }
    expect(await databaseError(server.database.withTenant(a.id, (tx) => tx.execute(sql`select count(*) from search_words`)))).toMatch(
      /permission denied/,
    );
    const matches = (agencyId: string, kind: string, query: string) =>
      server.database.withTenant(agencyId, (tx) =>
        queryRows<{ id: string }>(tx, sql`select precinct_search_matches(${kind}, to_tsquery('simple', ${query}))::text as id`),
      );
    expect(await matches(a.id, 'report', 'mapl:* & 2026:*')).toEqual([{ id: ids.get(a.id) }]);
    expect(await matches(b.id, 'report', 'maple:*')).toEqual([{ id: ids.get(b.id) }]);
    // Another agency's row whose words carry A's prefix (two agencies' ids may start alike) is still not A's.
    await server.database.owner.execute(
      sql`insert into search_words (agency_id, kind, id, words)
          values (${b.id}, 'report', gen_random_uuid(), precinct_search_words(${a.id}, 'report', 'maple lookalike'))`,
    );
    expect(await matches(a.id, 'report', 'maple:*')).toEqual([{ id: ids.get(a.id) }]);
    // Another kind's words, a word the row does not have, and no agency in scope match nothing.
    expect(await matches(a.id, 'citation', 'maple:*')).toEqual([]);
    expect(await matches(a.id, 'report', 'maple:* & elm:*')).toEqual([]);
    expect(
      await server.database.withoutTenant((tx) =>
        queryRows<{ id: string }>(tx, sql`select precinct_search_matches('report', to_tsquery('simple', 'maple:*'))::text as id`),
      ),
    ).toEqual([]);
  });

  it('shows the API role its own agency’s fuel versions and no other, and lets it change none', async () => {
    // Written by the triggers of fuel_entries (their raising is tested with the fuel log, server/fleet/records.test.ts).
    for (const agency of [a, b])
      await server.database.owner.execute(
        sql`insert into fuel_versions (agency_id, vehicle_id, version, raised_in) values (${agency.id}, gen_random_uuid(), 1, 0)`,
      );
    await expectOwnVersionsOnly('fuel_versions');
  });
});
