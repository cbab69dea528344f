/**
 * The real server (node server/main.ts) serving a given build, on a free loopback port, with a fresh
 * data directory (embedded PGlite) and the demo agencies seeded at start. No analytics, no mail.
 * Over HTTPS (HTTP/2, as deployed) with a certificate made for the run, or over plain HTTP/1.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { localhostCertificate, type LocalhostCertificate } from '../../scripts/localhost-certificate.ts';

export type AppServer = {
  baseUrl: string;
  /** Over HTTPS, the run's certificate (its `spki` for Chromium's `--ignore-certificate-errors-spki-list`). */
  certificate: LocalhostCertificate | null;
  /** Sends the server process a signal (SIGHUP: read the certificate again). */
  signal: (signal: NodeJS.Signals) => void;
  /** The server process's exit code once it has exited (null: ended by a signal). */
  exited: Promise<number | null>;
  /** What the server last wrote to its output. */
  output: () => string;
  stop: () => Promise<void>;
};

export type Protocol = 'https' | 'http';

/** The status of GET url, over HTTPS on a new connection that trusts `ca` alone (so it says which certificate the server presents now). */
export function healthStatus(url: string, ca: string | null): Promise<number> {
  if (!ca) return fetch(url, { signal: AbortSignal.timeout(2_000) }).then((response) => response.status);
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca, agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('timeout', () => request.destroy(new Error('timed out')));
    request.once('error', reject);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startAppServer(root: string, webDistDir: string, protocol: Protocol): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-bench-web-'));
  const port = await freePort();
  const baseUrl = `${protocol}://localhost:${port}`;
  const certificate = protocol === 'https' ? await localhostCertificate(dataDir) : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    WEB_DIST_DIR: webDistDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Empty is unset (server/env.ts): plain HTTP whatever the shell has set.
    TLS_CERT_FILE: certificate?.certFile ?? '',
    TLS_KEY_FILE: certificate?.keyFile ?? '',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_ADMIN_URL;
  delete env.POSTHOG_KEY;
  delete env.SMTP_URL;
  delete env.SMS_WEBHOOK_URL;
  const output: string[] = [];
  const child = spawn(process.execPath, ['server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 100) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited (${child.exitCode}) before it was healthy:\n${output.join('')}`);
    }
    try {
      if ((await healthStatus(`${baseUrl}/health`, certificate?.cert ?? null)) === 200)
        return {
          baseUrl,
          certificate,
          signal: (signal) => child.kill(signal),
          exited,
          output: () => output.join(''),
          stop,
        };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server was not healthy after 90 s:\n${output.join('')}`);
}
