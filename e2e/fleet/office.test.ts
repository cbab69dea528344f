/**
 * The fleet office in the browser: an admin builds a squad-check template with every item kind
 * (reordering with the keyboard) and saves it; triages a service request to completed and the vehicle
 * returns to service; a user without fleet:admin is sent to /disabled?module=Fleet Admin; every
 * fleet-office screen is axe clean in light and dark and fits a 360 px wide phone.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequest, SquadCheckForm, SquadCheckSubmission, Template, Vehicle } from '../../core/contracts/fleet.ts';
import { agencyWithAdmin, api, createRole, disabledPath, expectPath, inviteAndAccept, settled, signInWithSession, type Person } from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage } from '../support/browser.ts';

let admin: Person;
let vehicle: Vehicle;
let request: ServiceRequest;
let template: Template;
let submission: SquadCheckSubmission;

/** A create through the API, with its Idempotency-Key. */
function created<T>(path: string, body: unknown): Promise<T> {
  return api<T>(admin.session, 'POST', path, body, { 'idempotency-key': randomUUID() });
}

beforeAll(async () => {
  admin = await agencyWithAdmin('fleet');
  vehicle = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', { unit_number: 'P-101', vehicle_type: 'patrol', make: 'Ford', model: 'Police Interceptor Utility', year: 2024, odometer: 12000 });
  template = await created<Template>('/rest/v1/fleet/admin/templates', {
    name: 'Start of shift',
    vehicle_types: [],
    sections: [{ id: 'outside', title: 'Outside', items: [{ id: 'lights', label: 'Light bar and siren', kind: 'pass_fail' }, { id: 'tyres', label: 'Tyres', kind: 'pass_fail' }] }],
  });
  const form = await api<SquadCheckForm>(admin.session, 'GET', `/rest/v1/fleet/squad-checks/form/${vehicle.id}`);
  // Every item of the form answered so that it passes, but for one pass/fail item that fails with a note.
  const items = form.template.sections.flatMap((section) => section.items);
  const failing = items.find((item) => item.kind === 'pass_fail' && !item.critical) ?? items.find((item) => item.kind === 'pass_fail');
  const answers = items.map((item) => {
    if (item === failing) return { item_id: item.id, value: 'fail', note: 'Front left tyre worn to the cords' };
    if (item.kind === 'pass_fail') return { item_id: item.id, value: 'pass' };
    if (item.kind === 'number') return { item_id: item.id, value: item.is_odometer ? 12_050 : (item.max ?? item.min ?? 1) };
    if (item.kind === 'choice') return { item_id: item.id, value: item.options?.find((option) => !item.failing_options?.includes(option)) ?? null };
    if (item.kind === 'text') return { item_id: item.id, value: 'All good' };
    return { item_id: item.id, value: null, ...(item.allow_na ? { na_reason: 'Not needed today' } : {}) };
  });
  submission = await created<SquadCheckSubmission>('/rest/v1/fleet/squad-checks', { vehicle_id: vehicle.id, template_version_id: form.template.version_id, answers });
  request = await created<ServiceRequest>('/rest/v1/fleet/service-requests', { vehicle_id: vehicle.id, category: 'brakes', description: 'Brakes grind and pull to the right', drivable: false });
}, 120_000);

/** Waits for transitions (menus, dialogs, drawers) to finish, so axe measures real colours. */
async function still(page: Page): Promise<void> {
  await page.waitForTimeout(400);
}

