/**
 * Field readiness in Chromium (issue 14): the installed app's service worker and the offline outbox.
 * An officer opens a screen once (the service worker then holds the app), loses the connection
 * (Chromium's offline emulation), sends a squad check or a service request, sees it wait in the
 * outbox, and when the connection is back it reaches the server exactly once (counted through the
 * API); a photo taken offline waits on the device with it and is uploaded first. Signing out while an item waits asks first. The outbox's panel is axe clean. Set-up goes through the API: a new agency whose
 * founder (admin:access) is the officer, and a car assigned to them.
 */
import { attemptTag } from '../support/names.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '../../scripts/prerequisites.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminUser, Page as ApiPage } from '../../core/contracts/admin.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { ServiceRequest, SquadCheckDetail, SquadCheckSubmission, Vehicle } from '../../core/contracts/fleet.ts';
import { agencyWithAdmin, api, settled, signInViaApi, signInWithSession, type Person } from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage } from '../support/browser.ts';
import { expectImageShown, solidPng } from './images.ts';

let officer: Person;
let car: Vehicle;

beforeAll(async () => {
  officer = await agencyWithAdmin('offline');
  const users = await api<ApiPage<AdminUser>>(officer.session, 'GET', '/rest/v1/admin/users');
  car = await api<Vehicle>(officer.session, 'POST', '/rest/v1/fleet/admin/vehicles', {
    unit_number: 'P-611',
    vehicle_type: 'patrol',
    make: 'Ford',
    model: 'Police Interceptor Utility',
    year: 2024,
    plate: 'PCT 611',
    plate_state: 'IL',
    odometer: 52_000,
    assigned_user_id: users.items[0]!.id,
  });
}, 120_000);

/** The officer's page on `path`, once the service worker holds the app (so screens not opened yet load offline too). */
async function openWithServiceWorker(path: string): Promise<Page> {
  const page = await newPage({ viewport: { width: 390, height: 844 }, serviceWorker: true });
  await signInWithSession(page, officer.session);
  await page.goto(path);
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
    null,
    {
      timeout: 30_000,
    },
  );
  await settled(page);
  return page;
}

async function squadChecksOfCar(): Promise<SquadCheckSubmission[]> {
  const page = await api<ApiPage<SquadCheckSubmission>>(
    officer.session,
    'GET',
    `/rest/v1/fleet/admin/squad-checks?vehicle_id=${car.id}&failures=all&page_size=200`,
  );
  return page.items;
}

async function myRequests(): Promise<ServiceRequest[]> {
  return (await api<ApiPage<ServiceRequest>>(officer.session, 'GET', '/rest/v1/fleet/service-requests/mine?page_size=200')).items;
}

/** Answers every pass/fail item Pass and every choice its passing option. */
async function passEverything(page: Page): Promise<void> {
  const groups = page.getByRole('group');
  const count = await groups.count();
  for (let i = 0; i < count; i += 1) {
    const group = groups.nth(i);
    const pass = group.getByRole('button', { name: 'Pass', exact: true });
    if ((await pass.count()) > 0) {
      if ((await pass.getAttribute('aria-pressed')) !== 'true') await pass.click();
      continue;
    }
    for (const option of ['Nothing found', 'No new damage']) {
      const button = group.getByRole('button', { name: option, exact: true });
      if ((await button.count()) > 0 && (await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    }
  }
}

/**
 * The query keys of the copy kept on this device for reading offline (web/lib/offline-reads), per
 * user; an empty list when there is none. Never creates the database (that would leave it without
 * its store for the app).
 */
async function keptOnDevice(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'precinct-offline-reads')) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('precinct-offline-reads');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const store = db.transaction('copies').objectStore('copies');
    const keys = (await read(store.getAllKeys())) as string[];
    const copies: Record<string, string[]> = {};
    for (const key of keys) {
      const copy = JSON.parse((await read(store.get(key))) as string) as { clientState: { queries: { queryKey: unknown[] }[] } };
      copies[key] = copy.clientState.queries.map((query) => query.queryKey.slice(0, 2).join('.'));
    }
    db.close();
    return copies;
  });
}

