/**
 * `npm run bench:api`: the API under load (issue 8, QUALITY.md "Performance").
 *
 *   --agencies N          bench agencies to seed (default 20; the full dataset is `seed:bench`'s 200)
 *   --duration S          seconds per case (default 10)
 *   --connections C       concurrent connections (default 10)
 *   --signed-in N         sign in the callers of N agencies (default 10, at most --agencies): `--signed-in 1`
 *                         puts every request in one agency, as at a big agency's shift change
 *   --database-url URL    an existing PostgreSQL (default DATABASE_URL); a bench dataset already there is
 *                         reused, an empty database is seeded. Without either: a throw-away cluster.
 *   --only TEXT[,TEXT…]   only the cases whose name contains one of the TEXTs (and the references)
 *   --profile DIR         write a V8 CPU profile of the server for each case to DIR (CASE.cpuprofile), taken
 *                         over the measured seconds only, not the set-up or the warm-up
 *   --node-flag FLAG      one more Node / V8 flag for the server (repeatable), e.g. --node-flag=--max-old-space-size=160
 *
 * Starts the real server (server/main.ts, a child process on 127.0.0.1) on PostgreSQL with the bench
 * dataset, signs in as the two fleet managers of up to 10 agencies (`--signed-in`), and drives each case with
 * autocannon for a fixed time, every request with the next token in turn (so agencies and users
 * rotate). Beside it, the references of issue 13 (bench/reference-server.ts, each a bare Fastify +
 * pg process on the same database and pool size): a primary-key read, a page of 50 under row-level
 * security in a transaction, and a create of one row under it, each run first and last. Prints req/s, p50, p99, errors, non-2xx, the
 * answering process's CPU time per request (from /proc: what a loaded machine moves least), the
 * database's (every postgres process on the machine: on two cores it shares the server's), and each
 * case's throughput as a ratio of each reference in the same run (the machine is shared: only
 * ratios compare across runs), the server's peak resident memory (VmHWM), and whether each goal of
 * issue 13 is met. Writes the same as JSON to bench/results/api-<timestamp>.json.
 *
 * The server runs as in production (NODE_ENV=production, the default pool of 10 connections) except:
 * LOG_LEVEL=warn (a line per request would measure the terminal) and AUTH_RATE_LIMIT_PER_MINUTE=100000,
 * the existing switch for the per-user limit on /auth/v1 endpoints, which the baseline would trip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { sampleAnswers } from '../server/fleet/sample-answers.ts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { TemplateSection } from '../core/contracts/fleet.ts';
import { freePort, startPostgresCluster, type PostgresCluster } from '../test/pg-cluster.ts';
import {
  BENCH_PASSWORD,
  BENCH_REQUEST_DESCRIPTION,
  benchEmail,
  countBenchAgencies,
  countBenchRequestsLeftOpen,
  USERS_PER_AGENCY,
} from './bench-data.ts';
import { runRealtimeCase, type RealtimeCaseResult } from './realtime-case.ts';
import { redact, runSeed } from './seed-bench.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/platform/database.ts';

/** The live-update case's name (bench/realtime-case.ts); `--only realtime` runs it alone. */
const REALTIME_CASE = 'realtime: 1,000 open streams, a change delivered to each';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Options {
  agencies: number;
  /** How many agencies' callers sign in (the requests rotate over them). */
  signedIn: number;
  duration: number;
  connections: number;
  databaseUrl: string | undefined;
  /** Only the cases whose name contains one of these texts, separated by commas (the references always run). */
  only?: string | undefined;
  /** Write a V8 CPU profile of the server to this folder (open it in Chrome's DevTools). */
  profileDir?: string | undefined;
  /** More V8 / Node flags for the server, to measure one against the default (`--node-flag=--max-old-space-size=160`). */
  nodeFlags?: string[] | undefined;
}

interface Caller {
  token: string;
  agency: number;
  /** The agency's in-service vehicles, shared by its callers; `next` rotates squad checks over them. */
  fleet: { vehicles: Array<{ id: string; odometer: number; checks: number }>; next: number };
  templateVersionId: string;
  sections: TemplateSection[];
  /** The agency's field training coordinator (user 14) and the open binders they see. */
  fto: { token: string; binders: string[] };
  /** An officer of the agency (user 30) and their drafts, each with the version the next save sends. */
  reports: { token: string; drafts: Array<{ id: string; version: number }>; next: number };
  /** The same officer's stops made ready to issue (one traffic citation each), issued one per request. */
  citations: { stops: Array<{ id: string; version: number; content: unknown }>; next: number };
  /** The agency's scheduler (user 13), the people on its roster and a shift type; `next` places each new shift on a day and person not used yet. */
  /** `firstDay`: the first day (epoch ms) this run places shifts on, after those earlier runs left in a reused database. */
  schedule: { token: string; people: string[]; shiftTypeId: string; next: number; firstDay: number };
  /**
   * Officers of the agency who hold Patrol (users from 26 on) and open overtime shifts the scheduler
   * posted for the run; `next` walks the officer × shift pairs, so each sign-up is one not made yet.
   */
  overtime: { officers: string[]; shifts: string[]; next: number };
  /** The same officer's open tasks, each with its version and its space's lists; `next` moves each to the next list in turn. */
  productivity: { tasks: Array<{ id: string; version: number; lists: string[]; at: number }>; next: number };
}

type CaseKind = 'reference' | 'baseline' | 'list' | 'read' | 'write';

interface CaseResult {
  name: string;
  request: string;
  kind: CaseKind;
  target: Reference | undefined;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** The answering process's CPU time per request (user + system), in ms; null off Linux. */
  cpuMsPerRequest: number | null;
  /** PostgreSQL's CPU time per request (every postgres process on the machine), in ms; null off Linux. */
  databaseCpuMsPerRequest: number | null;
  /** Throughput as a share of the references' (mean of their two runs). */
  ratioPk: number;
  ratioRls: number;
  ratioCreate: number;
}

