/**
 * Kill -9 under write load: clients submit squad checks (each with an Idempotency-Key), the server is
 * SIGKILLed mid-stream and started again on the same data. Every submission that got a 2xx must be
 * there, none twice; the ones that got no answer are retried with their key and must end up stored
 * exactly once (replayed if they had committed, created if not).
 */
import crypto from 'node:crypto';
import type { SquadCheckSubmission } from '../../core/contracts/fleet.ts';
import { checkTargets, squadChecksOf, submissionBody, type CheckTarget } from './fleet.ts';
import { call, formatTally, isSuccess, tally, type Outcome } from './http.ts';
import { DrillRecorder, type DrillResult } from './report.ts';
import { DEMO_FLEET_MANAGER, DEMO_OFFICER, DrillServer, signInDemo, type DatabaseKind, type DrillDataFactory } from './server.ts';

export interface Kill9Options {
  clients: number;
  /** How long the stream runs before the kill. */
  streamMs: number;
}

interface Sent {
  target: CheckTarget;
  key: string;
  odometer: number;
  body: ReturnType<typeof submissionBody>;
  outcome: Outcome;
}

const REQUEST_TIMEOUT_MS = 30_000;

export async function kill9Drill(kind: DatabaseKind, factory: DrillDataFactory, options: Kill9Options): Promise<DrillResult> {
  const startedAt = performance.now();
  const record = new DrillRecorder();
  const data = await factory.fresh(kind);
  const bootBegan = performance.now();
  let server = await DrillServer.start(data);
  record.figure('start on a copy of freshly seeded data', `${Math.round(performance.now() - bootBegan)} ms`);
  try {
    const officer = await signInDemo(server.baseUrl, DEMO_OFFICER);
    const manager = await signInDemo(server.baseUrl, DEMO_FLEET_MANAGER);
    const targets = await checkTargets(server.baseUrl, officer, options.clients);
    for (const target of targets)
      if (!target.form.template.sections.some((s) => s.items.some((i) => i.is_odometer)))
        throw new Error(
          `The form of unit ${target.vehicle.unit_number} has no odometer item; the drill identifies submissions by their reading`,
        );

    // The stream: each client checks its own car, one submission after another, readings rising.
    const run = crypto.randomBytes(4).toString('hex');
    const sent: Sent[] = [];
    let killed = false;
    const baseUrl = server.baseUrl;
    const client = async (target: CheckTarget, index: number) => {
      for (let seq = 1; !killed; seq += 1) {
        const odometer = target.vehicle.odometer + seq;
        const key = `kill9-${run}-${index}-${seq}`;
        const body = submissionBody(target, odometer);
        const outcome = await call(baseUrl, '/rest/v1/fleet/squad-checks', {
          method: 'POST',
          token: officer,
          body,
          headers: { 'idempotency-key': key },
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        sent.push({ target, key, odometer, body, outcome });
        if (!isSuccess(outcome)) return;
      }
    };
    const streamBegan = performance.now();
    const clients = targets.map((target, index) => client(target, index));
    await new Promise((resolve) => setTimeout(resolve, options.streamMs));
    const killedAt = performance.now();
    const killedWallClock = Date.now();
    killed = true;
    server.signal('SIGKILL');
    const exit = await server.exited;
    await Promise.all(clients);

    const acknowledged = sent.filter((s) => isSuccess(s.outcome));
    const unanswered = sent.filter((s) => s.outcome.status === null);
    const refused = sent.filter((s) => s.outcome.status !== null && !isSuccess(s.outcome));
    record.figure('clients', targets.length);
    record.figure(
      'stream before the kill',
      `${(options.streamMs / 1000).toFixed(1)} s, ${Math.round((acknowledged.length / (killedAt - streamBegan)) * 1000)} acknowledged/s`,
    );
    record.figure('sent', sent.length);
    record.figure('acknowledged (2xx)', acknowledged.length);
    record.figure('answers', formatTally(tally(sent.map((s) => s.outcome))));
    record.check(exit.signal === 'SIGKILL', `the server died of SIGKILL (${exit.signal ?? `exit code ${exit.code}`})`);
    record.check(acknowledged.length > 0, 'submissions were acknowledged before the kill');
    record.check(
      refused.length === 0,
      `no submission was refused before the kill (${refused.length === 0 ? 'none' : formatTally(tally(refused.map((s) => s.outcome)))})`,
    );

    // Restart on the same data; the same tokens still work (signing keys are in the database).
    const restartBegan = performance.now();
    server = await server.restart();
    record.figure('restart after SIGKILL', `${Math.round(performance.now() - restartBegan)} ms to healthy`);

    // What was in flight at the kill is retried with its key: stored once, whether or not it had committed.
    const retries = await Promise.all(
      unanswered.map(async (s) => ({
        sent: s,
        outcome: await call(server.baseUrl, '/rest/v1/fleet/squad-checks', {
          method: 'POST',
          token: officer,
          body: s.body,
          headers: { 'idempotency-key': s.key },
          timeoutMs: REQUEST_TIMEOUT_MS,
        }),
      })),
    );
    const retriedOk = retries.filter((r) => isSuccess(r.outcome));
    record.check(
      retriedOk.length === retries.length,
      `every submission unanswered at the kill, retried with its Idempotency-Key, is accepted (${retriedOk.length} of ${retries.length})`,
    );

    // Everything the fleet office sees afterwards, per car: readings above the car's starting one are ours.
    const stored = new Map<string, SquadCheckSubmission[]>();
    for (const target of targets) {
      const rows = (await squadChecksOf(server.baseUrl, manager, target.vehicle.id)).filter(
        (row) => (row.odometer ?? 0) > target.vehicle.odometer,
      );
      stored.set(target.vehicle.id, rows);
    }
    const storedIds = new Set([...stored.values()].flat().map((row) => row.id));
    const found = acknowledged.filter((s) => storedIds.has((JSON.parse(s.outcome.body) as SquadCheckSubmission).id));
    const lost = acknowledged.length - found.length;
    let duplicates = 0;
    for (const rows of stored.values()) {
      const perReading = new Map<number, number>();
      for (const row of rows) perReading.set(row.odometer!, (perReading.get(row.odometer!) ?? 0) + 1);
      for (const n of perReading.values()) duplicates += n - 1;
    }
    const sentReadings = new Set(sent.map((s) => `${s.target.vehicle.id}:${s.odometer}`));
    const strangers = [...stored.entries()].flatMap(([vehicleId, rows]) =>
      rows.filter((row) => !sentReadings.has(`${vehicleId}:${row.odometer}`)),
    );
    const committedBeforeKill = retries.filter(
      (r) =>
        isSuccess(r.outcome) && new Date((JSON.parse(r.outcome.body) as SquadCheckSubmission).submitted_at).getTime() < killedWallClock,
    ).length;
    const retriedStored = retries.filter(
      (r) => (stored.get(r.sent.target.vehicle.id) ?? []).filter((row) => row.odometer === r.sent.odometer).length === 1,
    ).length;

    record.figure('found after restart', `${found.length} of ${acknowledged.length} acknowledged`);
    record.figure(
      'unanswered at the kill',
      `${unanswered.length} (retried: ${committedBeforeKill} had committed and were replayed, ${retriedOk.length - committedBeforeKill} were created by the retry)`,
    );
    record.figure('stored in all', storedIds.size);
    record.figure('duplicates', duplicates);
    record.figure('lost', lost);
    record.check(lost === 0, `every acknowledged submission is present after the restart (lost: ${lost})`);
    record.check(duplicates === 0, `no submission is stored twice (duplicates: ${duplicates})`);
    record.check(
      retriedStored === retries.length,
      `every retried submission is stored exactly once (${retriedStored} of ${retries.length})`,
    );
    record.check(strangers.length === 0, `nothing is stored that was not sent (${strangers.length})`);
    record.check(
      storedIds.size === acknowledged.length + unanswered.length,
      `stored = acknowledged + retried (${storedIds.size} = ${acknowledged.length} + ${unanswered.length})`,
    );
  } finally {
    await server.stop();
    await data.dispose();
  }
  return record.result('kill-9', kind, startedAt);
}