/** How many photos wait on the device to be uploaded (web/lib/outbox/kept-photo-store.ts); 0 when it never kept one. */
async function photosKeptOnDevice(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'precinct-kept-photos')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('precinct-kept-photos');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const request = db.transaction('photos').objectStore('photos').count();
      return await new Promise<number>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  });
}

/** Waits until the signed-in officer's copy on the device holds answers of all these entries (`fleet.getSettings`). */
async function waitUntilKept(page: Page, entries: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const kept = Object.values(await keptOnDevice(page)).flat();
      return entries.filter((entry) => !kept.includes(entry));
    })
    .toEqual([]);
}

describe('an officer without a connection', () => {
  it('sends a squad check while offline, sees it wait in the outbox, and the server gets it exactly once when the connection is back', async () => {
    const before = (await squadChecksOfCar()).length;
    const page = await openWithServiceWorker(`/fleet/squadcheck?vehicle_id=${car.id}`);
    try {
      await page.getByRole('heading', { name: 'Squad check: unit P-611', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /^Odometer/ }).fill('52140');
      await page.getByRole('textbox', { name: /^Fuel level/ }).fill('75');
      await passEverything(page);

      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await page.getByText('Saved on this device; it will be sent when you are back online.').waitFor();
      await page.getByRole('heading', { name: 'Squad check saved: unit P-611', level: 1 }).waitFor();

      // The outbox in the header, and its panel (loaded offline from the service worker's precache).
      const outbox = page.getByRole('button', { name: '1 waiting to send' });
      await outbox.click();
      const panel = page.getByRole('dialog', { name: 'Outbox' });
      await panel.getByText('Squad check of unit P-611').waitFor();
      await panel.getByText('Waiting', { exact: true }).waitFor();
      await expectNoSeriousAxeViolations(page);
      expect((await squadChecksOfCar()).length).toBe(before);

      await page.context().setOffline(false);
      await outbox.waitFor({ state: 'detached' });
      await page.getByText('Squad check of unit P-611 reached the server.').waitFor();
      await expect.poll(async () => (await squadChecksOfCar()).length).toBe(before + 1);

      // Another chance to send (the connection flapping) sends nothing twice.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForTimeout(500);
      expect((await squadChecksOfCar()).length).toBe(before + 1);
    } finally {
      await page.context().close();
    }
  });

  it('reports a problem while offline, and the service request is made once when the connection is back', async () => {
    const description = `Offline report ${Date.now().toString(36)}: the light bar flickers`;
    const page = await openWithServiceWorker(`/fleet/request?vehicle_id=${car.id}&category=emergency_equipment`);
    try {
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      await page.getByText('Unit P-611').first().waitFor();
      await page.getByRole('textbox', { name: /What is wrong\?/ }).fill(description);
      await page.getByRole('radio', { name: 'Yes, it can be driven' }).check();

      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Send the request' }).click();
      await page.getByText('Saved on this device; it will be sent when you are back online.', { exact: false }).waitFor();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      expect((await myRequests()).filter((request) => request.description === description)).toHaveLength(0);

      await page.context().setOffline(false);
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await myRequests()).filter((request) => request.description === description).length).toBe(1);
      // The list on the screen shows it once it has been sent.
      await page.getByText(description).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('reports a problem with a photo taken while offline, and the service request reaches the server once with its photo when the connection is back', async () => {
    const description = `Photo offline ${Date.now().toString(36)}: the push bumper is bent`;
    const photo = solidPng(64, 48, [200, 60, 40]);
    const page = await openWithServiceWorker(`/fleet/request?vehicle_id=${car.id}&category=body_damage`);
    try {
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      await page.getByText('Unit P-611').first().waitFor();
      await page.getByRole('textbox', { name: /What is wrong\?/ }).fill(description);
      await page.getByRole('radio', { name: 'No, it must not be driven' }).check();

      await page.context().setOffline(true);
      await page.locator('input[type="file"]').setInputFiles({ name: 'bumper.png', mimeType: 'image/png', buffer: photo });
      // The photo shows from the device, which says it keeps it.
      await expectImageShown(page.getByRole('img', { name: 'the problem, photo 1' }));
      await page.getByRole('status').filter({ hasText: 'Kept on this device: uploaded when you are back online' }).waitFor();
      await page.getByRole('button', { name: 'Send the request' }).click();
      await page.getByText('Saved on this device; it will be sent when you are back online.', { exact: false }).waitFor();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
      expect(await photosKeptOnDevice(page)).toBe(1);
      expect((await myRequests()).filter((request) => request.description === description)).toHaveLength(0);

      await page.context().setOffline(false);
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await myRequests()).filter((request) => request.description === description).length).toBe(1);
      const [request] = (await myRequests()).filter((entry) => entry.description === description);
      expect(request!.photo_ids).toHaveLength(1);
      // The photo the officer took, as the server keeps it.
      const stored = await fetch(`${inject('baseUrl')}/storage/v1/object/${request!.photo_ids[0]}`, {
        headers: { authorization: `Bearer ${officer.session.access_token}` },
      });
      expect(stored.status).toBe(200);
      expect(Buffer.from(await stored.arrayBuffer()).equals(photo)).toBe(true);
      // Sent, it leaves the device.
      await expect.poll(() => photosKeptOnDevice(page)).toBe(0);

      // Another chance to send (the connection flapping) makes no second request.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForTimeout(500);
      expect((await myRequests()).filter((entry) => entry.description === description)).toHaveLength(1);
    } finally {
      await page.context().close();
    }
  });

  it('takes the squad check’s photo while offline, still has it after a reload, and the check reaches the server with it', async () => {
    const reading = (await api<Vehicle>(officer.session, 'GET', `/rest/v1/fleet/admin/vehicles/${car.id}`)).odometer;
    const before = (await squadChecksOfCar()).length;
    const photo = solidPng(48, 32, [30, 120, 60]);
    const page = await openWithServiceWorker(`/fleet/squadcheck?vehicle_id=${car.id}`);
    try {
      await page.getByRole('heading', { name: 'Squad check: unit P-611', level: 1 }).waitFor();
      await waitUntilKept(page, ['fleet.getSquadCheckForm']);
      await page.getByRole('textbox', { name: /^Odometer/ }).fill(String(reading + 10));
      await page.getByRole('textbox', { name: /^Fuel level/ }).fill('70');
      await passEverything(page);

      await page.context().setOffline(true);
      const damagePhoto = page.locator('[data-item-id="damage_photo"]');
      await damagePhoto.locator('input[type="file"]').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: photo });
      await expectImageShown(damagePhoto.getByRole('img', { name: 'Photo of any existing damage, photo 1' }));
      await page.reload();
      await page.getByRole('heading', { name: 'Squad check: unit P-611', level: 1 }).waitFor();
      await expectImageShown(damagePhoto.getByRole('img', { name: 'Photo of any existing damage, photo 1' }));
      await damagePhoto.getByRole('status').filter({ hasText: 'Kept on this device: uploaded when you are back online' }).waitFor();
      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await page.getByRole('heading', { name: 'Squad check saved: unit P-611', level: 1 }).waitFor();

      await page.context().setOffline(false);
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await squadChecksOfCar()).length).toBe(before + 1);
      const [sent] = (await squadChecksOfCar()).sort((a, b) => b.submitted_at.localeCompare(a.submitted_at));
      const detail = await api<SquadCheckDetail>(officer.session, 'GET', `/rest/v1/fleet/admin/squad-checks/${sent!.id}`);
      const storedId = detail.answers.find((answer) => answer.item_id === 'damage_photo')?.value;
      const stored = await fetch(`${inject('baseUrl')}/storage/v1/object/${String(storedId)}`, {
        headers: { authorization: `Bearer ${officer.session.access_token}` },
      });
      expect(stored.status).toBe(200);
      expect(Buffer.from(await stored.arrayBuffer()).equals(photo)).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('is asked before signing out while an item waits to be sent', async () => {
    const page = await openWithServiceWorker(`/fleet/request?vehicle_id=${car.id}&category=emergency_equipment`);
    try {
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /What is wrong\?/ }).fill('Passenger window will not go up');
      await page.getByRole('radio', { name: 'Yes, it can be driven' }).check();
      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Send the request' }).click();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      const dialog = page.getByRole('dialog', { name: '1 item has not been sent yet' });
      await dialog.waitFor();
      await dialog.getByText(/sent the next time you sign in on this device/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Still signed in, the item still waiting.
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});