/** bench/reference-server.ts's modes: a bare primary-key read, a bare page under RLS, a bare create. */
type Reference = 'pk' | 'rls' | 'create';

/** How `npm start` starts the server (package.json; README, "Memory" and "Start-up"), so the bench runs it as it is run. */
function startCommand(): { flags: string[]; compileCache: string } {
  const start =
    (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const command = /\bNODE_COMPILE_CACHE=\$\{NODE_COMPILE_CACHE:-(\S+)\} node ((?:--\S+ )*)server\/main\.ts/.exec(start);
  if (!command)
    throw new Error(
      "package.json's start script no longer runs `NODE_COMPILE_CACHE=… node … server/main.ts`: say here how the bench starts the server",
    );
  return { compileCache: process.env.NODE_COMPILE_CACHE ?? path.join(root, command[1]!), flags: command[2]!.split(' ').filter(Boolean) };
}

function nodeBinary(): string {
  const pinned = path.join(root, 'node_modules', 'node', 'bin', 'node');
  return fs.existsSync(pinned) ? pinned : process.execPath;
}

type Server = { child: ChildProcess; base: string; stop: () => Promise<void>; log: () => string; inspector?: Inspector | undefined };

/**
 * The server's V8 profiler, reached over its inspector (`--inspect`), so a profile covers one case's
 * measured seconds. A whole-process profile (`--cpu-prof`) was mostly the bench's own set-up: signing
 * in, and writing the drafts and citations its cases read.
 */
class Inspector {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private readonly socket: WebSocket;
  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiter = message.id === undefined ? undefined : this.waiting.get(message.id);
      if (!waiter) return;
      this.waiting.delete(message.id!);
      if (message.error) waiter.reject(new Error(`The server's inspector refused: ${message.error.message}`));
      else waiter.resolve(message.result);
    });
    // A server that exits mid-case (a --node-flag that runs it out of memory) fails the run, not hangs it.
    socket.addEventListener('close', () => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error('The server closed its inspector (did it exit?)'));
      this.waiting.clear();
    });
  }

  static async connect(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    const inspector = new Inspector(socket);
    await inspector.call('Profiler.enable');
    await inspector.call('Profiler.setSamplingInterval', { interval: 500 });
    return inspector;
  }

  call(method: string, params: object = {}): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /**
   * Profiles the server while `work` runs and writes the profile to `file`. `work` takes its own CPU
   * readings before it returns: stopping the profiler and building the profile cost the server CPU too.
   */
  async profile<T>(file: string, work: () => Promise<T>): Promise<T> {
    await this.call('Profiler.start');
    let result: T;
    try {
      result = await work();
    } finally {
      const { profile } = (await this.call('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(file, JSON.stringify(profile));
    }
    return result;
  }

  close() {
    this.socket.close();
  }
}

/** Precinct's server (server/main.ts), or with `reference` one of bench/reference-server.ts's bare processes. */
async function startServer(databaseUrl: string, reference?: Reference, profileDir?: string, nodeFlags: string[] = []): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-bench-api-'));
  let output = '';
  const start = startCommand();
  const args = reference
    ? ['bench/reference-server.ts', '--mode', reference, '--port', String(port), '--database-url', databaseUrl]
    : [...start.flags, ...nodeFlags, ...(profileDir ? ['--inspect=127.0.0.1:0'] : []), 'server/main.ts'];
  const child = spawn(nodeBinary(), args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_COMPILE_CACHE: start.compileCache,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // Fixed, so a reused bench database's signing keys (encrypted with it) still open on the next run.
      PRECINCT_SECRET: 'precinct-bench-secret-not-for-production-0001',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer /health within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const inspectorUrl = profileDir ? /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] : undefined;
  if (profileDir && !inspectorUrl) throw new Error(`The server did not say where its inspector listens:\n${output}`);
  const inspector = inspectorUrl ? await Inspector.connect(inspectorUrl) : undefined;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  return {
    child,
    base,
    inspector,
    log: () => output,
    async stop() {
      inspector?.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether `--only` (texts separated by commas) picks the case of this name; every case without it. */
function chosen(name: string, only: string | undefined): boolean {
  return !only || only.split(',').some((text) => text.trim() !== '' && name.includes(text.trim()));
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU a process has used so far (user + system), in ms, from /proc/<pid>/stat; null off Linux.
 * Per request, this is the figure a loaded machine moves least: req/s drops when other work takes the
 * cores, but the work one request costs the server stays much the same (docs/decisions/013).
 */
function cpuMs(pid: number | undefined, withEndedChildren = false): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis, from the state (field 3): utime is field 14, stime 15,
    // and the ended children's cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const children = withEndedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return ((Number(fields[11]) + Number(fields[12]) + children) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * The CPU every PostgreSQL process on this machine has used so far (the postmaster, its backends and
 * background workers), in ms; null off Linux. On two cores the database's work per request takes the
 * same cores as the server's, so a case's throughput depends on both (docs/decisions/013). A backend
 * that ends (a pool closing its connection) is counted in its postmaster's ended children. Another
 * cluster busy on the machine at the same time (a test run) is counted too.
 */
function databaseCpuMs(): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  let total = 0;
  let seen = false;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      total += cpuMs(Number(entry), true) ?? 0;
      seen = true;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  // None visible: the database runs on another machine (or /proc hides other users' processes).
  return seen ? total : null;
}

/** Peak resident memory of a process in MB (Linux /proc; null elsewhere). */
function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

async function json<T>(base: string, url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${url}`, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Answers that pass every required item, with an odometer reading. */
function passingAnswers(sections: TemplateSection[], odometer: number) {
  return sampleAnswers(sections, { odometer });
}

/** A date `offset` days from today, YYYY-MM-DD. */
function isoDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

async function signIn(base: string, agencies: number): Promise<Caller[]> {
  const callers: Caller[] = [];
  // Callers of one agency share its vehicles, so odometer readings keep rising whoever submits.
  const fleets = new Map<number, Caller['fleet']>();
  for (let agency = 1; agency <= agencies; agency += 1) {
    const coordinator = await json<{ access_token: string }>(base, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: benchEmail(agency, 14), password: BENCH_PASSWORD }),
    });
    const binders = await json<{ items: Array<{ id: string }> }>(base, '/rest/v1/fto/binders?status=open', {
      headers: { authorization: `Bearer ${coordinator.access_token}` },
    });
    const fto = { token: coordinator.access_token, binders: binders.items.map((b) => b.id) };
    const writer = await json<{ access_token: string }>(base, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: benchEmail(agency, 30), password: BENCH_PASSWORD }),
    });
    // Enough drafts that two saves of one draft are never in flight at once (each save sends the version it expects).
    const drafts: Array<{ id: string; version: number }> = [];
    for (let i = 0; i < 40; i += 1) {
      const draft = await json<{ id: string; version: number }>(base, '/rest/v1/reports/reports', {
        method: 'POST',
        headers: { authorization: `Bearer ${writer.access_token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ type_key: 'incident' }),
      });
      drafts.push({ id: draft.id, version: draft.version });
    }
    const reports = { token: writer.access_token, drafts, next: 0 };
    const citations = { stops: await readyStops(base, writer.access_token), next: 0 };
    const scheduler = await json<{ access_token: string }>(base, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: benchEmail(agency, 13), password: BENCH_PASSWORD }),
    });
    const setup = await json<{ assignments: Array<{ user_id: string; position: string }>; shift_types: Array<{ id: string }> }>(
      base,
      '/rest/v1/schedule/setup',
      {
        headers: { authorization: `Bearer ${scheduler.access_token}` },
      },
    );
    const schedule = {
      token: scheduler.access_token,
      people: [...new Set(setup.assignments.map((a) => a.user_id))],
      shiftTypeId: setup.shift_types[0]!.id,
      next: 0,
      firstDay: BENCH_SHIFTS_FROM,
    };
    const overtime = await overtimeFixture(base, agency, scheduler.access_token, setup);
    const productivity = await productivityFixture(base, writer.access_token);
    for (const user of [2, 3]) {
      const session = await json<{ access_token: string }>(base, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: benchEmail(agency, user), password: BENCH_PASSWORD }),
      });
      const auth = { authorization: `Bearer ${session.access_token}` };
      const page = await json<{ items: Array<{ id: string; odometer: number; status: string }> }>(
        base,
        '/rest/v1/fleet/vehicles?page_size=200&status=in_service',
        { headers: auth },
      );
      const form = await json<{ template: { version_id: string; sections: TemplateSection[] } }>(
        base,
        `/rest/v1/fleet/squad-checks/form/${page.items[0]!.id}`,
        { headers: auth },
      );
      callers.push({
        token: session.access_token,
        agency,
        fleet:
          fleets.get(agency) ??
          fleets.set(agency, { vehicles: page.items.map((v) => ({ id: v.id, odometer: v.odometer, checks: 0 })), next: 0 }).get(agency)!,
        templateVersionId: form.template.version_id,
        sections: form.template.sections,
        fto,
        reports,
        citations,
        schedule,
        overtime,
        productivity,
      });
    }
  }
  return callers;
}

