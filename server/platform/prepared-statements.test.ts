import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../../test/postgres.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { planEachTime, prepareStatementsOn, statementName } from './prepared-statements.ts';

describe('statements prepared on each pooled connection', () => {
  let scratch: ScratchDatabase;
  const pools: pg.Pool[] = [];
  const role = `prepared_test_${randomBytes(4).toString('hex')}`;

  /** A pool of one connection, so that every statement below runs on the same backend. */
  function poolOfOne(limit?: number) {
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    // As database.ts does: the scratch database's drop may end a connection still closing after pool.end(),
    // and the pool passes an idle connection's error on as its own.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      prepareStatementsOn(client, limit);
    });
    pools.push(pool);
    return pool;
  }
  const preparedOn = async (pool: pg.Pool) =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map(
      (row) => row.statement,
    );

  beforeAll(async () => {
    scratch = await createScratchDatabase(inject('postgresUrl'));
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    await admin.query(`
      create role ${role} nologin;
      create table records (agency text not null, note text not null);
      alter table records enable row level security;
      create policy by_agency on records using (agency = current_setting('app.agency', true));
      grant select on records to ${role};
      insert into records values ('north', 'north one'), ('north', 'north two'), ('south', 'south one');
    `);
    await admin.end();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await scratch?.drop();
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`drop role if exists ${role}`).finally(() => admin.end());
  });

  it('parses a statement with parameters once per connection and answers every run', async () => {
    const pool = poolOfOne();
    const answers = [];
    for (const n of [1, 2, 3]) answers.push((await pool.query<{ next: number }>('select $1::int + 1 as next', [n])).rows[0]?.next);

    expect(answers).toEqual([2, 3, 4]);
    expect(await preparedOn(pool)).toContain('select $1::int + 1 as next');
    const named = await pool.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [
      'select $1::int + 1 as next',
    ]);
    expect(named.rows).toEqual([{ name: statementName('select $1::int + 1 as next') }]);
  });

  it('sends a statement without parameters as it is, so several in one message still run together', async () => {
    const pool = poolOfOne();
    const results = (await pool.query(
      "begin; select set_config('app.agency', 'north', true) as agency; commit",
    )) as unknown as pg.QueryResult[];

    expect(results[1]?.rows).toEqual([{ agency: 'north' }]);
    expect(await preparedOn(pool)).toEqual([]);
  });

  it('plans a statement marked to be planned each time for its values, unprepared', async () => {
    const pool = poolOfOne();
    const marked = `select ${new PgDialect().sqlToQuery(planEachTime).sql}$1::int * 2 as doubled`;

    expect((await pool.query(marked, [21])).rows).toEqual([{ doubled: 42 }]);
    expect((await pool.query(marked, [4])).rows).toEqual([{ doubled: 8 }]);
    expect(await preparedOn(pool)).toEqual([]);
  });

  it('runs statements past the connection’s limit unnamed, with the same answers', async () => {
    const pool = poolOfOne(2);
    const answers = [];
    for (const text of ['select $1::int as a', 'select $1::int as b', 'select $1::int as c', 'select $1::int as c'])
      answers.push(Object.values((await pool.query(text, [7])).rows[0] as object)[0]);

    expect(answers).toEqual([7, 7, 7, 7]);
    expect(await preparedOn(pool)).toEqual(['select $1::int as a', 'select $1::int as b']);
  });

  it('reports a statement PostgreSQL refuses, and the connection goes on preparing the next', async () => {
    const pool = poolOfOne();

    await expect(pool.query('select $1::int from no_such_table', [1])).rejects.toThrow(/no_such_table/);
    expect((await pool.query<{ n: number }>('select $1::int as n', [5])).rows).toEqual([{ n: 5 }]);
    expect(await preparedOn(pool)).toEqual(['select $1::int as n']);
  });

  it('fails once on a value the client cannot encode, then runs the statement again with good values', async () => {
    const pool = poolOfOne();
    const read = 'select ($1::jsonb) ->> $2 as value';
    // A connection held across the failure, as a request's transaction holds it (pool.query would drop it).
    const client = await pool.connect();
    try {
      expect((await client.query(read, [{ a: 1 }, 'a'])).rows).toEqual([{ value: '1' }]);
      await expect(client.query(read, [{ a: 1n }, 'a'])).rejects.toThrow(/BigInt/);
      const after = [];
      for (const n of [3, 4]) after.push((await client.query<{ value: string }>(read, [{ a: n }, 'a'])).rows[0]?.value);
      expect(after).toEqual(['3', '4']);
    } finally {
      client.release();
    }
  });

  it('fails once when a migration changes what a kept statement returns, then answers in the new shape', async () => {
    const pool = poolOfOne();
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    await admin.query('create table shapes (id int primary key, label text); insert into shapes values (1, $$round$$)');
    const read = 'select * from shapes where id = $1';
    try {
      expect((await pool.query(read, [1])).rows).toEqual([{ id: 1, label: 'round' }]);
      await admin.query('alter table shapes add column sides int not null default 0');
      const inTransaction = async () => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          return (await client.query(read, [1])).rows;
        } finally {
          await client.query('rollback');
          client.release();
        }
      };

      await expect(inTransaction()).rejects.toThrow(/cached plan must not change result type/);
      expect(await inTransaction()).toEqual([{ id: 1, label: 'round', sides: 0 }]);
      expect(await inTransaction()).toEqual([{ id: 1, label: 'round', sides: 0 }]);
    } finally {
      await admin.end();
    }
  });

  it('applies row-level security to a statement first prepared by a role that bypasses it', async () => {
    const pool = poolOfOne();
    const read = 'select note from records where note <> $1 order by note';
    const asOwner = await pool.query<{ note: string }>(read, ['']);
    const client = await pool.connect();
    let asTenant: pg.QueryResult<{ note: string }>;
    try {
      await client.query(`begin; set local role ${role}; select set_config('app.agency', 'north', true)`);
      asTenant = await client.query<{ note: string }>(read, ['']);
      await client.query('commit');
    } finally {
      client.release();
    }

    expect(asOwner.rows.map((row) => row.note)).toEqual(['north one', 'north two', 'south one']);
    expect(asTenant.rows.map((row) => row.note)).toEqual(['north one', 'north two']);
    expect(await preparedOn(pool)).toContain(read);
  });
});