describe('the forms without a connection, from what the device kept', () => {
  it('opens the squad check of their car after a page load while offline, from what the fleet home read ahead, and queues it', async () => {
    const before = (await squadChecksOfCar()).length;
    // Only the fleet home is opened online: it reads ahead the forms of the officer's own car.
    const page = await openWithServiceWorker('/fleet');
    try {
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
      await waitUntilKept(page, ['account.getProfile', 'fleet.home', 'fleet.getSquadCheckForm', 'fleet.getSettings', 'fleet.listVehicles']);

      await page.context().setOffline(true);
      await page.goto(`/fleet/squadcheck?vehicle_id=${car.id}`);
      await page.getByRole('heading', { name: 'Squad check: unit P-611', level: 1 }).waitFor();
      await expect(page.getByText('cannot reach the server', { exact: false }).count()).resolves.toBe(0);
      await page.getByRole('textbox', { name: /^Odometer/ }).fill('52300');
      await page.getByRole('textbox', { name: /^Fuel level/ }).fill('60');
      await passEverything(page);
      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await page.getByText('Saved on this device; it will be sent when you are back online.').waitFor();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();

      await page.context().setOffline(false);
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await squadChecksOfCar()).length).toBe(before + 1);
    } finally {
      await page.context().close();
    }
  });

  it('reloads the problem report while offline with its vehicle and categories, and queues the request', async () => {
    const description = `Reloaded offline ${Date.now().toString(36)}: the spotlight is loose`;
    const page = await openWithServiceWorker(`/fleet/request?vehicle_id=${car.id}`);
    try {
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      await page.getByText('Unit P-611').first().waitFor();
      await waitUntilKept(page, ['account.getProfile', 'fleet.getSettings', 'fleet.listVehicles', 'fleet.listMyServiceRequests']);

      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      await page.getByText('Unit P-611').first().waitFor();
      await page
        .getByLabel(/^Category/)
        .first()
        .click();
      await page.getByRole('option', { name: 'Lights, siren and radio' }).click();
      await page.getByRole('textbox', { name: /What is wrong\?/ }).fill(description);
      await page.getByRole('radio', { name: 'Yes, it can be driven' }).check();
      await page.getByRole('button', { name: 'Send the request' }).click();
      await page.getByText('Saved on this device; it will be sent when you are back online.', { exact: false }).waitFor();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();

      await page.context().setOffline(false);
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await myRequests()).filter((request) => request.description === description).length).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('shows the fleet home the device kept, with a note, when the server cannot be reached although the device says it is online', async () => {
    const page = await openWithServiceWorker('/fleet');
    try {
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
      await waitUntilKept(page, ['account.getProfile', 'fleet.home']);
      // A garage's weak signal: the browser says online, no request reaches the server. Five minutes
      // on, the kept answers are stale, so the reloaded screen asks the server again.
      await page.route('**/rest/v1/**', (route) => route.abort('connectionrefused'));
      await page.clock.setFixedTime(new Date(Date.now() + 5 * 60_000));
      await page.reload();
      const notice = page.getByRole('status').filter({ hasText: 'Precinct cannot reach the server' });
      await notice.waitFor();
      await page.getByRole('heading', { name: 'Today’s squad checks', level: 2 }).waitFor();
      await page.getByText('P-611', { exact: false }).first().waitFor();
      await page.unroute('**/rest/v1/**');
      await notice.getByRole('button', { name: 'Try again' }).click();
      await notice.waitFor({ state: 'detached' });
    } finally {
      await page.context().close();
    }
  });

  it('says plainly that a screen the device never kept waits for the connection, and opens it once the connection is back', async () => {
    const page = await openWithServiceWorker('/fleet');
    try {
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
      await page.context().setOffline(true);
      await page.goto('/admin/users');
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      await page.getByRole('status').getByText('What this screen shows is not kept on this device.', { exact: false }).waitFor();
      await page.context().setOffline(false);
      await page.getByText(officer.email, { exact: true }).waitFor();
      await expect(page.getByText('No connection', { exact: true }).count()).resolves.toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('deletes what the device kept when the officer signs out', async () => {
    // A session of its own: signing out ends it on the server, and the other tests go on with theirs.
    const session = await signInViaApi(officer.email, officer.password);
    const page = await problemReportKept(session);
    try {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login/);
      await expect.poll(() => keptOnDevice(page)).toEqual({});
    } finally {
      await page.context().close();
    }
  });

  it('deletes what the device kept when the session ended on the server before the page was opened again', async () => {
    const session = await signInViaApi(officer.email, officer.password);
    const page = await problemReportKept(session);
    try {
      // Ended elsewhere (as an idle limit would end it; only this session, the other tests go on with
      // theirs): the page's token is still unexpired, so the page learns of it only from the server's
      // first answer after the reload.
      await api(session, 'POST', '/auth/v1/logout');
      await page.reload();
      await page.waitForURL(/\/login/);
      await expect.poll(() => keptOnDevice(page)).toEqual({});
    } finally {
      await page.context().close();
    }
  });
});

/** The problem report opened with `session` on a phone of its own, once the device has kept what it read. */
async function problemReportKept(session: Session): Promise<Page> {
  const page = await newPage({ viewport: { width: 390, height: 844 } });
  try {
    await signInWithSession(page, session);
    await page.goto(`/fleet/request?vehicle_id=${car.id}`);
    await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
    await waitUntilKept(page, ['account.getProfile', 'fleet.getSettings']);
    return page;
  } catch (error) {
    await page.context().close();
    throw error;
  }
}

describe('a request the server refused after it waited in the outbox', () => {
  it('opens the refused squad check in its form with the answers typed and the server’s message beside the odometer, and sends it again once fixed', async () => {
    const reading = (await api<Vehicle>(officer.session, 'GET', `/rest/v1/fleet/admin/vehicles/${car.id}`)).odometer;
    const before = (await squadChecksOfCar()).length;
    const page = await openWithServiceWorker(`/fleet/squadcheck?vehicle_id=${car.id}`);
    try {
      await page.getByRole('heading', { name: 'Squad check: unit P-611', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /^Odometer/ }).fill(String(reading + 100));
      await page.getByRole('textbox', { name: /^Fuel level/ }).fill('40');
      await passEverything(page);
      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();

      // While it waits, the fleet office records a higher reading: the check's odometer now goes backwards.
      await api(officer.session, 'POST', `/rest/v1/fleet/admin/vehicles/${car.id}/odometer`, { reading: reading + 5000 });
      await page.context().setOffline(false);
      const refused = page.getByRole('button', { name: '1 not sent' });
      await refused.waitFor();
      expect((await squadChecksOfCar()).length).toBe(before);

      // The news of the refusal (on a phone it covers the header), dismissed; the outbox keeps the item.
      const news = page.getByRole('alert').filter({ hasText: 'Not sent: the server refused it' });
      await news.getByText(/Squad check of unit P-611: The odometer already reads/).waitFor();
      await news.getByRole('button', { name: 'Dismiss' }).click();
      await news.waitFor({ state: 'detached' });
      await refused.click();
      const panel = page.getByRole('dialog', { name: 'Outbox' });
      await panel
        .getByText(/The odometer already reads/)
        .first()
        .waitFor();
      await panel.getByRole('button', { name: 'Open to fix: Squad check of unit P-611' }).click();

      await page.getByRole('heading', { name: 'Squad check: unit P-611', level: 1 }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'Not sent: Squad check of unit P-611' }).waitFor();
      const odometer = page.getByRole('textbox', { name: /^Odometer/ });
      expect(await odometer.inputValue()).toBe((reading + 100).toLocaleString('en-US'));
      const described = await odometer.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(described).toContain(`The odometer already reads ${(reading + 5000).toLocaleString('en-US')}`);
      expect(await page.getByRole('textbox', { name: /^Fuel level/ }).inputValue()).toBe('40');
      await expectNoSeriousAxeViolations(page);

      await odometer.fill(String(reading + 5100));
      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await page.getByRole('heading', { name: 'Squad check sent: unit P-611', level: 1 }).waitFor();
      await page.getByRole('button', { name: '1 not sent' }).waitFor({ state: 'detached' });
      const checks = await squadChecksOfCar();
      expect(checks.length).toBe(before + 1);
      expect(checks.filter((check) => check.odometer === reading + 5100)).toHaveLength(1);
    } finally {
      await page.context().close();
    }
  });

  it('opens a refused service request with the server’s message beside the vehicle, and discards it', async () => {
    // A unit number of this attempt's own: a retry would be refused the first attempt's.
    const spare = await api<Vehicle>(officer.session, 'POST', '/rest/v1/fleet/admin/vehicles', {
      unit_number: `P-612-${attemptTag().toUpperCase()}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Explorer',
      year: 2021,
      plate: 'PCT 612',
      plate_state: 'IL',
      odometer: 81_000,
    });
    const description = `Refused ${Date.now().toString(36)}: the rear door sticks`;
    const page = await openWithServiceWorker(`/fleet/request?vehicle_id=${spare.id}&category=body_damage`);
    try {
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      await page.getByText(`Unit ${spare.unit_number}`).first().waitFor();
      await page.getByRole('textbox', { name: /What is wrong\?/ }).fill(description);
      await page.getByRole('radio', { name: 'Yes, it can be driven' }).check();
      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Send the request' }).click();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();

      // While it waits, the fleet office retires the car.
      const current = await api<Vehicle>(officer.session, 'GET', `/rest/v1/fleet/admin/vehicles/${spare.id}`);
      await api(
        officer.session,
        'POST',
        `/rest/v1/fleet/admin/vehicles/${spare.id}/status`,
        { status: 'retired', reason: 'Sold at auction' },
        { 'if-match': `"${current.version}"` },
      );
      await page.context().setOffline(false);
      await page.getByRole('button', { name: '1 not sent' }).waitFor();
      // Straight from the news of the refusal.
      await page
        .getByRole('alert')
        .filter({ hasText: 'Not sent: the server refused it' })
        .getByRole('button', { name: new RegExp(`^Open to fix: Service request for unit ${spare.unit_number}`) })
        .click();

      await page
        .getByRole('alert')
        .filter({ hasText: `Not sent: Service request for unit ${spare.unit_number}` })
        .waitFor();
      expect(await page.getByRole('textbox', { name: /What is wrong\?/ }).inputValue()).toBe(description);
      expect(await page.getByRole('radio', { name: 'Yes, it can be driven' }).isChecked()).toBe(true);
      await page
        .getByRole('alert')
        .filter({ hasText: new RegExp(`^Unit ${spare.unit_number} is retired$`) })
        .waitFor();

      await page.getByRole('button', { name: 'Discard it' }).click();
      await page.getByRole('button', { name: '1 not sent' }).waitFor({ state: 'detached' });
      await page
        .getByRole('alert')
        .filter({ hasText: `Not sent: Service request for unit ${spare.unit_number}` })
        .waitFor({ state: 'detached' });
      expect(await page.getByRole('textbox', { name: /What is wrong\?/ }).inputValue()).toBe('');
      expect(new URL(page.url()).searchParams.get('outbox')).toBeNull();
      expect((await myRequests()).filter((request) => request.description === description)).toHaveLength(0);
    } finally {
      await page.context().close();
    }
  });
});

describe('the installable app', () => {
  it('serves its service worker and manifest for the browser to check on every visit, and the manifest names the app and its icons', async () => {
    const baseUrl = inject('baseUrl');
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await fetch(`${baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.name).toBe('Precinct');
    expect(manifest.short_name).toBe('Precinct');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const response = await fetch(`${baseUrl}${icon.src}`);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
    }
    // API answers are never the service worker's: it has no runtime routes, and they stay no-store.
    const worker = await (await fetch(`${baseUrl}/sw.js`)).text();
    expect(worker).not.toMatch(/registerRoute\((?!new \w+\.NavigationRoute)/);
    expect((await fetch(`${baseUrl}/health`)).headers.get('cache-control')).toMatch(/no-store/);
  });

  // What Lighthouse's installability audit asked (it left Lighthouse in version 12): Chromium's own
  // verdict on the page, with the service worker in control.
  it('is installable from /fleet in Chromium’s own judgement, with no installability error', async () => {
    // A browser profile of its own: Chromium never offers to install from an incognito one, which every
    // other test's context is.
    const profile = mkdtempSync(path.join(tmpdir(), 'precinct-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium()!,
      headless: true,
      args: inject('chromiumArgs'),
      baseURL: inject('baseUrl'),
      viewport: { width: 390, height: 844 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await signInWithSession(page, officer.session);
      await page.goto('/fleet');
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
      const cdp = await page.context().newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
      expect(url).toMatch(/\/manifest\.webmanifest$/);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
