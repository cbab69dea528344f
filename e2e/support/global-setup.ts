/**
 * Vitest global setup of the browser end-to-end suite (e2e/vitest.config.ts), run once per run:
 *
 *   1. builds the web app (`npm run build`); skipped with E2E_SKIP_BUILD=1, or when there is no web
 *      app to build yet (no index.html and no vite.config.*);
 *   2. starts a real SMTP server capturing every message, readable over HTTP (mail-capture.ts), an
 *      SMS relay stand-in capturing every text message (sms-capture.ts), and an AI provider stand-in
 *      speaking the chat-completions protocol (server/test-support/chat-stand-in.ts);
 *   3. starts the real app server, `node server/main.ts`, on a free port with a fresh DATA_DIR, and
 *      waits until GET /health answers 200.
 *
 * The app is reached at http://localhost:<port> (PUBLIC_URL too), not 127.0.0.1: WebAuthn's
 * relying-party id must be a domain. The server still listens on 127.0.0.1 only. With E2E_HTTPS=1 it
 * answers HTTPS itself, as deployed (https://localhost:<port>, HTTP/2 to the browser), with a
 * certificate made for the run that the suite's Chromium and Node clients alone trust.
 *
 * Tests get `inject('baseUrl')`, `inject('mailApiUrl')` and `inject('smsApiUrl')` (see
 * provided-context.d.ts); use the helpers in browser.ts, mail.ts, sms.ts and accounts.ts rather than
 * these directly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startChatStandIn } from '../../server/test-support/chat-stand-in.ts';
import { chromiumLaunchArgs } from '../../scripts/chromium-args.ts';
import { localhostCertificate } from '../../scripts/localhost-certificate.ts';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/prerequisites.ts';
import { freePort } from '../../test/pg-cluster.ts';
import { startMailCapture, type MailCapture } from './mail-capture.ts';
import { startSmsCapture } from './sms-capture.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// A fresh embedded database migrates before the server answers: 25 s on a quiet two-core machine, over 80 s
// on one busy with other work, which must not fail the run before a test starts.
const HEALTH_TIMEOUT_MS = 180_000;

/** Node 24 from the `node` package (runs TypeScript natively), whatever node runs Vitest. */
function nodeBinary(): string {
  const pinned = path.join(root, 'node_modules', 'node', 'bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

function hasWebApp(): boolean {
  const candidates = ['index.html', 'web/index.html', 'vite.config.ts', 'vite.config.js', 'vite.config.mts'];
  return candidates.some((file) => existsSync(path.join(root, file)));
}

function buildWebApp(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') {
    console.log('[e2e] E2E_SKIP_BUILD=1: using the existing build');
    return Promise.resolve();
  }
  if (!hasWebApp()) {
    console.warn('[e2e] no web app to build yet (no index.html or vite.config.*): testing the API server only');
    return Promise.resolve();
  }
  console.log('[e2e] npm run build');
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (exit code ${code})`))));
  });
}

/** Keeps the last lines a child printed, to show them when it dies. */
class OutputTail {
  private lines: string[] = [];
  push(prefix: string, chunk: Buffer): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      this.lines.push(`${prefix} ${line}`);
      if (this.lines.length > 200) this.lines.shift();
    }
  }
  toString(): string {
    return this.lines.join('\n') || '(no output)';
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: OutputTail): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exit code ${code ?? signal}`;
  });
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The app server died before it was healthy (${exited}). Its output:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app server was not healthy after ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}). Its output:\n${output}`);
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildWebApp();

  const cleanups: Array<() => Promise<void> | void> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`[e2e] teardown: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  try {
    const mail: MailCapture = await startMailCapture();
    cleanups.push(() => mail.close());

    const sms = await startSmsCapture();
    cleanups.push(() => sms.close());

    const ai = await startChatStandIn();
    cleanups.push(() => ai.close());

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'precinct-e2e-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const port = await freePort();
    const certificate = process.env.E2E_HTTPS === '1' ? await localhostCertificate(dataDir) : null;
    // This process's own requests (the health check) trust it too.
    if (certificate) tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificate.cert]);
    const baseUrl = `${certificate ? 'https' : 'http'}://localhost:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // Every answer is also checked against its contract by zod (server/platform/response-serializer.ts).
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      MAIL_FROM: 'precinct@test.local',
      SMS_WEBHOOK_URL: sms.webhookUrl,
      SEED_DEMO: 'false',
      // Every test signs in from the same address; the per-address limit (30 a minute per auth
      // endpoint) is proved by the API tests, and would make this suite's pace matter here.
      AUTH_RATE_LIMIT_PER_MINUTE: '600',
      SIGN_IN_FAILURES_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      AI_BASE_URL: ai.baseUrl,
      AI_MODEL: 'stand-in-7b',
      // Empty is unset (server/env.ts): plain HTTP whatever the shell has set.
      TLS_CERT_FILE: certificate?.certFile ?? '',
      TLS_KEY_FILE: certificate?.keyFile ?? '',
    };
    // The suite runs on a fresh embedded database unless E2E_DATABASE_URL names a server to use, and
    // never sends analytics from a test run.
    delete env.DATABASE_URL;
    delete env.DATABASE_ADMIN_URL;
    delete env.POSTHOG_KEY;
    if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

    const output = new OutputTail();
    const child = spawn(nodeBinary(), ['server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push('[server]', chunk);
      if (process.env.E2E_SERVER_LOG === '1') process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output.push('[server:err]', chunk);
      process.stderr.write(chunk);
    });
    // If this process goes away without teardown, do not leave the server running.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    cleanups.push(async () => {
      process.removeListener('exit', killOnExit);
      await stopChild(child);
    });

    await waitForHealth(baseUrl, child, output);
    console.log(
      `[e2e] app server ready at ${baseUrl}; mail capture: SMTP 127.0.0.1:${mail.smtpPort}, API ${mail.apiUrl}; SMS capture: ${sms.apiUrl}`,
    );

    // Chromium without the address bar's popups (scripts/chromium-args.ts), which Chromium 156 builds
    // as web pages in a renderer of their own for every context. Chromium missing: launchBrowser() says
    // what to install when a test first asks for it.
    const chromiumPath = findChromium();
    project.provide('chromiumArgs', [
      ...(chromiumPath ? await chromiumLaunchArgs(chromiumPath) : CHROMIUM_FLAGS),
      ...(certificate ? [`--ignore-certificate-errors-spki-list=${certificate.spki}`] : []),
    ]);
    project.provide('tlsCertificate', certificate?.cert ?? '');
    project.provide('baseUrl', baseUrl);
    project.provide('mailApiUrl', mail.apiUrl);
    project.provide('smsApiUrl', sms.apiUrl);
    project.provide('aiStandInUrl', ai.baseUrl.replace(/\/v1$/, ''));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
