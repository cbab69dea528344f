/**
 * Reports in the browser: an officer writes a report from a template and is refused with each missing
 * field named, fixes and submits it; a sergeant returns it with a comment, the officer fixes and
 * resubmits, another sergeant approves it and it is locked; a supplement is added; the print view shows
 * both; the template builder makes a personal template; the screens are axe clean in light and dark and
 * the narrative editor fits a 360 px phone. Along the way the officer attaches a photo and a PDF (each
 * with its progress, a wrong file refused beside its name), the sergeant comments on a single field,
 * which the officer finds under it, and the revision diff shows what the resubmission changed.
 * Set-up goes through the API.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportsSettings } from '../../core/contracts/reports.ts';
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
import { solidPng } from '../../server/platform/sample-images.ts';
import { expectImageShown } from '../fleet/images.ts';
import { expectNoSeriousAxeViolations, newPage } from '../support/browser.ts';
import { attemptTag } from '../support/names.ts';

let admin: Person;
let officer: Person;
let sergeant: Person;
let lieutenant: Person;
let reportPath = '';

async function openAs(person: Person, path: string, options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await signInWithSession(page, person.session);
  await page.goto(path);
  await settled(page);
  return page;
}

beforeAll(async () => {
  admin = await agencyWithAdmin('reports');
  const sergeantRole = await roleIdByName(admin.session, 'Sergeant');
  officer = await inviteAndAccept(admin.session, {
    name: 'Sam Patel',
    roleIds: [await roleIdByName(admin.session, 'Officer')],
    accountType: 'full',
    prefix: 'officer',
  });
  sergeant = await inviteAndAccept(admin.session, { name: 'Dana Ruiz', roleIds: [sergeantRole], accountType: 'full', prefix: 'sergeant' });
  lieutenant = await inviteAndAccept(admin.session, {
    name: 'Lee Novak',
    roleIds: [sergeantRole],
    accountType: 'full',
    prefix: 'lieutenant',
  });
  await api<ReportsSettings>(admin.session, 'PUT', '/rest/v1/reports/admin/settings', { reviewer_role_id: sergeantRole });
}, 120_000);

describe('an incident report from the officer to the reviewer', () => {
  it('starts a report from a template, is refused with each missing field named, then submits it once fixed', async () => {
    const page = await openAs(officer, '/reports/templates/select');
    try {
      await page.getByRole('button', { name: 'Start a report from Theft and burglary' }).click();
      await page.getByRole('menuitem', { name: 'Burglary' }).click();
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
      reportPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { name: 'When and where' }).waitFor();

      await page.getByLabel('Occurred at').fill('2026-11-20T01:40');
      await page.getByLabel('Reported at').fill('2026-11-20T08:15');
      await page.getByRole('textbox', { name: 'Location' }).fill('2215 Maple Ave (detached garage)');
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await page.getByText(/The report is not complete: \d+ fields need your attention/).waitFor();
      await page.getByText('Answer “Offense”').waitFor();
      await page.getByText('Add at least one item (Items taken)').waitFor();
      await page.getByText('Write the narrative').waitFor();

      await page.getByRole('textbox', { name: 'Offense' }).fill('Burglary to a garage');
      await page.getByRole('textbox', { name: 'Total value of the loss' }).fill('1450');
      await page.getByLabel('Date discovered').fill('2026-11-20');
      await page.getByRole('combobox', { name: 'Video available' }).selectOption('no');
      await page.getByRole('button', { name: 'Add person' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('Gerald Hoffman');
      await page.getByRole('button', { name: 'Add item' }).click();
      await page.getByRole('textbox', { name: 'Description' }).last().fill('Trek mountain bike, blue');
      await page.getByRole('textbox', { name: 'Serial number' }).fill('WTU123C4567D');
      // Attachments: each file uploads with its own progress bar (the uploads are held back a moment so that
      // it can be seen); a file that is not a photo or a PDF is refused beside its name.
      let releaseUploads: () => void = () => undefined;
      const uploadsHeld = new Promise<void>((resolve) => {
        releaseUploads = resolve;
      });
      await page.route(
        (url) => url.pathname === '/storage/v1/object' && url.searchParams.get('purpose') === 'reports',
        async (route) => {
          await uploadsHeld;
          await route.continue();
        },
        { times: 2 },
      );
      await page.locator('input[type="file"]').setInputFiles([
        { name: 'garage-door.png', mimeType: 'image/png', buffer: solidPng(64, 48, [120, 80, 40]) },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
        { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ]);
      await page.getByRole('progressbar', { name: 'Uploading garage-door.png' }).waitFor({ state: 'attached' });
      await page.getByRole('progressbar', { name: 'Uploading receipt.pdf' }).waitFor({ state: 'attached' });
      await page
        .getByRole('status')
        .filter({ hasText: /^Uploading… \d+%$/ })
        .first()
        .waitFor();
      await page.getByText('notes.txt: Choose a photo (PNG, JPEG or WebP) or a PDF').waitFor();
      releaseUploads();
      await expectImageShown(page.getByRole('img', { name: /^garage-door\.png \(PNG image/ }));
      await page.getByRole('button', { name: 'Download receipt.pdf' }).waitFor();
      expect(await page.getByRole('progressbar').count()).toBe(0);
      await page.getByRole('button', { name: 'Dismiss the message about notes.txt' }).click();
      await page.getByRole('button', { name: 'Write the first narrative from the answers' }).click();
      const narrative = page.getByRole('textbox', { name: 'Narrative' });
      await expect.poll(() => narrative.innerText()).toContain('The owner values the loss at $1450.');
      // The answer left blank (time discovered) became a placeholder: submission is refused until it is replaced.
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await page.getByText(/Replace every placeholder before submitting: 2 left, the first \[INSERT/).waitFor();
      await narrative.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.type(
        'Gerald Hoffman reported that his garage was entered overnight through the side door. A blue Trek bike was taken.',
      );
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await page.getByText('Awaiting review').first().waitFor();
      await page.getByRole('heading', { name: 'History' }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('is returned by a sergeant with a comment, fixed and submitted again, approved by another sergeant and locked', async () => {
    const id = reportPath.split('/').pop()!;
    // A retry finds the report where the first attempt left it: the steps already done are not done again.
    const done = (await api<Report>(officer.session, 'GET', `/rest/v1/reports/reports/${id}`)).revisions.length;
    if (done < 2) {
      const review = await openAs(sergeant, reportPath);
      try {
        await review.getByRole('heading', { name: 'Review this report' }).waitFor();
        // The reviewer reads the author's attachments (the file read checks who may see the report).
        await expectImageShown(review.getByRole('button', { name: 'Open garage-door.png larger' }).locator('img'));
        await review.getByLabel('Comments for the author').fill('Add the point of entry and how the hasp was forced.');
        await review.getByRole('button', { name: 'Comment on a field' }).click();
        await review.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Point and method of entry' });
        await review.getByRole('textbox', { name: /^Comment on .*Point and method of entry$/ }).fill('Which door, and what tool?');
        await review.getByRole('button', { name: 'Return to the author' }).click();
        await review.getByText('Returned', { exact: true }).first().waitFor();
      } finally {
        await review.context().close();
      }
    }
    if (done < 3) {
      const fix = await openAs(officer, reportPath);
      try {
        await fix.getByText('Returned by Dana Ruiz', { exact: true }).waitFor();
        await fix.getByText('Add the point of entry and how the hasp was forced.').first().waitFor();
        // The comment on the field is listed above the form and shown under its field, apart from the form's own errors.
        await fix.getByRole('button', { name: /Point and method of entry$/ }).click();
        await fix.getByText('Reviewer: Which door, and what tool?').waitFor();
        await fix.getByRole('textbox', { name: 'Point and method of entry' }).fill('Side door; hasp pried off with a flat tool');
        const narrative = fix.getByRole('textbox', { name: 'Narrative' });
        await narrative.click();
        await fix.keyboard.press('Control+End');
        await fix.keyboard.type(' The hasp was found in the grass.');
        await fix.getByRole('button', { name: 'Submit again for review' }).click();
        await fix.getByText('Awaiting review').first().waitFor();
      } finally {
        await fix.context().close();
      }
    }
    if (done < 4) {
      const approve = await openAs(lieutenant, reportPath);
      try {
        await approve.getByRole('button', { name: 'Approve and lock' }).click();
        await approve.getByText('Approved', { exact: true }).first().waitFor();
        await approve.getByRole('heading', { name: 'Supplements' }).waitFor();
        expect(await approve.getByRole('button', { name: 'Return to the author' }).count()).toBe(0);
      } finally {
        await approve.context().close();
      }
    }
    const report = await api<Report>(officer.session, 'GET', `/rest/v1/reports/reports/${id}`);
    expect(report.revisions.map((r) => r.event)).toEqual(['submitted', 'returned', 'submitted', 'approved']);
    expect(report.can.edit).toBe(false);
  }, 120_000);

  it('adds a numbered supplement to the approved report, and prints the report with it', async () => {
    // A retry finds the first attempt's supplement: this one is numbered after it.
    const id = reportPath.split('/').pop()!;
    const number = (await api<Report>(officer.session, 'GET', `/rest/v1/reports/reports/${id}`)).supplements.length + 1;
    const page = await openAs(officer, reportPath);
    try {
      await page.getByRole('button', { name: 'Add a supplement' }).click();
      await page.waitForURL((url) => url.pathname !== reportPath);
      await page.getByRole('heading', { name: new RegExp(`^Report \\d{4}-\\d{6}-S${number}$`) }).waitFor();
      await page.getByRole('link', { name: /^Supplement of \d{4}-\d{6}$/ }).waitFor();
    } finally {
      await page.context().close();
    }
    const print = await openAs(officer, `${reportPath}/print`);
    try {
      await print.getByRole('heading', { name: /^Incident report \d{4}-\d{6}$/ }).waitFor();
      await print.getByRole('heading', { name: new RegExp(`^Supplement \\d{4}-\\d{6}-S${number}$`) }).waitFor();
      await print.getByText('Trek mountain bike, blue').waitFor();
      await print.getByText(/^garage-door\.png — PNG image, .* uploaded /).waitFor();
      await print.getByText(/^receipt\.pdf — PDF, .* uploaded /).waitFor();
      expect(await print.locator('nav').count()).toBe(0);
    } finally {
      await print.context().close();
    }
  }, 90_000);
});

describe('what changed between revisions', () => {
  it('shows the fields, words and files a resubmission changed, on a 360 px phone in the dark theme, axe clean', async () => {
    const page = await openAs(lieutenant, reportPath, { colorScheme: 'dark', viewport: { width: 360, height: 740 } });
    try {
      await page.getByRole('button', { name: /^What changed in step 3 / }).click();
      const compare = page.getByRole('region', { name: 'What changed' });
      await compare.getByText('Point and method of entry', { exact: true }).waitFor();
      await compare.locator('ins', { hasText: 'Side door; hasp pried off with a flat tool' }).waitFor();
      await compare.locator('ins', { hasText: 'hasp was found in the grass' }).waitFor();
      // Any two versions: the first submission against the approved report.
      await compare.getByRole('combobox', { name: 'Compare' }).selectOption({ index: 0 });
      await compare.getByRole('combobox', { name: 'With' }).selectOption({ index: 3 });
      await compare.locator('ins', { hasText: 'hasp was found in the grass' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `the comparison is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.context().close();
    }
  }, 90_000);
});

describe('a report written without a connection', () => {
  it('starts, writes and submits a report offline with a photo; it waits in the outbox and reaches the reviewers once, photo and all, when the connection is back', async () => {
    // A location of this attempt's own: a retry finds the first attempt's report in the queue too.
    const attempt = attemptTag();
    const submittedBefore = async () =>
      (
        await api<{ items: Report[] }>(
          sergeant.session,
          'GET',
          `/rest/v1/reports/reports?queue=review&q=${encodeURIComponent(`quarry ${attempt}`)}&page_size=200`,
        )
      ).items;
    const page = await openAs(officer, '/reports', { serviceWorker: true });
    try {
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
      // The types, kept on the device once read, are what the New report menu offers offline.
      await page.getByRole('button', { name: 'New report' }).click();
      await page.getByRole('menuitem', { name: 'Incident' }).waitFor();
      await page.keyboard.press('Escape');
      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'New report' }).click();
      await page.getByRole('menuitem', { name: 'Incident' }).click();
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
      await page.getByText('Not on the server yet').waitFor();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
      await page.getByLabel('Occurred at').fill('2026-11-22T23:10');
      await page.getByLabel('Reported at').fill('2026-11-22T23:40');
      await page.getByRole('textbox', { name: 'Location' }).fill(`Quarry Rd gravel lot ${attempt}`);
      await page.getByRole('textbox', { name: 'Offense or incident' }).fill('Suspicious vehicle');
      await page.getByRole('combobox', { name: 'How it was reported' }).selectOption('Officer initiated');
      await page.getByRole('textbox', { name: 'Narrative' }).click();
      await page.keyboard.type('A dark sedan was parked with its lights off; the driver was waiting for a friend.');
      // A photo attached with no connection is kept on the device and uploaded with the report, under its name.
      await page
        .locator('input[type="file"]')
        .setInputFiles([{ name: 'quarry-lot.png', mimeType: 'image/png', buffer: solidPng(64, 48, [70, 70, 60]) }]);
      await page.getByRole('img', { name: /kept on this device/ }).waitFor();
      await page.getByRole('button', { name: 'Submit (sent when back online)' }).click();
      await page.getByText('Submitted on this device').waitFor();
      expect(await submittedBefore()).toEqual([]);

      await page.context().setOffline(false);
      await page.getByRole('button', { name: /waiting to send/ }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await submittedBefore()).map((r) => r.status)).toEqual(['submitted']);
      const [sent] = await submittedBefore();
      const files = await api<Array<{ name: string | null }>>(sergeant.session, 'GET', `/rest/v1/reports/reports/${sent!.id}/attachments`);
      expect(files.map((f) => f.name)).toEqual(['quarry-lot.png']);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('the reports screens', () => {
  it('starts an OWI report from its guided template and has the first narrative written from the answers, tests and refusal included', async () => {
    const page = await openAs(officer, '/reports/templates/owi');
    try {
      await page.getByRole('heading', { name: 'Operating while intoxicated (OWI)', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Start the report' }).click();
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
      await page.getByLabel('Occurred at').fill('2026-11-21T01:40');
      await page.getByRole('textbox', { name: 'Location' }).fill('Harlem Ave and 26th St');
      await page.getByRole('textbox', { name: 'Reason for the stop' }).fill('The car weaved across the centre line twice.');
      await page.getByRole('combobox', { name: 'Odour of an intoxicant' }).selectOption('yes');
      await page.getByRole('combobox', { name: 'Speech' }).selectOption('Slurred');
      await page.getByRole('combobox', { name: 'Eyes' }).selectOption('Bloodshot and glassy');
      await page.getByRole('combobox', { name: 'Field sobriety tests performed' }).selectOption('yes');
      await page.getByRole('textbox', { name: 'Horizontal gaze nystagmus: clues (of 6)' }).fill('6');
      await page.getByRole('combobox', { name: 'Arrested for OWI' }).selectOption('yes');
      await page.getByLabel('Implied-consent warning read at').fill('02:05');
      await page.getByRole('combobox', { name: 'Chemical test', exact: true }).selectOption('Refused');
      await page.getByRole('button', { name: 'Add person' }).click();
      await page.getByRole('combobox', { name: 'Role' }).selectOption('suspect');
      await page.getByRole('textbox', { name: 'Name' }).fill('Dana Reyes');
      await page.getByRole('button', { name: 'Write the first narrative from the answers' }).click();
      const narrative = page.getByRole('textbox', { name: 'Narrative' });
      await expect.poll(() => narrative.innerText()).toContain('I smelled an odour of an intoxicant coming from the driver');
      const text = await narrative.innerText();
      expect(text).toContain('horizontal gaze nystagmus: 6 of 6 clues');
      expect(text).toContain('Dana Reyes refused the chemical test after the warning was read.');
      expect(text).toContain('[INSERT vehicle]');
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('builds a personal template with a choice field, and finds it under My templates', async () => {
    // A name of this attempt's own: a retry finds the first attempt's template under My templates too.
    const name = `Noise complaint ${attemptTag()}`;
    const page = await openAs(admin, '/reports/templates/create');
    try {
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('textbox', { name: 'Question or field' }).first().fill('Source of the noise');
      await page.getByRole('button', { name: 'Add a field' }).click();
      await page.getByRole('textbox', { name: 'Question or field' }).nth(1).fill('Warning given');
      await page.getByRole('combobox', { name: 'Kind' }).nth(1).selectOption('choice');
      await page.getByRole('textbox', { name: 'Choices' }).fill('Verbal, Written, None');
      await page.getByRole('button', { name: 'Save the template' }).click();
      await page.waitForURL(/\/reports\/templates\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByText('Choice: Verbal, Written, None').waitFor();
      await page.getByRole('link', { name: 'Templates' }).click();
      await page.getByRole('region', { name: 'My templates' }).getByRole('link', { name }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('keeps the reports screens axe clean in light and dark', async () => {
    const draft = await api<Report>(
      officer.session,
      'POST',
      '/rest/v1/reports/reports',
      { type_key: 'incident' },
      { 'idempotency-key': randomUUID() },
    );
    const submitted = await api<Report>(
      officer.session,
      'POST',
      '/rest/v1/reports/reports',
      {
        type_key: 'incident',
        submit: true,
        content: {
          occurred_at: '2026-11-21T10:00',
          reported_at: '2026-11-21T10:30',
          location: 'Lot behind 12 Elm St',
          answers: { offense: 'Criminal damage', how_reported: 'Walk-in' },
          narrative: '<p>A side mirror was broken off overnight.</p>',
        },
      },
      { 'idempotency-key': randomUUID() },
    );
    // One page per person and theme, moving between their screens in the app (a page load is most of a check's cost).
    const screens: Array<[Person, WalkedScreen[]]> = [
      [
        officer,
        [
          { path: '/reports', heading: /./ },
          { path: `/reports/${draft.id}`, heading: /./ },
          { path: '/reports/templates/select', heading: /./ },
        ],
      ],
      [
        sergeant,
        [
          { path: reportPath, heading: /./ },
          { path: `/reports/${submitted.id}`, heading: /./ },
        ],
      ],
      [admin, [{ path: '/admin/modules/reports', heading: /./ }]],
    ];
    await expectScreensAxeClean(screens);
  }, 180_000);

  it('lets the officer write the narrative on a 360 px wide phone without sideways scrolling', async () => {
    const draft = await api<Report>(
      officer.session,
      'POST',
      '/rest/v1/reports/reports',
      { type_key: 'theft' },
      { 'idempotency-key': randomUUID() },
    );
    const page = await openAs(officer, `/reports/${draft.id}`, { viewport: { width: 360, height: 740 } });
    try {
      const narrative = page.getByRole('textbox', { name: 'Narrative' });
      await narrative.click();
      await page.keyboard.type('Written on a phone in the car.');
      await page.getByRole('button', { name: 'Bold' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `the report form is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
      await expect
        .poll(async () => (await api<Report>(officer.session, 'GET', `/rest/v1/reports/reports/${draft.id}`)).content.narrative, {
          timeout: 15_000,
        })
        .toBe('<p>Written on a phone in the car.</p>');
    } finally {
      await page.context().close();
    }
  }, 90_000);
});
