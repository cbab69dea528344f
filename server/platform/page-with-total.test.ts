import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { asc, count, getTableColumns, gt, sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { createScratchDatabase, type ScratchDatabase } from '../../test/postgres.ts';
import { inFixed, openDatabase, pageWithTotal, type Database } from './database.ts';

const items = pgTable('page_items', { id: integer('id').primaryKey(), label: text('label').notNull() });

describe('a page of a list with the total its filter matches', () => {
  let scratch: ScratchDatabase;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(inject('postgresUrl'));
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
    await database.owner.execute(sql`create table page_items (id integer primary key, label text not null)`);
    await database.owner.execute(sql`insert into page_items select n, 'item ' || n from generate_series(1, 23) n`);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const page = (minimum: number, size: number, offset: number) =>
    pageWithTotal(database.owner.select({ n: count() }).from(items).where(gt(items.id, minimum)), offset, (total) =>
      database.owner
        .select({ ...getTableColumns(items), page_total: total })
        .from(items)
        .where(gt(items.id, minimum))
        .orderBy(asc(items.id))
        .limit(size)
        .offset(offset),
    );

  it('gives the page’s rows as the list’s own and the total of every row the filter matches', async () => {
    const { rows, total } = await page(3, 5, 5);
    expect(total).toBe(20);
    expect(rows).toEqual([9, 10, 11, 12, 13].map((id) => ({ id, label: `item ${id}` })));
  });

  it('still gives the total for a page past the end, which has no row to carry it', async () => {
    expect(await page(3, 5, 40)).toEqual({ rows: [], total: 20 });
  });

  it('gives a total of none when the filter matches nothing', async () => {
    expect(await page(100, 5, 0)).toEqual({ rows: [], total: 0 });
  });
});

describe('a fixed set of values in a filter', () => {
  const statuses = pgTable('fixed_items', { status: text('status').notNull() });
  const dialect = new PgDialect();

  it('writes the values into the statement, so its plan knows them, and sends no parameter for them', () => {
    const query = dialect.sqlToQuery(inFixed(statuses.status, ['open', 'in_progress']));
    expect(query.sql).toBe(`"fixed_items"."status" in ('open', 'in_progress')`);
    expect(query.params).toEqual([]);
  });

  it('refuses anything but a plain word, so input can never be written into a statement through it', () => {
    expect(() => inFixed(statuses.status, ["open') or ('1' = '1"])).toThrow(/fixed words/);
    expect(() => inFixed(statuses.status, ['Open'])).toThrow(/fixed words/);
  });
});
