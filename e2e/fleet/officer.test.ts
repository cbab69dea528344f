/**
 * The officer's half of the fleet module in Chromium: a squad check of their car with a failed
 * critical item (the note is asked for), the car shown out of service, the failure turned into a
 * pre-filled service request that then shows in their list; a reload in the middle of a check keeps
 * the answers; the three screens are axe clean in both themes and fit a 360 px wide phone.
 *
 * The founder of a new agency (admin:access, which passes every permission) is the officer here; the
 * car is added through the fleet admin API and assigned to them.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, Page as ApiPage } from '../../core/contracts/admin.ts';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import { agencyWithAdmin, api, expectPath, settled, signInWithSession, type Person } from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage } from '../support/browser.ts';

const PHONE = { width: 360, height: 740 };

let officer: Person;
let car: Vehicle;
let spare: Vehicle;

beforeAll(async () => {
  officer = await agencyWithAdmin('fleet');
  const users = await api<ApiPage<AdminUser>>(officer.session, 'GET', '/rest/v1/admin/users');
  const me = users.items[0]!.id;
  const add = (unit: string, plate: string, extra: object = {}) =>
    api<Vehicle>(officer.session, 'POST', '/rest/v1/fleet/admin/vehicles', { unit_number: unit, vehicle_type: 'patrol', make: 'Ford', model: 'Police Interceptor Utility', year: 2024, plate, plate_state: 'IL', odometer: 41_000, ...extra });
  car = await add('P-417', 'PCT 417', { assigned_user_id: me });
  spare = await add('P-502', 'PCT 502');
}, 120_000);

/** The page does not scroll sideways (everything fits the width). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** An item's button group (pass/fail or a choice), found by the item's label. */
function item(page: Page, label: RegExp) {
  return page.getByRole('group', { name: label });
}

