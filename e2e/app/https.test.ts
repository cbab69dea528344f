/**
 * The app as deployed: the server answering HTTPS itself (TLS_CERT_FILE, TLS_KEY_FILE) with a
 * certificate for localhost made for this file, trusted by this file's Chromium alone (by its public
 * key), so the page is a secure context as with a real certificate. A server of its own, on the build
 * the suite made, with the demo agencies seeded.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppServer, type AppServer } from '../../bench/web/app-server.ts';
import { findChromium } from '../../scripts/prerequisites.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A demo officer of Riverside (server/db/seed-demo.ts). */
const OFFICER = { email: 'officer@riverside.example', password: 'precinct-demo-2026' };

describe('the app over HTTPS', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer(root, path.join(root, 'dist', 'web'), 'https');
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium not found: install it (Debian: apt-get install -y chromium).');
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [...inject('chromiumArgs'), `--ignore-certificate-errors-spki-list=${server.certificateSpki}`],
    });
  });

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

  it('keeps the app on the device for working offline (its service worker takes over over HTTPS)', async () => {
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
});
