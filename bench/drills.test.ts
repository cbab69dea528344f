/**
 * The short fault drills (`npm run drill -- --short`) as part of `npm test`: zero loss, or the test
 * fails with the drill's report. The PGlite and PostgreSQL drills run as two chains side by side (most
 * of a drill is waiting on a server to start, stream or drain), each drill one test awaiting its result.
 * PostgreSQL is a cluster of the drills' own, which the database-restart drill stops and starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test/pg-cluster.ts';
import { runApiDrillsShort, runDrill, type DrillName } from './drills/plan.ts';
import { formatResult, type DrillResult } from './drills/report.ts';
import { DrillDataFactory, type DatabaseKind } from './drills/server.ts';

const PGLITE_CHAIN: DrillName[] = ['kill-9', 'graceful-stop'];
const POSTGRES_CHAIN: DrillName[] = ['kill-9', 'db-restart', 'graceful-stop'];
const DRILL_TIMEOUT_MS = 180_000;

let cluster: PostgresCluster | undefined;
const factories: DrillDataFactory[] = [];
const results = new Map<string, Promise<DrillResult>>();

/** The chain's drills one after another, then concurrent edits and idempotency sharing one server. */
function runChain(kind: DatabaseKind, factory: Promise<DrillDataFactory>, names: DrillName[]) {
  let previous: Promise<unknown> = factory;
  for (const name of names) {
    const result = previous.then(async () => runDrill(name, kind, await factory, true));
    // A drill that throws fails its own test; the next one still runs.
    previous = result.catch(() => undefined);
    results.set(`${name} on ${kind}`, result);
  }
  const pair = previous.then(async () => runApiDrillsShort(kind, await factory));
  results.set(
    `concurrent-edits on ${kind}`,
    pair.then(([edits]) => edits!),
  );
  results.set(
    `idempotency on ${kind}`,
    pair.then(([, idempotency]) => idempotency!),
  );
}

beforeAll(() => {
  const pglite = new DrillDataFactory(undefined);
  factories.push(pglite);
  runChain('pglite', Promise.resolve(pglite), PGLITE_CHAIN);
  const postgres = startPostgresCluster({ durable: true }).then((started) => {
    cluster = started;
    const factory = new DrillDataFactory({ url: started.url, cluster: started });
    factories.push(factory);
    return factory;
  });
  runChain('postgres', postgres, POSTGRES_CHAIN);
  // Nothing may reject unobserved while earlier tests wait.
  for (const result of results.values()) result.catch(() => undefined);
});

afterAll(async () => {
  await Promise.allSettled(results.values());
  for (const factory of factories) await factory.dispose();
  await cluster?.stop();
}, DRILL_TIMEOUT_MS);

async function expectPassed(key: string) {
  const result = await results.get(key)!;
  const failed = result.checks.filter((c) => !c.ok).map((c) => c.what);
  expect(failed, formatResult(result)).toEqual([]);
  expect(result.checks.length).toBeGreaterThan(0);
}

describe.each(['pglite', 'postgres'] as const)('the short fault drills on %s', (kind) => {
  it(
    'keeps every acknowledged squad check, and none twice, when the server is killed with SIGKILL mid-stream',
    () => expectPassed(`kill-9 on ${kind}`),
    DRILL_TIMEOUT_MS,
  );
  it(
    'finishes requests in flight on SIGTERM, refuses new ones and exits 0',
    () => expectPassed(`graceful-stop on ${kind}`),
    DRILL_TIMEOUT_MS,
  );
  it(
    'lets exactly one of two simultaneous edits with the same If-Match win, and loses neither change',
    () => expectPassed(`concurrent-edits on ${kind}`),
    DRILL_TIMEOUT_MS,
  );
  it(
    'replays a create retried with its Idempotency-Key, refuses the key with another body, and stores one record',
    () => expectPassed(`idempotency on ${kind}`),
    DRILL_TIMEOUT_MS,
  );
});

describe('the short database-restart drill on postgres', () => {
  it(
    'answers 503 with Retry-After while PostgreSQL is down, never hangs or crashes, and recovers by itself',
    () => expectPassed('db-restart on postgres'),
    DRILL_TIMEOUT_MS,
  );
});
