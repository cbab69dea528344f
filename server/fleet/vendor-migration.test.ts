import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));
const VENDOR_MIGRATION = '0034_fleet_records';

/** The migrations folder as it stood before the vendor list: every migration up to `tag` (excluded). */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const upTo = journal.entries.findIndex((entry) => entry.tag === tag);
  const entries = journal.entries.slice(0, upTo);
  for (const entry of entries) fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/**
 * Migration 0034 turns the free-text vendor of service requests and work orders into the vendor list:
 * one vendor per distinct name (whatever its case or spaces) per agency, each record pointing at its own.
 */
describe('the vendor list migration', () => {
  const client = new PGlite();
  const db = drizzle(client);
  afterAll(async () => {
    await client.close();
  });

  it('makes a vendor of each distinct name per agency and points requests and work orders at it', async () => {
    await migrate(db, { migrationsFolder: migrationsBefore(VENDOR_MIGRATION) });
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    const user = (agency: string) => agency.replace(/0a$|0b$/, (end) => `1${end.slice(1)}`);
    for (const agency of [a, b]) {
      await client.query(`insert into agencies (id, name, slug, timezone, sys_config) values ($1, $2, $2, 'America/Chicago', '{}')`, [
        agency,
        `Agency ${agency.slice(-1)}`,
      ]);
      await client.query(`insert into users (agency_id, id, email, name) values ($1, $2, $3, 'Pat Fleet')`, [
        agency,
        user(agency),
        `pat@${agency.slice(-1)}.example`,
      ]);
      await client.query(
        `insert into vehicles (agency_id, id, unit_number, vehicle_type, make, model, year) values ($1, $1, 'P-1', 'patrol', 'Ford', 'Explorer', 2024)`,
        [agency],
      );
    }
    const request = async (agency: string, number: number, vendor: string | null) => {
      const result = await client.query<{ id: string }>(
        `insert into service_requests (agency_id, number, vehicle_id, category, description, drivable, reported_by, vendor)
         values ($1, $2, $1, 'tires', 'Worn', true, $3, $4) returning id`,
        [agency, number, user(agency), vendor],
      );
      return result.rows[0]!.id;
    };
    const first = await request(a, 1, 'City Tire & Auto');
    const second = await request(a, 2, ' city tire & auto ');
    const third = await request(a, 3, null);
    const theirs = await request(b, 1, 'City Tire & Auto');
    await client.query(
      `insert into work_orders (agency_id, number, service_request_id, vehicle_id, vendor, created_by) values ($1, 1, $2, $1, 'Main Street Collision', $3)`,
      [a, third, user(a)],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const vendors = await client.query<{ agency_id: string; name: string; active: boolean }>(
      'select agency_id, name, active from vendors order by agency_id, name',
    );
    expect(vendors.rows).toEqual([
      { agency_id: a, name: 'City Tire & Auto', active: true },
      { agency_id: a, name: 'Main Street Collision', active: true },
      { agency_id: b, name: 'City Tire & Auto', active: true },
    ]);
    const named = await client.query<{ id: string; name: string | null; agency_id: string }>(
      'select r.id, v.name, v.agency_id from service_requests r left join vendors v on v.agency_id = r.agency_id and v.id = r.vendor_id',
    );
    const byId = new Map(named.rows.map((row) => [row.id, row]));
    expect(byId.get(first)).toMatchObject({ name: 'City Tire & Auto', agency_id: a });
    expect(byId.get(second)).toMatchObject({ name: 'City Tire & Auto', agency_id: a });
    expect(byId.get(third)?.name).toBeNull();
    expect(byId.get(theirs)).toMatchObject({ name: 'City Tire & Auto', agency_id: b });
    const order = await client.query<{ name: string }>(
      'select v.name from work_orders w join vendors v on v.agency_id = w.agency_id and v.id = w.vendor_id',
    );
    expect(order.rows).toEqual([{ name: 'Main Street Collision' }]);
    // The text columns are gone, and row-level security is forced again on the tables the move touched.
    const columns = await client.query("select 1 from information_schema.columns where column_name = 'vendor'");
    expect(columns.rows).toHaveLength(0);
    const forced = await client.query<{ relname: string; relforcerowsecurity: boolean }>(
      "select relname, relforcerowsecurity from pg_class where relname in ('service_requests', 'work_orders', 'vendors', 'fuel_entries') order by relname",
    );
    expect(forced.rows.every((row) => row.relforcerowsecurity)).toBe(true);
  });
});
