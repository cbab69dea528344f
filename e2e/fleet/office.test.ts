/**
 * The fleet office in the browser: an admin builds a squad-check template with every item kind
 * (reordering with the keyboard) and saves it; triages a service request to completed and the vehicle
 * returns to service; gives a vehicle a photo (and replaces and removes it) and an assigned officer;
 * filters squad checks by officer; sees why the fleet settings are missing when Fleet is off; a user
 * without fleet:admin is sent to /disabled?module=Fleet Admin; every fleet-office screen is axe clean
 * in light and dark and fits a 360 px wide phone.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  MaintenanceItem,
  ServiceRequest,
  SquadCheckForm,
  SquadCheckSubmission,
  Template,
  Vehicle,
} from '../../core/contracts/fleet.ts';
import type { Page as ApiPage } from '../../core/contracts/admin.ts';
import {
  agencyWithAdmin,
  api,
  createRole,
  disabledPath,
  expectAxeCleanInBothThemes,
  expectPath,
  inviteAndAccept,
  settled,
  signInWithSession,
  walkScreens,
  type Person,
  type WalkedScreen,
} from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage, openInApp } from '../support/browser.ts';
import { expectImageShown, solidPng } from './images.ts';
import { attemptTag } from '../support/names.ts';

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
  vehicle = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
    unit_number: 'P-101',
    vehicle_type: 'patrol',
    make: 'Ford',
    model: 'Police Interceptor Utility',
    year: 2024,
    odometer: 12000,
  });
  template = await created<Template>('/rest/v1/fleet/admin/templates', {
    name: 'Start of shift',
    vehicle_types: [],
    sections: [
      {
        id: 'outside',
        title: 'Outside',
        items: [
          { id: 'lights', label: 'Light bar and siren', kind: 'pass_fail' },
          { id: 'tyres', label: 'Tyres', kind: 'pass_fail' },
        ],
      },
    ],
  });
  const form = await api<SquadCheckForm>(admin.session, 'GET', `/rest/v1/fleet/squad-checks/form/${vehicle.id}`);
  // Every item of the form answered so that it passes, but for one pass/fail item that fails with a note.
  const items = form.template.sections.flatMap((section) => section.items);
  const failing = items.find((item) => item.kind === 'pass_fail' && !item.critical) ?? items.find((item) => item.kind === 'pass_fail');
  const answers = items.map((item) => {
    if (item === failing) return { item_id: item.id, value: 'fail', note: 'Front left tyre worn to the cords' };
    if (item.kind === 'pass_fail') return { item_id: item.id, value: 'pass' };
    if (item.kind === 'number') return { item_id: item.id, value: item.is_odometer ? 12_050 : (item.max ?? item.min ?? 1) };
    if (item.kind === 'choice')
      return { item_id: item.id, value: item.options?.find((option) => !item.failing_options?.includes(option)) ?? null };
    if (item.kind === 'text') return { item_id: item.id, value: 'All good' };
    return { item_id: item.id, value: null, ...(item.allow_na ? { na_reason: 'Not needed today' } : {}) };
  });
  submission = await created<SquadCheckSubmission>('/rest/v1/fleet/squad-checks', {
    vehicle_id: vehicle.id,
    template_version_id: form.template.version_id,
    answers,
  });
  request = await created<ServiceRequest>('/rest/v1/fleet/service-requests', {
    vehicle_id: vehicle.id,
    category: 'brakes',
    description: 'Brakes grind and pull to the right',
    drivable: false,
  });
}, 120_000);

/**
 * Picks the one option a searchable select shows for what was typed, with the keyboard as a person
 * would: the list may still be moving while the page around it finishes loading, which a click
 * waiting for it to hold still can miss for good.
 */