/** Officers signed in per agency for "sign up for overtime", and the open shifts posted for it: pairs enough for a run. */
const OVERTIME_OFFICERS = 12;
const OVERTIME_SHIFTS = 40;

async function overtimeFixture(
  base: string,
  agency: number,
  schedulerToken: string,
  setup: { assignments: Array<{ user_id: string; position: string }>; shift_types: Array<{ id: string }> },
): Promise<Caller['overtime']> {
  const patrol = new Set(setup.assignments.filter((a) => a.position === 'Patrol').map((a) => a.user_id));
  const officers: string[] = [];
  // Users from 26 on are officers (bench/bench-data.ts); a few are invited or disabled and cannot sign in.
  for (let user = 26; user <= USERS_PER_AGENCY && officers.length < OVERTIME_OFFICERS; user += 1) {
    const response = await fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: benchEmail(agency, user), password: BENCH_PASSWORD }),
    });
    if (!response.ok) continue;
    const session = (await response.json()) as { access_token: string; user: { id: string } };
    if (patrol.has(session.user.id)) officers.push(session.access_token);
  }
  const shifts: string[] = [];
  for (let i = 0; i < OVERTIME_SHIFTS; i += 1) {
    const posted = await json<{ id: string }>(base, '/rest/v1/schedule/overtime/shifts', {
      method: 'POST',
      headers: { authorization: `Bearer ${schedulerToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        shift_type_id: setup.shift_types[i % setup.shift_types.length]!.id,
        date: isoDay(7 + (i % 21)),
        position: 'Patrol',
        group_id: null,
        slots: 2,
        note: 'Bench: patrol short',
        rule: 'first_come',
        mode: 'signup',
        signup_deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        offer_wait_minutes: 30,
        from_gap: false,
      }),
    });
    shifts.push(posted.id);
  }
  return { officers, shifts, next: 0 };
}

/** Enough of the officer's open tasks that two moves of one task are never in flight at once. */
const MOVED_TASKS = 40;

async function productivityFixture(base: string, officerToken: string): Promise<Caller['productivity']> {
  const headers = { authorization: `Bearer ${officerToken}` };
  // The officer's first space: its open tasks, moved round the space's lists. They are gathered from
  // every list, as earlier runs on a reused bench database have moved them on from the first.
  const [space] = await json<Array<{ id: string }>>(base, '/rest/v1/productivity/spaces', { headers });
  const lists = (await json<{ lists: Array<{ id: string }> }>(base, `/rest/v1/productivity/spaces/${space!.id}`, { headers })).lists.map(
    (l) => l.id,
  );
  const tasks: Caller['productivity']['tasks'] = [];
  for (const [at, list] of lists.entries()) {
    if (tasks.length >= MOVED_TASKS) break;
    const page = await json<{ items: Array<{ id: string; version: number }> }>(
      base,
      `/rest/v1/productivity/lists/${list}/tasks?page_size=${MOVED_TASKS - tasks.length}`,
      { headers },
    );
    tasks.push(...page.items.map((task) => ({ id: task.id, version: task.version, lists, at })));
  }
  if (tasks.length === 0) throw new Error(`The bench officer has no open task in the space ${space!.id} to move.`);
  return { tasks, next: 0 };
}

interface BenchCase {
  name: string;
  request: string;
  kind: CaseKind;
  /** A reference process instead of Precinct. */
  target?: Reference;
  build: Build;
}

/** Where the bench's "assign a shift" places its shifts: far ahead of any the seed or the demo has. */
const BENCH_SHIFTS_FROM = Date.UTC(2031, 0, 1);

/**
 * What the references read: some users' ids (for the PK read) and each caller's agency (from its token).
 * Also moves each caller's first day for new shifts past the shifts earlier runs placed.
 */
async function referenceTargets(databaseUrl: string, callers: Caller[]) {
  const database = await openDatabase({ url: databaseUrl, migrate: false });
  try {
    const rows = await queryRows<{ agency_id: string; id: string }>(
      database.owner,
      sql`select agency_id, id from users order by id limit 500`,
    );
    const agencyOf = new Map<Caller, string>();
    for (const caller of callers) {
      const payload = JSON.parse(Buffer.from(caller.token.split('.')[1]!, 'base64url').toString()) as {
        app_metadata: { agency_id: string };
      };
      agencyOf.set(caller, payload.app_metadata.agency_id);
      // A reused database holds the shifts earlier runs placed: this run starts the day after the last.
      const [last] = await queryRows<{ last: string | null }>(
        database.owner,
        sql`select max(date)::text as last from schedule_shifts where agency_id = ${payload.app_metadata.agency_id} and date >= ${new Date(BENCH_SHIFTS_FROM).toISOString().slice(0, 10)}`,
      );
      if (last?.last) caller.schedule.firstDay = Date.parse(`${last.last}T00:00:00Z`) + 86_400_000;
    }
    return { users: rows.map((row) => `agency=${row.agency_id}&id=${row.id}`), agencyOf };
  } finally {
    await database.close();
  }
}

/** The issue-13 goals, each as met or not in this run. */
function goals(results: CaseResult[], peak: number | null) {
  const of = (kind: CaseKind) => results.filter((r) => r.kind === kind);
  const min = (rs: CaseResult[], key: 'ratioPk' | 'ratioRls' | 'ratioCreate') => Math.min(...rs.map((r) => r[key]));
  const lists = of('list');
  const writes = of('write');
  const baseline = of('baseline');
  const worstP99 = Math.max(...lists.map((r) => r.p99));
  return [
    lists.length > 0 && {
      met: min(lists, 'ratioRls') >= 0.6,
      text: `list pages >= 0.6× the bare RLS page (lowest ${min(lists, 'ratioRls').toFixed(2)})`,
    },
    lists.length > 0 && { met: worstP99 <= 50, text: `list pages p99 <= 50 ms (highest ${worstP99} ms)` },
    baseline.length > 0 && {
      met: min(baseline, 'ratioPk') >= 0.5,
      text: `authenticated baseline >= 0.5× the bare PK read (${min(baseline, 'ratioPk').toFixed(2)})`,
    },
    writes.length > 0 && {
      met: min(writes, 'ratioPk') >= 0.3,
      text: `creates >= 0.3× the bare PK read (lowest ${min(writes, 'ratioPk').toFixed(2)}; ${min(writes, 'ratioCreate').toFixed(2)}× the bare create)`,
    },
    { met: peak !== null && peak <= 256, text: `server peak memory <= 256 MB (${peak ?? 'unknown'} MB)` },
  ].filter((goal) => goal !== false);
}

type Build = (
  caller: Caller,
  n: number,
) => {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  idempotent?: boolean;
  as?: 'fto' | 'reports' | 'schedule';
  /** A token of its own (an officer's), instead of `as`. */
  token?: string;
  headers?: Record<string, string>;
};

/** Non-2xx answers of a case by status, with the first body of each (to say what went wrong). */
type Refusals = Map<number, { count: number; sample: string }>;

async function runCase(base: string, callers: Caller[], options: Options, build: Build, seconds: number, refusals: Refusals = new Map()) {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const caller = callers[n % callers.length]!;
          const spec = build(caller, Math.floor(n / callers.length));
          n += 1;
          return {
            ...request,
            method: spec.method ?? 'GET',
            path: spec.path,
            headers: {
              authorization: `Bearer ${spec.token ?? (spec.as === 'fto' ? caller.fto.token : spec.as === 'reports' ? caller.reports.token : spec.as === 'schedule' ? caller.schedule.token : caller.token)}`,
              ...spec.headers,
              ...(spec.body !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(spec.idempotent ? { 'idempotency-key': randomUUID() } : {}),
            },
            ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
          };
        },
        onResponse: (status, body) => {
          if (status < 300) return;
          const seen = refusals.get(status);
          if (seen) seen.count += 1;
          else refusals.set(status, { count: 1, sample: body.slice(0, 300) });
        },
      },
    ],
  });
  return result;
}

/** Stops an issue case issues (each is issued once): enough that a run of the case does not use them up. */
const STOPS_PER_AGENCY = 400;

/** Creates an officer's stops, each with one traffic citation that passes the rules, ready to issue. */
async function readyStops(base: string, token: string): Promise<Caller['citations']['stops']> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const today = new Date().toISOString().slice(0, 10);
  const statutes = await json<Array<{ id: string; speeding: boolean }>>(base, `/rest/v1/citations/statutes?on=${today}&kind=traffic`, {
    headers: auth,
  });
  const statute = statutes.find((s) => !s.speeding)!;
  const stops: Caller['citations']['stops'] = [];
  for (let batch = 0; batch < STOPS_PER_AGENCY; batch += 20)
    stops.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, async () => {
          const content = {
            occurred_at: `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T14:20`,
            location: 'Maple Ave and Lake St',
            latitude: null,
            longitude: null,
            person: {
              first_name: 'Gerald',
              middle_name: '',
              last_name: 'Hoffman',
              date_of_birth: '1962-12-19',
              address: '2215 Maple Ave',
              city: 'Riverside',
              state: 'WI',
              zip: '53177',
              licence_number: '',
              licence_state: '',
              phone: '',
            },
            vehicle: { plate: 'ABK-4471', plate_state: 'WI', make: 'Toyota', model: 'Camry', year: '2019', color: 'Silver', vin: '' },
            citations: [
              {
                id: randomUUID(),
                kind: 'traffic',
                violations: [{ statute_id: statute.id, speed: null, posted_limit: null }],
                court_key: '',
                appearance_date: '',
                officer_notes: '',
              },
            ],
          };
          const stop = await json<{ id: string; version: number }>(base, '/rest/v1/citations/stops', {
            method: 'POST',
            headers: { ...auth, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ id: randomUUID(), ...content }),
          });
          return { id: stop.id, version: stop.version, content };
        }),
      )),
    );
  return stops;
}

/** A draft as an officer has it half written: the facts, an answer, a person and two paragraphs. */
const BENCH_DRAFT = {
  occurred_at: '2026-11-20T01:40',
  reported_at: '2026-11-20T02:15',
  location: '2215 Maple Ave',
  answers: { offense: 'Burglary to a garage', how_reported: 'Dispatched call' },
  people: [{ role: 'victim', name: 'Gerald Hoffman', date_of_birth: '', address: '2215 Maple Ave', phone: '', description: '' }],
  vehicles: [],
  property: [],
  narrative: '<p>I responded to 2215 Maple Ave for a burglary to a detached garage.</p><p>The side door hasp had been pried off.</p>',
  attachment_ids: [],
};

function monthRange(): { from: string; to: string } {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

export async function benchApi(options: Options) {
  const started = performance.now();
  let cluster: PostgresCluster | null = null;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    process.stdout.write('Starting a throw-away PostgreSQL cluster… ');
    cluster = await startPostgresCluster();
    databaseUrl = cluster.url;
    console.log(cluster.url);
  }
  let server: Server | null = null;
  let references: Record<Reference, Server> | null = null;
  const loadBefore = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  try {
    const probe = await openDatabase({ url: databaseUrl });
    const existing = await countBenchAgencies(probe);
    const leftOpen = existing > 0 ? await countBenchRequestsLeftOpen(probe) : 0;
    await probe.close();
    let agencies = options.agencies;
    let seedNote: string;
    if (existing > 0) {
      agencies = existing;
      seedNote = `reused the bench dataset already in ${redact(databaseUrl)} (${existing} agencies${
        leftOpen > 0
          ? `; ${leftOpen.toLocaleString('en-US')} service requests earlier runs opened are still open, and the vehicles list and the queue read them: an empty database is seeded afresh`
          : ''
      })`;
      console.log(seedNote);
    } else {
      const seeded = await runSeed({ agencies, databaseUrl, dataDir: os.tmpdir(), concurrency: 4, reset: false });
      seedNote = `seeded ${agencies} agencies (${Object.values(seeded.counts)
        .reduce((a, b) => a + b, 0)
        .toLocaleString('en-US')} rows) in ${seeded.seconds.toFixed(1)} s`;
    }

    server = await startServer(databaseUrl, undefined, options.profileDir && path.resolve(options.profileDir), options.nodeFlags);
    const callers = await signIn(server.base, Math.min(agencies, options.signedIn));
    const targets = await referenceTargets(databaseUrl, callers);
    references = {
      pk: await startServer(databaseUrl, 'pk'),
      rls: await startServer(databaseUrl, 'rls'),
      create: await startServer(databaseUrl, 'create'),
    };
    const month = monthRange();
    console.log(
      `\nServer pid ${server.child.pid} at ${server.base}; ${callers.length} signed-in fleet managers of ${new Set(callers.map((c) => c.agency)).size} agencies (of ${agencies}, ${USERS_PER_AGENCY} users and 40 vehicles each), ${options.connections} connections, ${options.duration} s per case.\n`,
    );

    const referenceCases: BenchCase[] = [
      {
        name: 'reference: bare primary-key read',
        request: 'Fastify + pg, one PK select, no transaction',
        kind: 'reference',
        target: 'pk',
        build: (_c, n) => ({ path: `/pk?${targets.users[n % targets.users.length]!}` }),
      },
      {
        name: 'reference: bare page of 50 under RLS',
        request: 'Fastify + pg, BEGIN; role and agency; 50 vehicles; COMMIT',
        kind: 'reference',
        target: 'rls',
        build: (c) => ({ path: `/page?agency=${targets.agencyOf.get(c)!}` }),
      },
      {
        name: 'reference: bare create under RLS',
        request: 'Fastify + pg, BEGIN; role and agency; one row inserted; COMMIT',
        kind: 'reference',
        target: 'create',
        build: (c, n) => ({
          method: 'POST',
          path: `/create?agency=${targets.agencyOf.get(c)!}`,
          body: { description: `Reference create ${n}`, category: 'other', drivable: true },
        }),
      },
    ];
    const cases: BenchCase[] = [
      ...referenceCases,
      { name: 'baseline: current user', request: 'GET /auth/v1/user', kind: 'baseline', build: () => ({ path: '/auth/v1/user' }) },
      // What the web app reads first at every start: the user and their agency.
      { name: 'app start: profile', request: 'GET /rest/v1/profile', kind: 'read', build: () => ({ path: '/rest/v1/profile' }) },
      {
        name: 'vehicles list',
        request: 'GET /rest/v1/fleet/vehicles?status=in_service&sort=odometer&order=desc&page_size=50',
        kind: 'list',
        build: () => ({ path: '/rest/v1/fleet/vehicles?status=in_service&sort=odometer&order=desc&page_size=50' }),
      },
      {
        name: 'vehicle page: vehicle',
        request: 'GET /rest/v1/fleet/admin/vehicles/:id',
        kind: 'read',
        build: (c, n) => ({ path: `/rest/v1/fleet/admin/vehicles/${c.fleet.vehicles[n % c.fleet.vehicles.length]!.id}` }),
      },
      {
        name: 'vehicle page: timeline',
        request: 'GET /rest/v1/fleet/admin/vehicles/:id/timeline',
        kind: 'list',
        build: (c, n) => ({ path: `/rest/v1/fleet/admin/vehicles/${c.fleet.vehicles[n % c.fleet.vehicles.length]!.id}/timeline` }),
      },
      {
        name: 'squad checks of a month',
        request: `GET /rest/v1/fleet/admin/squad-checks?from=${month.from}&to=${month.to}&failures=all`,
        kind: 'list',
        build: () => ({ path: `/rest/v1/fleet/admin/squad-checks?from=${month.from}&to=${month.to}&failures=all` }),
      },
      {
        // As the fleet office opens it: the waiting requests (open and in progress), the longest waiting first.
        name: 'service-request queue',
        request: 'GET /rest/v1/fleet/admin/service-requests?status=active',
        kind: 'list',
        build: () => ({ path: '/rest/v1/fleet/admin/service-requests?status=active&order=oldest&page=1&page_size=25' }),
      },
      {
        // The fleet office's fuel log, newest first, each full fill's economy worked out from its car's fills.
        name: 'fuel log',
        request: 'GET /rest/v1/fleet/admin/fuel',
        kind: 'list',
        build: () => ({ path: '/rest/v1/fleet/admin/fuel?page=1&page_size=50' }),
      },
      {
        name: 'vendor list',
        request: 'GET /rest/v1/fleet/admin/vendors',
        kind: 'list',
        build: () => ({ path: '/rest/v1/fleet/admin/vendors?page=1&page_size=50' }),
      },
      {
        name: 'write: submit a squad check',
        request: 'POST /rest/v1/fleet/squad-checks',
        kind: 'write',
        build: (c) => {
          // Each check of an agency goes to its next car, so one car's readings (rising by 5 miles) are far apart in time.
          const vehicle = c.fleet.vehicles[c.fleet.next++ % c.fleet.vehicles.length]!;
          vehicle.checks += 1;
          return {
            method: 'POST',
            path: '/rest/v1/fleet/squad-checks',
            idempotent: true,
            body: {
              vehicle_id: vehicle.id,
              template_version_id: c.templateVersionId,
              answers: passingAnswers(c.sections, vehicle.odometer + vehicle.checks * 5),
            },
          };
        },
      },
      {
        name: 'write: create a service request',
        request: 'POST /rest/v1/fleet/service-requests (Idempotency-Key each)',
        kind: 'write',
        // Each request of an agency is for its next car, as squad checks are. The two callers of an agency
        // take turns: given the same car, each would wait for the other's lock on it, which seldom happens
        // to two people reporting on one car.
        build: (c) => ({
          method: 'POST',
          path: '/rest/v1/fleet/service-requests',
          idempotent: true,
          body: {
            vehicle_id: c.fleet.vehicles[c.fleet.next++ % c.fleet.vehicles.length]!.id,
            category: 'other',
            description: BENCH_REQUEST_DESCRIPTION,
            drivable: true,
          },
        }),
      },
      {
        name: 'field training: a binder’s DOR list',
        request: 'GET /rest/v1/fto/binders/:id/dors (as the coordinator)',
        kind: 'list',
        build: (c, n) => ({ path: `/rest/v1/fto/binders/${c.fto.binders[n % c.fto.binders.length]!}/dors`, as: 'fto' }),
      },
      {
        name: 'write: start a DOR',
        request: 'POST /rest/v1/fto/binders/:id/dors (Idempotency-Key each)',
        kind: 'write',
        build: (c, n) => ({
          method: 'POST',
          path: `/rest/v1/fto/binders/${c.fto.binders[n % c.fto.binders.length]!}/dors`,
          idempotent: true,
          // Yesterday in UTC is a day already worked in every agency's zone; today in UTC is tomorrow in the Americas' evenings.
          body: { shift_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), shift: 'day' },
          as: 'fto',
        }),
      },
      {
        name: 'reports: search',
        request: 'GET /rest/v1/reports/reports?queue=all&q=maple (as an officer)',
        kind: 'list',
        build: () => ({ path: '/rest/v1/reports/reports?queue=all&q=maple', as: 'reports' }),
      },
      {
        name: 'write: save a report draft',
        request: 'PUT /rest/v1/reports/reports/:id (If-Match, a whole draft)',
        kind: 'write',
        build: (c) => {
          const draft = c.reports.drafts[c.reports.next++ % c.reports.drafts.length]!;
          const version = draft.version;
          draft.version += 1;
          return {
            method: 'PUT',
            path: `/rest/v1/reports/reports/${draft.id}`,
            headers: { 'if-match': `"${version}"` },
            body: BENCH_DRAFT,
            as: 'reports',
          };
        },
      },
      {
        name: 'citations: my citations',
        request: 'GET /rest/v1/citations/citations (an officer’s, drafts first, then the newest)',
        kind: 'list',
        build: () => ({ path: '/rest/v1/citations/citations', as: 'reports' }),
      },
      {
        name: 'write: issue a citation',
        request: 'POST /rest/v1/citations/stops/:id/issue (If-Match, a stop with one citation: checked, numbered, kept)',
        kind: 'write',
        build: (c) => {
          const stop = c.citations.stops[c.citations.next++ % c.citations.stops.length]!;
          return {
            method: 'POST',
            path: `/rest/v1/citations/stops/${stop.id}/issue`,
            headers: { 'if-match': `"${stop.version}"` },
            body: stop.content,
            as: 'reports',
          };
        },
      },
      {
        name: 'schedule: a month of the roster',
        request:
          'GET /rest/v1/schedule/roster?from&to (31 days of every squad, with coverage against the minimums, as the scheduler; kept while the schedule is unchanged)',
        kind: 'list',
        build: () => ({ path: `/rest/v1/schedule/roster?from=${isoDay(-15)}&to=${isoDay(15)}`, as: 'schedule' }),
      },
      {
        name: 'write: assign a shift',
        request: 'POST /rest/v1/schedule/shifts (the rules checked, history, audit and the officer told)',
        kind: 'write',
        build: (c) => {
          const k = c.schedule.next++;
          const person = c.schedule.people[k % c.schedule.people.length]!;
          // Far ahead and a new day for each round over the roster, so no two requests place one person on one day.
          const date = new Date(c.schedule.firstDay + Math.floor(k / c.schedule.people.length) * 86_400_000).toISOString().slice(0, 10);
          return {
            method: 'POST',
            path: '/rest/v1/schedule/shifts',
            idempotent: true,
            body: {
              user_id: person,
              shift_type_id: c.schedule.shiftTypeId,
              date,
              position: 'Patrol',
              group_id: null,
              reason: 'Bench',
              acknowledge_warnings: true,
              override_reason: 'Bench',
            },
            as: 'schedule',
          };
        },
      },
      {
        name: 'overtime: open shifts',
        request: 'GET /rest/v1/schedule/overtime/shifts?view=open (an officer’s list: each shift with its sign-ups and the caller’s part)',
        kind: 'list',
        build: (c, n) => ({
          path: '/rest/v1/schedule/overtime/shifts?view=open',
          token: c.overtime.officers[n % c.overtime.officers.length]!,
        }),
      },
      {
        name: 'write: sign up for overtime',
        request:
          'POST /rest/v1/schedule/overtime/shifts/:id/signup (Idempotency-Key each; a new officer and shift pair each: the checks, the sign-up, audit and the order)',
        kind: 'write',
        build: (c) => {
          // Officers fastest, so officers of one agency sign up for the same new shift at about the same time.
          const k = c.overtime.next++;
          const officers = c.overtime.officers.length;
          return {
            method: 'POST',
            path: `/rest/v1/schedule/overtime/shifts/${c.overtime.shifts[Math.floor(k / officers) % c.overtime.shifts.length]!}/signup`,
            idempotent: true,
            token: c.overtime.officers[k % officers]!,
          };
        },
      },
      {
        name: 'productivity: my tasks',
        request: 'GET /rest/v1/productivity/my-tasks (an officer’s open tasks across spaces, grouped by due date in the agency’s zone)',
        kind: 'list',
        build: () => ({ path: '/rest/v1/productivity/my-tasks', as: 'reports' }),
      },
      {
        name: 'write: move a task',
        request: 'POST /rest/v1/productivity/tasks/:id/move (If-Match; to the next list of its space: the checks, the move, audit)',
        kind: 'write',
        build: (c) => {
          const task = c.productivity.tasks[c.productivity.next++ % c.productivity.tasks.length]!;
          const version = task.version;
          task.version += 1;
          task.at = (task.at + 1) % task.lists.length;
          return {
            method: 'POST',
            path: `/rest/v1/productivity/tasks/${task.id}/move`,
            headers: { 'if-match': `"${version}"` },
            body: { list_id: task.lists[task.at] },
            as: 'reports',
          };
        },
      },
      // Once more at the end: the machine is shared, so the ratios use the mean of both runs of each reference and the drift is shown.
      ...referenceCases.map((item) => ({ ...item, name: `${item.name} (again)` })),
    ];

    const results: CaseResult[] = [];
    const notes: string[] = [];
    for (const item of cases.filter((c) => c.kind === 'reference' || chosen(c.name, options.only))) {
      process.stdout.write(`${item.name}… `);
      const base = item.target ? references[item.target].base : server.base;
      await runCase(base, callers, options, item.build, 2); // warm-up, not counted
      const refusals: Refusals = new Map();
      const pid = item.target ? references[item.target].child.pid : server.child.pid;
      const cpuBefore = cpuMs(pid);
      const databaseBefore = databaseCpuMs();
      let cpuAfter: number | null = null;
      let databaseAfter: number | null = null;
      const measure = async () => {
        const measured = await runCase(base, callers, options, item.build, options.duration, refusals);
        cpuAfter = cpuMs(pid);
        databaseAfter = databaseCpuMs();
        return measured;
      };
      const profileFile = path.join(path.resolve(options.profileDir ?? '.'), `${item.name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
      const result = !item.target && server.inspector ? await server.inspector.profile(profileFile, measure) : await measure();
      for (const [status, { count, sample }] of refusals) notes.push(`${item.name}: ${count} × ${status}, e.g. ${sample}`);
      results.push({
        name: item.name,
        request: item.request,
        kind: item.kind,
        target: item.target,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        total: result.requests.total,
        cpuMsPerRequest:
          cpuBefore !== null && cpuAfter !== null && result.requests.total > 0 ? (cpuAfter - cpuBefore) / result.requests.total : null,
        databaseCpuMsPerRequest:
          databaseBefore !== null && databaseAfter !== null && result.requests.total > 0
            ? (databaseAfter - databaseBefore) / result.requests.total
            : null,
        ratioPk: 0,
        ratioRls: 0,
        ratioCreate: 0,
      });
      console.log(`${Math.round(result.requests.average)} req/s`);
    }
    let realtime: RealtimeCaseResult | null = null;
    if (chosen(REALTIME_CASE, options.only)) {
      process.stdout.write(`${REALTIME_CASE}… `);
      const schedulers = [...new Map(callers.map((c) => [c.agency, { agency: c.agency, token: c.schedule.token }])).values()];
      realtime = await runRealtimeCase(server.base, server.child.pid, schedulers);
      console.log(`${realtime.opened} streams, ${realtime.deliveries} deliveries`);
    }
    const meanOf = (target: Reference) => {
      const runs = results.filter((r) => r.target === target);
      return runs.reduce((sum, r) => sum + r.requestsPerSecond, 0) / runs.length;
    };
    const pk = meanOf('pk');
    const rls = meanOf('rls');
    const create = meanOf('create');
    for (const r of results) {
      r.ratioPk = r.requestsPerSecond / pk;
      r.ratioRls = r.requestsPerSecond / rls;
      r.ratioCreate = r.requestsPerSecond / create;
    }
    const peak = peakRssMb(server.child.pid);
    const lines = [
      '',
      `| case | request | req/s | p50 ms | p99 ms | errors | non-2xx | server CPU ms/request | database CPU ms/request | × bare PK read | × bare RLS page | × bare create |`,
      `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
      ...results.map(
        (r) =>
          `| ${r.name} | \`${r.request}\` | ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.cpuMsPerRequest?.toFixed(2) ?? '?'} | ${r.databaseCpuMsPerRequest?.toFixed(2) ?? '?'} | ${r.ratioPk.toFixed(2)} | ${r.ratioRls.toFixed(2)} | ${r.ratioCreate.toFixed(2)} |`,
      ),
      '',
      `Server peak resident memory (VmHWM): ${peak ?? 'unknown'} MB. Dataset: ${seedNote}. ${options.connections} connections, ${options.duration} s per case, ${os.cpus().length} CPUs, Node ${process.version}, load average before ${loadBefore}, after ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}.`,
      ...(realtime
        ? [
            '',
            `| ${REALTIME_CASE} | streams open | server RSS before → after (MB) | per stream (kB) | deliveries | missing | delay p50 ms | delay p99 ms | the change's own request p50 ms |`,
            `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
            `| ${realtime.rounds} rounds, every agency's scheduler saving a day note at once | ${realtime.opened} | ${realtime.rssBeforeMb ?? '?'} → ${realtime.rssAfterMb ?? '?'} | ${
              realtime.rssBeforeMb !== null && realtime.rssAfterMb !== null
                ? Math.round(((realtime.rssAfterMb - realtime.rssBeforeMb) * 1024) / Math.max(1, realtime.opened))
                : '?'
            } | ${realtime.deliveries.toLocaleString('en-US')} | ${realtime.missing} | ${realtime.p50} | ${realtime.p99} | ${realtime.writeP50} |`,
          ]
        : []),
      '',
      'Goals (issue 13):',
      ...goals(results, peak).map((goal) => `- ${goal.met ? 'met' : 'NOT met'}: ${goal.text}`),
    ];
    if (notes.length > 0) lines.push('', 'Non-2xx answers:', ...notes.map((note) => `- ${note}`));
    console.log(lines.join('\n'));
    const resultsDir = path.join(root, 'bench', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          agencies,
          dataset: seedNote,
          connections: options.connections,
          durationSeconds: options.duration,
          cpus: os.cpus().length,
          node: process.version,
          peakRssMb: peak,
          cases: results,
          realtime,
          refusals: notes,
          seconds: (performance.now() - started) / 1000,
        },
        null,
        2,
      ),
    );
    console.log(`\nWrote ${path.relative(root, file)}`);
    return { results, peak };
  } catch (error) {
    if (server) console.error(`--- server output ---\n${server.log()}`);
    throw error;
  } finally {
    await server?.stop();
    for (const reference of Object.values(references ?? {})) await reference.stop();
    await cluster?.stop();
  }
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1 (got ${value})`);
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      agencies: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      'signed-in': { type: 'string' },
      'database-url': { type: 'string' },
      only: { type: 'string' },
      profile: { type: 'string' },
      'node-flag': { type: 'string', multiple: true },
    },
  });
  benchApi({
    agencies: positiveInt('agencies', values.agencies, 20),
    duration: positiveInt('duration', values.duration, 10),
    connections: positiveInt('connections', values.connections, 10),
    signedIn: positiveInt('signed-in', values['signed-in'], 10),
    databaseUrl: values['database-url'] ?? (process.env.DATABASE_URL || undefined),
    only: values.only,
    profileDir: values.profile,
    nodeFlags: values['node-flag'],
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
