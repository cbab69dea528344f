/**
 * `npm run drill`: fault drills against the real server as a child process (issue 8, QUALITY.md
 * "Reliability"). Each drill prints what it checked and its figures; the command exits non-zero on
 * any loss or failed check.
 *
 *   npm run drill                          every drill, on PGlite and PostgreSQL
 *   npm run drill -- --only kill-9         one drill (kill-9, db-restart, graceful-stop, concurrent-edits, idempotency)
 *   npm run drill -- --short               the quick version (what `npm test` runs)
 *   npm run drill -- --database pglite     pglite, postgres or both (db-restart is PostgreSQL only)
 *
 * PostgreSQL is a throw-away cluster of its own (fsync on, as in production), so the database-restart
 * drill can stop and start it; TEST_DATABASE_URL is not used.
 */
import { parseArgs } from 'node:util';
import { startPostgresCluster, type PostgresCluster } from '../test/pg-cluster.ts';
import { DRILL_NAMES, runDrill, type DrillName } from './drills/plan.ts';
import { formatResult, passed, type DrillResult } from './drills/report.ts';
import { DATABASE_KINDS, DrillDataFactory, type DatabaseKind } from './drills/server.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    short: { type: 'boolean', default: false },
    database: { type: 'string', default: 'both' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`npm run drill -- [--only <${DRILL_NAMES.join('|')}>]… [--short] [--database pglite|postgres|both]`);
  process.exit(0);
}

const only = (values.only ?? [...DRILL_NAMES]) as string[];
const unknown = only.filter((name) => !(DRILL_NAMES as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown drill ${unknown.join(', ')}; the drills are ${DRILL_NAMES.join(', ')}`);
  process.exit(2);
}
const kinds: DatabaseKind[] = values.database === 'both' ? [...DATABASE_KINDS] : DATABASE_KINDS.filter((k) => k === values.database);
if (kinds.length === 0) {
  console.error(`--database must be pglite, postgres or both (not ${values.database})`);
  process.exit(2);
}

const results: DrillResult[] = [];
let cluster: PostgresCluster | undefined;
let factory: DrillDataFactory | undefined;
const began = performance.now();
try {
  if (kinds.includes('postgres')) {
    cluster = await startPostgresCluster({ durable: true });
    console.log(`PostgreSQL: throw-away cluster on port ${cluster.port} (fsync on)`);
  }
  factory = new DrillDataFactory(cluster ? { url: cluster.url, cluster } : undefined);
  for (const name of only as DrillName[]) {
    for (const kind of kinds) {
      if (name === 'db-restart' && kind !== 'postgres') continue;
      let result: DrillResult;
      try {
        result = await runDrill(name, kind, factory, values.short);
      } catch (error) {
        result = {
          drill: name,
          database: kind,
          figures: [],
          checks: [{ ok: false, what: `the drill ran to the end (${error instanceof Error ? error.message : String(error)})` }],
          notes: [],
          seconds: 0,
        };
      }
      results.push(result);
      console.log(`\n${formatResult(result)}`);
    }
  }
} finally {
  await factory?.dispose();
  await cluster?.stop();
}

const failed = results.filter((r) => !passed(r));
console.log(
  `\n${results.length - failed.length} of ${results.length} drills passed in ${((performance.now() - began) / 1000).toFixed(1)} s${failed.length > 0 ? `; failed: ${failed.map((r) => `${r.drill} on ${r.database}`).join(', ')}` : ''}`,
);
process.exitCode = failed.length > 0 || results.length === 0 ? 1 : 0;
