/**
 * A throw-away PostgreSQL cluster for tests: a fresh data directory in a temp dir, trust
 * authentication for the `postgres` superuser, listening on 127.0.0.1 on a free port with its unix
 * socket in the temp dir. stop() shuts it down and deletes everything.
 *
 * PostgreSQL refuses to run as root, so when we are root the binaries run as the `postgres` system
 * user (via runuser) in a temp dir that user owns; otherwise they run as the current user.
 *
 * Only this cluster runs with fsync=off (its data is deleted at the end, a crash loses nothing of
 * value); everything else keeps PostgreSQL's durable defaults. The fault drills ask for `durable: true`
 * (fsync on) and stop and start the server under load with stopServer() and startServer().
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBinDir } from '../scripts/prerequisites.ts';

export interface PostgresCluster {
  /** Superuser URL, e.g. postgres://postgres@127.0.0.1:54321/postgres */
  url: string;
  port: number;
  /** The temp dir holding the data directory (`data/`), the log (`postgres.log`) and the socket. */
  dir: string;
  /** Stops the server, keeping its data (pg_ctl stop -m <mode>); startServer() brings it back on the same port. */
  stopServer(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  startServer(): Promise<void>;
  /** Stops the server and deletes everything. */
  stop(): Promise<void>;
}

export interface StartClusterOptions {
  /** Where the server binaries are; found with findPostgresBinDir() by default. */
  binDir?: string;
  /** Milliseconds to wait for the server to accept connections. */
  startTimeoutMs?: number;
  /** Keep fsync on (PostgreSQL's default), as production runs it; off by default for speed. */
  durable?: boolean;
}

/** Asks the kernel for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not get a free port'));
      });
    });
  });
}

interface RunAs {
  /** Set when we are root: run every binary as this system user through runuser. */
  user?: string;
  uid?: number;
  gid?: number;
}

function runAsFor(): RunAs {
  if (process.getuid?.() !== 0) return {};
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error(
      'Running as root, and PostgreSQL refuses to run as root, but there is no `postgres` system user to run it as. ' +
        'Install PostgreSQL from your distribution (it creates that user) or run the tests as a normal user.',
    );
  }
  return { user: 'postgres', uid, gid };
}

function command(runAs: RunAs, binary: string, args: string[]): [string, string[]] {
  return runAs.user ? ['runuser', ['-u', runAs.user, '--', binary, ...args]] : [binary, args];
}

function run(runAs: RunAs, binary: string, args: string[], cwd: string, timeoutMs = 120_000): Promise<string> {
  const [file, argv] = command(runAs, binary, args);
  return new Promise((resolve, reject) => {
    execFile(file, argv, { cwd, timeout: timeoutMs, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`${path.basename(binary)} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`.trim()));
      } else {
        resolve(stdout + stderr);
      }
    });
  });
}

function runSync(runAs: RunAs, binary: string, args: string[], cwd: string): void {
  const [file, argv] = command(runAs, binary, args);
  execFileSync(file, argv, { cwd, stdio: 'ignore', timeout: 30_000 });
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts a fresh cluster; throws with PostgreSQL's own words when it cannot. */
export async function startPostgresCluster(options: StartClusterOptions = {}): Promise<PostgresCluster> {
  const binDir = options.binDir ?? findPostgresBinDir();
  if (!binDir) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl, postgres) not found. Run `node scripts/prerequisites.ts` ' +
        'or install them (Debian: apt-get install -y postgresql), or set TEST_DATABASE_URL to an existing server.',
    );
  }
  const runAs = runAsFor();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'precinct-pg-'));
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(dir, runAs.uid, runAs.gid);
  chmodSync(dir, 0o700);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const pgCtl = path.join(binDir, 'pg_ctl');
  let started = false;

  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  // Safety net: if the process exits without calling stop(), do not leave a postmaster behind.
  const onExit = () => {
    if (started) {
      try {
        runSync(runAs, pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], dir);
      } catch {
        // Nothing more we can do while exiting.
      }
    }
    removeDir();
  };
  process.once('exit', onExit);

  try {
    await run(runAs, path.join(binDir, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale'], dir);

    let port = 0;
    let lastError: unknown;
    const startTimeout = String(Math.ceil((options.startTimeoutMs ?? 60_000) / 1000));
    const serverOptions = () =>
      [
        `-p ${port}`,
        "-c listen_addresses='127.0.0.1'",
        `-c unix_socket_directories='${dir}'`,
        ...(options.durable ? [] : ['-c fsync=off']),
        '-c max_connections=200',
      ].join(' ');
    const startServer = () =>
      run(runAs, pgCtl, ['-D', dataDir, '-l', logFile, '-w', '-t', startTimeout, '-o', serverOptions(), 'start'], dir);
    // The free port may be taken between asking and listening; try a few.
    for (let attempt = 0; attempt < 3 && !started; attempt++) {
      port = await freePort();
      try {
        await startServer();
        started = true;
      } catch (error) {
        lastError = error;
      }
    }
    if (!started) {
      throw new Error(
        `PostgreSQL did not start: ${lastError instanceof Error ? lastError.message : String(lastError)}\n--- postgres.log ---\n${readLog(logFile)}`,
      );
    }

    let stopped = false;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dir,
      async stopServer(mode = 'fast') {
        await run(runAs, pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop'], dir);
        started = false;
      },
      async startServer() {
        try {
          await startServer();
          started = true;
        } catch (error) {
          throw new Error(
            `PostgreSQL did not start again: ${error instanceof Error ? error.message : String(error)}\n--- postgres.log ---\n${readLog(logFile)}`,
          );
        }
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          if (started) await run(runAs, pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop'], dir);
          started = false;
        } finally {
          process.removeListener('exit', onExit);
          if (started) onExit();
          else removeDir();
        }
      },
    };
  } catch (error) {
    process.removeListener('exit', onExit);
    onExit();
    throw error;
  }
}