async function chooseOnlyOption(page: Page, input: Locator, name: string): Promise<void> {
  await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual([name]);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(name);
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
      expect(savedItems.find((item) => item.kind === 'number')).toMatchObject({
        label: 'Odometer',
        min: 0,
        max: 500000,
        unit: 'mi',
        is_odometer: true,
      });
      expect(savedItems.find((item) => item.kind === 'choice')).toMatchObject({ options: ['Full', 'Empty'], failing_options: ['Empty'] });
      expect(savedItems.find((item) => item.kind === 'pass_fail')).toMatchObject({ label: 'Light bar', critical: true });

      // Saving again makes version 2.
      await page.getByRole('textbox', { name: 'Name' }).fill('Every kind, revised');
      await page.getByRole('button', { name: 'Save as a new version' }).click();
      await expect
        .poll(async () => (await api<Template>(admin.session, 'GET', `/rest/v1/fleet/admin/templates/${id}`)).version_number)
        .toBe(2);
    } finally {
      await page.context().close();
    }
  });
});

describe('the service request queue', () => {
  it('triages a request to completed, and the vehicle returns to service', async () => {
    // A car, request and vendor of this attempt's own: a retry finds the first attempt's request completed, its car in service.
    const attempt = attemptTag().toUpperCase();
    const vendorName = `Main Street Brake & Tire ${attempt}`;
    const vehicle = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
      unit_number: `P-102-${attempt}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Police Interceptor Utility',
      year: 2024,
      odometer: 12000,
    });
    const request = await created<ServiceRequest>('/rest/v1/fleet/service-requests', {
      vehicle_id: vehicle.id,
      category: 'brakes',
      description: 'Brakes grind and pull to the right',
      drivable: false,
    });
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
      const moves = drawer.getByRole('radiogroup', { name: 'Move it' }).getByRole('radio');
      await expect
        .poll(() => moves.evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent ?? '')))
        .toEqual(['Keep open', 'Start work', 'Complete', 'Decline']);
      await drawer.locator('label', { hasText: /^Start work$/ }).click();
      // The brakes go to an outside shop, which bills the work.
      await drawer.locator('label', { hasText: /^Outside vendor$/ }).click();
      await created('/rest/v1/fleet/admin/vendors', { name: vendorName });
      const vendor = drawer.getByLabel('Vendor', { exact: true }).first();
      await vendor.click();
      await vendor.fill('Main Street');
      await page.getByRole('option', { name: vendorName }).click();
      await drawer.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => (await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).status)
        .toBe('in_progress');
      // The drawer takes the saved answer in before the next move (it resets the form to it).
      await page.getByText(`Request #${request.number} is in progress.`).waitFor();
      await drawer.locator('label', { hasText: /^Complete$/ }).click();
      await drawer.getByRole('textbox', { name: 'Cost (dollars)' }).fill('412.50');
      await drawer.getByRole('textbox', { name: 'Note' }).fill('Pads and rotors replaced');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => (await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).status)
        .toBe('completed');
      const done = await api<ServiceRequest>(admin.session, 'GET', `/rest/v1/fleet/service-requests/${request.id}`);
      expect(done).toMatchObject({ cost_cents: 41250, vendor_name: vendorName });
      await expect.poll(() => moves.count()).toBe(2);

      await openInApp(page, `/fleet/admin/vehicle/${vehicle.id}`);
      await page.getByRole('heading', { name: `Unit ${vehicle.unit_number}`, level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Status' }).getByText('In service', { exact: true }).waitFor();
      expect((await api<Vehicle>(admin.session, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).status).toBe('in_service');
    } finally {
      await page.context().close();
    }
  });
});

describe('an officer’s photos in the queue', () => {
  it('shows the fleet office the photos an officer attached to a request', async () => {
    const uploaded = await fetch(`${inject('baseUrl')}/storage/v1/object?purpose=fleet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.session.access_token}`, 'content-type': 'image/png' },
      body: new Uint8Array(solidPng(48, 32, [200, 40, 40])),
    });
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as { id: string };
    const withPhoto = await created<ServiceRequest>('/rest/v1/fleet/service-requests', {
      vehicle_id: vehicle.id,
      category: 'body_damage',
      description: 'Scrape along the passenger door',
      drivable: true,
      photo_ids: [photo.id],
    });
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto(`/fleet/admin/servicerequest?request=${withPhoto.id}`);
      const drawer = page.getByRole('dialog', { name: `Service request #${withPhoto.number}` });
      await drawer.waitFor();
      await expectImageShown(drawer.getByRole('img', { name: `Photo 1 of request ${withPhoto.number}` }));
    } finally {
      await page.context().close();
    }
  });
});

