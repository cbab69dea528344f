/**
 * Citations in the browser: an officer on a 360 px phone in the dark theme writes a stop with two
 * citations and a written warning, is refused by the check with each failure named beside its field,
 * fixes them, issues the three and prints the violator's copy (without the officer-only notes, which the
 * court copy keeps); a sergeant voids one; the records clerk downloads the court export and marks those
 * citations filed; the screens are axe clean in light and dark. The agency's courts and statutes are
 * set up through the API.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Citation, CitationSummary, Statute, Stop } from '../../core/contracts/citations.ts';
import {
  expectScreensAxeClean,
  agencyWithAdmin,
  api,
  inviteAndAccept,
  roleIdByName,
  settled,
  signInWithSession,
  type Person,
  type WalkedScreen,
} from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage, type NewPageOptions } from '../support/browser.ts';
import { attemptTag } from '../support/names.ts';

let admin: Person;
let officer: Person;
let sergeant: Person;
let clerk: Person;
let stopId = '';
const PHONE = { width: 360, height: 740 };
const NOTES = 'Driver said he was late for work; phone in hand at the light';

async function openAs(person: Person, path: string, options: NewPageOptions = {}): Promise<Page> {
  const page = await newPage(options);
  await signInWithSession(page, person.session);
  await page.goto(path);
  await settled(page);
  return page;
}

async function statute(input: Partial<Statute> & Pick<Statute, 'code' | 'description'>): Promise<Statute> {
  return api<Statute>(
    admin.session,
    'POST',
    '/rest/v1/citations/admin/statutes',
    {
      kinds: ['traffic', 'warning'],
      fine_cents: 15000,
      points: 0,
      moving: true,
      speeding: false,
      effective_from: '2020-01-01',
      effective_to: null,
      ...input,
    },
    { 'idempotency-key': randomUUID() },
  );
}

/** Picks a statute in the first violation of a citation card: types its code into the searchable select and chooses it. */
async function pickStatute(page: Page, citation: number, code: string): Promise<void> {
  const select = page.locator(`input#field-citations-${citation}-violations-0-statute_id`);
  await select.click();
  await select.fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code.replace('.', '\\.')} — `) }).click();
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} is ${overflow}px wider than the phone`).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  admin = await agencyWithAdmin('citations');
  const [officerRole, sergeantRole, clerkRole] = await Promise.all(
    ['Officer', 'Sergeant', 'Records Clerk'].map((name) => roleIdByName(admin.session, name)),
  );
  [officer, sergeant, clerk] = await Promise.all([
    inviteAndAccept(admin.session, { name: 'Sam Patel', roleIds: [officerRole!], accountType: 'full', prefix: 'officer' }),
    inviteAndAccept(admin.session, { name: 'Dana Ruiz', roleIds: [sergeantRole!], accountType: 'full', prefix: 'sergeant' }),
    inviteAndAccept(admin.session, { name: 'Robin Okafor', roleIds: [clerkRole!], accountType: 'full', prefix: 'records' }),
  ]);
  await api(admin.session, 'PUT', '/rest/v1/citations/admin/settings', {
    number_format: 'RPD-{YYYY}-{NNNNNN}',
    courts: [
      {
        key: 'municipal',
        name: 'Riverside Municipal Court',
        address: '100 Main St, Riverside',
        phone: '555-0100',
        session_days: [1, 2, 3, 4, 5],
        session_time: '09:00',
        min_days: 14,
        kinds: ['traffic', 'parking', 'ordinance'],
      },
    ],
    holidays: [],
  });
  await statute({ code: '316.183', description: 'Unlawful speed', speeding: true, points: 3, fine_cents: 20400 });
  await statute({ code: '316.614', description: 'Safety belt not worn', fine_cents: 11600 });
  await statute({ code: '320.07', description: 'Expired registration', moving: false, kinds: ['traffic', 'warning', 'parking'] });
}, 120_000);

