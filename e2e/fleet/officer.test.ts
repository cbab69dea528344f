/**
 * The officer's half of the fleet module in Chromium: a squad check of their car with a failed
 * critical item (the note is asked for), the car shown out of service, the failure turned into a
 * pre-filled service request that then shows in their list; a reload in the middle of a check keeps
 * the answers; a check with a photo item and a signature item uploads both (with progress) and the
 * office's review screen shows the two images; each screen is axe clean in both themes (light at
 * desktop width, dark on a phone) and fits a 360 px wide phone.
 *
 * The founder of a new agency (admin:access, which passes every permission) is the officer here; the
 * car is added through the fleet admin API and assigned to them.
 */
import { attemptTag } from '../support/names.ts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, Page as ApiPage } from '../../core/contracts/admin.ts';
import type { SquadCheckSubmission, Vehicle } from '../../core/contracts/fleet.ts';
import { agencyWithAdmin, api, expectPath, settled, signInWithSession, type Person } from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage, openInApp } from '../support/browser.ts';
import { expectImageShown, solidPng } from './images.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

let officer: Person;
let me: string;
let spare: Vehicle;
let k9: Vehicle;

const add = (unit: string, plate: string, extra: object = {}) =>
  api<Vehicle>(officer.session, 'POST', '/rest/v1/fleet/admin/vehicles', {
    unit_number: unit,
    vehicle_type: 'patrol',
    make: 'Ford',
    model: 'Police Interceptor Utility',
    year: 2024,
    plate,
    plate_state: 'IL',
    odometer: 41_000,
    ...extra,
  });

