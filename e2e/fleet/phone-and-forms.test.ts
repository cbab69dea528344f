/**
 * The fleet office and the officer's picker read in full and fit a phone (issue 22): statuses, plates
 * and cars are not cut off at 1280 px nor at 360 px.
 *
 * One agency, set up through the API; its founder (admin:access) is both the fleet office and the
 * officer, with one car assigned to them.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, Page as ApiPage } from '../../core/contracts/admin.ts';
import type { SquadCheckForm, Vehicle } from '../../core/contracts/fleet.ts';
import { agencyWithAdmin, api, settled, signInWithSession, type Person } from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage, openInApp, transitionsDone } from '../support/browser.ts';

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

let admin: Person;
let me: string;
let assigned: Vehicle;
let other: Vehicle;
let checked: Vehicle;

/** A create through the API, with its Idempotency-Key. */
function created<T>(path: string, body: unknown): Promise<T> {
  return api<T>(admin.session, 'POST', path, body, { 'idempotency-key': randomUUID() });
}

beforeAll(async () => {
  admin = await agencyWithAdmin('fleet');
  const users = await api<ApiPage<AdminUser>>(admin.session, 'GET', '/rest/v1/admin/users');
  me = users.items[0]!.id;
  const car = (unit: string, extra: object) =>
    created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
      unit_number: unit,
      vehicle_type: 'patrol',
      year: 2024,
      odometer: 41_000,
      ...extra,
    });
  other = await car('P-101', { make: 'Chevrolet', model: 'Tahoe Police Pursuit Vehicle', plate: 'PCT 4101', plate_state: 'IL' });
  assigned = await car('P-417', {
    make: 'Ford',
    model: 'Police Interceptor Utility Hybrid',
    plate: 'PCT 4417',
    plate_state: 'IL',
    assigned_user_id: me,
  });
  await api(admin.session, 'POST', `/rest/v1/fleet/admin/vehicles/${other.id}/status`, { status: 'out_of_service', reason: 'Brakes' });
  await car('P-202', { make: 'Dodge', model: 'Charger Pursuit' });
  checked = await car('P-303', { make: 'Ford', model: 'F-150 Police Responder' });
  // A squad check of P-303 by the officer: a car they used lately.
  await created('/rest/v1/fleet/admin/templates', {
    name: 'Start of shift',
    vehicle_types: [],
    sections: [{ id: 'outside', title: 'Outside', items: [{ id: 'lights', label: 'Light bar and siren', kind: 'pass_fail' }] }],
  });
  const form = await api<SquadCheckForm>(admin.session, 'GET', `/rest/v1/fleet/squad-checks/form/${checked.id}`);
  const answers = form.template.sections
    .flatMap((section) => section.items)
    .map((item) => {
      if (item.kind === 'pass_fail') return { item_id: item.id, value: 'pass' };
      if (item.kind === 'number') return { item_id: item.id, value: item.is_odometer ? 41_050 : (item.max ?? item.min ?? 1) };
      if (item.kind === 'choice')
        return { item_id: item.id, value: item.options?.find((option) => !item.failing_options?.includes(option)) ?? null };
      if (item.kind === 'text') return { item_id: item.id, value: 'All good' };
      return { item_id: item.id, value: null, ...(item.allow_na ? { na_reason: 'Not needed today' } : {}) };
    });
  await created('/rest/v1/fleet/squad-checks', { vehicle_id: checked.id, template_version_id: form.template.version_id, answers });
  await created('/rest/v1/fleet/service-requests', {
    vehicle_id: checked.id,
    category: 'brakes',
    description: 'Brakes grind and pull to the right',
    drivable: true,
  });
}, 120_000);

/**
 * What inside `scope` is cut off: elements whose text overflows their clipping box (an ellipsis, a
 * clipped badge), described by their text.
 */
async function cutOff(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [root, ...root.querySelectorAll('*')]
        .filter((el) => {
          const style = getComputedStyle(el);
          // A visually hidden label (1 px wide) is meant to be clipped.
          return (
            style.overflowX !== 'visible' &&
            el.clientWidth > 1 &&
            el.scrollWidth > el.clientWidth + 1 &&
            (el.textContent ?? '').trim() !== ''
          );
        })
        .map((el) => (el.textContent ?? '').trim()),
    ),
  );
}

