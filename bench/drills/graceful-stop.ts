/**
 * Graceful stop: SIGTERM during a write load. Requests the server had received complete with 2xx,
 * new ones are refused (connection refused, or 503 on a connection it already had), the process exits
 * 0; afterwards every acknowledged write is there.
 *
 * Which requests were in flight is read from the server's own log (LOG_LEVEL=info): each request
 * carries an x-request-id, which Fastify logs as "incoming request" and "request completed"; the
 * ones received before the "SIGTERM received" line were in flight or done when the stop began.
 */
import crypto from 'node:crypto';
import type { SquadCheckSubmission } from '../../core/contracts/fleet.ts';
import { checkTargets, squadChecksOf, submissionBody, type CheckTarget } from './fleet.ts';
import { call, formatTally, isSuccess, tally, type Outcome } from './http.ts';
import { DrillRecorder, type DrillResult } from './report.ts';
import { DEMO_PASSWORD } from '../../server/db/seed-demo.ts';
import { DEMO_FLEET_MANAGER, DEMO_OFFICER, DrillServer, signInDemo, type DatabaseKind, type DrillDataFactory } from './server.ts';

export interface GracefulStopOptions {
  clients: number;
  /** Load before the SIGTERM. */
  loadMs: number;
}

interface Sent {
  id: string;
  /** A squad check (a write checked afterwards) or a sign-in. */
  kind: 'check' | 'sign-in';
  outcome: Outcome;
}

interface LogLine {
  msg?: string;
  reqId?: string;
}

function parse(line: string): LogLine {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return {};
  }
}

const REFUSALS = ['ECONNREFUSED', 'ECONNRESET'];

/** The requests the server had received and not finished when its log says the stop began. */
function inFlightAtStop(lines: LogLine[], sent: Sent[]): Sent[] {
  const stopLine = lines.findIndex((line) => line.msg?.startsWith('SIGTERM received'));
  const before = stopLine === -1 ? lines : lines.slice(0, stopLine);
  const received = new Set(before.filter((l) => l.msg === 'incoming request' && l.reqId).map((l) => l.reqId!));
  const done = new Set(before.filter((l) => l.msg === 'request completed' && l.reqId).map((l) => l.reqId!));
  return sent.filter((s) => received.has(s.id) && !done.has(s.id));
}