describe('a vehicle’s photo', () => {
  it('uploads a photo with its progress shown, refuses a PDF, replaces and removes the photo, and the vehicles table shows it as a thumbnail', async () => {
    // A unit number of this attempt's own: a retry finds the first attempt's car in the vehicles table.
    const car = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
      unit_number: `PH-1-${attemptTag().toUpperCase()}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Explorer',
      year: 2023,
      odometer: 100,
    });
    const current = () => api<Vehicle>(admin.session, 'GET', `/rest/v1/fleet/admin/vehicles/${car.id}`);
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto(`/fleet/admin/vehicle/${car.id}`);
      await page.getByRole('heading', { name: `Unit ${car.unit_number}`, level: 1 }).waitFor();
      const card = page.getByRole('region', { name: 'Photo', exact: true });
      await card.getByText(/^No photo yet/).waitFor();

      let releaseUpload: () => void = () => undefined;
      const uploadHeld = new Promise<void>((resolve) => {
        releaseUpload = resolve;
      });
      await page.route(
        (url) => url.pathname === '/storage/v1/object' && url.searchParams.get('purpose') === 'fleet',
        async (route) => {
          await uploadHeld;
          await route.continue();
        },
        { times: 1 },
      );
      await card
        .locator('input[type="file"]')
        .setInputFiles({ name: 'ph-1.png', mimeType: 'image/png', buffer: solidPng(120, 80, [30, 90, 160]) });
      await card
        .getByRole('status')
        .filter({ hasText: /^Uploading… \d+%$/ })
        .waitFor();
      releaseUpload();
      await expectImageShown(card.getByRole('img', { name: `Unit ${car.unit_number}` }));
      await expect.poll(async () => (await current()).photo_id).not.toBeNull();
      const first = (await current()).photo_id;

      await card
        .locator('input[type="file"]')
        .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      await card.getByRole('alert').filter({ hasText: 'Choose a PNG, JPEG or WebP image' }).waitFor();
      expect((await current()).photo_id).toBe(first);

      await card.getByRole('button', { name: 'Replace the photo' }).waitFor();
      await card
        .locator('input[type="file"]')
        .setInputFiles({ name: 'ph-1-new.png', mimeType: 'image/png', buffer: solidPng(120, 80, [160, 60, 30]) });
      await expect.poll(async () => (await current()).photo_id).not.toBe(first);
      await expectImageShown(card.getByRole('img', { name: `Unit ${car.unit_number}` }));
      await expectNoSeriousAxeViolations(page);

      await openInApp(page, `/fleet/admin/vehicle?q=${car.unit_number}`);
      await expectImageShown(page.getByRole('table', { name: 'Vehicles' }).getByRole('img', { name: `Unit ${car.unit_number}` }));
      await expectNoSeriousAxeViolations(page);

      await page.goto(`/fleet/admin/vehicle/${car.id}`);
      await card.getByRole('button', { name: 'Remove the photo' }).click();
      await card.getByText(/^No photo yet/).waitFor();
      expect((await current()).photo_id).toBeNull();
    } finally {
      await page.context().close();
    }
  });
});

describe('the assigned officer and the officer filter', () => {
  it('assigns an officer found by name on the vehicle page and when adding a vehicle', async () => {
    const me = (await api<{ id: string }>(admin.session, 'GET', '/auth/v1/user')).id;
    // Unit numbers of this attempt's own: a retry finds the first attempt's cars.
    const attempt = attemptTag().toUpperCase();
    const added = `AS-2-${attempt}`;
    const car = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
      unit_number: `AS-1-${attempt}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Explorer',
      year: 2023,
      odometer: 100,
    });
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto(`/fleet/admin/vehicle/${car.id}`);
      await page.getByRole('heading', { name: `Unit ${car.unit_number}`, level: 1 }).waitFor();
      await settled(page);
      const picker = page.getByRole('region', { name: 'Details' }).getByLabel('Assigned officer', { exact: true }).first();
      await picker.fill('pat ch');
      await chooseOnlyOption(page, picker, 'Pat Chief');
      await page.getByRole('button', { name: 'Save details' }).click();
      await expect
        .poll(async () => (await api<Vehicle>(admin.session, 'GET', `/rest/v1/fleet/admin/vehicles/${car.id}`)).assigned_user_id)
        .toBe(me);
      await page.reload();
      await page.getByRole('heading', { name: `Unit ${car.unit_number}`, level: 1 }).waitFor();
      await expect
        .poll(() => page.getByRole('region', { name: 'Details' }).getByLabel('Assigned officer', { exact: true }).first().inputValue())
        .toBe('Pat Chief');

      await openInApp(page, '/fleet/admin/vehicle');
      await page.getByRole('button', { name: 'Add a vehicle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a vehicle' });
      await dialog.getByRole('textbox', { name: 'Unit number' }).fill(added);
      await dialog.getByLabel(/^Type/).first().click();
      await page.getByRole('option', { name: 'Patrol car' }).click();
      await dialog.getByRole('textbox', { name: 'Make' }).fill('Chevrolet');
      await dialog.getByRole('textbox', { name: 'Model' }).fill('Tahoe PPV');
      // The year and the odometer are blank until typed.
      await dialog.getByRole('textbox', { name: 'Year' }).fill('2024');
      await dialog.getByRole('textbox', { name: 'Odometer (miles)' }).fill('1200');
      const dialogPicker = dialog.getByLabel('Assigned officer', { exact: true }).first();
      await dialogPicker.fill('Pat');
      await chooseOnlyOption(page, dialogPicker, 'Pat Chief');
      await dialog.getByRole('button', { name: 'Add vehicle' }).click();
      // No VIN, plate or plate state: blanks are fine.
      await page.getByRole('heading', { name: `Unit ${added}`, level: 1 }).waitFor();
      const found = await api<ApiPage<Vehicle>>(admin.session, 'GET', `/rest/v1/fleet/vehicles?q=${added}`);
      expect(found.items[0]).toMatchObject({ unit_number: added, assigned_user_id: me, assigned_user_name: 'Pat Chief' });
    } finally {
      await page.context().close();
    }
  });

  it('filters the squad checks by an officer found by name, and keeps the choice in the URL', async () => {
    const me = (await api<{ id: string }>(admin.session, 'GET', '/auth/v1/user')).id;
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/fleet/admin/squadchecks?failures=all');
      await page.getByRole('heading', { name: 'Squad checks', level: 1 }).waitFor();
      await settled(page);
      await page.getByLabel('Officer', { exact: true }).first().fill('Pat');
      await page.getByRole('option', { name: 'Pat Chief' }).click();
      await page.waitForURL((url) => url.searchParams.get('officer_id') === me && url.searchParams.get('failures') === 'all');
      await settled(page);
      const rows = page.getByTestId('squad-check-row');
      await expect.poll(() => rows.count()).toBeGreaterThan(0);
      expect(await rows.filter({ hasNotText: 'Pat Chief' }).count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { name: 'Squad checks', level: 1 }).waitFor();
      await expect.poll(() => page.getByLabel('Officer', { exact: true }).first().inputValue()).toBe('Pat Chief');
    } finally {
      await page.context().close();
    }
  });
});

