/**
 * Database restart under read load (PostgreSQL): stop PostgreSQL (pg_ctl stop -m fast), keep it down a
 * few seconds, start it again. While it is down the API answers 503 with Retry-After within the
 * bounded pool wait, never hangs, never crashes, and it recovers by itself.
 */
import http from 'node:http';
import { call, formatTally, isSuccess, ms, tally, type Outcome } from './http.ts';
import { DrillRecorder, type DrillResult } from './report.ts';
import { DEMO_FLEET_MANAGER, DrillServer, signInDemo, type DrillDataFactory } from './server.ts';

export interface DbRestartOptions {
  clients: number;
  /** Load before the stop, and after recovery. */
  steadyMs: number;
  /** How long PostgreSQL stays down. */
  downMs: number;
  /** DATABASE_POOL_WAIT_MS of the server: the longest a request may wait for a connection. */
  poolWaitMs: number;
}

const READS = [
  '/rest/v1/fleet/vehicles?page_size=50&sort=odometer&order=desc',
  '/rest/v1/fleet/admin/dashboard',
  '/rest/v1/fleet/admin/service-requests?page_size=50',
];
/** Slack over the pool wait for the rest of a request (and a busy machine). */
const LATENCY_SLACK_MS = 1500;
const RECOVERY_LIMIT_MS = 15_000;

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

export async function dbRestartDrill(factory: DrillDataFactory, options: DbRestartOptions): Promise<DrillResult> {
  const startedAt = performance.now();
  const record = new DrillRecorder();
  const cluster = factory.postgres?.cluster;
  if (!cluster) throw new Error('The database-restart drill needs a PostgreSQL cluster of its own to stop and start');
  const data = await factory.fresh('postgres');
  const server = await DrillServer.start(data, { env: { DATABASE_POOL_WAIT_MS: String(options.poolWaitMs) } });
  try {
    const token = await signInDemo(server.baseUrl, DEMO_FLEET_MANAGER);
    const outcomes: Outcome[] = [];
    let stopLoad = false;
    const client = async (index: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = index; !stopLoad; n += 1) {
        outcomes.push(await call(server.baseUrl, READS[n % READS.length]!, { token, agent, timeoutMs: options.poolWaitMs + 10_000 }));
      }
      agent.destroy();
    };
    const clients = Array.from({ length: options.clients }, (_, index) => client(index));

    await sleep(options.steadyMs);
    const stopBegan = performance.now();
    await cluster.stopServer('fast');
    const down = performance.now();
    await sleep(options.downMs);
    const startBegan = performance.now();
    await cluster.startServer();
    const up = performance.now();
    // Load goes on until the API answers again, then a little longer to see it stays well.
    const deadline = up + RECOVERY_LIMIT_MS;
    while (!outcomes.some((o) => isSuccess(o) && o.startedAt > up) && performance.now() < deadline) await sleep(50);
    await sleep(options.steadyMs);
    stopLoad = true;
    await Promise.all(clients);

    const failures = outcomes.filter((o) => !isSuccess(o));
    const firstError = failures.reduce<Outcome | undefined>((first, o) => (!first || o.endedAt < first.endedAt ? o : first), undefined);
    const recovered = outcomes.filter((o) => isSuccess(o) && o.startedAt > up).sort((a, b) => a.endedAt - b.endedAt)[0];
    const windowStart = firstError?.endedAt ?? down;
    const windowEnd = recovered?.endedAt ?? performance.now();
    const inWindow = outcomes.filter((o) => o.endedAt >= windowStart && o.startedAt <= windowEnd);
    const afterRecovery = outcomes.filter((o) => recovered && o.startedAt > recovered.endedAt);
    const maxLatency = inWindow.reduce((max, o) => Math.max(max, ms(o)), 0);
    const non503 = failures.filter((o) => o.status !== 503);
    const without = failures.filter((o) => o.status === 503 && !o.headers['retry-after']);

    record.figure('read clients', options.clients);
    record.figure('pool wait (DATABASE_POOL_WAIT_MS)', `${options.poolWaitMs} ms`);
    record.figure(
      'PostgreSQL stop (pg_ctl -m fast)',
      `${Math.round(down - stopBegan)} ms; down ${Math.round(up - down)} ms; start ${Math.round(up - startBegan)} ms`,
    );
    record.figure(
      'error window',
      firstError ? `${Math.round(windowEnd - windowStart)} ms (first 503 to first 2xx after restart)` : 'no error at all',
    );
    record.figure('first 2xx after PostgreSQL was up', recovered ? `${Math.round(recovered.endedAt - up)} ms` : 'never');
    record.figure('answers in the window', formatTally(tally(inWindow)));
    record.figure('answers in all', `${formatTally(tally(outcomes))} (${outcomes.length} requests)`);
    record.figure('max latency in the window', `${Math.round(maxLatency)} ms`);
    if (!record.check(server.running, 'the server kept running (no crash)'))
      record.note(`the server exited (${JSON.stringify(await server.exited)}); its last words:\n${server.tail(45)}`);
    record.check(failures.length > 0, 'the API noticed the database was down (some requests failed)');
    record.check(
      non503.length === 0,
      `every failed request got 503, none another status, a timeout or a dropped connection (${formatTally(tally(non503))})`,
    );
    record.check(without.length === 0, `every 503 carries Retry-After (${without.length} without)`);
    record.check(
      maxLatency <= options.poolWaitMs + LATENCY_SLACK_MS,
      `no request hung beyond the pool wait (max ${Math.round(maxLatency)} ms ≤ ${options.poolWaitMs} + ${LATENCY_SLACK_MS} ms)`,
    );
    record.check(recovered !== undefined, `the API recovered by itself within ${RECOVERY_LIMIT_MS / 1000} s of PostgreSQL being back`);
    record.check(
      afterRecovery.length > 0 && afterRecovery.every(isSuccess),
      `every request after recovery succeeded (${formatTally(tally(afterRecovery))})`,
    );
  } finally {
    await server.stop();
    await data.dispose();
  }
  return record.result('db-restart', 'postgres', startedAt);
}
