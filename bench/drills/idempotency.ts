/**
 * Idempotency: a create (a service request) retried with the same Idempotency-Key yields one record
 * and the same answer; the same key with another body gets 422; a retry while the first request is
 * still running gets 409.
 *
 * The 409 needs the first request to be running when the retry arrives. On PostgreSQL the drill makes
 * that certain rather than lucky: it holds the vehicle's row lock from a connection of its own, so the
 * first request (which locks the vehicle after claiming the key) waits inside its transaction until the
 * drill lets go; the retry is sent only once PostgreSQL shows that request waiting. PGlite runs one
 * transaction at a time, so there a retry cannot overlap the first: it waits and gets the replay.
 */
import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import type { Page } from '../../core/contracts/admin.ts';
import type { FleetSettings, ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import { call, jsonOf, ms, type Outcome } from './http.ts';
import { DrillRecorder, type DrillResult } from './report.ts';
import { DEMO_OFFICER, DrillServer, signInDemo, type DatabaseKind, type DrillDataFactory } from './server.ts';

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** On a fresh server of its own, or on `shared` (a running server another drill also uses, left running). */
export async function idempotencyDrill(kind: DatabaseKind, factory: DrillDataFactory, shared?: DrillServer): Promise<DrillResult> {
  const startedAt = performance.now();
  const record = new DrillRecorder();
  const data = shared ? null : await factory.fresh(kind);
  const server = shared ?? (await DrillServer.start(data!));
  try {
    const token = await signInDemo(server.baseUrl, DEMO_OFFICER);
    const vehicle = jsonOf<Page<Vehicle>>(await call(server.baseUrl, '/rest/v1/fleet/vehicles?page_size=1', { token }), 'Vehicle list')
      .items[0]!;
    const settings = jsonOf<FleetSettings>(await call(server.baseUrl, '/rest/v1/fleet/settings', { token }), 'Fleet settings');
    const run = crypto.randomBytes(4).toString('hex');
    const body = (description: string) => ({
      vehicle_id: vehicle.id,
      category: settings.service_categories[0]!.key,
      description,
      drivable: true,
    });
    const create = (key: string, payload: object) =>
      call(server.baseUrl, '/rest/v1/fleet/service-requests', {
        method: 'POST',
        token,
        body: payload,
        headers: { 'idempotency-key': key },
        timeoutMs: 30_000,
      });
    const count = async (description: string) => {
      const mine = jsonOf<Page<ServiceRequest>>(
        await call(server.baseUrl, '/rest/v1/fleet/service-requests/mine?page_size=200', { token }),
        'My service requests',
      );
      return mine.items.filter((r) => r.description === description).length;
    };
    const sameAnswer = (a: Outcome, b: Outcome) => a.status === b.status && isDeepStrictEqual(JSON.parse(a.body), JSON.parse(b.body));

    // A retry after completion replays the first answer and creates nothing.
    const described = `Drill ${run}: passenger window will not close`;
    const first = await create(`idem-${run}-1`, body(described));
    const retry = await create(`idem-${run}-1`, body(described));
    record.figure('create, then retry with the same key', `${first.status}, then ${retry.status}`);
    record.check(first.status === 201, `the create succeeded (${first.status})`);
    record.check(sameAnswer(first, retry), 'the retry got the same status and the same body');
    record.check((await count(described)) === 1, 'one record exists after the retry');

    // The same key with another body is refused.
    const other = await create(`idem-${run}-1`, body(`${described}, and the mirror is cracked`));
    record.figure('same key, another body', String(other.status));
    record.check(other.status === 422, `the same key with another body gets 422 (${other.status})`);
    record.check((await count(described)) === 1 && (await count(`${described}, and the mirror is cracked`)) === 0, 'and creates nothing');

    // A retry while the first request is still running.
    const raced = `Drill ${run}: siren intermittent`;
    const key = `idem-${run}-2`;
    if (kind === 'postgres') {
      const holder = new pg.Client({ connectionString: server.data.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from vehicles where id = $1 for update', [vehicle.id]);
        const running = create(key, body(raced));
        const waiting = await waitForLockWait(holder, 10_000);
        record.check(waiting, 'the first request was seen running (waiting inside its transaction)');
        const concurrent = await call(server.baseUrl, '/rest/v1/fleet/service-requests', {
          method: 'POST',
          token,
          body: body(raced),
          headers: { 'idempotency-key': key },
          timeoutMs: 5000,
        });
        await holder.query('rollback');
        const firstAnswer = await running;
        const after = await create(key, body(raced));
        record.figure(
          'retry while the first runs',
          `${concurrent.status} in ${Math.round(ms(concurrent))} ms (first request: ${firstAnswer.status}; retry after it: ${after.status})`,
        );
        record.check(concurrent.status === 409, `a retry while the first request runs gets 409 (${concurrent.status ?? concurrent.error})`);
        record.check(
          firstAnswer.status === 201 && sameAnswer(firstAnswer, after),
          'the first request then completes, and a later retry replays its answer',
        );
      } finally {
        await holder.end();
      }
    } else {
      const answers = await Promise.all([create(key, body(raced)), create(key, body(raced))]);
      const statuses = answers.map((a) => a.status);
      record.figure('two at once with one key', statuses.join(' and '));
      record.check(
        answers.every((a) => a.status === 201 || a.status === 409),
        'each answer is the create (201) or 409',
      );
      const created = answers.filter((a) => a.status === 201);
      record.check(
        created.every((a) => sameAnswer(a, created[0]!)),
        'every 201 is the same answer',
      );
      if (!statuses.includes(409))
        record.note(
          'PGlite runs one transaction at a time: the second request waited for the first and got its replay, so 409 cannot be provoked here',
        );
    }
    record.check((await count(raced)) === 1, 'one record exists after the concurrent retries');
  } finally {
    if (data) {
      await server.stop();
      await data.dispose();
    }
  }
  return record.result('idempotency', kind, startedAt);
}

/** True once a backend of the drill's database waits on a lock (the first request, blocked by the drill's row lock). */
async function waitForLockWait(holder: pg.Client, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const { rows } = await holder.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'",
    );
    if ((rows[0]?.n ?? 0) > 0) return true;
    await sleep(20);
  }
  return false;
}
