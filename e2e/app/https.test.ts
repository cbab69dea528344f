/**
 * The app as deployed: the server answering HTTPS itself (TLS_CERT_FILE, TLS_KEY_FILE) with a
 * certificate for localhost made for this file, trusted by this file's Chromium alone (by its public
 * key), so the page is a secure context as with a real certificate. A server of its own, on the build
 * the suite made, with the demo agencies seeded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthStatus, startAppServer, type AppServer } from '../../bench/web/app-server.ts';
import { localhostCertificate } from '../../scripts/localhost-certificate.ts';
import { findChromium } from '../../scripts/prerequisites.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A demo officer of Riverside (server/db/seed-demo.ts). */
const OFFICER = { email: 'officer@riverside.example', password: 'precinct-demo-2026' };

/** Whether a new connection to `baseUrl` trusting only `ca` is answered (the server presents that certificate). */
const answersTrusting = (baseUrl: string, ca: string) =>
  healthStatus(`${baseUrl}/health`, ca).then(
    (status) => status === 200,
    () => false,
  );

describe('the app over HTTPS', () => {
  let server: AppServer;
  let browser: Browser;
  /** Whether the server has exited (the SIGTERM test stops it). */
  let stopped = false;

  /** A server with a certificate of its own, and a Chromium that trusts it. */
  async function start(): Promise<void> {
    const started = await startAppServer(root, path.join(root, 'dist', 'web'), 'https');
    server = started;
    stopped = false;
    void started.exited.then(() => {
      if (server === started) stopped = true;
    });
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium not found: install it (Debian: apt-get install -y chromium).');
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [...inject('chromiumArgs'), `--ignore-certificate-errors-spki-list=${server.certificate?.spki}`],
    });
  }

  beforeAll(start);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedInOfficer(): Promise<Page> {
    const page = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(OFFICER.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(OFFICER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    return page;
  }

  it('signs an officer in and opens their fleet screen, with every file and answer over HTTP/2', async () => {
    const page = await signedInOfficer();
    try {
      await page.goto('/fleet');
      await expect.poll(() => page.getByRole('heading', { name: 'Fleet', level: 1 }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Loading your vehicles…').count()).toBe(0);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
      const protocols = await page.evaluate(() => [
        ...new Set(
          [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(
            (entry) => (entry as PerformanceResourceTiming).nextHopProtocol,
          ),
        ),
      ]);
      expect(protocols).toEqual(['h2']);
    } finally {
      await page.context().close();
    }
  });

  it('keeps the app on the device, so that it opens offline once its service worker has taken the page over', async () => {
    const page = await signedInOfficer();
    try {
      // The service worker registers after the first screen and takes the page over once it has the app.
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
      await page.context().setOffline(true);
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { name: /Welcome/ }).isVisible()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('answers new connections with a renewed certificate once told (SIGHUP), and goes on with the old one when the new files do not go together', async () => {
    const current = server.certificate!;
    const original = { cert: fs.readFileSync(current.certFile), key: fs.readFileSync(current.keyFile) };
    const renewed = await localhostCertificate(fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-renewed-')));
    try {
      fs.writeFileSync(current.certFile, renewed.cert);
      fs.writeFileSync(current.keyFile, renewed.key);
      server.signal('SIGHUP');
      await expect.poll(() => answersTrusting(server.baseUrl, renewed.cert)).toBe(true);
      expect(await answersTrusting(server.baseUrl, current.cert)).toBe(false);
      // A key that is not the certificate's: logged, and the renewed certificate stays.
      fs.writeFileSync(current.keyFile, original.key);
      server.signal('SIGHUP');
      await expect.poll(() => server.output()).toMatch(/Kept the certificate in use: .*TLS_KEY_FILE/);
      expect(await answersTrusting(server.baseUrl, renewed.cert)).toBe(true);
    } finally {
      // Back to the certificate this file's Chromium trusts.
      fs.writeFileSync(current.certFile, original.cert);
      fs.writeFileSync(current.keyFile, original.key);
      server.signal('SIGHUP');
      await expect.poll(() => answersTrusting(server.baseUrl, current.cert)).toBe(true);
    }
  });

  it('stops cleanly at SIGTERM while an officer has the app open, its HTTP/2 connection and live updates with it', async () => {
    // A retry finds the server the first attempt stopped: a new one, and a browser that trusts its certificate.
    if (stopped) {
      await browser.close();
      await server.stop();
      await start();
    }
    const page = await signedInOfficer();
    try {
      await page.goto('/fleet');
      await expect.poll(() => page.getByRole('heading', { name: 'Fleet', level: 1 }).isVisible()).toBe(true);
      server.signal('SIGTERM');
      // 0: it finished what was in flight and closed its connections, not forced out after 15 s (serve.ts).
      expect(await server.exited).toBe(0);
    } finally {
      await page.context().close();
    }
  }, 150_000);
});
