/**
 * The service-request queue as the fleet office works it (issue 22, point 3): it opens on what is
 * waiting, the longest waiting first, with how long each has waited as a duration; the office sets a
 * request's priority, due date and who works it (someone of the fleet office or an outside vendor),
 * and the queue shows and sorts by them, its filters kept in the URL.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import {
  agencyWithAdmin,
  api,
  createRole,
  expectAxeCleanInBothThemes,
  inviteAndAccept,
  settled,
  signInWithSession,
  type Person,
} from '../admin/support.ts';
import { newPage } from '../support/browser.ts';

let admin: Person;
let vehicle: Vehicle;
let closed: ServiceRequest;
let first: ServiceRequest;
let second: ServiceRequest;

function created<T>(path: string, body: unknown): Promise<T> {
  return api<T>(admin.session, 'POST', path, body, { 'idempotency-key': randomUUID() });
}

const report = (description: string) =>
  created<ServiceRequest>('/rest/v1/fleet/service-requests', { vehicle_id: vehicle.id, category: 'other', description, drivable: true });

/** A request as the beforeAll made it: normal priority, no due date, nobody working it. */
async function unassign(request: ServiceRequest): Promise<void> {
  const current = await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${request.id}`);
  await api(
    admin.session,
    'PATCH',
    `/rest/v1/fleet/admin/service-requests/${request.id}`,
    { priority: 'normal', due_on: null, assignee_id: null, vendor_id: null },
    { 'if-match': `"${current.version}"` },
  );
}

const requestNumbers = async (rows: Locator) =>
  (await rows.allInnerTexts()).map((text) => /#(\d+)/.exec(text)?.[1]).map((n) => (n === undefined ? null : Number(n)));

beforeAll(async () => {
  admin = await agencyWithAdmin('queue');
  const roleId = await createRole(admin.session, 'Fleet office', ['fleet:admin']);
  await inviteAndAccept(admin.session, { name: 'Morgan Mechanic', roleIds: [roleId], accountType: 'full', prefix: 'mechanic' });
  vehicle = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
    unit_number: 'Q-7',
    vehicle_type: 'patrol',
    make: 'Ford',
    model: 'Police Interceptor Utility',
    year: 2024,
    odometer: 15000,
  });
  await created('/rest/v1/fleet/admin/vendors', { name: 'Main Street Auto Electric' });
  closed = await report('Dome light stays on');
  first = await report('Siren cuts out on the highway');
  second = await report('Passenger window will not close');
  await api(
    admin.session,
    'PATCH',
    `/rest/v1/fleet/admin/service-requests/${closed.id}`,
    { status: 'completed' },
    { 'if-match': `"${closed.version}"` },
  );
}, 120_000);

describe('the service-request queue', () => {
  it('opens on the open and in-progress requests, the longest waiting first, each waiting a duration rather than a date', async () => {
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/fleet/admin/servicerequest');
      await page.getByRole('heading', { name: 'Service requests', level: 1 }).waitFor();
      const rows = page.getByTestId('service-request-row');
      await expect.poll(() => requestNumbers(rows)).toEqual([first.number, second.number]);
      await expect(page.getByLabel('Status', { exact: true }).first().inputValue()).resolves.toBe('Open and in progress');
      // "Waiting" is how long: minutes here, days and hours later, never a date.
      const waited = await rows.first().getByRole('cell').nth(4).innerText();
      expect(waited).toMatch(/^\d+ min$/);

      // Every status: the completed request waits for nothing and comes last, and the choice is in the URL.
      await page.getByLabel('Status', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Any status' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('all');
      await expect.poll(() => requestNumbers(rows)).toEqual([first.number, second.number, closed.number]);
      await page.reload();
      await expect.poll(() => requestNumbers(rows)).toEqual([first.number, second.number, closed.number]);
    } finally {
      await page.context().close();
    }
  });

  it('draws its filters before their code has arrived: one clicked or opened from the keyboard meanwhile opens where it stands once it has', async () => {
    const page = await newPage();
    // The real Select's module (its list, popover and positioning) loads after the screen draws; hold it back.
    const held: Route[] = [];
    await page.route(/\/assets\/select-loaded-[^/]+\.js$/, (route) => void held.push(route));
    const release = async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const route of held.splice(0)) await route.continue();
    };
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/fleet/admin/servicerequest');
      const rows = page.getByTestId('service-request-row');
      await expect.poll(() => requestNumbers(rows)).toEqual([first.number, second.number]);
      const status = page.getByLabel('Status', { exact: true }).first();
      await expect(status.inputValue()).resolves.toBe('Open and in progress');
      const before = await status.boundingBox();

      // A click before the code arrives: nothing to choose yet, then the list opens by itself.
      await status.click();
      expect(await page.getByRole('option').count()).toBe(0);
      await release();
      await page.getByRole('option', { name: 'Any status' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('all');
      await expect.poll(() => requestNumbers(rows)).toEqual([first.number, second.number, closed.number]);
      expect(await status.boundingBox()).toEqual(before);

      // From the keyboard: the arrow key opens it once it has arrived, with the focus on the field.
      await page.reload();
      await expect.poll(() => requestNumbers(rows)).toEqual([first.number, second.number, closed.number]);
      await expect(status.inputValue()).resolves.toBe('Any status');
      await status.focus();
      await status.press('ArrowDown');
      await release();
      await page.getByRole('option', { name: 'Open and in progress' }).waitFor();
      await expect.poll(() => status.evaluate((field) => field === document.activeElement)).toBe(true);
      await status.press('Escape');
      await expect.poll(() => page.getByRole('option').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('lets the fleet office give a request a priority, a due date and a mechanic, and shows them in the queue sorted most urgent first', async () => {
    // A retry finds what the first attempt saved, and saving the same again changes nothing.
    await unassign(second);
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto(`/fleet/admin/servicerequest?request=${second.id}`);
      const drawer = page.getByRole('dialog', { name: `Service request #${second.number}` });
      await drawer.getByRole('button', { name: 'Save' }).waitFor();
      await drawer.getByLabel('Priority', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Urgent' }).click();
      await drawer.getByLabel('Due by').fill('2026-12-01');
      await drawer.locator('label', { hasText: /^Fleet office$/ }).click();
      const person = drawer.getByLabel('Person', { exact: true }).first();
      await person.click();
      await person.fill('Morgan');
      await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual(['Morgan Mechanic']);
      await person.press('ArrowDown');
      await person.press('Enter');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Request #${second.number} is open.`).waitFor();
      const saved = await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${second.id}`);
      expect(saved).toMatchObject({ priority: 'urgent', due_on: '2026-12-01', assignee_name: 'Morgan Mechanic', vendor_id: null });
      await drawer.getByRole('button', { name: 'Close' }).click();

      await page.getByLabel('Order', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Most urgent first' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe('priority');
      const rows = page.getByTestId('service-request-row');
      await expect.poll(() => requestNumbers(rows)).toEqual([second.number, first.number]);
      const top = rows.first();
      await top.getByText('Urgent', { exact: true }).waitFor();
      await top.getByText('Morgan Mechanic').waitFor();
      await top.getByText('12/01/26').waitFor();
      await rows.nth(1).getByText('Unassigned').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('names every missing part of the assignment on save, then sends the request to an outside vendor', async () => {
    // A retry finds the vendor the first attempt saved, and the form then misses nothing.
    await unassign(first);
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto(`/fleet/admin/servicerequest?request=${first.id}`);
      const drawer = page.getByRole('dialog', { name: `Service request #${first.number}` });
      await drawer.getByRole('button', { name: 'Save' }).waitFor();
      await drawer.locator('label', { hasText: /^Outside vendor$/ }).click();
      await drawer.getByRole('button', { name: 'Save' }).click();
      await drawer.getByText('Choose the vendor doing the work.').waitFor();
      const vendor = drawer.getByLabel('Vendor', { exact: true }).first();
      await vendor.click();
      await vendor.fill('Main Street');
      await page.getByRole('option', { name: 'Main Street Auto Electric' }).click();
      await drawer.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Request #${first.number} is open.`).waitFor();
      expect(await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${first.id}`)).toMatchObject({
        vendor_name: 'Main Street Auto Electric',
        assignee_id: null,
      });
      await drawer.getByRole('button', { name: 'Close' }).click();
      await page
        .getByTestId('service-request-row')
        .filter({ hasText: `#${first.number}` })
        .getByText('Main Street Auto Electric (vendor)')
        .waitFor();
      await settled(page);
      await expectAxeCleanInBothThemes(page);
    } finally {
      await page.context().close();
    }
  });

  it('shows a phone the queue as cards, each saying how long it has waited and who works it', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/fleet/admin/servicerequest');
      const card = page.getByTestId('service-request-row').filter({ hasText: `#${second.number}` });
      await card.getByText(/^\d+ min$/).waitFor();
      await card.getByText('Morgan Mechanic').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
    } finally {
      await page.context().close();
    }
  });
});
