/**
 * The notification bell: an officer whose service request the fleet office moves sees the news under
 * the bell, opens it to land on their fleet home, and the unread count clears. Axe clean when open.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import {
  agencyWithAdmin,
  api,
  createRole,
  expectPath,
  inviteAndAccept,
  settled,
  signInWithSession,
  type Person,
} from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage } from '../support/browser.ts';

let admin: Person;
let officer: Person;
let request: ServiceRequest;
let vehicle: Vehicle;

beforeAll(async () => {
  admin = await agencyWithAdmin('bell');
  const roleId = await createRole(admin.session, 'Patrol', ['fleet:servicerequest.submit', 'fleet:squadcheck.submit']);
  officer = await inviteAndAccept(admin.session, { name: 'Robin Patrol', roleIds: [roleId], accountType: 'full' });
  vehicle = await api<Vehicle>(
    admin.session,
    'POST',
    '/rest/v1/fleet/admin/vehicles',
    { unit_number: 'B-7', vehicle_type: 'patrol', make: 'Ford', model: 'Explorer', year: 2024, odometer: 900 },
    { 'idempotency-key': randomUUID() },
  );
  request = await officersRequest('Brakes squeal when cold');
  await startWork(request);
}, 120_000);

/** The bell's unread count as its button names it (0 when it names none). */
async function unreadOn(page: Page): Promise<number> {
  const name = await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .getAttribute('aria-label');
  return Number(/(\d+) unread/.exec(name ?? '')?.[1] ?? 0);
}

/**
 * Opens a page and waits until its bell has its count: the bell asks once the first screen is drawn
 * (web/lib/after-first-screen.ts), and a count read before that would be 0.
 */
async function openWithBell(page: Page, path: string): Promise<void> {
  const answered = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/rest/v1/notifications');
  await page.goto(path);
  await settled(page);
  await answered;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/** A new service request of the officer's on the agency's car, for the office to move. */
function officersRequest(description: string): Promise<ServiceRequest> {
  return api<ServiceRequest>(
    officer.session,
    'POST',
    '/rest/v1/fleet/service-requests',
    { vehicle_id: vehicle.id, category: 'brakes', description, drivable: true },
    { 'idempotency-key': randomUUID() },
  );
}

/** The office moves the officer's request to in progress, with a note: the news the officer's bell shows. */
async function startWork(moved: ServiceRequest, note = 'Booked with the dealer for Tuesday'): Promise<void> {
  await api(
    admin.session,
    'PATCH',
    `/rest/v1/fleet/admin/service-requests/${moved.id}`,
    { status: 'in_progress', note },
    { 'if-match': `"${moved.version}"` },
  );
}

describe('the notification bell', () => {
  it('shows an officer that their request moved, opens it on the fleet home and clears the count', async () => {
    // A request of this attempt's own, moved with nothing else unread: a retry finds the first attempt's news read.
    const mine = await officersRequest('Brakes squeal when cold');
    await api(officer.session, 'POST', '/rest/v1/notifications/read', {});
    await startWork(mine);
    const page = await newPage();
    try {
      await signInWithSession(page, officer.session);
      await page.goto('/');
      const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
      await bell.waitFor();
      await bell.click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      const news = panel.getByRole('button', { name: `Unread: Service request #${mine.number} is in progress` });
      await news.getByText('Note from the fleet office: Booked with the dealer for Tuesday').waitFor();
      await expectNoSeriousAxeViolations(page);
      await news.click();
      await expectPath(page, '/fleet');
      await settled(page);
      await expect.poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('marks every notification read at once from the panel', async () => {
    // A request of this attempt's own: a retry finds the first attempt's completed, which cannot be completed again.
    const mine = await officersRequest('Brakes squeal when cold');
    const page = await newPage();
    try {
      await api(
        admin.session,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${mine.id}`,
        { status: 'completed' },
        { 'if-match': `"${mine.version}"` },
      );
      await signInWithSession(page, officer.session);
      await page.goto('/');
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByRole('button', { name: `Unread: Service request #${mine.number} is completed` }).waitFor();
      await panel.getByRole('button', { name: 'Mark all read' }).click();
      // The bell's count clears, and the panel, still open, shows nothing unread and nothing left to mark.
      await expect.poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).count()).toBe(1);
      await expect.poll(() => panel.getByRole('button', { name: /^Unread: / }).count()).toBe(0);
      await expect.poll(() => panel.getByRole('button', { name: 'Mark all read', disabled: true }).count()).toBe(1);
      await panel.getByRole('button', { name: `Service request #${mine.number} is completed` }).waitFor();
    } finally {
      await page.close();
    }
  });
});

describe('news as it happens', () => {
  it('rings the bell the moment the fleet office moves a request, without waiting for the minute’s poll', async () => {
    const fresh = await officersRequest('Brake pedal feels soft');
    const page = await newPage();
    try {
      await signInWithSession(page, officer.session);
      const asked: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/rest/v1/notifications') asked.push(sent.url());
      });
      await openWithBell(page, '/');
      const unreadNow = () => unreadOn(page);
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      const before = await unreadNow();
      const readsBefore = asked.length;
      await startWork(fresh, 'A tech will look at it tonight');
      // The poll comes once a minute; the live stream (realtime/v1) brings it within seconds.
      await expect.poll(unreadNow, { timeout: 8_000 }).toBe(before + 1);
      expect(asked.length).toBeGreaterThan(readsBefore);
    } finally {
      await page.close();
    }
  });
});

describe('several tabs', () => {
  it('keeps one live stream for all the app’s tabs, and rings the bell in each', async () => {
    const fresh = await officersRequest('Parking brake does not hold on a slope');
    const first = await newPage();
    const context = first.context();
    const streams: string[] = [];
    context.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/realtime/v1/stream') streams.push(sent.url());
    });
    try {
      await signInWithSession(first, officer.session);
      await openWithBell(first, '/');
      const second = await context.newPage();
      await openWithBell(second, '/');
      await expect.poll(() => streams.length).toBe(1);
      const before = [await unreadOn(first), await unreadOn(second)];
      await api(
        admin.session,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${fresh.id}`,
        { status: 'in_progress', note: 'Parts ordered' },
        { 'if-match': `"${fresh.version}"` },
      );
      await expect.poll(() => unreadOn(first), { timeout: 8_000 }).toBe(before[0]! + 1);
      await expect.poll(() => unreadOn(second), { timeout: 8_000 }).toBe(before[1]! + 1);
      expect(streams).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

describe('the notification panel at night on a phone', () => {
  it('is readable and axe clean in the dark theme at 360 px wide', async () => {
    const page = await newPage({ colorScheme: 'dark', viewport: { width: 360, height: 740 } });
    try {
      await signInWithSession(page, officer.session);
      await page.goto('/');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByText(`Service request #${request.number} is in progress`).waitFor();
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.close();
    }
  });
});