/** Answers every pass/fail item Pass and every choice its passing option, except the items named. */
async function passEverything(page: Page, except: RegExp[] = []): Promise<void> {
  const groups = page.getByRole('group');
  const count = await groups.count();
  for (let i = 0; i < count; i += 1) {
    const group = groups.nth(i);
    const name = (await group.getAttribute('aria-labelledby')) ? await group.evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? '') : '';
    if (except.some((pattern) => pattern.test(name))) continue;
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

describe('an officer on a phone', () => {
  it('does a squad check with a failed critical item, sees the car out of service, and turns the failure into a service request', async () => {
    const page = await newPage({ viewport: PHONE });
    try {
      await signInWithSession(page, officer.session);
      await page.goto('/fleet');
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
      await settled(page);
      await page.getByText('Unit P-417').first().waitFor();
      await expectNoSidewaysScroll(page, '/fleet');

      await page.getByRole('link', { name: 'Do a squad check' }).click();
      await expectPath(page, '/fleet/squadcheck');
      await page.getByRole('textbox', { name: /Vehicle/ }).fill('PCT 417');
      await page.getByRole('button', { name: /^Unit P-417/ }).click();
      await expectPath(page, `/fleet/squadcheck?vehicle_id=${car.id}`);
      await page.getByRole('heading', { name: 'Squad check: unit P-417', level: 1 }).waitFor();
      await expectNoSidewaysScroll(page, 'the squad check form');

      await page.getByRole('textbox', { name: /^Odometer/ }).fill('41250');
      await page.getByRole('textbox', { name: /^Fuel level/ }).fill('80');
      await passEverything(page, [/^Siren/]);
      await item(page, /^Siren/).getByRole('button', { name: 'Fail', exact: true }).click();

      // Sending without the note the failure needs: the message is beside the item.
      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await page.getByText('Add a note saying what is wrong').waitFor();
      await page.getByRole('alert').filter({ hasText: 'One item needs your attention' }).waitFor();
      await page.getByRole('textbox', { name: /What is wrong\?/ }).fill('No sound on wail or yelp');
      await expect.poll(() => page.getByText('Add a note saying what is wrong').count()).toBe(0);
      await page.getByRole('button', { name: 'Send the squad check' }).click();

      await page.getByRole('heading', { name: 'Squad check sent: unit P-417', level: 1 }).waitFor();
      await page.getByText('Unit P-417 is now out of service').waitFor();
      await expectNoSidewaysScroll(page, 'the squad check result');

      await page.getByRole('link', { name: /Open a service request for Siren/ }).click();
      await page.waitForURL((url) => url.pathname === '/fleet/request' && url.searchParams.get('squad_check_item_id') === 'siren');
      const url = new URL(page.url());
      expect(url.searchParams.get('vehicle_id')).toBe(car.id);
      expect(url.searchParams.get('category')).toBe('emergency_equipment');
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      expect(await page.getByRole('textbox', { name: /What is wrong\?/ }).inputValue()).toMatch(/^Siren.*: No sound on wail or yelp$/);
      expect(await page.getByLabel(/^Category/).first().inputValue()).toBe('Lights, siren and radio');
      await page.getByText('Unit P-417').first().waitFor();
      await page.getByRole('radio', { name: 'No, it must not be driven' }).check();
      await expectNoSidewaysScroll(page, '/fleet/request');
      await page.getByRole('button', { name: 'Send the request' }).click();

      await page.getByRole('heading', { name: /^Service request #\d+$/, level: 1 }).waitFor();
      const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/\D/g, '');
      await page.getByText('The vehicle must not be driven.').waitFor();
      const mine = page.getByRole('region', { name: 'Your service requests' }).or(page.locator('section[aria-labelledby="my-requests-heading"]'));
      await mine.getByRole('link', { name: `#${number} · Unit P-417` }).waitFor();
      await expectNoSidewaysScroll(page, 'the service request');

      // Home shows the car out of service and the open request.
      await page.goto('/fleet');
      await settled(page);
      await page.getByRole('link', { name: `#${number} · Unit P-417` }).waitFor();
      await page.getByText('Out of service').first().waitFor();

      const check = await api<{ status: string }>(officer.session, 'GET', `/rest/v1/fleet/admin/vehicles/${car.id}`);
      expect(check.status).toBe('out_of_service');
    } finally {
      await page.context().close();
    }
  });

  it('keeps the answers of a check across a reload', async () => {
    const page = await newPage({ viewport: PHONE });
    try {
      await signInWithSession(page, officer.session);
      await page.goto(`/fleet/squadcheck?vehicle_id=${spare.id}`);
      await page.getByRole('heading', { name: 'Squad check: unit P-502', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /^Odometer/ }).fill('41300');
      await item(page, /^Light bar/).getByRole('button', { name: 'Pass', exact: true }).click();
      await item(page, /^Radio/).getByRole('button', { name: 'Fail', exact: true }).click();
      await page.getByRole('textbox', { name: /What is wrong\?/ }).fill('Portable will not charge');

      await page.reload();
      await page.getByRole('heading', { name: 'Squad check: unit P-502', level: 1 }).waitFor();
      await settled(page);
      expect(await page.getByRole('textbox', { name: /^Odometer/ }).inputValue()).toMatch(/^41,?300$/);
      expect(await item(page, /^Light bar/).getByRole('button', { name: 'Pass', exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await item(page, /^Radio/).getByRole('button', { name: 'Fail', exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('textbox', { name: /What is wrong\?/ }).inputValue()).toBe('Portable will not charge');
      await page.getByText(/draft restored/).waitFor();

      // The server has the draft too (autosave after a change, and on leaving the page).
      await expect
        .poll(async () => (await api<{ draft: { answers: { item_id: string }[] } | null }>(officer.session, 'GET', `/rest/v1/fleet/squad-checks/form/${spare.id}`)).draft?.answers.map((a) => a.item_id).sort() ?? [], { timeout: 10_000 })
        .toEqual(['lightbar', 'odometer', 'radio']);
    } finally {
      await page.context().close();
    }
  });
});

describe.each(['light', 'dark'] as const)('the officer’s fleet screens in the %s theme', (colorScheme) => {
  it('have no serious or critical axe violation', async () => {
    const page = await newPage({ colorScheme });
    try {
      await signInWithSession(page, officer.session);
      const screens: { path: string; heading: string | RegExp; open?: () => Promise<void> }[] = [
        { path: '/fleet', heading: 'Fleet' },
        { path: '/fleet/squadcheck', heading: 'Squad check' },
        {
          path: `/fleet/squadcheck?vehicle_id=${spare.id}`,
          heading: 'Squad check: unit P-502',
          open: async () => {
            await page.getByRole('button', { name: 'Send the squad check' }).click();
            await page.getByRole('alert').filter({ hasText: 'need your attention' }).waitFor();
          },
        },
        { path: '/fleet/request', heading: 'Report a problem' },
      ];
      for (const screen of screens) {
        await page.goto(screen.path);
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        await settled(page);
        if (screen.open) await screen.open();
        await page.waitForTimeout(400);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
        try {
          await expectNoSeriousAxeViolations(page);
        } catch (error) {
          throw new Error(`${screen.path}: ${(error as Error).message}`, { cause: error });
        }
      }
      // A request's page, with its timeline.
      await page.goto('/fleet/request');
      await settled(page);
      const first = page.locator('section[aria-labelledby="my-requests-heading"] a').first();
      if ((await first.count()) > 0) {
        await first.click();
        await page.getByRole('heading', { name: /^Service request #\d+$/, level: 1 }).waitFor();
        await settled(page);
        await page.waitForTimeout(400);
        await expectNoSeriousAxeViolations(page);
      }
    } finally {
      await page.context().close();
    }
  });
});