describe('the template builder', () => {
  it('builds a template with every item kind, reorders with the keyboard, and saves it as version 1', async () => {
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/fleet/admin/squadchecks/configure/template/create');
      await page.getByRole('heading', { name: 'New template', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill('Every kind');
      await page.getByRole('textbox', { name: 'Section title' }).fill('Exterior');
      const items = page.getByTestId('template-item');
      await items.nth(0).getByRole('textbox', { name: 'Item', exact: true }).fill('Light bar');
      for (const kind of ['Number', 'Choice', 'Text', 'Photo', 'Signature']) {
        await page.getByRole('button', { name: 'Add an item to Exterior' }).click();
        await page.getByRole('menuitem', { name: kind, exact: true }).click();
      }
      await expect.poll(() => items.count()).toBe(6);
      await items.nth(1).getByRole('textbox', { name: 'Item', exact: true }).fill('Odometer');
      await items.nth(1).getByRole('textbox', { name: 'Minimum' }).fill('0');
      await items.nth(1).getByRole('textbox', { name: 'Maximum' }).fill('500000');
      await items.nth(1).getByRole('textbox', { name: 'Unit' }).fill('mi');
      await items.nth(1).getByRole('switch', { name: 'Is the odometer' }).check();
      await items.nth(2).getByRole('textbox', { name: 'Item', exact: true }).fill('Fuel');
      await items.nth(2).getByRole('textbox', { name: 'Option 1' }).fill('Full');
      await items.nth(2).getByRole('textbox', { name: 'Option 2' }).fill('Empty');
      await items.nth(2).getByRole('checkbox', { name: 'Fails' }).nth(1).check();
      await items.nth(3).getByRole('textbox', { name: 'Item', exact: true }).fill('Remarks');
      await items.nth(4).getByRole('textbox', { name: 'Item', exact: true }).fill('Damage photo');
      await items.nth(5).getByRole('textbox', { name: 'Item', exact: true }).fill('Officer signature');
      await items.nth(0).getByRole('checkbox', { name: 'Critical' }).check();

      // The keyboard path: focus "Move Light bar down" and press Enter twice; focus stays on the button.
      const down = page.getByRole('button', { name: 'Move Light bar down' });
      await down.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Light bar down');
      await page.keyboard.press('Enter');
      await expect.poll(() => items.nth(2).getByRole('textbox', { name: 'Item', exact: true }).inputValue()).toBe('Light bar');

      await page.getByRole('button', { name: 'Save template' }).click();
      await page.waitForURL(/\/fleet\/admin\/squadchecks\/configure\/template\/[0-9a-f-]{36}$/);
      await expect.poll(() => page.getByTestId('template-version').textContent()).toBe('Version 1');
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const saved = await api<Template>(admin.session, 'GET', `/rest/v1/fleet/admin/templates/${id}`);
      const savedItems = saved.sections.flatMap((section) => section.items);
      expect(savedItems.map((item) => item.kind)).toEqual(['number', 'choice', 'pass_fail', 'text', 'photo', 'signature']);
      expect(savedItems.find((item) => item.kind === 'number')).toMatchObject({ label: 'Odometer', min: 0, max: 500000, unit: 'mi', is_odometer: true });
      expect(savedItems.find((item) => item.kind === 'choice')).toMatchObject({ options: ['Full', 'Empty'], failing_options: ['Empty'] });
      expect(savedItems.find((item) => item.kind === 'pass_fail')).toMatchObject({ label: 'Light bar', critical: true });

      // Saving again makes version 2.
      await page.getByRole('textbox', { name: 'Name' }).fill('Every kind, revised');
      await page.getByRole('button', { name: 'Save as a new version' }).click();
      await expect.poll(async () => (await api<Template>(admin.session, 'GET', `/rest/v1/fleet/admin/templates/${id}`)).version_number).toBe(2);
    } finally {
      await page.context().close();
    }
  });
});

describe('the service request queue', () => {
  it('triages a request to completed, and the vehicle returns to service', async () => {
    expect((await api<Vehicle>(admin.session, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).status).toBe('out_of_service');
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/fleet/admin/servicerequest');
      await page.getByRole('heading', { name: 'Service requests', level: 1 }).waitFor();
      await page.getByRole('link', { name: `#${request.number}` }).click();
      const drawer = page.getByRole('dialog', { name: `Service request #${request.number}` });
      await drawer.waitFor();
      // Only the allowed moves are offered.
      await expect.poll(() => drawer.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent ?? ''))).toEqual(['Keep open', 'Start work', 'Complete', 'Decline']);
      await drawer.locator('label', { hasText: /^Start work$/ }).click();
      await drawer.getByRole('textbox', { name: 'Vendor' }).fill('Main Street Brake & Tire');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).status).toBe('in_progress');
      // The drawer takes the saved answer in before the next move (it resets the form to it).
      await page.getByText(`Request #${request.number} is in progress.`).waitFor();
      await drawer.locator('label', { hasText: /^Complete$/ }).click();
      await drawer.getByRole('textbox', { name: 'Cost (dollars)' }).fill('412.50');
      await drawer.getByRole('textbox', { name: 'Note' }).fill('Pads and rotors replaced');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).status).toBe('completed');
      const done = await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${request.id}`);
      expect(done).toMatchObject({ cost_cents: 41250, vendor: 'Main Street Brake & Tire' });
      await expect.poll(() => drawer.getByRole('radio').count()).toBe(2);

      await page.goto(`/fleet/admin/vehicle/${vehicle.id}`);
      await page.getByRole('heading', { name: 'Unit P-101', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Status' }).getByText('In service', { exact: true }).waitFor();
      expect((await api<Vehicle>(admin.session, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).status).toBe('in_service');
    } finally {
      await page.context().close();
    }
  });
});

describe('who may open the fleet office', () => {
  it('sends a user without fleet:admin to /disabled?module=Fleet Admin', async () => {
    const roleId = await createRole(admin.session, 'Patrol', ['fleet:squadcheck.submit', 'fleet:servicerequest.submit']);
    const officer = await inviteAndAccept(admin.session, { name: 'Pat Rol', roleIds: [roleId], accountType: 'full', prefix: 'patrol' });
    const page = await newPage();
    try {
      await signInWithSession(page, officer.session);
      for (const path of ['/fleet/admin', '/fleet/admin/vehicle', '/fleet/admin/squadchecks/configure/template/create']) {
        await page.goto(path);
        await expectPath(page, disabledPath('Fleet Admin'));
      }
    } finally {
      await page.context().close();
    }
  });
});

const SCREENS: { path: () => string; heading: string; open?: (page: Page) => Promise<void> }[] = [
  { path: () => '/fleet/admin', heading: 'Fleet dashboard' },
  { path: () => '/fleet/admin/vehicle', heading: 'Vehicles' },
  { path: () => '/fleet/admin/vehicle', heading: 'Vehicles', open: async (page) => void (await page.getByRole('button', { name: 'Add a vehicle' }).click()) },
  { path: () => `/fleet/admin/vehicle/${vehicle.id}`, heading: 'Unit P-101' },
  { path: () => '/fleet/admin/servicerequest', heading: 'Service requests' },
  { path: () => `/fleet/admin/servicerequest?request=${request.id}`, heading: 'Service requests', open: async (page) => void (await page.getByRole('button', { name: 'Save' }).waitFor()) },
  { path: () => '/fleet/admin/squadchecks', heading: 'Squad checks' },
  { path: () => '/fleet/admin/squadchecks?failures=all', heading: 'Squad checks' },
  { path: () => `/fleet/admin/squadchecks/${submission.id}`, heading: 'Squad check: unit P-101' },
  { path: () => '/fleet/admin/squadchecks/configure', heading: 'Squad check templates' },
  { path: () => '/fleet/admin/squadchecks/configure/template/create', heading: 'New template' },
  { path: () => `/fleet/admin/squadchecks/configure/template/${template.id}`, heading: 'Start of shift' },
  { path: () => '/admin/modules/fleet', heading: 'Fleet settings' },
];

describe.each(['light', 'dark'] as const)('the fleet office in the %s theme', (colorScheme) => {
  it('has no serious or critical axe violation', async () => {
    const page = await newPage({ colorScheme });
    try {
      await signInWithSession(page, admin.session);
      for (const screen of SCREENS) {
        await page.goto(screen.path());
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        await settled(page);
        if (screen.open) await screen.open(page);
        await still(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
        try {
          await expectNoSeriousAxeViolations(page);
        } catch (error) {
          throw new Error(`${screen.path()}${screen.open ? ' (with its dialog or drawer open)' : ''}: ${(error as Error).message}`, { cause: error });
        }
      }
    } finally {
      await page.context().close();
    }
  }, 180_000);
});

describe('the fleet office on a 360 px wide phone', () => {
  it('fits the width: the page itself never scrolls sideways', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    try {
      await signInWithSession(page, admin.session);
      for (const screen of SCREENS.filter((s) => !s.open)) {
        await page.goto(screen.path());
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        await settled(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${screen.path()} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
      }
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('preventive maintenance on a vehicle’s page', () => {
  it('adds an oil-change interval, shows where it stands, and stops tracking it', async () => {
    const car = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', { unit_number: 'PM-1', vehicle_type: 'patrol', make: 'Ford', model: 'Explorer', year: 2023, odometer: 30000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await newPage({ colorScheme });
      try {
        await signInWithSession(page, admin.session);
        await page.goto(`/fleet/admin/vehicle/${car.id}`);
        const card = page.getByRole('region', { name: 'Preventive maintenance' });
        if (colorScheme === 'light') {
          await card.getByText('No service intervals yet').waitFor();
          // Neither miles nor days: the form says what is missing.
          await card.getByLabel('Service', { exact: true }).first().click();
          await page.getByRole('option', { name: 'Oil change' }).click();
          await card.getByRole('button', { name: 'Add interval' }).click();
          await card.getByText('Give an interval in miles, days or both').waitFor();
          await card.getByLabel('Every (days)', { exact: true }).fill('7');
          await card.getByRole('button', { name: 'Add interval' }).click();
        }
        const item = card.getByRole('listitem').filter({ hasText: 'Oil change' });
        await item.getByText(/Due in 7 days|Due in 6 days/).waitFor();
        await item.getByText('Due soon').waitFor();
        await expectNoSeriousAxeViolations(page);
        if (colorScheme === 'dark') {
          await item.getByRole('button', { name: 'Stop tracking' }).click();
          await item.getByText('Not tracked').waitFor();
        }
      } finally {
        await page.context().close();
      }
    }
  });
});
