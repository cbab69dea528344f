/**
 * The offline outbox under a server crash (issue 14): 5 browsers (Chromium contexts, the real web app)
 * each hold 10 squad checks in their outbox, made while offline; the connection comes back in all of
 * them at once, and the server is killed with SIGKILL in the middle of their sending and started again
 * on the same data. Every one of the 50 must end up stored exactly once: what the server had committed
 * before the kill is replayed by its Idempotency-Key, what it had not is created, and nothing is
 * dropped or refused.
 *
 * Each browser is one of the demo officer's devices checking its own car; its checks carry rising
 * odometer readings, which identify them in the fleet office's list. The items are put into each
 * device's outbox (IndexedDB `precinct-outbox`) as the squad-check form does when offline, with the
 * same fields (web/lib/outbox/outbox-rules.ts); typing them through the form is the browser tests' job
 * (e2e/fleet/offline.test.ts). After the restart each page is told `online` again, as a phone is when
 * its connection settles; the outbox would also try by itself within 30 s.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Page as ApiPage } from '../../core/contracts/admin.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { SquadCheckSubmission } from '../../core/contracts/fleet.ts';
import { DEMO_PASSWORD } from '../../server/db/seed-demo.ts';
import { chromiumLaunchArgs } from '../../scripts/chromium-args.ts';
import { findChromium } from '../../scripts/prerequisites.ts';
import { chunkCookie, encodeCookieValue, SESSION_COOKIE } from '../../web/lib/session/session-cookie.ts';
import type { OutboxItem } from '../../web/lib/outbox/outbox-rules.ts';
import { checkTargets, squadChecksOf, submissionBody, type CheckTarget } from './fleet.ts';
import { call, jsonOf } from './http.ts';
import { DrillRecorder, type DrillResult } from './report.ts';
import { DEMO_FLEET_MANAGER, DEMO_OFFICER, DrillServer, type DatabaseKind, type DrillDataFactory } from './server.ts';

export interface OfflineOutboxOptions {
  /** Browsers (devices), each checking its own car. */
  devices: number;
  /** Squad checks waiting in each device's outbox. */
  perDevice: number;
  /** The kill comes once this many of them are stored. */
  killAfter: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SETTLE_TIMEOUT_MS = 90_000;

/** The web app, built once per run into a temporary folder (or the one DRILL_WEB_DIST_DIR names). */
let built: Promise<string> | null = null;
function webBuild(): Promise<string> {
  const given = process.env.DRILL_WEB_DIST_DIR;
  if (given) return Promise.resolve(given);
  built ??= new Promise((resolve, reject) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'precinct-drill-web-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(outDir) : reject(new Error(`vite build failed (exit code ${code})`))));
  });
  return built;
}

async function signIn(baseUrl: string, email: string): Promise<Session> {
  return jsonOf<Session>(
    await call(baseUrl, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email, password: DEMO_PASSWORD },
      timeoutMs: 30_000,
    }),
    `Sign-in of ${email}`,
  );
}

/** The outbox item the squad-check form keeps offline (web/lib/outbox/outbox.ts enqueue). */
function queuedCheck(target: CheckTarget, odometer: number, userId: string, at: number): OutboxItem {
  return {
    id: crypto.randomUUID(),
    endpoint: 'fleet.submitSquadCheck',
    method: 'POST',
    url: '/rest/v1/fleet/squad-checks',
    params: null,
    body: submissionBody(target, odometer),
    idempotency_key: crypto.randomUUID(),
    user_id: userId,
    created_at: new Date(at).toISOString(),
    summary: `Squad check of unit ${target.vehicle.unit_number}`,
    state: 'waiting',
    message: null,
    fields: {},
    attempts: 0,
    form_path: `/fleet/squadcheck?vehicle_id=${target.vehicle.id}`,
  };
}

/** The device's outbox, read from its IndexedDB (null before the app has opened it). */
function outboxOf(page: Page): Promise<OutboxItem[] | null> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'precinct-outbox')) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('precinct-outbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const request = db.transaction('items').objectStore('items').getAll();
      return await new Promise<OutboxItem[]>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result as OutboxItem[]);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  });
}