async function untilSomethingInFlight(server: DrillServer, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const open = new Set<string>();
    for (const line of server.lines.slice(-200).map(parse)) {
      if (line.msg === 'incoming request' && line.reqId) open.add(line.reqId);
      if (line.msg === 'request completed' && line.reqId) open.delete(line.reqId);
    }
    if (open.size > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export async function gracefulStopDrill(kind: DatabaseKind, factory: DrillDataFactory, options: GracefulStopOptions): Promise<DrillResult> {
  const startedAt = performance.now();
  const record = new DrillRecorder();
  const data = await factory.fresh(kind);
  let server = await DrillServer.start(data, { logLevel: 'info' });
  try {
    const officer = await signInDemo(server.baseUrl, DEMO_OFFICER);
    const targets = await checkTargets(server.baseUrl, officer, options.clients);
    const run = crypto.randomBytes(4).toString('hex');
    // Odometer readings keep rising across attempts: each client's sequence goes on where it stopped.
    const nextSeq = new Map<number, number>();
    let sent: Sent[] = [];
    let sigtermAt = Number.POSITIVE_INFINITY;
    let exit: Awaited<DrillServer['exited']> = { code: null, signal: null };
    let drainMs = 0;
    const acknowledgedChecks: Sent[] = [];
    /** One load and one SIGTERM; what was sent, and the server's log of it. */
    const stopUnderLoad = async (attempt: number) => {
      const attemptSent: Sent[] = [];
      const baseUrl = server.baseUrl;
      const stopping = server;
      const client = async (target: CheckTarget, index: number) => {
        while (stopping.running) {
          const seq = (nextSeq.get(index) ?? 0) + 1;
          nextSeq.set(index, seq);
          const id = `graceful-${run}-${attempt}-${index}-${seq}`;
          const outcome = await call(baseUrl, '/rest/v1/fleet/squad-checks', {
            method: 'POST',
            token: officer,
            body: submissionBody(target, target.vehicle.odometer + seq),
            headers: { 'idempotency-key': id, 'x-request-id': id },
            timeoutMs: 30_000,
          });
          attemptSent.push({ id, kind: 'check', outcome });
          // Refused while the server drains: try again a moment later, as a client would, until it is gone.
          if (!isSuccess(outcome)) await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      // Beside them, sign-ins: a password check runs on the thread pool, so a sign-in stays open across
      // turns of the event loop. On embedded PGlite a squad check may run from start to end in one turn
      // (the database runs in the server's own thread), leaving no moment a signal could find it open.
      const signingIn = async () => {
        for (let seq = 1; stopping.running; seq += 1) {
          const id = `graceful-${run}-${attempt}-sign-in-${seq}`;
          const outcome = await call(baseUrl, '/auth/v1/token?grant_type=password', {
            method: 'POST',
            body: { email: DEMO_OFFICER, password: DEMO_PASSWORD },
            headers: { 'x-request-id': id },
            timeoutMs: 30_000,
          });
          attemptSent.push({ id, kind: 'sign-in', outcome });
          if (!isSuccess(outcome)) await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      const clients = [...targets.map((target, index) => client(target, index)), signingIn()];
      await new Promise((resolve) => setTimeout(resolve, options.loadMs));
      // SIGTERM while the log shows a request received and not yet completed, so the stop has something to drain.
      await untilSomethingInFlight(server, 3000);
      sigtermAt = performance.now();
      server.signal('SIGTERM');
      exit = await server.exited;
      drainMs = performance.now() - sigtermAt;
      await Promise.all(clients);
      sent = attemptSent;
      acknowledgedChecks.push(...attemptSent.filter((s) => s.kind === 'check' && isSuccess(s.outcome)));
    };
    // Whether a request is open at the instant the signal is handled is a race; a stop that found
    // nothing open proves nothing about draining, so it is tried again (up to three times).
    let attempts = 0;
    for (;;) {
      attempts += 1;
      await stopUnderLoad(attempts);
      if (inFlightAtStop(server.lines.map(parse), sent).length > 0 || attempts === 3) break;
      server = await server.restart({ logLevel: 'info' });
    }

    // The server's view: what it had received (and finished) when the stop began.
    const lines = server.lines.map(parse);
    const stopLine = lines.findIndex((line) => line.msg?.startsWith('SIGTERM received'));
    const before = stopLine === -1 ? lines : lines.slice(0, stopLine);
    const after = stopLine === -1 ? [] : lines.slice(stopLine);
    const receivedBefore = new Set(before.filter((l) => l.msg === 'incoming request' && l.reqId).map((l) => l.reqId!));
    const receivedAfter = new Set(after.filter((l) => l.msg === 'incoming request' && l.reqId).map((l) => l.reqId!));
    const inFlight = inFlightAtStop(lines, sent);
    const lateReceived = sent.filter((s) => receivedAfter.has(s.id));
    const notReceived = sent.filter((s) => !receivedBefore.has(s.id) && !receivedAfter.has(s.id));
    const acknowledged = sent.filter((s) => isSuccess(s.outcome));
    const afterStop = sent.filter((s) => s.outcome.startedAt >= sigtermAt);
    const refused = (s: Sent) => s.outcome.status === 503 || REFUSALS.includes(s.outcome.error ?? '');

    record.figure('clients', `${targets.length} submitting squad checks, 1 signing in`);
    record.figure('attempts (a stop that found nothing in flight is repeated)', attempts);
    record.figure('requests', `${sent.length} (${acknowledged.length} acknowledged)`);
    record.figure('in flight at SIGTERM', `${inFlight.length}: ${formatTally(tally(inFlight.map((s) => s.outcome)))}`);
    record.figure('received while stopping', `${lateReceived.length}: ${formatTally(tally(lateReceived.map((s) => s.outcome)))}`);
    record.figure(
      'never received by the server',
      `${notReceived.length}: ${formatTally(tally(notReceived.map((s) => s.outcome)))} (${notReceived.filter((s) => s.outcome.startedAt < sigtermAt).length} sent before SIGTERM, waiting to be accepted)`,
    );
    record.figure('sent after SIGTERM', `${afterStop.length}: ${formatTally(tally(afterStop.map((s) => s.outcome)))}`);
    record.figure('draining (SIGTERM to exit)', `${Math.round(drainMs)} ms`);
    record.figure('exit', exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`);
    record.check(stopLine !== -1, 'the server logged that SIGTERM began the stop');
    record.check(exit.code === 0 && exit.signal === null, `the process exited 0 (${exit.signal ?? exit.code})`);
    // On PostgreSQL a request waits on the database's socket, so a stop under load always finds some open.
    // On embedded PGlite the database runs in the server's own thread and a request can run start to end
    // in one turn of the event loop: three stops may all find nothing open, which says nothing about
    // draining, so there it is reported rather than failed (the drain itself is the same code on both).
    if (kind === 'postgres' || inFlight.length > 0)
      record.check(inFlight.length > 0, `requests were in flight when SIGTERM came (${inFlight.length})`);
    else record.figure('in flight at SIGTERM (PGlite)', `none caught in ${attempts} stops`);
    record.check(
      inFlight.every((s) => isSuccess(s.outcome)),
      `every request in flight at SIGTERM completed with 2xx (${inFlight.filter((s) => isSuccess(s.outcome)).length} of ${inFlight.length})`,
    );
    record.check(
      lateReceived.every((s) => isSuccess(s.outcome) || s.outcome.status === 503),
      `requests received while stopping got 2xx or 503 (${formatTally(tally(lateReceived.map((s) => s.outcome)))})`,
    );
    record.check(
      notReceived.every(refused),
      `every request the server never received was refused: connection refused or reset, or 503 (${notReceived.filter(refused).length} of ${notReceived.length})`,
    );
    record.check(
      afterStop.length > 0 && afterStop.every((s) => !isSuccess(s.outcome) || receivedBefore.has(s.id) || receivedAfter.has(s.id)),
      'no request sent after SIGTERM was served without the server receiving it',
    );

    // Every write that was acknowledged, including those that drained, is stored.
    server = await server.restart({ logLevel: 'warn' });
    const manager = await signInDemo(server.baseUrl, DEMO_FLEET_MANAGER);
    const storedIds = new Set<string>();
    for (const target of targets) for (const row of await squadChecksOf(server.baseUrl, manager, target.vehicle.id)) storedIds.add(row.id);
    const lost = acknowledgedChecks.filter((s) => !storedIds.has((JSON.parse(s.outcome.body) as SquadCheckSubmission).id)).length;
    record.figure('acknowledged squad checks stored after restart', `${acknowledgedChecks.length - lost} of ${acknowledgedChecks.length}`);
    record.check(lost === 0, `every acknowledged write is stored (lost: ${lost})`);
  } finally {
    await server.stop();
    await data.dispose();
  }
  return record.result('graceful-stop', kind, startedAt);
}
