import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR, queryRows } from '../server/platform/database.ts';
import { migrationsHash } from '../test/pglite-template.ts';
import { startTestServer } from '../server/test-support/test-server.ts';
import { createScratchDatabase } from '../test/postgres.ts';

describe('the test harness', () => {
  it('gives every test a reachable PostgreSQL server to make scratch databases on', async () => {
    const adminUrl = inject('postgresUrl');
    expect(adminUrl).toMatch(/^postgres(ql)?:\/\//);

    const scratch = await createScratchDatabase(adminUrl);
    expect(scratch.name).toMatch(/^precinct_test_[0-9a-f]+$/);
    try {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ version: string; db: string }>('select version() as version, current_database() as db');
        expect(rows[0]?.version).toMatch(/^PostgreSQL \d+/);
        expect(rows[0]?.db).toBe(scratch.name);
      } finally {
        await client.end();
      }
    } finally {
      await scratch.drop();
    }

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [scratch.name]);
      expect(rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });

  it('starts each embedded test database from the run’s migrated copy: every migration applied, no agency in it, and none shared with another', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const started = await Promise.allSettled([startTestServer('pglite'), startTestServer('pglite')]);
    const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const [first, second] = servers;
    try {
      if (!first || !second)
        throw new Error('A test server did not start', { cause: started.find((outcome) => outcome.status === 'rejected') });
      const applied = await queryRows<{ count: number }>(
        first.database.owner,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]?.count).toBe(journal.entries.length);
      const agencies = await queryRows<{ count: number }>(first.database.owner, sql`select count(*)::int as count from agencies`);
      expect(agencies[0]?.count).toBe(0);

      await first.database.owner.execute(
        sql`insert into agencies (name, slug, timezone, sys_config) values ('Only here', 'only-here', 'America/Chicago', '{}')`,
      );
      const inSecond = await queryRows<{ count: number }>(second.database.owner, sql`select count(*)::int as count from agencies`);
      expect(inSecond[0]?.count).toBe(0);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('stops using the migrated copy once a migration is edited, added or removed after it was made', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-migrations-'));
    try {
      fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const asMade = migrationsHash(dir);
      expect(migrationsHash(dir)).toBe(asMade);
      const newest = fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.sql'))
        .sort()
        .at(-1)!;
      fs.appendFileSync(path.join(dir, newest), '\n-- edited\n');
      const edited = migrationsHash(dir);
      expect(edited).not.toBe(asMade);
      fs.writeFileSync(path.join(dir, '9999_added.sql'), 'select 1;');
      expect(migrationsHash(dir)).not.toBe(edited);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
