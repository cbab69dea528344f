import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { TENANT_TABLES } from '../modules.ts';
import { queryRows, type Tx } from '../platform/database.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';

/**
 * The schema must stay distributable by agency with Citus, unchanged (docs/decisions/001): each tenant
 * table becomes a distributed table with `agency_id` as its distribution column. Citus then refuses a
 * unique index or primary key without `agency_id` (it cannot check uniqueness across nodes) and a
 * foreign key between distributed tables that does not pair `agency_id` with `agency_id` (the two rows
 * could live on different nodes). These tests read the migrated catalog, so a hand-written index or
 * constraint in a SQL migration is checked as well as those of schema.ts.
 */

/**
 * Tables that become Citus reference tables (copied whole to every node), which may keep any key:
 * `agencies` is the agency itself (its `id` is the distribution value), and `email_directory` maps an
 * address to its agency across the whole deployment, so it is unique by address alone.
 */
const REFERENCE_TABLES = ['agencies', 'email_directory'];

function catalog<T>(server: TestServer, query: SQL): Promise<T[]> {
  // The catalog is read as the owner: the API's role sees only what row-level security lets it.
  return queryRows<T>(server.database.owner as unknown as Tx, query);
}

interface ForeignKey {
  name: string;
  table_name: string;
  referenced: string;
  /** Whether some column pair of the key is agency_id → agency_id. */
  pairs_agency_id: boolean;
}

/** Every foreign key of schema public. */
function foreignKeysOf(server: TestServer): Promise<ForeignKey[]> {
  return catalog<ForeignKey>(
    server,
    sql`select con.conname as name, c.relname as table_name, f.relname as referenced,
               exists (select 1 from unnest(con.conkey, con.confkey) as k(col, fcol)
                         join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.col
                         join pg_attribute fa on fa.attrelid = con.confrelid and fa.attnum = k.fcol
                        where a.attname = 'agency_id' and fa.attname = 'agency_id') as pairs_agency_id
          from pg_constraint con
          join pg_class c on c.oid = con.conrelid
          join pg_class f on f.oid = con.confrelid
         where con.contype = 'f' and c.relnamespace = 'public'::regnamespace`,
  );
}

describe.each(DATABASE_KINDS)('distribution by agency_id on %s', (kind) => {
  let server: TestServer;
  /** Every table of schema public with an agency_id column. */
  let withAgencyId: Set<string>;
  /** The tables Citus would distribute by agency_id. */
  let distributed: Set<string>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const rows = await catalog<{ table_name: string }>(
      server,
      sql`select c.relname as table_name
            from pg_class c
            join pg_attribute a on a.attrelid = c.oid and a.attname = 'agency_id' and not a.attisdropped
           where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`,
    );
    withAgencyId = new Set(rows.map((r) => r.table_name));
    distributed = new Set([...withAgencyId, ...TENANT_TABLES].filter((t) => !REFERENCE_TABLES.includes(t)));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps agency_id in every unique key of a tenant table, as a table distributed by agency_id needs', async () => {
    // Key columns only (the first indnkeyatts): an INCLUDE column does not take part in uniqueness.
    const keys = await catalog<{ table_name: string; index_name: string; has_agency_id: boolean }>(
      server,
      sql`select c.relname as table_name, i.relname as index_name,
                 exists (select 1 from pg_attribute a
                          where a.attrelid = c.oid and a.attname = 'agency_id'
                            and a.attnum = any ((x.indkey::int2[])[0:x.indnkeyatts - 1])) as has_agency_id
            from pg_index x
            join pg_class c on c.oid = x.indrelid
            join pg_class i on i.oid = x.indexrelid
           where x.indisunique and c.relnamespace = 'public'::regnamespace`,
    );
    const ofTenantTables = keys.filter((k) => distributed.has(k.table_name));
    // The query does see the keys (a primary key here), so an empty answer below means something.
    expect(ofTenantTables.map((k) => k.index_name)).toContain('users_agency_id_id_pk');
    const withoutAgency = ofTenantTables.filter((k) => !k.has_agency_id).map((k) => `${k.table_name}.${k.index_name}`);
    expect(withoutAgency, 'unique indexes / primary keys without agency_id').toEqual([]);
  });

  it('pairs agency_id with agency_id in every foreign key between tenant tables, so both rows live on the same node', async () => {
    const foreignKeys = await foreignKeysOf(server);
    const betweenTenantTables = foreignKeys.filter((k) => withAgencyId.has(k.table_name) && withAgencyId.has(k.referenced));
    expect(betweenTenantTables.map((k) => k.name)).toContain('user_roles_agency_id_user_id_users_agency_id_id_fk');
    const unpaired = betweenTenantTables.filter((k) => !k.pairs_agency_id).map((k) => `${k.name} (${k.table_name} → ${k.referenced})`);
    expect(unpaired, 'foreign keys between tenant tables that do not carry agency_id').toEqual([]);
  });

  it('lets no reference table point at a tenant table, since Citus allows a key only from a distributed table to a reference one', async () => {
    const foreignKeys = await foreignKeysOf(server);
    const fromReference = foreignKeys
      .filter((k) => REFERENCE_TABLES.includes(k.table_name) && distributed.has(k.referenced))
      .map((k) => `${k.name} (${k.table_name} → ${k.referenced})`);
    expect(fromReference, 'foreign keys from a reference table to a distributed one').toEqual([]);
  });
});
