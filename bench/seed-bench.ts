/**
 * `npm run seed:bench -- --agencies N`: fills a database with the bench dataset (bench/bench-data.ts).
 *
 *   --agencies N          agencies to write (default 200)
 *   --database-url URL    PostgreSQL to fill (default DATABASE_URL; without either, PGlite in DATA_DIR)
 *   --concurrency N       agencies written at once on PostgreSQL (default 4)
 *   --days N              days of history (default 365)
 *   --reset               the database already holds a bench dataset: drop everything and start over
 *                         (refused when it also holds agencies that are not bench agencies)
 *
 * Migrates first, prints a progress bar with a time estimate, then rows per table, the time it took
 * and how to sign in as a bench user.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { sql } from 'drizzle-orm';
import { TENANT_TABLES } from '../server/modules.ts';
import { openDatabase, queryRows, type Database, type Tx } from '../server/platform/database.ts';
import { DAILY_CHECK_RATE, FAILED_CHECK_RATE, REQUESTS_PER_VEHICLE_MONTH, VEHICLES_PER_AGENCY } from '../server/fleet/bench-seed.ts';
import { BENCH_PASSWORD, DAYS_OF_HISTORY, USERS_PER_AGENCY, benchEmail, countBenchAgencies, seedBench } from './bench-data.ts';

export interface SeedCliOptions {
  agencies: number;
  databaseUrl: string | undefined;
  dataDir: string;
  concurrency: number;
  days?: number;
  reset: boolean;
  /** Print progress and tables (the API bench prints its own). */
  quiet?: boolean;
}

const asOwner = (database: Database) => database.owner as unknown as Tx;

/** Rows per table as the connecting role sees them (a superuser or the schema owner sees all). */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [...TENANT_TABLES, 'email_directory']) {
    const [row] = await queryRows<{ n: number }>(asOwner(database), sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

async function wipe(database: Database) {
  const [row] = await queryRows<{ n: number }>(asOwner(database), sql`select count(*)::int as n from agencies`);
  const bench = await countBenchAgencies(database);
  if ((row?.n ?? 0) > bench)
    throw new Error(
      `--reset refused: this database holds ${row!.n - bench} agencies that are not bench agencies. Use a database of its own for the bench.`,
    );
  await database.owner.execute(sql`drop schema if exists drizzle cascade`);
  await database.owner.execute(sql`drop schema public cascade`);
  await database.owner.execute(sql`create schema public`);
}

/** Seeds and returns what it wrote; throws with a clear message when bench data is there already. */
export async function runSeed(options: SeedCliOptions) {
  const open = () =>
    openDatabase({ url: options.databaseUrl, dataDir: path.join(options.dataDir, 'pglite'), poolSize: options.concurrency + 1 });
  let database = await open();
  const where =
    database.kind === 'pglite' ? `PGlite in ${path.join(options.dataDir, 'pglite')}` : `PostgreSQL ${redact(options.databaseUrl!)}`;
  try {
    const existing = await countBenchAgencies(database);
    if (existing > 0) {
      if (!options.reset)
        throw new Error(
          `${where} already holds a bench dataset (${existing} bench agencies). Run again with --reset to drop it and start over, or point --database-url at another database.`,
        );
      if (!options.quiet) console.log(`--reset: dropping the existing bench dataset (${existing} agencies) in ${where}`);
      await wipe(database);
      await database.close();
      database = await open();
    }
    if (!options.quiet) {
      console.log(`Seeding ${options.agencies} agencies into ${where}`);
      console.log(
        `Per agency: ${USERS_PER_AGENCY} users with roles, ${VEHICLES_PER_AGENCY} vehicles, ${options.days ?? DAYS_OF_HISTORY} days of squad checks ` +
          `(one at the start of the first shift on days a car is used: ${Math.round(DAILY_CHECK_RATE * 100)} % of days for patrol cars and SUVs, fewer for spares; ` +
          `${(FAILED_CHECK_RATE * 100).toFixed(1)} % with a failed item), ${REQUESTS_PER_VEHICLE_MONTH} service request per car per month, 3 maintenance intervals per car, the audit trail of all of it`,
      );
    }
    const bar = options.quiet
      ? null
      : new cliProgress.SingleBar(
          {
            format: '{bar} {percentage}% | {value}/{total} agencies | {duration_formatted} elapsed | ETA {eta_formatted}',
            etaBuffer: 20,
            noTTYOutput: true,
            notTTYSchedule: 10_000,
          },
          cliProgress.Presets.shades_classic,
        );
    bar?.start(options.agencies, 0);
    const result = await seedBench(database, {
      agencies: options.agencies,
      concurrency: options.concurrency,
      ...(options.days ? { days: options.days } : {}),
      onAgency: (done) => bar?.update(done),
    });
    bar?.stop();
    const analyzeStarted = performance.now();
    await database.owner.execute(sql`vacuum analyze`);
    const counts = await tableCounts(database);
    if (!options.quiet) {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      console.log(`\n| table | rows |\n|---|---:|`);
      for (const [table, n] of Object.entries(counts)) if (n > 0) console.log(`| ${table} | ${n.toLocaleString('en-US')} |`);
      console.log(`| **total** | **${total.toLocaleString('en-US')}** |`);
      console.log(
        `\nWrote ${total.toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s (${Math.round(total / result.seconds).toLocaleString('en-US')} rows/s), VACUUM ANALYZE ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s, into ${where}.`,
      );
      console.log(
        `Sign in as any bench user with password ${BENCH_PASSWORD}: a<agency>.u<user>@… e.g. ${benchEmail(1, 1)} (administrator), ${benchEmail(1, 2)} (fleet manager), ${benchEmail(1, 30)} (officer); agencies 001–${String(options.agencies).padStart(3, '0')}, users 001–${USERS_PER_AGENCY} (${USERS_PER_AGENCY - 2} is invited, ${USERS_PER_AGENCY - 1}–${USERS_PER_AGENCY} disabled).`,
      );
    }
    return { ...result, counts, where };
  } finally {
    await database.close();
  }
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1 (got ${value})`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      agencies: { type: 'string' },
      'database-url': { type: 'string' },
      concurrency: { type: 'string' },
      days: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  await runSeed({
    agencies: positiveInt('agencies', values.agencies, 200),
    databaseUrl: values['database-url'] ?? (process.env.DATABASE_URL || undefined),
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
    concurrency: positiveInt('concurrency', values.concurrency, 4),
    days: positiveInt('days', values.days, 365),
    reset: values.reset ?? false,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