/** How many lines the text of `cell` takes. */
async function linesOf(cell: Locator): Promise<number> {
  return cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

async function openSignedIn(viewport: { width: number; height: number }, path: string): Promise<Page> {
  const page = await newPage({ viewport });
  await signInWithSession(page, admin.session);
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await settled(page);
  return page;
}

describe('statuses, plates and cars read in full', () => {
  it('at 1280 px the vehicles list shows whole statuses and one-line plates, and the picker whole cars, on a desktop and on a phone', async () => {
    const page = await openSignedIn(DESKTOP, '/fleet/admin/vehicle');
    try {
      const table = page.getByRole('table', { name: 'Vehicles' });
      await table.getByRole('row').nth(2).waitFor();
      for (const status of ['In service', 'Out of service'])
        await expect(cutOff(table.getByText(status, { exact: true }))).resolves.toEqual([]);
      for (const plate of ['PCT 4101 (IL)', 'PCT 4417 (IL)']) expect(await linesOf(table.getByRole('cell', { name: plate }))).toBe(1);
      expect(await cutOff(table)).toEqual([]);

      await openInApp(page, '/fleet/squadcheck');
      const picker = page.getByRole('list', { name: 'Vehicles' });
      await picker.getByRole('button', { name: /Tahoe Police Pursuit Vehicle/ }).waitFor();
      expect(await cutOff(picker)).toEqual([]);

      await page.setViewportSize(PHONE);
      await picker.getByRole('button', { name: new RegExp(`^Unit ${assigned.unit_number} `) }).waitFor();
      await transitionsDone(page);
      expect(await cutOff(picker)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await page.context().close();
    }
  });
});

describe('forms say everything that is wrong at once', () => {
  it('an empty vehicle, status change and service interval show every field’s problem on the first submit, then the server’s beside its field', async () => {
    const page = await openSignedIn(DESKTOP, '/fleet/admin/vehicle');
    try {
      await page.getByRole('button', { name: 'Add a vehicle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a vehicle' });
      await transitionsDone(page);
      // No made-up values: the year and the odometer wait to be typed.
      await expect(dialog.getByRole('textbox', { name: 'Year' }).inputValue()).resolves.toBe('');
      await expect(dialog.getByRole('textbox', { name: 'Odometer (miles)' }).inputValue()).resolves.toBe('');
      // One click, straight from the first field (leaving a field used to flag only that field and swallow the click).
      await dialog.getByRole('button', { name: 'Add vehicle', exact: true }).click();
      for (const message of [
        'Enter the unit number',
        'Choose the vehicle type',
        'Enter the make',
        'Enter the model',
        'Enter the model year',
        'Enter the odometer reading',
      ])
        await dialog.getByText(message, { exact: true }).waitFor();
      await expect(page.evaluate(() => document.activeElement?.getAttribute('data-path'))).resolves.toBe('unit_number');

      // What only the server knows (the unit number is taken) lands beside its field.
      await dialog.getByRole('textbox', { name: 'Unit number' }).fill(other.unit_number);
      await dialog.getByLabel(/^Type/).first().click();
      await page.getByRole('option', { name: 'Patrol car' }).click();
      await dialog.getByRole('textbox', { name: 'Make' }).fill('Ford');
      await dialog.getByRole('textbox', { name: 'Model' }).fill('Explorer');
      await dialog.getByRole('textbox', { name: 'Year' }).fill('2022');
      await dialog.getByRole('textbox', { name: 'Odometer (miles)' }).fill('100');
      await dialog.getByRole('button', { name: 'Add vehicle', exact: true }).click();
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Unit number' }).getAttribute('aria-describedby')).toBeTruthy();
      await dialog.getByText(`Unit ${other.unit_number} already exists`).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await openInApp(page, `/fleet/admin/vehicle/${assigned.id}`);
      await page.getByRole('heading', { name: new RegExp(assigned.unit_number), level: 1 }).waitFor();
      await settled(page);
      const status = page.getByRole('region', { name: 'Status' });
      await status.getByRole('button', { name: 'Change status' }).click();
      await status.getByText('Choose the new status', { exact: true }).waitFor();
      await status.getByText('Say why (at least 3 characters)', { exact: true }).waitFor();

      const interval = page.getByRole('form', { name: 'Add a service interval' });
      await interval.getByRole('button', { name: 'Add interval' }).click();
      await interval.getByText('Choose the service', { exact: true }).waitFor();
      await interval.getByText('Give an interval in miles, days or both', { exact: true }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});

describe('the officer’s own cars', () => {
  it('are on top of the squad-check picker on a phone, the assigned one first and ready to check, and stay on top of a search', async () => {
    const page = await openSignedIn(PHONE, '/fleet/squadcheck');
    try {
      const picker = page.getByRole('list', { name: 'Vehicles' });
      const buttons = picker.getByRole('button');
      await buttons.nth(3).waitFor();
      const names = async () => (await buttons.allTextContents()).map((text) => /^Unit (P-\d{3})/.exec(text)?.[1]);
      // By unit number the assigned P-417 would come last: it is first, then the P-303 they checked, then the rest.
      expect(await names()).toEqual(['P-417', 'P-303', 'P-101', 'P-202']);
      await buttons.nth(0).getByText('Assigned to you').waitFor();
      await buttons.nth(1).getByText('You checked it recently').waitFor();
      // Preselected: focused, so Enter (or one tap) starts the check of the assigned car.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Unit P-417/);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('textbox', { name: /Vehicle/ }).fill('P-');
      await expect.poll(names).toEqual(['P-417', 'P-303', 'P-101', 'P-202']);
      await page.getByRole('textbox', { name: /Vehicle/ }).fill('P-3');
      await expect.poll(names).toEqual(['P-303']);
      await page.getByRole('textbox', { name: /Vehicle/ }).fill('');
      await expect.poll(names).toEqual(['P-417', 'P-303', 'P-101', 'P-202']);
      await buttons.nth(0).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('vehicle_id') === assigned.id);
      await page.getByRole('heading', { name: 'Squad check: unit P-417', level: 1 }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});

describe('the office on a phone', () => {
  it('at 360 px reaches every section from the section bar, and shows vehicles, requests, squad checks, users and the audit log as cards', async () => {
    const page = await openSignedIn(PHONE, '/fleet/admin/vehicle');
    try {
      /** Every section's link is inside the screen's width (none hidden past its edge), and the page does not scroll sideways. */
      const expectFits = async (where: string, sections: string[]) => {
        const bar = page.getByRole('navigation', { name: where });
        for (const name of sections) {
          const box = await bar.getByRole('link', { name, exact: true }).boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} is within the screen`).toBe(true);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
      };
      /** The list is cards (a list of items, no table), each card with the text given. */
      const expectCards = async (label: string, texts: string[]) => {
        const cards = page.getByRole('list', { name: label });
        for (const text of texts) await cards.getByRole('listitem').filter({ hasText: text }).first().waitFor();
        expect(await page.getByRole('table', { name: label }).count()).toBe(0);
      };
      const fleetSections = ['Dashboard', 'Vehicles', 'Service requests', 'Squad checks', 'Templates'];

      await expectCards('Vehicles', ['P-101', 'Out of service', 'PCT 4101 (IL)']);
      await expectFits('Fleet office sections', fleetSections);

      const bar = page.getByRole('navigation', { name: 'Fleet office sections' });
      await bar.getByRole('link', { name: 'Service requests', exact: true }).click();
      await page.getByRole('heading', { name: 'Service requests', level: 1 }).waitFor();
      await settled(page);
      await expectCards('Service requests', ['P-303', 'Open']);
      await expectFits('Fleet office sections', fleetSections);

      await bar.getByRole('link', { name: 'Squad checks', exact: true }).click();
      await page.getByRole('heading', { name: 'Squad checks', level: 1 }).waitFor();
      await settled(page);
      // The office sees checks with failures first; this one passed.
      await page.getByText('All checks', { exact: true }).click();
      await expectCards('Squad checks', ['P-303']);
      await expectFits('Fleet office sections', fleetSections);
      await expectNoSeriousAxeViolations(page);

      await bar.getByRole('link', { name: 'Templates', exact: true }).click();
      await page.getByRole('heading', { name: 'Squad check templates', level: 1 }).waitFor();

      const adminSections = ['Overview', 'Users', 'Access', 'Modules', 'Agency profile'];
      await openInApp(page, '/admin/users');
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      await settled(page);
      await expectCards('Users', [admin.name]);
      await expectFits('Admin sections', adminSections);

      await openInApp(page, '/admin?tab=audit');
      await settled(page);
      const log = page.getByRole('list', { name: 'Audit log' });
      const entry = log.getByRole('listitem').filter({ hasText: 'P-101' }).first();
      await entry.waitFor();
      expect(await page.getByRole('table', { name: 'Audit log' }).count()).toBe(0);
      // An entry opens in its card to its before and after.
      await entry.getByRole('button', { expanded: false }).click();
      await entry.getByRole('table', { name: /^Changes:/ }).waitFor();
      await expectFits('Admin sections', adminSections);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