describe('a traffic stop from the roadside to the court', () => {
  it('is written on a phone in the dark, refused with each failure beside its field, fixed, issued and printed without the officer’s notes', async () => {
    const page = await openAs(officer, '/citations/new', { viewport: PHONE, colorScheme: 'dark' });
    let release = () => {};
    try {
      await page.waitForURL(/\/citations\/stops\/[0-9a-f-]{36}$/);
      stopId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('heading', { name: 'When and where' }).waitFor();
      expect(await page.getByLabel('Date and time').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

      await page.getByRole('textbox', { name: 'Location' }).fill('SR 60 at Oak Ave, eastbound');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Hoffman');
      await page.getByRole('textbox', { name: 'First name' }).fill('Gerald');
      await page.getByLabel('Date of birth').fill('1988-04-12');
      await page.getByRole('textbox', { name: 'Address' }).fill('2215 Maple Ave');
      await page.getByRole('textbox', { name: 'Plate' }).fill('abc1234');
      await page.getByRole('combobox', { name: 'Plate state' }).selectOption('FL');
      await page.getByRole('textbox', { name: 'VIN' }).fill('1hgcm82643a004352');
      // The VIN is upper-cased as typed and its check digit is checked live.
      await page.getByText('The check digit (9th character) does not match: check each character').waitFor();

      // The first card is a traffic citation: speeding, with the speed left out; a second citation and a warning.
      await page.getByRole('button', { name: 'Add a violation' }).first().click();
      await pickStatute(page, 0, '316.183');
      await page.getByRole('textbox', { name: 'Officer-only notes' }).first().fill(NOTES);
      await page.getByRole('button', { name: 'Add a citation' }).click();
      await page.getByRole('button', { name: 'Add a violation' }).nth(1).click();
      await pickStatute(page, 1, '316.614');
      await page.getByRole('button', { name: 'Add a written warning' }).click();
      expect(await page.getByTestId('citation-card').count()).toBe(3);
      await page.getByRole('button', { name: 'Add a violation' }).nth(2).click();
      await pickStatute(page, 2, '320.07');
      await page
        .getByTestId('appearance-date')
        .first()
        .getByText(/^Appearance: \d{2}\/\d{2}\/\d{2} at 09:00/)
        .waitFor();

      await page.getByRole('button', { name: 'Check' }).click();
      const summary = page.getByTestId('stop-problems');
      await summary.waitFor();
      await summary.getByRole('link', { name: 'VIN' }).waitFor();
      await summary.getByRole('link', { name: 'Citation 1 (Traffic citation), violation 1: speed' }).waitFor();
      // Beside the fields themselves, and the summary's link takes the officer there.
      const vin = page.getByRole('textbox', { name: 'VIN' });
      expect(await vin.getAttribute('aria-invalid')).toBe('true');
      const beside = (path: string) => page.locator(`#field-${path.replace(/\./g, '-')}-error`);
      await beside('vehicle.vin').getByText('The VIN’s check digit (9th character) does not match: check each character').waitFor();
      await beside('citations.0.violations.0.speed').getByText('Enter the measured speed').waitFor();
      await beside('citations.0.violations.0.posted_limit').getByText('Enter the posted limit').waitFor();
      await summary.getByRole('link', { name: 'Citation 1 (Traffic citation), violation 1: speed' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-citations-0-violations-0-speed');
      await noSidewaysScroll(page, 'the stop form with its problems');
      await expectNoSeriousAxeViolations(page);

      // The officer checks while the draft's autosave is still on its way (held here until after the
      // click): the check waits for it and goes with the version it made, so neither is refused as
      // "someone else changed this stop".
      const held = new Promise<void>((resolve) => (release = resolve));
      const draftUrl = new RegExp(`/rest/v1/citations/stops/${stopId}$`);
      await page.route(draftUrl, async (route) => {
        if (route.request().method() === 'PUT') await held;
        await route.continue();
      });
      const autosave = page.waitForRequest((request) => request.method() === 'PUT' && draftUrl.test(request.url()));
      await page.getByRole('textbox', { name: 'Speed (mph)' }).fill('52');
      await page.getByRole('textbox', { name: 'Posted limit (mph)' }).fill('35');
      await vin.fill('1HGCM82633A004352');
      await page.getByText('The check digit matches').waitFor();
      await autosave;
      const check = page.getByRole('button', { name: 'Check' });
      await check.click();
      await check.and(page.locator('[data-loading]')).waitFor();
      release();
      await page.getByText('Every rule passes: the stop is ready to issue.').waitFor();
      await page.unroute(draftUrl);
      await page.getByText(/^Draft saved at /).waitFor();
      expect(await page.getByText(/^Draft not saved/).count()).toBe(0);
      expect(await summary.count()).toBe(0);

      // Without a connection the officer is told plainly that issuing needs one; the draft stays.
      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Issue 3' }).click();
      await page.getByText(/^Issuing needs a connection: citation numbers come from the agency’s sequence/).waitFor();
      await page.context().setOffline(false);
      await page.getByRole('button', { name: 'Issue 3' }).click();
      await page.getByRole('heading', { name: 'Issued: print the violator’s copies' }).waitFor();
      expect(await page.getByTestId('issued-citation').count()).toBe(3);
      const first = page.getByRole('link', { name: /^Print violator copy of RPD-\d{4}-\d{6}$/ }).first();
      const href = await first.getAttribute('href');
      expect(href).toMatch(/\/citations\/[0-9a-f-]{36}\/print\?copy=violator$/);
      await page.goto(href!);
      await page
        .getByTestId('citation-number')
        .getByText(/^No\. RPD-\d{4}-\d{6}$/)
        .waitFor();
      await page.getByTestId('citation-barcode').locator('rect').first().waitFor({ state: 'attached' });
      const sheet = page.getByRole('article');
      await sheet.getByText('316.183').waitFor();
      await sheet.getByText('Riverside Municipal Court').waitFor();
      expect(await sheet.innerText()).not.toContain(NOTES);
      expect(await page.getByTestId('officer-notes').count()).toBe(0);
      await noSidewaysScroll(page, 'the violator’s copy');
      // The court copy keeps them.
      await page.getByText('Court copy', { exact: true }).click();
      await page.getByTestId('officer-notes').getByText(NOTES).waitFor();
    } finally {
      release();
      await page.context().close();
    }
  }, 180_000);

  it('is amended by the officer, the earlier revision kept, and voided in part by a sergeant, with a reason', async () => {
    const stop = await api<Stop>(officer.session, 'GET', `/rest/v1/citations/stops/${stopId}`);
    const second = stop.issued.find((c) => c.kind === 'traffic' && c.codes.includes('316.614'))!;
    // A retry finds the citation as the first attempt left it: a reason of this attempt's own, and a void citation is not amended or voided again.
    const reason = `Wrong location: it was the westbound lane (${attemptTag()})`;
    const voided = (await api<Citation>(officer.session, 'GET', `/rest/v1/citations/citations/${second.id}`)).status === 'void';
    if (!voided) {
      const amend = await openAs(officer, `/citations/${second.id}`);
      try {
        await amend.getByRole('button', { name: 'Amend' }).click();
        await amend.getByRole('textbox', { name: 'Why it is amended' }).fill(reason);
        await amend.getByRole('textbox', { name: 'Location' }).fill('SR 60 at Oak Ave, westbound');
        await amend.getByRole('button', { name: 'Save the amendment' }).click();
        await amend.getByText('SR 60 at Oak Ave, westbound').waitFor();
        await amend.getByRole('region', { name: 'History' }).getByText(reason).waitFor();
      } finally {
        await amend.context().close();
      }
    }
    const page = await openAs(sergeant, `/citations/${second.id}`);
    try {
      if (!voided) {
        await page.getByRole('button', { name: 'Void', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `Void ${second.number}` });
        await dialog.getByRole('textbox', { name: /Why it is void/ }).fill('Written to the passenger by mistake');
        await dialog.getByRole('button', { name: 'Void the citation' }).click();
        await page.getByRole('alert').filter({ hasText: 'Written to the passenger by mistake' }).waitFor();
      }
      // The citation's page says so (the notification that it worked says 'Voided' too).
      await page.locator('#main-content').getByText('Voided', { exact: true }).first().waitFor();
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('is exported to court by the records clerk, who marks the file’s citations filed', async () => {
    // A retry finds the citation the first attempt filed: amended as it is (back to issued, as for a correction), it waits to be filed again.
    const stop = await api<Stop>(officer.session, 'GET', `/rest/v1/citations/stops/${stopId}`);
    for (const summary of stop.issued.filter((c) => c.status === 'filed')) {
      const { content, version } = await api<Citation>(officer.session, 'GET', `/rest/v1/citations/citations/${summary.id}`);
      await api(
        officer.session,
        'POST',
        `/rest/v1/citations/citations/${summary.id}/amend`,
        {
          reason: 'Filed again',
          occurred_at: content.occurred_at,
          location: content.location,
          person: content.person,
          vehicle: content.vehicle,
          violations: content.violations.map(({ statute_id, speed, posted_limit }) => ({ statute_id, speed, posted_limit })),
          court_key: content.court_key ?? '',
          appearance_date: content.appearance_date ?? '',
          officer_notes: content.officer_notes,
        },
        { 'if-match': `"${version}"` },
      );
    }
    const page = await openAs(clerk, '/citations/court');
    try {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('From', { exact: true }).fill(new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10));
      await page.getByLabel('To', { exact: true }).fill(tomorrow);
      await page.getByRole('heading', { name: '1 citation to file' }).waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^court-export-all-.*\.csv$/);
      await page.getByRole('button', { name: 'Mark these 1 filed' }).click();
      await page.getByText('1 citation marked filed with court.').waitFor();
    } finally {
      await page.context().close();
    }
    const list = await api<{ items: CitationSummary[] }>(
      sergeant.session,
      'GET',
      `/rest/v1/citations/citations?queue=all&officer_id=${stop.officer_id}`,
    );
    expect(list.items.map((c) => c.status).sort()).toEqual(['filed', 'issued', 'void']);
  }, 90_000);

  it('keeps the citations screens axe clean in light and dark', async () => {
    const stop = await api<Stop>(officer.session, 'GET', `/rest/v1/citations/stops/${stopId}`);
    const filed = stop.issued.find((c) => c.kind === 'traffic' && c.codes.includes('316.183'))!;
    const draft = await api<Stop>(
      officer.session,
      'POST',
      '/rest/v1/citations/stops',
      {
        id: randomUUID(),
        occurred_at: '2026-11-20T10:00',
        location: 'Lot behind 12 Elm St',
        latitude: null,
        longitude: null,
        person: {
          first_name: '',
          middle_name: '',
          last_name: '',
          date_of_birth: '',
          address: '',
          city: '',
          state: '',
          zip: '',
          licence_number: '',
          licence_state: '',
          phone: '',
        },
        vehicle: { plate: 'XYZ987', plate_state: 'FL', make: 'Ford', model: 'Focus', year: '2015', color: 'Blue', vin: '' },
        citations: [{ id: randomUUID(), kind: 'parking', violations: [], court_key: '', appearance_date: '', officer_notes: '' }],
      },
      { 'idempotency-key': randomUUID() },
    );
    // One page per person and theme, moving between their screens in the app; the clerk (citations:manage) sees the office's screens.
    const screens: Array<[Person, WalkedScreen[]]> = [
      [
        officer,
        [
          { path: '/citations', heading: 'Citations' },
          { path: `/citations/stops/${draft.id}`, heading: /^Stop/ },
          { path: `/citations/${filed.id}`, heading: /^Traffic citation RPD-/ },
        ],
      ],
      [
        clerk,
        [
          { path: '/citations?queue=all', heading: 'Citations' },
          { path: '/citations/court', heading: 'Court export' },
          { path: '/citations/stats', heading: 'Citation counts' },
          { path: `/citations/${filed.id}/print?copy=court`, heading: /Court copy/ },
        ],
      ],
      [admin, [{ path: '/admin/modules/citations', heading: /./ }]],
    ];
    await expectScreensAxeClean(screens);
  }, 240_000);
});
