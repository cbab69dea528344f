/**
 * Phone-first (issue 14, QUALITY.md "Screens work at 360 px wide"): every screen an officer uses, at
 * 360 x 640, fits the width (no sideways scroll) and its controls are at least 44 px high, the
 * target size a gloved thumb in a patrol car needs (WCAG 2.5.5). Links inside a sentence are exempt,
 * as WCAG exempts them. The officer is a new agency's founder with a car and a request of their own,
 * made through the API.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, Page as ApiPage } from '../../core/contracts/admin.ts';
import type { Stop } from '../../core/contracts/citations.ts';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import { agencyWithAdmin, api, settled, signInWithSession, walkScreens, type Person } from '../admin/support.ts';
import { newPage } from '../support/browser.ts';

const PHONE = { width: 360, height: 640 };
/** The smallest target height a thumb can hit reliably. */
const TARGET_PX = 44;

let officer: Person;
let car: Vehicle;
let request: ServiceRequest;
let stop: Stop;

beforeAll(async () => {
  officer = await agencyWithAdmin('phone');
  const users = await api<ApiPage<AdminUser>>(officer.session, 'GET', '/rest/v1/admin/users');
  car = await api<Vehicle>(officer.session, 'POST', '/rest/v1/fleet/admin/vehicles', {
    unit_number: 'P-360',
    vehicle_type: 'patrol',
    make: 'Ford',
    model: 'Police Interceptor Utility',
    year: 2024,
    plate: 'PCT 360',
    plate_state: 'IL',
    odometer: 12_000,
    assigned_user_id: users.items[0]!.id,
  });
  request = await api<ServiceRequest>(
    officer.session,
    'POST',
    '/rest/v1/fleet/service-requests',
    { vehicle_id: car.id, category: 'tires', description: 'Front left tire loses pressure overnight', drivable: true },
    { 'idempotency-key': crypto.randomUUID() },
  );
  stop = await api<Stop>(
    officer.session,
    'POST',
    '/rest/v1/citations/stops',
    {
      id: crypto.randomUUID(),
      occurred_at: '2026-11-20T10:00',
      location: 'SR 60 at Oak Ave',
      latitude: null,
      longitude: null,
      person: {
        first_name: 'Gerald',
        middle_name: '',
        last_name: 'Hoffman',
        date_of_birth: '',
        address: '',
        city: '',
        state: '',
        zip: '',
        licence_number: '',
        licence_state: '',
        phone: '',
      },
      vehicle: { plate: 'ABC1234', plate_state: 'IL', make: '', model: '', year: '', color: '', vin: '' },
      citations: [{ id: crypto.randomUUID(), kind: 'traffic', violations: [], court_key: '', appearance_date: '', officer_notes: '' }],
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
}, 120_000);

type Shortfall = { what: string; width: number; height: number };

/**
 * What does not suit a phone on the page as it is: how far it scrolls sideways, and each visible
 * control (button, link, field, radio, checkbox, tab, menu item, option) less than 44 px high. A radio
 * or checkbox is measured by its whole label, which takes the tap; a link in running text is exempt.
 */
async function phoneShortfalls(page: Page, within: string): Promise<{ sideways: number; small: Shortfall[] }> {
  return page.evaluate(
    ({ targetPx, within }) => {
      const root = document.scrollingElement ?? document.documentElement;
      const sideways = root.scrollWidth - root.clientWidth;
      const selector = [
        'a[href]',
        'button',
        'input:not([type=hidden])',
        'select',
        'textarea',
        '[role=button]',
        '[role=tab]',
        '[role=menuitem]',
        '[role=option]',
        '[role=switch]',
        '[role=radio]',
        '[role=checkbox]',
      ].join(',');
      const small: { what: string; width: number; height: number }[] = [];
      const seen = new Set<Element>();
      for (const element of [...document.querySelectorAll(within)].flatMap((scope) => [...scope.querySelectorAll<HTMLElement>(selector)])) {
        if (element.closest('[aria-hidden=true], [inert]')) continue;
        if ((element as HTMLButtonElement).disabled) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        // A link in running text (WCAG 2.5.5's inline exception).
        if (element.tagName === 'A' && style.display === 'inline') continue;
        const input = element as HTMLInputElement;
        const target =
          element.tagName === 'INPUT' && (input.type === 'radio' || input.type === 'checkbox')
            ? (element.closest('label, .mantine-Radio-root, .mantine-Checkbox-root, .mantine-Switch-root') ?? element)
            : // A password field's box is the field around its inner input.
              (element.closest('.mantine-PasswordInput-input') ?? element);
        if (seen.has(target)) continue;
        seen.add(target);
        const box = target.getBoundingClientRect();
        // Not on screen: visually hidden until focused (the skip link), or off the canvas (the closed navigation).
        if (box.width <= 1 || box.height <= 1 || box.right <= 0 || box.left >= window.innerWidth || box.bottom + window.scrollY <= 0)
          continue;
        // Opacity-0 inputs under a styled control (Mantine's radios, file inputs) are measured by their label above.
        if (style.opacity === '0' && target === element) continue;
        if (box.height + 0.5 < targetPx) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
          const kind = element.getAttribute('role') ?? element.tagName.toLowerCase() + (input.type ? `[${input.type}]` : '');
          small.push({ what: `${kind} "${name}"`, width: Math.round(box.width), height: Math.round(box.height) });
        }
      }
      return { sideways, small };
    },
    { targetPx: TARGET_PX, within },
  );
}

/** The page (or, with `within`, the open menu or dialog) fits a phone: see phoneShortfalls. */
async function expectFitsAPhone(page: Page, where: string, within = 'body'): Promise<void> {
  await settled(page);
  const { sideways, small } = await phoneShortfalls(page, within);
  expect.soft(sideways, `${where} scrolls sideways by ${sideways}px`).toBeLessThanOrEqual(0);
  expect.soft(small, `${where}: controls under ${TARGET_PX}px high`).toEqual([]);
}

async function officerOnAPhone(): Promise<Page> {
  const page = await newPage({ viewport: PHONE });
  await signInWithSession(page, officer.session);
  return page;
}

describe('an officer’s screens on a 360 x 640 phone', () => {
  it('fit the width and have thumb-sized controls: the home page, fleet, the vehicle picker, the squad check, the problem report, a request, the citations and a stop', async () => {
    const page = await officerOnAPhone();
    try {
      await walkScreens(
        page,
        [
          { path: '/', heading: /./ },
          { path: '/fleet', heading: 'Fleet' },
          { path: '/fleet/squadcheck', heading: 'Squad check' },
          { path: `/fleet/squadcheck?vehicle_id=${car.id}`, heading: 'Squad check: unit P-360' },
          { path: '/fleet/request', heading: 'Report a problem' },
          { path: `/fleet/request?id=${request.id}`, heading: `Service request #${request.number}` },
          { path: '/citations', heading: 'Citations' },
          { path: `/citations/stops/${stop.id}`, heading: 'Stop: Hoffman' },
        ],
        (screen) => expectFitsAPhone(page, screen.path),
      );
    } finally {
      await page.context().close();
    }
  });

  it('open the camera for photos and a number pad for readings, and keep thumb-sized controls when an item fails', async () => {
    const page = await officerOnAPhone();
    try {
      await page.goto(`/fleet/squadcheck?vehicle_id=${car.id}`);
      await page.getByRole('heading', { name: 'Squad check: unit P-360', level: 1 }).waitFor();
      expect(await page.getByRole('textbox', { name: /^Odometer/ }).getAttribute('inputmode')).toBe('numeric');
      expect(await page.getByRole('textbox', { name: /^Fuel level/ }).getAttribute('inputmode')).toMatch(/^(numeric|decimal)$/);
      // A failed item asks for a note and a photo.
      await page.getByRole('button', { name: 'Fail', exact: true }).first().click();
      await page
        .getByRole('textbox', { name: /What is wrong\?|Note/ })
        .first()
        .waitFor();
      const photoInputs = page.locator('input[type=file]');
      expect(await photoInputs.count()).toBeGreaterThan(0);
      for (const input of await photoInputs.all()) {
        expect(await input.getAttribute('capture')).toBe('environment');
        expect(await input.getAttribute('accept')).toMatch(/image\//);
      }
      await expectFitsAPhone(page, 'the squad check with a failed item');

      await page.goto('/fleet/request');
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      for (const input of await page.locator('input[type=file]').all()) expect(await input.getAttribute('capture')).toBe('environment');
    } finally {
      await page.context().close();
    }
  });

  it('fit the width and have thumb-sized controls in the navigation, the account menu and the account and security dialog', async () => {
    const page = await officerOnAPhone();
    try {
      await page.goto('/fleet');
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.locator('#main-navigation').getByRole('link', { name: 'Fleet' }).waitFor();
      await expectFitsAPhone(page, 'the navigation', '#main-navigation');
      await page.getByRole('button', { name: 'Close navigation' }).click();
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menu').waitFor();
      await expectFitsAPhone(page, 'the account menu', '[role=menu]');
      await page.getByRole('menuitem', { name: /Account and security/ }).click();
      await page.getByRole('dialog').first().waitFor();
      await expectFitsAPhone(page, 'the account and security dialog', '[role=dialog]');
    } finally {
      await page.context().close();
    }
  });
});

describe('the sign-in screens on a 360 x 640 phone', () => {
  it('fit the width and have thumb-sized controls', async () => {
    const page = await newPage({ viewport: PHONE });
    try {
      for (const path of ['/login', '/forgotpassword']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectFitsAPhone(page, path);
      }
    } finally {
      await page.context().close();
    }
  });
});
