/**
 * The real server as a child process (`node server/main.ts`), so a drill can SIGKILL or SIGTERM it and
 * start it again on the same data: a fresh DATA_DIR, and on PostgreSQL a fresh database, seeded with
 * the demo agencies (SEED_DEMO) so the drills sign in as the README's demo users.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type PostgresCluster } from '../../test/pg-cluster.ts';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../server/db/seed-demo.ts';
import { call, jsonOf } from './http.ts';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Node 24 from the `node` package (it runs the server's TypeScript), whatever node runs us. */
function nodeBinary(): string {
  const pinned = path.join(root, 'node_modules', 'node', 'bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

/** Where drills put their databases: a PostgreSQL server (superuser URL), and its cluster when the drill may restart it. */
export interface PostgresHost {
  url: string;
  cluster?: PostgresCluster;
}

/** The data one drill's server runs on; `dispose()` deletes it. */
export interface DrillData {
  kind: DatabaseKind;
  dataDir: string;
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

/**
 * Fresh data for each drill, fast: the first request of a kind starts the server once on new data
 * (migrations and the demo seed, which takes seconds on PGlite), stops it, and keeps that as a
 * template; every drill then gets a copy (a copied data directory; on PostgreSQL, CREATE DATABASE …
 * TEMPLATE). The copy is what a freshly seeded server would have.
 */
export class DrillDataFactory {
  readonly postgres: PostgresHost | undefined;
  private readonly templates = new Map<DatabaseKind, Promise<DrillData>>();
  private readonly made: DrillData[] = [];

  constructor(postgres: PostgresHost | undefined) {
    this.postgres = postgres;
  }

  async fresh(kind: DatabaseKind): Promise<DrillData> {
    let template = this.templates.get(kind);
    if (!template) {
      template = this.seededTemplate(kind);
      this.templates.set(kind, template);
    }
    const source = await template;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'precinct-drill-'));
    cpSync(source.dataDir, dataDir, { recursive: true });
    const databaseUrl = source.databaseUrl ? await this.copyDatabase(source.databaseUrl) : undefined;
    const data = this.track(kind, dataDir, databaseUrl);
    return data;
  }

  /** Deletes the templates (each drill disposes of its own copy). */
  async dispose(): Promise<void> {
    for (const data of this.made) await data.dispose();
  }

  private async seededTemplate(kind: DatabaseKind): Promise<DrillData> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'precinct-drill-template-'));
    const databaseUrl = kind === 'postgres' ? await this.createDatabase() : undefined;
    const template = this.track(kind, dataDir, databaseUrl);
    const server = await DrillServer.start(template, { healthTimeoutMs: SEEDING_HEALTH_TIMEOUT_MS });
    const exit = await server.stop();
    if (exit.code !== 0)
      throw new Error(`The server seeding the ${kind} template did not stop cleanly (${JSON.stringify(exit)}):\n${server.tail()}`);
    return template;
  }

  private async createDatabase(template?: string): Promise<string> {
    if (!this.postgres) throw new Error('A PostgreSQL drill needs a PostgreSQL server');
    const name = `precinct_drill_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: this.postgres.url });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    } finally {
      await admin.end();
    }
    const url = new URL(this.postgres.url);
    url.pathname = `/${name}`;
    return url.toString();
  }

  private copyDatabase(templateUrl: string): Promise<string> {
    return this.createDatabase(new URL(templateUrl).pathname.slice(1));
  }

  private track(kind: DatabaseKind, dataDir: string, databaseUrl: string | undefined): DrillData {
    const postgres = this.postgres;
    let disposed = false;
    const data: DrillData = {
      kind,
      dataDir,
      databaseUrl,
      async dispose() {
        if (disposed) return;
        disposed = true;
        rmSync(dataDir, { recursive: true, force: true });
        if (databaseUrl && postgres) {
          const admin = new pg.Client({ connectionString: postgres.url });
          await admin.connect();
          try {
            await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
          } finally {
            await admin.end();
          }
        }
      },
    };
    this.made.push(data);
    return data;
  }
}

export interface ServerOptions {
  /** Same port across restarts, so clients keep their address. */
  port?: number;
  logLevel?: 'info' | 'warn' | 'error';
  env?: Record<string, string>;
  /** How long to wait for /health (the template's first start migrates and seeds every module's demo data). */
  healthTimeoutMs?: number;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const HEALTH_TIMEOUT_MS = 60_000;
/** The first start of a template migrates and seeds the demo: about 10 s on a quiet machine, 30 s on a loaded one. */
const SEEDING_HEALTH_TIMEOUT_MS = 180_000;

export class DrillServer {
  readonly baseUrl: string;
  /** Every line the server printed (pino JSON at the chosen level). */
  readonly lines: string[] = [];
  readonly exited: Promise<ExitStatus>;
  private exitStatus: ExitStatus | null = null;
  private readonly child: ChildProcess;
  readonly data: DrillData;
  readonly port: number;
  private readonly options: ServerOptions;

  private constructor(data: DrillData, port: number, options: ServerOptions) {
    this.data = data;
    this.port = port;
    this.options = options;
    this.baseUrl = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      TMPDIR: os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: this.baseUrl,
      DATA_DIR: data.dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: options.logLevel ?? 'warn',
      // The drills sign in many times from one address; the limit has its own test.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST_DIR: path.join(data.dataDir, 'no-web-build'),
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
      ...options.env,
    };
    this.child = spawn(nodeBinary(), ['server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(line);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitStatus = { code, signal };
        resolve(this.exitStatus);
      });
    });
  }

  /** Starts the server on `data` and waits until GET /health answers 200. */
  static async start(data: DrillData, options: ServerOptions = {}): Promise<DrillServer> {
    const server = new DrillServer(data, options.port ?? (await freePort()), options);
    await server.waitForHealth(options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS);
    return server;
  }

  /** A new server process on the same data and port (after this one was killed or stopped). */
  restart(options: Partial<ServerOptions> = {}): Promise<DrillServer> {
    return DrillServer.start(this.data, { ...this.options, ...options, port: this.port });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitStatus === null;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** Stops the server if it still runs (SIGTERM, then SIGKILL after 20 s). */
  async stop(): Promise<ExitStatus> {
    if (this.running) {
      this.signal('SIGTERM');
      const timer = setTimeout(() => this.signal('SIGKILL'), 20_000);
      await this.exited;
      clearTimeout(timer);
    }
    return this.exitStatus!;
  }

  tail(count = 30): string {
    return this.lines.slice(-count).join('\n') || '(no output)';
  }

  private async waitForHealth(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`The server exited (${JSON.stringify(this.exitStatus)}) before it was ready:\n${this.tail()}`);
      const health = await call(this.baseUrl, '/health', { timeoutMs: 2000 });
      if (health.status === 200) return;
      if (Date.now() > deadline) {
        this.signal('SIGKILL');
        throw new Error(`The server did not answer /health within ${timeoutMs / 1000} s:\n${this.tail()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Signs in a demo user (README: every demo user has the same password); returns the access token. */
export async function signInDemo(baseUrl: string, email: string): Promise<string> {
  const outcome = await call(baseUrl, '/auth/v1/token?grant_type=password', {
    method: 'POST',
    body: { email, password: DEMO_PASSWORD },
    timeoutMs: 30_000,
  });
  return jsonOf<{ access_token: string }>(outcome, `Sign-in of ${email}`).access_token;
}

/** A demo officer (submits squad checks) and the demo fleet manager (fleet office). */
export const DEMO_OFFICER = 'officer@riverside.example';
export const DEMO_FLEET_MANAGER = 'fleet@riverside.example';
