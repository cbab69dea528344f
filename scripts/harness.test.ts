import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
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
});
