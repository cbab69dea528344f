import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createScratchDatabase, type ScratchDatabase } from '../../test/postgres.ts';
import { inIdList, openDatabase, uuidList, type Database, type Tx } from './database.ts';
import { checkReusedStatements, reusedStatement } from './reused-statements.ts';

const items = pgTable('reused_items', { id: integer('id').primaryKey(), kind: text('kind').notNull() });
const people = pgTable('reused_people', { id: uuid('id').primaryKey(), name: text('name').notNull() });

describe('a statement built once and run with each request’s values', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let tx: Tx;

  beforeAll(async () => {
    scratch = await createScratchDatabase(inject('postgresUrl'));
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
    await database.owner.execute(sql`create table reused_items (id integer primary key, kind text not null)`);
    await database.owner.execute(sql`create table reused_people (id uuid primary key, name text not null)`);
    await database.owner.execute(
      sql`insert into reused_items select n, case when n % 2 = 0 then 'even' else 'odd' end from generate_series(1, 9) n`,
    );
    await database.owner.execute(
      sql`insert into reused_people select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'person ' || n from generate_series(1, 5) n`,
    );
    tx = database.owner as unknown as Tx;
  });
  afterEach(() => checkReusedStatements(true));
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('answers each run with its own values, in the order its shape names', async () => {
    let builds = 0;
    const ofKind = reusedStatement(
      (order: 'asc' | 'desc') => order,
      (db, order) => {
        builds += 1;
        return db
          .select({ id: items.id })
          .from(items)
          .where(eq(items.kind, sql.placeholder('kind')))
          .orderBy(order === 'asc' ? asc(items.id) : sql`${items.id} desc`);
      },
    );
    checkReusedStatements(false);
    expect(await ofKind(tx, 'asc', { kind: 'even' })).toEqual([2, 4, 6, 8].map((id) => ({ id })));
    expect(await ofKind(tx, 'asc', { kind: 'odd' })).toEqual([1, 3, 5, 7, 9].map((id) => ({ id })));
    expect(await ofKind(tx, 'desc', { kind: 'even' })).toEqual([8, 6, 4, 2].map((id) => ({ id })));
    // Built once per shape; the second run of a shape only sent its values.
    expect(builds).toBe(2);
  });

  it('refuses a run whose statement holds a value the first run wrote in, before anything is sent', async () => {
    const baked = reusedStatement(
      () => '',
      (db, kind: string) => db.select({ id: items.id }).from(items).where(eq(items.kind, kind)),
    );
    await baked(tx, 'even', {});
    // Without the check, the kept statement would have answered the even rows to a request for the odd.
    await expect(baked(tx, 'odd', {})).rejects.toThrow(/each value must be a placeholder/);
  });

  it('refuses a run whose shape does not name what changed its text', async () => {
    const unnamed = reusedStatement(
      () => 'always the same',
      (db, descending: boolean) =>
        db
          .select({ id: items.id })
          .from(items)
          .orderBy(descending ? sql`${items.id} desc` : asc(items.id)),
    );
    await unnamed(tx, false, {});
    await expect(unnamed(tx, true, {})).rejects.toThrow(/its shape must name what changes its text/);
  });

  it('reads any number of ids with one statement, and refuses a value that is not an id', async () => {
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    let builds = 0;
    const named = reusedStatement(
      () => '',
      (db) => {
        builds += 1;
        return db.select({ name: people.name }).from(people).where(inIdList(people.id, 'ids')).orderBy(asc(people.name));
      },
    );
    checkReusedStatements(false);
    expect(await named(tx, undefined, { ids: uuidList([id(2)]) })).toEqual([{ name: 'person 2' }]);
    expect(await named(tx, undefined, { ids: uuidList([id(5), id(1), id(3), id(9)]) })).toEqual(
      ['person 1', 'person 3', 'person 5'].map((name) => ({ name })),
    );
    expect(await named(tx, undefined, { ids: uuidList([]) })).toEqual([]);
    expect(builds).toBe(1);
    // A comma or a brace in a value would add elements to the array: only well-formed ids pass.
    expect(() => uuidList([`${id(1)},${id(2)}`])).toThrow(/Not an id/);
    expect(() => uuidList(['{}'])).toThrow(/Not an id/);
  });
});
