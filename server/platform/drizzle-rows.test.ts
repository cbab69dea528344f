import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { drizzle, NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createScratchDatabase, type ScratchDatabase } from '../../test/postgres.ts';
import { drizzleExecute, installRowMapping } from './drizzle-rows.ts';

const owners = pgTable('owners', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }),
});
const pets = pgTable('pets', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id'),
  name: text('name').notNull(),
  tags: jsonb('tags').$type<string[]>(),
});

describe('rows mapped once per statement, as Drizzle maps them', () => {
  let scratch: ScratchDatabase;
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  let statement = 0;

  /** The rows the statement gives through the mapping installed here, and through Drizzle's own `execute`. */
  async function bothWays(query: { prepare(name: string): { execute(): Promise<unknown> } }) {
    statement += 1;
    const prepared = query.prepare(`compare_${statement}`);
    return { ours: await prepared.execute(), drizzles: await drizzleExecute.call(prepared as never) };
  }

  beforeAll(async () => {
    installRowMapping();
    scratch = await createScratchDatabase(inject('postgresUrl'));
    pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    // The scratch database's drop may end a connection still closing after pool.end().
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    db = drizzle(pool);
    await pool.query(`
      create table owners (id int primary key, name text not null, joined_at timestamptz);
      create table pets (id int primary key, owner_id int, name text not null, tags jsonb);
      insert into owners values (1, 'Ada', '2026-03-01T08:00:00Z'), (2, 'Grace', null);
      insert into pets values (10, 1, 'Rex', '["loud", "old"]'), (11, null, 'Stray', null);
    `);
  });
  afterAll(async () => {
    await pool?.end();
    await scratch?.drop();
  });

  it('is what every node-postgres Drizzle statement runs once installed', () => {
    expect(NodePgPreparedQuery.prototype.execute).not.toBe(drizzleExecute);
  });

  it('gives a table’s rows with their dates, JSON and nulls decoded', async () => {
    const { ours, drizzles } = await bothWays(db.select().from(owners).orderBy(owners.id));

    expect(ours).toEqual([
      { id: 1, name: 'Ada', joinedAt: new Date('2026-03-01T08:00:00Z') },
      { id: 2, name: 'Grace', joinedAt: null },
    ]);
    expect(ours).toEqual(drizzles);
  });

  it('gives nested selections and SQL fields through their own decoders', async () => {
    const { ours, drizzles } = await bothWays(
      db
        .select({
          pet: { id: pets.id, name: pets.name, tags: pets.tags },
          letters: sql<number>`length(${pets.name})`.mapWith(Number),
          shout: sql<string>`upper(${pets.name})`,
        })
        .from(pets)
        .orderBy(pets.id),
    );

    expect(ours).toEqual([
      { pet: { id: 10, name: 'Rex', tags: ['loud', 'old'] }, letters: 3, shout: 'REX' },
      { pet: { id: 11, name: 'Stray', tags: null }, letters: 5, shout: 'STRAY' },
    ]);
    expect(ours).toEqual(drizzles);
  });

  it('makes a left-joined table null where it has no row, and keeps it where it has one', async () => {
    const { ours, drizzles } = await bothWays(db.select().from(pets).leftJoin(owners, eq(owners.id, pets.ownerId)).orderBy(pets.id));

    expect(ours).toEqual([
      {
        pets: { id: 10, ownerId: 1, name: 'Rex', tags: ['loud', 'old'] },
        owners: { id: 1, name: 'Ada', joinedAt: new Date('2026-03-01T08:00:00Z') },
      },
      { pets: { id: 11, ownerId: null, name: 'Stray', tags: null }, owners: null },
    ]);
    expect(ours).toEqual(drizzles);
  });

  it('gives the columns of a subquery', async () => {
    const named = db.select({ id: owners.id, name: owners.name }).from(owners).where(eq(owners.id, 1)).as('named');
    const { ours, drizzles } = await bothWays(db.select({ id: named.id, name: named.name }).from(named));

    expect(ours).toEqual([{ id: 1, name: 'Ada' }]);
    expect(ours).toEqual(drizzles);
  });

  it('reports a failing statement as Drizzle does, with the database’s error as its cause', async () => {
    const failing = db.select({ n: sql<number>`1 / (${owners.id} - 1)` }).from(owners);

    const error = await failing.then(
      () => null,
      (reason: unknown) => reason as Error & { cause?: { code?: string } },
    );
    expect(error?.message).toMatch(/^Failed query: select 1 \//);
    expect(error?.cause?.code).toBe('22012');
  });
});
