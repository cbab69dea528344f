import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, sql, type ExtractTablesWithRelations, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { isUuid } from '../../core/ids.ts';
import * as schema from '../db/schema.ts';
import { escapeLiteral } from 'pg';
import { AppError } from './errors.ts';
import { installRowMapping } from './drizzle-rows.ts';
import { prepareStatementsOn } from './prepared-statements.ts';

export { planEachTime } from './prepared-statements.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const APP_ROLE = 'precinct_app';
/** The migrations openDatabase runs (drizzle's folder: SQL files and meta/_journal.json). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url));

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Raw access as the connecting (owner) role: migrations, tests and operator scripts only, never request handling. */
  owner: Db;
  /**
   * Runs `work` in one transaction as the API's role, scoped to one agency: row-level security shows
   * and accepts only that agency's rows. Every request's data access goes through here.
   */
  withTenant<T>(agencyId: string, work: (tx: Tx) => Promise<T>, options?: { userId?: string }): Promise<T>;
  /** As the API's role with no agency: tenant tables read as empty; only platform tables and the narrow lookup functions answer. */
  withoutTenant<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One statement outside any transaction, as the connecting role: only for the SQL functions that set
   * their own scope for it (precinct_access_check), which is what makes them one round trip.
   */
  scopedCall<T>(call: SQL): Promise<T[]>;
  /**
   * PostgreSQL only: a request's transaction opened together with its access check, in one round trip
   * (`begin`, precinct_access_check, the user's id), and kept for the request's first `withTenant`
   * (RequestContext's `inAgency`), which then spends no round trip on its own BEGIN. See RequestScope.
   * Null when all but two of the pool's connections are already held this way (always, with a pool of
   * two or fewer): a handler that opens a second transaction, and the access check's own writes, must
   * always find a connection that no waiting request holds. The transaction is read only; its COMMIT
   * goes with the connection's next BEGIN (`park`).
   */
  openRequestScope?<T>(
    agencyId: string,
    sessionId: string,
    userId: string,
    knownVersion: string,
    firstRead?: FirstRead,
  ): Promise<RequestScope<T> | null>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (realtime/v1's fan-out). PostgreSQL: a connection
   * of its own outside the pool, made again with backoff when it drops, after which `onReconnect`
   * runs (what was sent meanwhile is to be read from the table). Resolves to the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Where the durable job queue (server/platform/jobs.ts, pg-boss) keeps its jobs: the same database,
   * through the embedded instance (which runs one statement at a time, between transactions) or the server's URL.
   */
  jobStore: { kind: 'pglite'; client: import('@electric-sql/pglite').PGlite } | { kind: 'postgres'; url: string };
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A transaction opened with a request's access check (Database.openRequestScope), its scope already
 * set for the agency and the user. The request's first transaction joins it; whatever happens, `end`
 * (after the answer, or when the client goes away) commits it and gives the connection back if nobody
 * joined it, and does nothing once it was joined or ended.
 */
export interface RequestScope<T> {
  /** What precinct_access_check answered (undefined: no such session). */
  found: T | undefined;
  /** The rows of the route's first read, when it has one (FirstRead), read in the same message. */
  firstRows: Record<string, unknown>[] | undefined;
  /** Runs `work` in the transaction and commits it (rolls back if `work` fails); null once it was joined or ended. */
  join<R>(work: (tx: Tx) => Promise<R>): Promise<R> | null;
  end(): Promise<void>;
}

/**
 * A read a route makes first, sent in the same message as its access check (after it, in its
 * transaction, with the agency and the user in scope): one round trip fewer for a read that needs only
 * who is asking. `call` names a function of the database that takes the agency's id and the user's
 * (migration 0048): plpgsql keeps its plan for the connection, so the read is not parsed and planned
 * again for each request, and nothing stays in the session (a pooler in transaction mode is fine). Its
 * rows are the request's to use only once the access check let it through.
 */
export interface FirstRead {
  call: string;
}

export interface DatabaseOptions {
  /** postgres://… of the server; absent means embedded PGlite in `dataDir`. */
  url?: string | undefined;
  /** Connection for migrations (schema owner); defaults to url. */
  adminUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throw-away database. */
  dataDir?: string;
  /**
   * PGlite only: a data directory to start from instead of an empty database, as PGlite's
   * `dumpDataDir` wrote it. The tests start each throw-away database from one already migrated
   * (test/pglite-template.ts): a second where an empty one takes four to set up and migrate.
   */
  pgliteDump?: Blob | undefined;
  poolSize?: number;
  poolWaitMs?: number;
  /** How long a read's transaction waits, uncommitted, for the next request to take its connection (`park`; default 5 ms). */
  parkedMs?: number;
  migrate?: boolean;
}

/** The statements each open transaction sends with its COMMIT (runAtCommit), by the transaction. */
const atCommit = new WeakMap<Tx, string[]>();

/**
 * Queues a statement to go with the transaction's COMMIT, in the same message: the two cost one round
 * trip, and a lock the statement takes is held only while PostgreSQL runs that message, not while the
 * request goes on (the audit log's per-agency lock, docs/decisions/013). The statement is plain SQL
 * text with its values written in as literals (`sqlLiteral`), since a message of several
 * statements cannot carry parameters; it runs after everything the transaction's work did, in the order
 * queued. False when the transaction cannot (PGlite's, which runs one statement at a time anyway, or
 * one opened elsewhere): the caller then runs the statement at once.
 */
export function runAtCommit(tx: Tx, statement: string): boolean {
  const queued = atCommit.get(tx);
  if (!queued) return false;
  queued.push(statement);
  return true;
}

/**
 * A value written into a statement's text as a literal, for runAtCommit (pg's `escapeLiteral`). PostgreSQL
 * stores no NUL character in text, and in a statement's text one would end the message early: such a
 * value is refused, as a parameter holding one was.
 */
export function sqlLiteral(value: string | null): string {
  if (value === null) return 'null';
  if (value.includes('\0')) throw new Error('A statement cannot hold a NUL character');
  return escapeLiteral(value);
}

/** Sets the API's role, and the agency and user when there is one, for the transaction (ids checked as UUIDs by the caller). */
function scopeStatement(agencyId: string | null, userId: string): string {
  return agencyId === null
    ? `select set_config('role', '${APP_ROLE}', true)`
    : `select set_config('role', '${APP_ROLE}', true), set_config('app.agency_id', '${agencyId}', true), set_config('app.user_id', '${userId}', true)`;
}

/** Rolls back; what a connection that cannot even do that failed with, to drop it from the pool instead of handing it on. */
async function rollBack(client: import('pg').PoolClient): Promise<Error | undefined> {
  return client.query('rollback').then(
    () => undefined,
    (error: Error) => error,
  );
}

/** Runs `work` with its runAtCommit queue, then the message that commits: the queued statements and COMMIT. */
async function withCommitQueue<R>(tx: Tx, work: (tx: Tx) => Promise<R>): Promise<{ result: R; commit: string }> {
  const queued: string[] = [];
  atCommit.set(tx, queued);
  try {
    const result = await work(tx);
    return { result, commit: [...queued, 'commit'].join(';\n') };
  } finally {
    atCommit.delete(tx);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url ? await openPostgres(options) : await openPglite(options);
  return database;
}

function scoped(run: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>) {
  async function withTenant<T>(agencyId: string, work: (tx: Tx) => Promise<T>, options?: { userId?: string }) {
    if (!isUuid(agencyId)) throw new AppError('internal', 'Refusing to open a transaction for a malformed agency id');
    return run(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.agency_id', ${agencyId}, true), set_config('app.user_id', ${options?.userId ?? ''}, true)`,
      );
      return work(tx);
    });
  }
  async function withoutTenant<T>(work: (tx: Tx) => Promise<T>) {
    return run(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
      return work(tx);
    });
  }
  return { withTenant, withoutTenant };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir, options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
  const db = drizzle(client, { schema }) as unknown as Db;
  if (options.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_DIR });
  }
  return {
    kind: 'pglite',
    owner: db,
    ...scoped((work) => db.transaction(work)),
    scopedCall: (call) => queryRows(db, call),
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    jobStore: { kind: 'pglite', client },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(options: DatabaseOptions): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  installRowMapping();
  if (options.migrate !== false) await migratePostgres(options.adminUrl ?? options.url!);
  const pool = new pg.default.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // Wait a bounded time for a free connection, then fail (answered as 503), never hang.
    connectionTimeoutMillis: options.poolWaitMs ?? 5000,
    idleTimeoutMillis: 30_000,
  });
  // A connection dropped while idle (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one dropped while checked out between two queries of a transaction (the pool listens only to
  // idle clients): the transaction's next query fails (503) and the pool discards the client on release.
  // Each connection prepares the statements it runs (prepared-statements.ts): parsed once, not per request.
  // One that dies while a read waits on it to commit is dropped then (`park`): it is checked out, so the
  // pool would not notice.
  pool.on('connect', (client) => {
    client.on('error', (error: Error) => dropParked(client, error));
    client.on('end', () => dropParked(client, new Error('The connection ended while its read waited to commit')));
    prepareStatementsOn(client);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  // One Drizzle instance per pooled connection, made once: building one reads the whole schema.
  const onConnection = new WeakMap<import('pg').PoolClient, Db>();
  const txOf = (client: import('pg').PoolClient) =>
    onConnection.get(client) ?? onConnection.set(client, drizzle(client, { schema }) as unknown as Db).get(client)!;
  /**
   * A connection with a transaction begun and `scope` set: a connection a read left parked commits that
   * read in the same message. One that fails there (it died while it waited) is dropped, and a
   * connection of the pool's is used: nothing of the transaction has run yet.
   */
  async function beginOn(scope: string): Promise<import('pg').PoolClient> {
    const parkedClient = unpark();
    if (parkedClient) {
      held -= 1;
      try {
        await parkedClient.query(`commit; begin; ${scope}`);
        return parkedClient;
      } catch (error) {
        parkedClient.release(error as Error);
      }
    }
    const client = await pool.connect();
    try {
      await client.query(`begin; ${scope}`);
    } catch (error) {
      client.release(await rollBack(client));
      throw error;
    }
    return client;
  }
  /**
   * A transaction whose scope is set in the same round trip as its BEGIN (one simple-protocol
   * message), where Drizzle's own transaction() would spend one on BEGIN and one on set_config. Each
   * round trip is a write to the socket, which is most of what a request costs (docs/decisions/013).
   * The ids are checked as UUIDs before they are written into the statement. `work` gets Drizzle on
   * the connection, typed as a transaction: a nested `tx.transaction()` (a savepoint on Drizzle's own)
   * is not supported here, and nothing uses one.
   */
  async function run<T>(agencyId: string | null, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    if ((agencyId !== null && !isUuid(agencyId)) || (userId !== '' && !isUuid(userId)))
      throw new AppError('internal', 'Refusing to open a transaction for a malformed id');
    const scope = scopeStatement(agencyId, userId);
    const client = await beginOn(scope);
    let broken: Error | undefined;
    try {
      const { result, commit } = await withCommitQueue(txOf(client) as unknown as Tx, work);
      await client.query(commit);
      return result;
    } catch (error) {
      broken = await rollBack(client);
      throw error;
    } finally {
      client.release(broken);
    }
  }
  // Two connections no request holds, for handlers' second transactions and the access check's writes:
  // a pool of two or fewer holds none.
  const maxHeld = (options.poolSize ?? 10) - 2;
  let held = 0;
  const release = (client: import('pg').PoolClient, broken?: Error) => {
    held -= 1;
    client.release(broken);
  };
  const rollBackAndRelease = async (client: import('pg').PoolClient) => release(client, await rollBack(client));
  const commitAndRelease = async (client: import('pg').PoolClient, commit = 'commit') => {
    try {
      await client.query(commit);
    } catch (error) {
      await rollBackAndRelease(client);
      throw error;
    }
    release(client);
  };
  /**
   * A request's transaction is read only, so its COMMIT need not be a round trip of its own: the
   * connection waits here, still counted as held, and the next request to open a scope sends the COMMIT
   * in front of its own BEGIN (one message). One that nobody takes within `parkedMs` (5 ms) commits on
   * its own and goes back to the pool. Nothing was written, so nothing waits on that commit; READ
   * COMMITTED holds no snapshot between statements (no vacuum is held back), only the tables' share
   * locks, for about that long.
   */
  type Parked = { client: import('pg').PoolClient; timer: NodeJS.Timeout };
  const parked: Parked[] = [];
  /** Takes an entry out if it is still parked (its timer cleared); false if someone took it first. */
  const take = (entry: Parked) => {
    const at = parked.indexOf(entry);
    if (at < 0) return false;
    parked.splice(at, 1);
    clearTimeout(entry.timer);
    return true;
  };
  const park = (client: import('pg').PoolClient) => {
    const entry: Parked = {
      client,
      timer: setTimeout(() => {
        if (take(entry)) void commitAndRelease(client).catch(() => undefined);
      }, options.parkedMs ?? 5),
    };
    parked.push(entry);
  };
  const unpark = () => {
    const entry = parked.at(-1);
    return entry && take(entry) ? entry.client : undefined;
  };
  /** A waiting connection that died (a restart, a failover) is dropped, not handed to a request. */
  function dropParked(client: import('pg').PoolClient, error: Error) {
    const entry = parked.find((candidate) => candidate.client === client);
    if (entry && take(entry)) release(client, error);
  }
  async function openRequestScope<T>(
    agencyId: string,
    sessionId: string,
    userId: string,
    knownVersion: string,
    firstRead?: FirstRead,
  ): Promise<RequestScope<T> | null> {
    if (![agencyId, sessionId, userId].every(isUuid) || !/^-?\d{1,19}$/.test(knownVersion))
      throw new AppError('internal', 'Refusing to open a transaction for a malformed id');
    if (firstRead && !/^[a-z_]{1,63}$/.test(firstRead.call))
      throw new AppError('internal', `Refusing a first read named ${firstRead.call}`);
    return openScope<T>(agencyId, sessionId, userId, knownVersion, firstRead, true);
  }
  async function openScope<T>(
    agencyId: string,
    sessionId: string,
    userId: string,
    knownVersion: string,
    firstRead: FirstRead | undefined,
    mayTakeParked: boolean,
  ): Promise<RequestScope<T> | null> {
    let client = mayTakeParked ? unpark() : undefined;
    const pendingCommit = client !== undefined;
    if (!client) {
      if (held >= maxHeld) return null;
      held += 1;
      try {
        client = await pool.connect();
      } catch (error) {
        held -= 1;
        throw error;
      }
    }
    const on = client;
    let state: 'open' | 'joined' | 'ended' = 'open';
    let found: T | undefined;
    let firstRows: Record<string, unknown>[] | undefined;
    try {
      // precinct_access_check sets the role and the agency for the transaction (and clears the user's id).
      const check = `select * from precinct_access_check('${agencyId}', '${sessionId}', '${userId}', ${knownVersion})`;
      const statements = [
        ...(pendingCommit ? ['commit'] : []),
        'begin read only',
        check,
        `select set_config('app.user_id', '${userId}', true)`,
        ...(firstRead === undefined ? [] : [`select * from ${firstRead.call}('${agencyId}', '${userId}')`]),
      ];
      const results = (await on.query(statements.join('; '))) as unknown as Array<{ rows: Record<string, unknown>[] }>;
      found = results[statements.indexOf(check)]?.rows[0] as T | undefined;
      if (firstRead !== undefined) firstRows = results.at(-1)?.rows;
    } catch (error) {
      state = 'ended';
      await rollBackAndRelease(on);
      // A parked connection that failed (it died while it waited) costs the request nothing: nothing of
      // it has run yet, so it starts again once on a connection of the pool's.
      if (pendingCommit) return openScope<T>(agencyId, sessionId, userId, knownVersion, firstRead, false);
      throw error;
    }
    return {
      found,
      firstRows,
      join<R>(work: (tx: Tx) => Promise<R>) {
        if (state !== 'open') return null;
        state = 'joined';
        return (async () => {
          let done: { result: R; commit: string };
          try {
            done = await withCommitQueue(txOf(on) as unknown as Tx, work);
          } catch (error) {
            await rollBackAndRelease(on);
            throw error;
          }
          if (done.commit === 'commit') park(on);
          // What a read queued (the audit entry of a record it opened) cannot be written in its read-only
          // transaction: it goes in a transaction of its own, in the same message, after the read's COMMIT.
          else await commitAndRelease(on, `commit; begin; ${scopeStatement(agencyId, userId)}; ${done.commit}`);
          return done.result;
        })();
      },
      async end() {
        if (state !== 'open') return;
        state = 'ended';
        park(on);
      },
    };
  }
  return {
    kind: 'postgres',
    owner: db,
    withTenant: (agencyId, work, options) => run(agencyId, options?.userId ?? '', work),
    withoutTenant: (work) => run(null, '', work),
    scopedCall: (call) => queryRows(db, call),
    openRequestScope,
    listen: (channel, onPayload, onReconnect) => listenOnPostgres(options.url!, channel, onPayload, onReconnect),
    // The queue's own schema (pgboss) is made and migrated by pg-boss at start: with the owner's connection when there is one.
    jobStore: { kind: 'postgres', url: options.adminUrl ?? options.url! },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      for (let client = unpark(); client; client = unpark()) await commitAndRelease(client).catch(() => undefined);
      await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to requests). When it drops (a
 * database restart, a network cut) it is made again after 0.5 s, doubling to 30 s, and `onReconnect`
 * runs once it listens again. The channel name is an identifier, checked before it is written into SQL.
 */
async function listenOnPostgres(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const pg = await import('pg');
  let stopped = false;
  let client: import('pg').Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.default.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const dropped = () => {
      if (stopped || client !== next) return;
      client = undefined;
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => {}), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    next.on('error', dropped);
    next.on('end', dropped);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      if (!again) throw error;
      dropped();
      return;
    }
    delay = 500;
    if (again) onReconnect?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** Migrates under an advisory lock, so several servers starting at once migrate once. */
async function migratePostgres(url: string) {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(7244115)');
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(7244115)').catch(() => {});
    await client.end();
  }
}

/** Rows of a raw SQL statement (both drivers answer `{ rows }`). For the few queries Drizzle's builder cannot express. */
export async function queryRows<T>(tx: Tx | Db, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type Step = () => PromiseLike<unknown>;

/**
 * Runs a transaction's queries one after another and gives their results as Promise.all would. A
 * transaction is one connection, which runs one query at a time anyway; handing it several at once
 * (Promise.all) is deprecated by node-postgres and will fail in its next major version.
 */
export async function inSequence<const S extends readonly Step[]>(
  steps: S,
): Promise<{ -readonly [K in keyof S]: Awaited<ReturnType<S[K]>> }> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as { -readonly [K in keyof S]: Awaited<ReturnType<S[K]>> };
}

/**
 * A column named with its table (`"vehicles"."id"`), or with the alias of a subquery selecting it
 * (`"page"."id"`), for a correlated subquery's reference to the outer row. Drizzle writes the columns
 * of a select from one table unqualified, so `"id"` inside a subquery would be the subquery's own id,
 * and a count would silently be 0.
 */
export function qualified(column: AnyPgColumn, from: string = getTableName(column.table)): SQL {
  return sql`${sql.identifier(from)}.${sql.identifier(column.name)}`;
}

/**
 * A subquery's fields of the given keys, as the subquery names them (`"page"."id"`): the columns of
 * `select … from (select … limit 50) page` in Drizzle's terms, for a page read first and its labels
 * joined to its rows only.
 */
export function fieldsOf<S extends object, K extends keyof S & string>(subquery: S, keys: readonly K[]): Pick<S, K> {
  return Object.fromEntries(keys.map((key) => [key, subquery[key]])) as Pick<S, K>;
}

/**
 * `column in ('a', 'b')` with the values written into the statement, not sent as parameters: for a
 * fixed set the code names (statuses), never for input. PostgreSQL costs a prepared statement's generic
 * plan without its parameters' values; for `status in ($1, $2)` it guesses a share of the table, finds
 * the generic plan dearer than one made for the values, and so plans the statement again on every run
 * (the service-request queue spent 0.57 ms of the database's time a request planning, more than it
 * spent running). Written in, the values are known to every plan, and the generic one is kept.
 */
export function inFixed(column: AnyPgColumn, values: readonly string[]): SQL {
  if (values.length === 0) throw new Error('inFixed takes at least one value');
  for (const value of values) if (!/^[a-z_]+$/.test(value)) throw new Error(`inFixed takes fixed words, not ${JSON.stringify(value)}`);
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `column = any($n::uuid[])` for a list of ids, with `name` the placeholder a reused statement gives the
 * list as `uuidList(ids)` (reused-statements.ts). One statement whatever the list's length: `inArray`
 * writes a parameter per id, so every length is a statement of its own to build, prepare and plan.
 */
export function inIdList(column: AnyPgColumn, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
}

/** Ids as one array value for a `::uuid[]` parameter (`inIdList`); only well-formed ids, so none can add elements. */
export function uuidList(ids: readonly string[]): string {
  for (const id of ids) if (!UUID.test(id)) throw new Error(`Not an id: ${JSON.stringify(id)}`);
  return `{${ids.join(',')}}`;
}

/**
 * The filter's total as a column of a page's query: an uncorrelated scalar subquery, which PostgreSQL
 * plans on its own (an index-only count) and runs once, so the page keeps its LIMIT. (`count(*) over ()`
 * would read every row the filter matches to count them.)
 */
export function totalColumn(countQuery: SQLWrapper): SQL.Aliased<number> {
  return sql<number>`(${countQuery})`.mapWith(Number).as('page_total');
}

/**
 * The filter's total counted as the page's statement reads its rows (`count(*) over ()`), for a filter
 * whose every match the page reads anyway (a search's matches, looked up by id and then sorted): the
 * rows are read once, where `totalColumn` would look them all up a second time.
 */
const totalOfRowsRead = sql<number>`count(*) over ()`.mapWith(Number).as('page_total');

/**
 * A page of a list and the total its filter matches, in one round trip instead of two: `page` selects
 * the column it is given as `page_total` beside its own. Only a page past the end, which has no row to
 * carry the total, asks for it on its own. With `allRead`, the page's statement reads every match
 * (`totalOfRowsRead`).
 */
export async function pageWithTotal<Row extends { page_total: number }>(
  countQuery: SQLWrapper & PromiseLike<Array<{ n: number }>>,
  offset: number,
  page: (total: SQL.Aliased<number>) => PromiseLike<Row[]>,
  options: { allRead?: boolean } = {},
): Promise<{ rows: Array<Omit<Row, 'page_total'>>; total: number }> {
  return totalOfPage(await page(options.allRead ? totalOfRowsRead : totalColumn(countQuery)), offset, () => countQuery);
}

/**
 * A page's rows without the `page_total` each carries (`totalColumn`), and that total; a page past the
 * end, which has no row to carry it, asks `countAlone`. For a page made by a reused statement, which
 * `pageWithTotal` cannot run.
 */
export async function totalOfPage<Row extends { page_total: number }>(
  rows: Row[],
  offset: number,
  countAlone: () => PromiseLike<Array<{ n: number }>>,
): Promise<{ rows: Array<Omit<Row, 'page_total'>>; total: number }> {
  const total = rows[0]?.page_total ?? (offset === 0 ? 0 : ((await countAlone())[0]?.n ?? 0));
  return { rows: rows.map(({ page_total: _total, ...row }) => row), total };
}