beforeAll(async () => {
  officer = await agencyWithAdmin('fleet');
  const users = await api<ApiPage<AdminUser>>(officer.session, 'GET', '/rest/v1/admin/users');
  me = users.items[0]!.id;
  spare = await add('P-502', 'PCT 502');
  // K-9 units are checked against a form of a photo and a signature only.
  await api(officer.session, 'POST', '/rest/v1/fleet/admin/templates', {
    name: 'K-9 handover',
    vehicle_types: ['k9'],
    sections: [
      {
        id: 'handover',
        title: 'Handover',
        items: [
          { id: 'kennel_photo', label: 'Photo of the kennel insert', kind: 'photo' },
          { id: 'handler_signature', label: 'Handler signature', kind: 'signature' },
        ],
      },
    ],
  });
  k9 = await add('K9-7', 'PCT 907', { vehicle_type: 'k9' });
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
    const name = (await group.getAttribute('aria-labelledby'))
      ? await group.evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? '')
      : '';
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
  it('does a squad check with a failed critical item, sees the request it opened and the car out of service, and turns a non-critical failure into a service request', async () => {
    // A car of this attempt's own: a retry finds the first attempt's out of service with its requests open.
    const attempt = attemptTag().toUpperCase();
    const car = await add(`P-417-${attempt}`, `PCT 417 ${attempt}`, { assigned_user_id: me });
    const unit = `Unit ${car.unit_number}`;
    const page = await newPage({ viewport: PHONE });
    try {
      await signInWithSession(page, officer.session);
      await page.goto('/fleet');
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
      await settled(page);
      await page.getByText(unit).first().waitFor();
      await expectNoSidewaysScroll(page, '/fleet');

      await page.getByRole('link', { name: 'Do a squad check' }).click();
      await expectPath(page, '/fleet/squadcheck');
      await page.getByRole('textbox', { name: /Vehicle/ }).fill(car.plate!);
      await page.getByRole('button', { name: new RegExp(`^${unit}`) }).click();
      await expectPath(page, `/fleet/squadcheck?vehicle_id=${car.id}`);
      await page.getByRole('heading', { name: `Squad check: unit ${car.unit_number}`, level: 1 }).waitFor();
      await expectNoSidewaysScroll(page, 'the squad check form');

      await page.getByRole('textbox', { name: /^Odometer/ }).fill('41250');
      await page.getByRole('textbox', { name: /^Fuel level/ }).fill('80');
      await passEverything(page, [/^Siren/, /^In-car camera/]);
      await item(page, /^Siren/)
        .getByRole('button', { name: 'Fail', exact: true })
        .click();
      await item(page, /^In-car camera/)
        .getByRole('button', { name: 'Fail', exact: true })
        .click();

      // Sending without the notes the failures need: the message is beside each item.
      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await expect.poll(() => page.getByText('Add a note saying what is wrong').count()).toBe(2);
      await page.getByRole('alert').filter({ hasText: '2 items need your attention' }).waitFor();
      await page
        .locator('[data-item-id="siren"]')
        .getByRole('textbox', { name: /What is wrong\?/ })
        .fill('No sound on wail or yelp');
      await page
        .locator('[data-item-id="camera"]')
        .getByRole('textbox', { name: /What is wrong\?/ })
        .fill('Recordings do not upload');
      await expect.poll(() => page.getByText('Add a note saying what is wrong').count()).toBe(0);
      await page.getByRole('button', { name: 'Send the squad check' }).click();

      // The critical failure opened a request of its own: the result points to it, and offers no second one for Siren.
      await page.getByRole('heading', { name: `Squad check sent: unit ${car.unit_number}`, level: 1 }).waitFor();
      await page.getByText(`${unit} is now out of service`).waitFor();
      const opened = page.getByText(/^Service request #\d+ was opened for you; the vehicle is out of service\.$/);
      await opened.waitFor();
      const openedNumber = (await opened.textContent())!.match(/#(\d+)/)![1]!;
      const openedLink = page.getByRole('link', { name: `See service request #${openedNumber}` });
      expect(await openedLink.getAttribute('href')).toMatch(/^\/fleet\/request\?id=[0-9a-f-]{36}$/);
      await page
        .locator('li')
        .filter({ hasText: /^Siren/ })
        .getByText(`Covered by service request #${openedNumber}`)
        .waitFor();
      expect(await page.getByRole('link', { name: /Open a service request for Siren/ }).count()).toBe(0);
      await expectNoSidewaysScroll(page, 'the squad check result');
      // The pointer still rests where "Send" was; measured without a hover state.
      await page.mouse.move(0, 0);
      await expectNoSeriousAxeViolations(page);

      const openedHref = (await openedLink.getAttribute('href'))!;

      // The non-critical failure still gets its one-click, pre-filled request.
      await page.getByRole('link', { name: /Open a service request for In-car camera/ }).click();
      await page.waitForURL((url) => url.pathname === '/fleet/request' && url.searchParams.get('squad_check_item_id') === 'camera');
      const url = new URL(page.url());
      expect(url.searchParams.get('vehicle_id')).toBe(car.id);
      expect(url.searchParams.get('category')).toBe('emergency_equipment');
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      expect(await page.getByRole('textbox', { name: /What is wrong\?/ }).inputValue()).toBe(
        'In-car camera records and uploads: Recordings do not upload',
      );
      expect(
        await page
          .getByLabel(/^Category/)
          .first()
          .inputValue(),
      ).toBe('Lights, siren and radio');
      await page.getByText(unit).first().waitFor();
      await page.getByRole('radio', { name: 'No, it must not be driven' }).check();
      await expectNoSidewaysScroll(page, '/fleet/request');
      await page.getByRole('button', { name: 'Send the request' }).click();

      await page.getByRole('heading', { name: /^Service request #\d+$/, level: 1 }).waitFor();
      const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/\D/g, '');
      await page.getByText('The vehicle must not be driven.').waitFor();
      const mine = page
        .getByRole('region', { name: 'Your service requests' })
        .or(page.locator('section[aria-labelledby="my-requests-heading"]'));
      await mine.getByRole('link', { name: `#${number} · ${unit}` }).waitFor();
      await expectNoSidewaysScroll(page, 'the service request');

      // Home shows the car out of service and the open request.
      await page.goto('/fleet');
      await settled(page);
      await page.getByRole('link', { name: `#${number} · ${unit}` }).waitFor();
      // This car's card: a retry finds the first attempt's car out of service too.
      await page
        .getByRole('region', { name: 'Your vehicles' })
        .locator('.mantine-Card-root')
        .filter({ hasText: unit })
        .getByText('Out of service')
        .waitFor();

      await page.getByRole('link', { name: `#${openedNumber} · ${unit}` }).waitFor();

      // The request the critical failure opened, where the result's link leads.
      await page.goto(openedHref);
      await page.getByRole('heading', { name: `Service request #${openedNumber}`, level: 1 }).waitFor();
      await page
        .getByText(/Critical squad check failure: Siren and PA \(No sound on wail or yelp\)/)
        .first()
        .waitFor();

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
      await item(page, /^Light bar/)
        .getByRole('button', { name: 'Pass', exact: true })
        .click();
      await item(page, /^Radio/)
        .getByRole('button', { name: 'Fail', exact: true })
        .click();
      await page.getByRole('textbox', { name: /What is wrong\?/ }).fill('Portable will not charge');

      await page.reload();
      await page.getByRole('heading', { name: 'Squad check: unit P-502', level: 1 }).waitFor();
      await settled(page);
      expect(await page.getByRole('textbox', { name: /^Odometer/ }).inputValue()).toMatch(/^41,?300$/);
      expect(
        await item(page, /^Light bar/)
          .getByRole('button', { name: 'Pass', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      expect(
        await item(page, /^Radio/)
          .getByRole('button', { name: 'Fail', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      expect(await page.getByRole('textbox', { name: /What is wrong\?/ }).inputValue()).toBe('Portable will not charge');
      await page.getByText(/draft restored/).waitFor();

      // The server has the draft too (autosave after a change, and on leaving the page).
      await expect
        .poll(
          async () =>
            (
              await api<{ draft: { answers: { item_id: string }[] } | null }>(
                officer.session,
                'GET',
                `/rest/v1/fleet/squad-checks/form/${spare.id}`,
              )
            ).draft?.answers
              .map((a) => a.item_id)
              .sort() ?? [],
          { timeout: 10_000 },
        )
        .toEqual(['lightbar', 'odometer', 'radio']);
    } finally {
      await page.context().close();
    }
  });
});

describe('an officer checking a K-9 unit', () => {
  it('uploads a photo with its progress shown, draws a signature, sends the check, and the office sees both images', async () => {
    // A retry finds the first attempt's check sent, or its answers kept as a draft: counted, and the draft emptied.
    const sent = () =>
      api<ApiPage<SquadCheckSubmission>>(officer.session, 'GET', `/rest/v1/fleet/admin/squad-checks?failures=all&vehicle_id=${k9.id}`);
    const before = (await sent()).total;
    await api(officer.session, 'PUT', `/rest/v1/fleet/squad-checks/drafts/${k9.id}`, { answers: [] });
    const page = await newPage({ viewport: PHONE });
    try {
      await signInWithSession(page, officer.session);
      await page.goto(`/fleet/squadcheck?vehicle_id=${k9.id}`);
      await page.getByRole('heading', { name: 'Squad check: unit K9-7', level: 1 }).waitFor();
      await settled(page);

      // The photo: the upload is held back a moment so that its progress can be seen, then the thumbnail shows.
      const photoItem = page.locator('[data-item-id="kennel_photo"]');
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
      await photoItem
        .locator('input[type="file"]')
        .setInputFiles({ name: 'kennel.png', mimeType: 'image/png', buffer: solidPng(64, 48, [40, 110, 200]) });
      await photoItem
        .getByRole('status')
        .filter({ hasText: /^Uploading… \d+%$/ })
        .waitFor();
      releaseUpload();
      await expectImageShown(photoItem.getByRole('img', { name: 'Photo of the kennel insert, photo 1' }));
      await photoItem.getByRole('button', { name: 'Remove photo 1 of Photo of the kennel insert' }).waitFor();
      expect(await photoItem.getByRole('status').count()).toBe(0);

      // The signature: drawn with the mouse, then saved as an image.
      const signatureItem = page.locator('[data-item-id="handler_signature"]');
      const use = signatureItem.getByRole('button', { name: 'Use this signature' });
      expect(await use.isDisabled()).toBe(true);
      const pad = signatureItem.getByRole('img', { name: /^Signature pad for Handler signature/ });
      // Each point is found afresh (the autosave line above can move the page while drawing); a stroke that missed is drawn again.
      const draw = async () => {
        const box = (await pad.boundingBox())!;
        await pad.hover({ position: { x: box.width * 0.15, y: box.height * 0.6 } });
        await page.mouse.down();
        for (const [x, y] of [
          [0.3, 0.3],
          [0.45, 0.7],
          [0.6, 0.35],
          [0.8, 0.6],
        ] as const)
          await pad.hover({ position: { x: box.width * x, y: box.height * y } });
        await page.mouse.up();
        return use.isEnabled();
      };
      await expect.poll(draw, { timeout: 15_000 }).toBe(true);
      await use.click();
      await expectImageShown(signatureItem.getByRole('img', { name: 'Signature: Handler signature' }));
      await signatureItem.getByRole('button', { name: 'Sign again' }).waitFor();
      await expectNoSidewaysScroll(page, 'the K-9 squad check');

      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await page.getByRole('heading', { name: 'Squad check sent: unit K9-7', level: 1 }).waitFor();
      await page.getByText('Everything passed').waitFor();

      // The office's review screen shows the photo and the signature.
      const checks = await sent();
      expect(checks.total).toBe(before + 1);
      await page.goto(`/fleet/admin/squadchecks/${checks.items[0]!.id}`);
      await page.getByRole('heading', { name: 'Squad check: unit K9-7', level: 1 }).waitFor();
      await settled(page);
      await expectImageShown(page.getByRole('img', { name: 'Photo of the kennel insert', exact: true }));
      await expectImageShown(page.getByRole('img', { name: 'Signature: Handler signature' }));
      await expectNoSidewaysScroll(page, 'the office’s squad check screen');
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });
});

// Each screen once per theme: in light at desktop width, in dark on a phone (where the header shows
// the initials alone and the lists become cards).
describe.each([
  ['light', 'a desktop', DESKTOP],
  ['dark', 'a phone', PHONE],
] as const)('the officer’s fleet screens in the %s theme on %s', (colorScheme, _, viewport) => {
  /** Axe on the page as it is, the failure naming where. */
  async function checkAxe(page: Page, where: string): Promise<void> {
    await settled(page);
    try {
      await expectNoSeriousAxeViolations(page);
    } catch (error) {
      throw new Error(`${where} at ${viewport.width} px: ${(error as Error).message}`, { cause: error });
    }
  }

  // The screens as they first open are walked by the label-in-name test below (which runs every axe rule);
  // here, the states it does not reach: a form showing its errors, and a request's page.
  it('have no serious or critical axe violation with a form’s errors shown or on a request’s page', async () => {
    const page = await newPage({ colorScheme, viewport });
    try {
      await signInWithSession(page, officer.session);
      await page.goto(`/fleet/squadcheck?vehicle_id=${spare.id}`);
      await page.getByRole('heading', { name: 'Squad check: unit P-502', level: 1 }).waitFor();
      await settled(page);
      await page.getByRole('button', { name: 'Send the squad check' }).click();
      await page.getByRole('alert').filter({ hasText: 'need your attention' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
      await checkAxe(page, 'the squad check with its errors shown');
      // A request's page, with its timeline.
      await openInApp(page, '/fleet/request');
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      await settled(page);
      const first = page.locator('section[aria-labelledby="my-requests-heading"] a').first();
      if ((await first.count()) > 0) {
        await first.click();
        await page.getByRole('heading', { name: /^Service request #\d+$/, level: 1 }).waitFor();
        await checkAxe(page, 'a service request');
      }
    } finally {
      await page.context().close();
    }
  }, 120_000);

  // WCAG 2.5.3, label in name: a speech-input user says what they see. expectNoSeriousAxeViolations runs
  // axe's label-content-name-mismatch rule; the header's name is also checked here word for word.
  it('name every control by the text it shows: the account menu, the vehicle picker, the squad check and the service request forms', async () => {
    const page = await newPage({ colorScheme, viewport });
    try {
      await signInWithSession(page, officer.session);
      await page.goto('/fleet');
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
      // The initials always show, the name from 640 px up: the button's name starts with both.
      await page.getByRole('button', { name: /^PC Pat Chief, Account menu$/ }).waitFor();
      await checkAxe(page, '/fleet');

      // The squad check: the vehicle picker (each button named by the unit, plate, car and status it shows), then the form.
      await openInApp(page, '/fleet/squadcheck');
      await page.getByRole('heading', { name: 'Squad check', level: 1 }).waitFor();
      await page.getByRole('button', { name: /^Unit P-502 PCT 502 · 2024 Ford Police Interceptor Utility/ }).waitFor();
      await checkAxe(page, '/fleet/squadcheck');
      await page.getByRole('button', { name: /^Unit P-502/ }).click();
      await page.getByRole('heading', { name: 'Squad check: unit P-502', level: 1 }).waitFor();
      await checkAxe(page, 'the squad check form');
      // A form with a photo item and a signature item.
      await openInApp(page, `/fleet/squadcheck?vehicle_id=${k9.id}`);
      await page.getByRole('heading', { name: 'Squad check: unit K9-7', level: 1 }).waitFor();
      await checkAxe(page, 'the K-9 squad check form');

      // A service request: the vehicle picker, then the form with the vehicle picked.
      await openInApp(page, '/fleet/request');
      await page.getByRole('heading', { name: 'Report a problem', level: 1 }).waitFor();
      await checkAxe(page, '/fleet/request');
      await page.getByRole('button', { name: /^Unit P-502/ }).click();
      await page.getByRole('button', { name: 'Change vehicle' }).waitFor();
      await checkAxe(page, 'the service request form');
    } finally {
      await page.context().close();
    }
  }, 150_000);
});