describe('the fleet settings of an agency that turned Fleet off', () => {
  it('says Fleet is off instead of failing, and shows the settings once it is switched back on', async () => {
    const chief = await agencyWithAdmin('fleetoff');
    await api(chief.session, 'PUT', '/rest/v1/admin/modules/fleet', { enabled: false });
    const page = await newPage();
    try {
      await signInWithSession(page, chief.session);
      await page.goto('/admin/modules/fleet');
      await page.getByRole('heading', { name: 'Fleet settings', level: 1 }).waitFor();
      await page.getByText('Fleet is turned off').waitFor();
      expect(await page.getByText('The fleet settings could not be loaded').count()).toBe(0);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('switch', { name: 'Fleet module' }).click();
      await page.getByText('The fleet office keeps these settings').waitFor();
      expect(await page.getByText('Fleet is turned off').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});

describe('the fleet settings, kept by the fleet office', () => {
  it('lets a fleet manager without admin access add a vehicle type that stays after a reload, while the administrator’s module page points there', async () => {
    // A role and a vehicle type of this attempt's own: a retry would be refused the first attempt's names.
    const attempt = attemptTag();
    const roleId = await createRole(admin.session, `Fleet desk ${attempt}`, ['fleet:admin']);
    const manager = await inviteAndAccept(admin.session, {
      name: 'Dana Desk',
      roleIds: [roleId],
      accountType: 'full',
      prefix: 'fleetdesk',
    });
    const page = await newPage();
    try {
      await signInWithSession(page, manager.session);
      await page.goto('/fleet/admin');
      await page.getByRole('navigation', { name: 'Fleet office sections' }).getByRole('link', { name: 'Settings' }).click();
      await expectPath(page, '/fleet/admin/settings');
      await page.getByRole('heading', { name: 'Fleet settings', level: 1 }).waitFor();
      const types = page.getByRole('group', { name: 'Vehicle types' });
      // Counted once the form has loaded (the page's heading shows while it loads).
      await types.getByRole('textbox', { name: 'Vehicle types: name 1' }).waitFor();
      const before = await types.getByRole('textbox', { name: /^Vehicle types: name/ }).count();
      await types.getByRole('button', { name: 'Add' }).click();
      await types.getByRole('textbox', { name: `Vehicle types: name ${before + 1}` }).fill(`Prisoner transport van ${attempt}`);
      await page.getByRole('button', { name: 'Save fleet settings' }).click();
      await page.getByText('The fleet settings were saved.').waitFor();
      await page.reload();
      await settled(page);
      await expect
        .poll(() => page.getByRole('textbox', { name: `Vehicle types: key ${before + 1}` }).inputValue())
        .toBe(`prisoner_transport_van_${attempt}`);

      // The module's switch stays the administrator's: the fleet desk is sent home from the admin area.
      await page.goto('/admin/modules/fleet');
      await expectPath(page, '/');
    } finally {
      await page.context().close();
    }
    const office = await newPage();
    try {
      await signInWithSession(office, admin.session);
      await office.goto('/admin/modules/fleet');
      await office.getByText('The fleet office keeps these settings').waitFor();
      expect(await office.getByRole('button', { name: 'Save fleet settings' }).count()).toBe(0);
      await office.getByRole('link', { name: 'the fleet settings' }).click();
      await expectPath(office, '/fleet/admin/settings');
    } finally {
      await office.context().close();
    }
  }, 90_000);
});

describe('who may open the fleet office', () => {
  it('sends a user without fleet:admin to /disabled?module=Fleet Admin', async () => {
    // A role name of this attempt's own: a retry would be refused the first attempt's.
    const roleId = await createRole(admin.session, `Patrol ${attemptTag()}`, ['fleet:squadcheck.submit', 'fleet:servicerequest.submit']);
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

/** Every fleet-office screen, with its dialog or drawer where it has one (the ids are the beforeAll's). */
function screens(): WalkedScreen[] {
  return [
    { path: '/fleet/admin', heading: 'Fleet dashboard' },
    { path: '/fleet/admin/vehicle', heading: 'Vehicles' },
    {
      path: '/fleet/admin/vehicle',
      heading: 'Vehicles',
      open: async (page) => void (await page.getByRole('button', { name: 'Add a vehicle' }).click()),
    },
    { path: `/fleet/admin/vehicle/${vehicle.id}`, heading: 'Unit P-101' },
    { path: '/fleet/admin/servicerequest', heading: 'Service requests' },
    {
      path: `/fleet/admin/servicerequest?request=${request.id}`,
      heading: 'Service requests',
      open: async (page) => void (await page.getByRole('button', { name: 'Save' }).waitFor()),
    },
    { path: '/fleet/admin/squadchecks', heading: 'Squad checks' },
    { path: `/fleet/admin/squadchecks/${submission.id}`, heading: 'Squad check: unit P-101' },
    { path: '/fleet/admin/squadchecks/configure', heading: 'Squad check templates' },
    { path: '/fleet/admin/squadchecks/configure/template/create', heading: 'New template' },
    { path: `/fleet/admin/squadchecks/configure/template/${template.id}`, heading: 'Start of shift' },
    { path: '/fleet/admin/settings', heading: 'Fleet settings' },
    { path: '/admin/modules/fleet', heading: 'Fleet settings' },
  ];
}

describe('the fleet office in the light and dark themes', () => {
  // Each screen is opened once and checked in both themes (the device's preference switched between the two).
  it('has no serious or critical axe violation', async () => {
    const page = await newPage({ colorScheme: 'light' });
    try {
      await signInWithSession(page, admin.session);
      await walkScreens(page, screens(), () => expectAxeCleanInBothThemes(page));
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
      await walkScreens(
        page,
        screens().filter((s) => !s.open),
        async () => {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
        },
      );
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('preventive maintenance on a vehicle’s page', () => {
  it('adds an oil-change interval, shows where it stands, and stops tracking it', async () => {
    // A unit number of this attempt's own: a retry would be refused the first attempt's.
    const car = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
      unit_number: `PM-1-${attemptTag().toUpperCase()}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Explorer',
      year: 2023,
      odometer: 30000,
    });
    // One page: the interval is added, both themes checked, and tracking stopped.
    const page = await newPage({ colorScheme: 'light' });
    try {
      await signInWithSession(page, admin.session);
      await page.goto(`/fleet/admin/vehicle/${car.id}`);
      const card = page.getByRole('region', { name: 'Preventive maintenance' });
      await card.getByText('No service intervals yet').waitFor();
      // Neither miles nor days: the form says what is missing.
      await card.getByLabel('Service', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Oil change' }).click();
      await card.getByRole('button', { name: 'Add interval' }).click();
      await card.getByText('Give an interval in miles, days or both').waitFor();
      await card.getByLabel('Every (days)', { exact: true }).fill('7');
      await card.getByRole('button', { name: 'Add interval' }).click();
      const item = card.getByRole('listitem').filter({ hasText: 'Oil change' });
      await item.getByText(/Due in 7 days|Due in 6 days/).waitFor();
      await item.getByText('Due soon').waitFor();
      // Kept by the server.
      const intervals = () =>
        api<MaintenanceItem[]>(admin.session, 'GET', `/rest/v1/fleet/admin/maintenance?state=all&vehicle_id=${car.id}`);
      expect((await intervals()).map((i) => [i.category, i.every_days, i.active])).toEqual([[expect.any(String), 7, true]]);
      await expectAxeCleanInBothThemes(page);
      await item.getByRole('button', { name: 'Stop tracking' }).click();
      await item.getByText('Not tracked').waitFor();
      await expect.poll(async () => (await intervals()).map((i) => i.active)).toEqual([false]);
    } finally {
      await page.context().close();
    }
  });
});