function putIntoOutbox(page: Page, items: OutboxItem[]): Promise<void> {
  return page.evaluate(async (entries) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('precinct-outbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const transaction = db.transaction('items', 'readwrite');
      for (const entry of entries) transaction.objectStore('items').put(entry);
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
    } finally {
      db.close();
    }
  }, items);
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = SETTLE_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many squad checks the agency has (the office's list, its total). */
async function storedCount(baseUrl: string, managerToken: string): Promise<number> {
  const page = jsonOf<ApiPage<SquadCheckSubmission>>(
    await call(baseUrl, '/rest/v1/fleet/admin/squad-checks?failures=all&page_size=1', { token: managerToken, timeoutMs: 10_000 }),
    'Squad-check list',
  );
  return page.total;
}

export async function offlineOutboxDrill(
  kind: DatabaseKind,
  factory: DrillDataFactory,
  options: OfflineOutboxOptions,
): Promise<DrillResult> {
  const startedAt = performance.now();
  const record = new DrillRecorder();
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH)');
  const webDist = await webBuild();
  const data = await factory.fresh(kind);
  let server = await DrillServer.start(data, { env: { WEB_DIST_DIR: webDist } });
  let browser: Browser | null = null;
  try {
    const officer = await signIn(server.baseUrl, DEMO_OFFICER);
    const manager = await signIn(server.baseUrl, DEMO_FLEET_MANAGER);
    const targets = await checkTargets(server.baseUrl, officer.access_token, options.devices);
    const before = await storedCount(server.baseUrl, manager.access_token);

    browser = await chromium.launch({ executablePath, headless: true, args: await chromiumLaunchArgs(executablePath) });
    const devices: { context: BrowserContext; page: Page; target: CheckTarget; items: OutboxItem[] }[] = [];
    const cookie = chunkCookie(SESSION_COOKIE.name, encodeCookieValue(JSON.stringify(officer)));
    let clock = Date.now();
    for (const target of targets) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 } });
      await context.addCookies(
        cookie.map((chunk) => ({ name: chunk.name, value: chunk.value, url: server.baseUrl, sameSite: 'Lax' as const })),
      );
      const page = await context.newPage();
      await page.goto('/fleet');
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor({ timeout: 60_000 });
      // The outbox has started (it opens its store after the first screen) before the device goes offline.
      await until('the outbox to start', () => outboxOf(page));
      // And the service worker holds the app: offline, a screen's code not loaded yet comes from it (else the page reloads, and fails).
      await page.waitForFunction(
        () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
        null,
        {
          timeout: 60_000,
        },
      );
      await context.setOffline(true);
      const items = Array.from({ length: options.perDevice }, (_, index) =>
        queuedCheck(target, target.vehicle.odometer + index + 1, officer.user.id, (clock += 1)),
      );
      await putIntoOutbox(page, items);
      devices.push({ context, page, target, items });
    }
    const total = devices.length * options.perDevice;
    record.figure('devices', `${devices.length} browsers, ${options.perDevice} squad checks waiting in each`);

    // The connection comes back everywhere at once; the server dies mid-flush.
    const flushBegan = performance.now();
    await Promise.all(devices.map((device) => device.context.setOffline(false)));
    const atKill = await until('the first stored checks', async () => {
      const stored = (await storedCount(server.baseUrl, manager.access_token)) - before;
      return stored >= options.killAfter ? stored : null;
    });
    server.signal('SIGKILL');
    const exit = await server.exited;
    record.figure(
      'stored when the server was killed',
      `${atKill} of ${total}, ${Math.round(performance.now() - flushBegan)} ms into the flush`,
    );
    record.check(exit.signal === 'SIGKILL', `the server died of SIGKILL (${exit.signal ?? `exit code ${exit.code}`})`);
    record.check(atKill < total, `the kill came mid-flush (${atKill} of ${total} stored)`);

    const restartBegan = performance.now();
    server = await server.restart();
    record.figure('restart after SIGKILL', `${Math.round(performance.now() - restartBegan)} ms to healthy`);
    await Promise.all(devices.map((device) => device.page.evaluate(() => window.dispatchEvent(new Event('online')))));

    // Every outbox empties (nothing refused, nothing left waiting).
    const settleBegan = performance.now();
    const left = await until(
      'every outbox to empty',
      async () => {
        const outboxes = await Promise.all(devices.map((device) => outboxOf(device.page)));
        const remaining = outboxes.flatMap((items) => items ?? []);
        if (remaining.some((item) => item.state === 'rejected')) return remaining;
        return remaining.length === 0 ? remaining : null;
      },
      SETTLE_TIMEOUT_MS,
    ).catch(async () => (await Promise.all(devices.map((device) => outboxOf(device.page)))).flatMap((items) => items ?? []));
    record.figure('outboxes emptied after the restart', `${Math.round(performance.now() - settleBegan)} ms`);
    const refused = left.filter((item) => item.state === 'rejected');
    record.check(refused.length === 0, `no item was refused (${refused.map((item) => item.message).join('; ') || 'none'})`);
    record.check(left.length === 0, `every outbox is empty (${left.length} left)`);

    // What the fleet office sees: per car, exactly the readings sent, each once.
    let found = 0;
    let duplicates = 0;
    let missing = 0;
    let strangers = 0;
    for (const device of devices) {
      const rows = (await squadChecksOf(server.baseUrl, manager.access_token, device.target.vehicle.id)).filter(
        (row) => (row.odometer ?? 0) > device.target.vehicle.odometer,
      );
      const perReading = new Map<number, number>();
      for (const row of rows) perReading.set(row.odometer!, (perReading.get(row.odometer!) ?? 0) + 1);
      const sent = new Set(device.items.map((_, index) => device.target.vehicle.odometer + index + 1));
      for (const reading of sent) {
        const count = perReading.get(reading) ?? 0;
        if (count === 0) missing += 1;
        else found += 1;
        if (count > 1) duplicates += count - 1;
      }
      strangers += [...perReading.keys()].filter((reading) => !sent.has(reading)).length;
    }
    record.figure('stored after the restart', `${found} of ${total}`);
    record.figure('duplicates', duplicates);
    record.figure('lost', missing);
    record.check(missing === 0, `every queued squad check is stored (lost: ${missing})`);
    record.check(duplicates === 0, `none is stored twice (duplicates: ${duplicates})`);
    record.check(strangers === 0, `nothing is stored that was not queued (${strangers})`);
    const after = await storedCount(server.baseUrl, manager.access_token);
    record.check(after - before === total, `the agency has exactly ${total} more squad checks (${after - before})`);
  } finally {
    await browser?.close();
    await server.stop();
    await data.dispose();
  }
  return record.result('offline-outbox', kind, startedAt);
}
