import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createScratchDatabase, type ScratchDatabase } from '../../test/postgres.ts';
import { openDatabase, queryRows, type Database } from './database.ts';
import { toAppError } from './errors.ts';

describe('the PostgreSQL pool when the database drops a connection', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase(inject('postgresUrl'));
    database = await openDatabase({ url: scratch.url, poolSize: 2, poolWaitMs: 2000 });
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
    await scratch?.drop();
  });

  // PostgreSQL restarting (pg_ctl stop -m fast) ends every backend, including one whose transaction
  // is between two queries; the process must not die of the client's unhandled 'error' event.
  it('fails the transaction whose connection was terminated between two queries with 503, and keeps serving', async () => {
    const transaction = database.withoutTenant(async (tx) => {
      const [backend] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await admin.query('select pg_terminate_backend($1)', [backend!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    const error = await transaction.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).not.toBeNull();
    expect(toAppError(error).status).toBe(503);
    await database.ping();
    await database.ping();
  });
});
