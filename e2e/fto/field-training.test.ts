/**
 * Field training in the browser: a trainer writes a DOR (refused beside the missing comment, then
 * completed), the trainee acknowledges it, the coordinator approves it and it is locked; it prints on one
 * or two pages; a binder shows its trend chart; the coordinator renames a phase (a new program version);
 * the screens are axe clean in light and dark, and the DOR form fits a 360 px wide phone.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { programCategories, type Binder, type BinderDetail, type Dor, type DorContent, type Program } from '../../core/contracts/fto.ts';
import { expectScreensAxeClean, expectTheme, api, roleIdByName, settled, type Person, type WalkedScreen } from '../admin/support.ts';
import { expectNoSeriousAxeViolations, openInApp } from '../support/browser.ts';
import { fieldTrainingCast, openAs, type FtoPerson } from './support.ts';
import { attemptTag } from '../support/names.ts';

let admin: Person;
let trainer: FtoPerson;
let trainee: FtoPerson;
let coordinator: FtoPerson;
let program: Program;
let binder: Binder;

function content(program: Program, shiftDate: string, rating: '4' | '5'): DorContent {
  return {
    shift_date: shiftDate,
    shift: 'day',
    activity: { calls_handled: 7, self_initiated: 2, reports_written: 1, arrests: 0, notes: '' },
    ratings: Object.fromEntries(programCategories(program.content).map((c) => [c.key, { rating, comment: '', remedial_minutes: null }])),
    most_satisfactory: 'Calm and thorough on a domestic call.',
    least_satisfactory: '',
  };
}

/** A DOR through its whole signing order by API: what the binder's trend is drawn from. */
async function approvedDor(shiftDate: string, rating: '4' | '5'): Promise<void> {
  const draft = await api<Dor>(
    trainer.session,
    'POST',
    `/rest/v1/fto/binders/${binder.id}/dors`,
    { shift_date: shiftDate, shift: 'day' },
    { 'idempotency-key': randomUUID() },
  );
  const done = await api<Dor>(trainer.session, 'POST', `/rest/v1/fto/dors/${draft.id}/complete`, content(program, shiftDate, rating), {
    'if-match': `"${draft.version}"`,
  });
  const ack = await api<Dor>(
    trainee.session,
    'POST',
    `/rest/v1/fto/dors/${done.id}/acknowledge`,
    { comment: '' },
    { 'if-match': `"${done.version}"` },
  );
  await api<Dor>(coordinator.session, 'POST', `/rest/v1/fto/dors/${ack.id}/approve`, undefined, { 'if-match': `"${ack.version}"` });
}

beforeAll(async () => {
  ({ admin, trainer, trainee, coordinator, program, binder } = await fieldTrainingCast('fto'));
  await approvedDor('2026-10-02', '4');
  await approvedDor('2026-10-03', '5');
}, 120_000);

const as = openAs;

describe('a daily observation report from the trainer to the supervisor', () => {
  let dorPath = '';

  it('refuses to complete a DOR with a rating of 2 and no comment, beside that field, then completes it', async () => {
    const page = await as(trainer, `/fto/binder/${binder.id}/dors/create`);
    try {
      await page.getByLabel('Shift date').fill('2026-10-05');
      await page.getByRole('button', { name: 'Start the DOR' }).click();
      await page.waitForURL(/\/dors\/view\//);
      dorPath = new URL(page.url()).pathname;
      const selects = page.locator('select[aria-label^="Rating: "]');
      await selects.first().waitFor();
      const count = await selects.count();
      expect(count).toBeGreaterThan(25);
      for (let i = 0; i < count; i += 1) await selects.nth(i).selectOption('4');
      const first = programCategories(program.content)[0]!;
      await page.getByLabel(`Rating: ${first.label}`).selectOption('2');
      await page.getByLabel('Most satisfactory performance').fill('Handled a traffic stop on their own.');
      await page.getByRole('button', { name: 'Complete and send to the trainee' }).click();
      const comment = page.getByLabel(`Comment on ${first.label}`);
      await expect.poll(() => comment.getAttribute('aria-invalid')).toBe('true');
      await page.getByText('Explain the rating of 2').waitFor();
      await page.getByText(/Describe the least satisfactory performance/).waitFor();
      await comment.fill('Missed two turns on the way to a priority call.');
      await page.getByLabel('Least satisfactory performance').fill('Orientation on priority calls.');
      await page.getByRole('button', { name: 'Complete and send to the trainee' }).click();
      await page.getByText('Waiting for the trainee').first().waitFor();
      await page.getByRole('heading', { name: 'Signatures' }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('lets the trainee acknowledge it with a comment, and the coordinator approve it, after which it is locked', async () => {
    // A retry finds the DOR as the first attempt left it: each signature already made is not asked for again.
    const { status } = await api<Dor>(trainer.session, 'GET', `/rest/v1/fto/dors/${dorPath.split('/').pop()!}`);
    if (status === 'completed') {
      const traineePage = await as(trainee, '/');
      try {
        // The home screen says what waits for the trainee, and leads to field training.
        await traineePage.getByRole('link', { name: '1 DOR to acknowledge' }).waitFor();
        await traineePage.goto(dorPath);
        await settled(traineePage);
        await traineePage.getByLabel('Your comment (optional)').fill('I will study the beat map.');
        await traineePage.getByRole('button', { name: 'Acknowledge' }).click();
        await traineePage.getByText('Waiting for approval').first().waitFor();
      } finally {
        await traineePage.context().close();
      }
    }
    const page = await as(coordinator, dorPath);
    try {
      if (status !== 'approved') await page.getByRole('button', { name: 'Approve and lock' }).click();
      await page.getByText('Approved', { exact: true }).first().waitFor();
      await page.getByText('Comment: I will study the beat map.').waitFor();
      expect(await page.locator('select[aria-label^="Rating: "]').count()).toBe(0);
      await page.getByRole('button', { name: 'Amend this DOR' }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('prints the approved DOR on one or two pages', async () => {
    const page = await as(coordinator, dorPath.replace('/view/', '/print/'));
    try {
      await page.locator('html[data-print-ready="true"]').waitFor();
      await page.getByRole('heading', { name: /Daily observation report #/ }).waitFor();
      const pdf = await page.pdf({ format: 'Letter', printBackground: false });
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(2);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});

describe('progress and the program', () => {
  it('shows the binder’s trend chart, its weekly and phase summaries and the phase standard, axe clean in light and dark', async () => {
    // One page: checked in the light theme, then with the device switched to prefer dark.
    const page = await as(trainee, `/fto/binder/${binder.id}`, { colorScheme: 'light' });
    try {
      await page.getByRole('heading', { name: 'Trend' }).waitFor();
      await page.locator('.recharts-line').first().waitFor();
      await page.getByRole('heading', { name: 'Phase standard' }).waitFor();
      const summaries = page.getByRole('region', { name: 'Summaries' });
      // The approved DORs (10/02, 10/03 and the one signed above on 10/05) fall in week 1 of a binder started 10/01.
      await summaries.getByRole('row', { name: /^Week 1\s*10\/02\/26 to 10\/0[35]\/26/ }).waitFor();
      await summaries.getByText('By phase').click();
      await summaries.getByRole('row', { name: new RegExp(`^${program.content.phases[0]!.name}`) }).waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expectTheme(page, colorScheme);
        await page.locator('.recharts-line').first().waitFor();
        await expectNoSeriousAxeViolations(page);
      }
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('saves a renamed phase, a new task and a new policy as a new version of the program', async () => {
    // The program as it is now (a retry finds the first attempt's version saved), and names of this attempt's own.
    const current = await api<Program>(coordinator.session, 'GET', `/rest/v1/fto/admin/programs/${program.id}`);
    const attempt = attemptTag();
    const page = await as(coordinator, `/fto/admin/configure/${program.id}`);
    try {
      const name = page.getByRole('textbox', { name: /^Name/ }).first();
      await name.fill('Phase 1: Orientation and safety');
      // A task added to phase 1, with its title left empty first: refused beside the field.
      const phase1 = current.content.phases[0]!.name;
      await page.getByRole('button', { name: `Add a task to ${phase1}` }).click();
      await page.getByRole('button', { name: `Save as version ${current.version_number + 1}` }).click();
      const tasks = page.getByRole('region', { name: 'Task library' });
      const newTask = tasks
        .getByRole('textbox', { name: /^Task/ })
        .nth(current.content.tasks.filter((t) => t.phase_key === current.content.phases[0]!.key).length);
      await expect.poll(() => newTask.getAttribute('aria-invalid')).toBe('true');
      await newTask.fill(`Evidence booking ${attempt}`);
      await page.getByRole('button', { name: 'Add a policy' }).click();
      const policies = page.getByRole('region', { name: 'Policies to acknowledge' });
      await policies
        .getByRole('textbox', { name: /^Policy/ })
        .last()
        .fill(`Body-worn cameras ${attempt}`);
      await policies
        .getByRole('textbox', { name: /^Text of the policy/ })
        .last()
        .fill('Record every enforcement contact from arrival.');
      await page.getByRole('button', { name: `Save as version ${current.version_number + 1}` }).click();
      await page.getByText(`Version ${current.version_number + 1}: new binders start on it`).waitFor();
      const saved = await api<Program>(coordinator.session, 'GET', `/rest/v1/fto/admin/programs/${program.id}`);
      expect(saved.content.phases[0]!.name).toBe('Phase 1: Orientation and safety');
      expect(saved.content.tasks.map((t) => t.title)).toContain(`Evidence booking ${attempt}`);
      expect(saved.content.policies.at(-1)).toMatchObject({
        title: `Body-worn cameras ${attempt}`,
        body: 'Record every enforcement contact from arrival.',
      });
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('keeps the field training screens axe clean in light and dark for each role', async () => {
    // Each person's screens in one page of theirs.
    const screens: Array<[Person, WalkedScreen[]]> = [
      [trainee, [{ path: '/fto', heading: /./ }]],
      [
        trainer,
        [
          { path: '/fto', heading: /./ },
          { path: `/fto/binder/${binder.id}/dors`, heading: 'DORs: Riley Chen' },
        ],
      ],
      [
        coordinator,
        [
          { path: '/fto/admin', heading: 'Field training office' },
          { path: '/fto/admin/binder/list', heading: 'Binders' },
        ],
      ],
    ];
    await expectScreensAxeClean(screens);
  }, 180_000);

  it('brings back what the trainer typed when the page is reloaded before the draft reached the server', async () => {
    const draft = await api<Dor>(
      trainer.session,
      'POST',
      `/rest/v1/fto/binders/${binder.id}/dors`,
      { shift_date: '2026-10-10', shift: 'day' },
      { 'idempotency-key': randomUUID() },
    );
    const page = await as(trainer, `/fto/binder/${binder.id}/dors/view/${draft.id}`);
    try {
      const narrative = page.getByLabel('Most satisfactory performance');
      await narrative.fill('Took the lead on a burglary in progress.');
      // Reloaded at once, before the autosave (2.5 s) sent it: the copy on the device comes back and is saved.
      await page.reload();
      await page.getByText('Restored from this device').waitFor();
      await expect
        .poll(() => page.getByLabel('Most satisfactory performance').inputValue())
        .toBe('Took the lead on a burglary in progress.');
      await expect
        .poll(async () => (await api<Dor>(trainer.session, 'GET', `/rest/v1/fto/dors/${draft.id}`)).content.most_satisfactory)
        .toBe('Took the lead on a burglary in progress.');
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('starts and completes a DOR without a connection, which waits in the outbox and reaches the server completed, once, when the connection is back', async () => {
    // A retry finds the first attempt's DOR of that day: only the ones this attempt sends count.
    const dorsOfDay = async () =>
      (await api<{ items: Dor[] }>(trainer.session, 'GET', `/rest/v1/fto/binders/${binder.id}/dors?page_size=200`)).items.filter(
        (dor) => dor.shift_date === '2026-10-12',
      );
    const before = new Set((await dorsOfDay()).map((dor) => dor.id));
    const newDors = async () => (await dorsOfDay()).filter((dor) => !before.has(dor.id));
    const page = await as(trainer, `/fto/binder/${binder.id}/dors/create`, { serviceWorker: true });
    try {
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
      await page.context().setOffline(true);
      await page.getByLabel('Shift date').fill('2026-10-12');
      await page.getByRole('button', { name: 'Start the DOR' }).click();
      await page.waitForURL(/\/dors\/view\//);
      await page.getByText('Not on the server yet').waitFor();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
      const selects = page.locator('select[aria-label^="Rating: "]');
      await selects.first().waitFor();
      for (let i = 0, count = await selects.count(); i < count; i += 1) await selects.nth(i).selectOption('5');
      await page.getByLabel('Most satisfactory performance').fill('Wrote the whole shift up in the car park with no signal.');
      await page.getByRole('button', { name: 'Complete (sent when back online)' }).click();
      await page.getByText('Completed on this device').waitFor();
      await page.waitForURL(new RegExp(`/fto/binder/${binder.id}$`));
      expect(await newDors()).toEqual([]);

      await page.context().setOffline(false);
      await page.getByRole('button', { name: /waiting to send/ }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await newDors()).map((dor) => dor.status)).toEqual(['completed']);
      const [sent] = await newDors();
      const full = await api<Dor>(trainer.session, 'GET', `/rest/v1/fto/dors/${sent!.id}`);
      expect(full.content.most_satisfactory).toBe('Wrote the whole shift up in the car park with no signal.');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('fits the DOR form and the binder’s DOR list on a 360 px wide phone, the list as cards, each with its number, shift and status', async () => {
    const draft = await api<Dor>(
      trainer.session,
      'POST',
      `/rest/v1/fto/binders/${binder.id}/dors`,
      { shift_date: '2026-10-09', shift: 'night' },
      { 'idempotency-key': randomUUID() },
    );
    const page = await as(trainer, `/fto/binder/${binder.id}/dors/view/${draft.id}`, { viewport: { width: 360, height: 740 } });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    try {
      await page.locator('select[aria-label^="Rating: "]').first().waitFor();
      expect(await overflow(), 'the DOR form is wider than the screen').toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);

      await openInApp(page, `/fto/binder/${binder.id}/dors`);
      const list = page.getByRole('list', { name: 'Daily observation reports' });
      await list
        .getByRole('link', { name: /^DOR #\d+$/ })
        .first()
        .waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      await list.getByText('Approved', { exact: true }).first().waitFor();
      expect(await overflow(), 'the DOR list is wider than the screen').toBeLessThanOrEqual(0);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('shows the coordinator each trainer with their trainee, axe clean in light and dark and within a 360 px phone', async () => {
    // One page, opened as a phone in the dark theme, then a desktop window in the light theme.
    const page = await as(coordinator, '/fto/admin/trainers', { colorScheme: 'dark', viewport: { width: 360, height: 740 } });
    try {
      const card = page.getByRole('region', { name: 'Chris Okafor' });
      for (const colorScheme of ['dark', 'light'] as const) {
        if (colorScheme === 'light') {
          await page.setViewportSize({ width: 1280, height: 800 });
          await page.emulateMedia({ colorScheme });
        }
        await expectTheme(page, colorScheme);
        await card.getByRole('link', { name: 'Riley Chen' }).waitFor();
        await card.getByRole('table').waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `the trainers page is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
        await expectNoSeriousAxeViolations(page);
      }
      await card.getByRole('link', { name: 'Riley Chen' }).click();
      await page.waitForURL(`**/fto/admin/binder/${binder.id}`);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('narrows who approves DORs to one role on the module’s settings page, and keeps it after a reload', async () => {
    const page = await as(admin, '/admin/modules/fto');
    try {
      const approvers = page.getByLabel('Who may approve DORs', { exact: true }).first();
      await approvers.click();
      await approvers.fill('FTO Coord');
      await page.getByRole('option', { name: 'FTO Coordinator', exact: true }).waitFor();
      await approvers.press('ArrowDown');
      await approvers.press('Enter');
      await page.getByRole('button', { name: 'Save the settings' }).click();
      await page.getByText('The field training settings are saved.').waitFor();
      await page.reload();
      await settled(page);
      await expect.poll(() => page.getByLabel('Who may approve DORs', { exact: true }).first().inputValue()).toBe('FTO Coordinator');
      const settings = await api<{ approver_role_id: string | null }>(coordinator.session, 'GET', '/rest/v1/fto/admin/settings');
      expect(settings.approver_role_id).toBe(await roleIdByName(admin.session, 'FTO Coordinator'));
    } finally {
      await api(admin.session, 'PUT', '/rest/v1/fto/admin/settings', { approver_role_id: null });
      await page.context().close();
    }
  }, 60_000);

  it('adds a second trainer to a phase in the Change trainers dialog, and the binder keeps them', async () => {
    const page = await as(coordinator, `/fto/binder/${binder.id}`);
    const phase2 = program.content.phases[1]!;
    try {
      await page.getByRole('button', { name: 'Change trainers' }).click();
      const dialog = page.getByRole('dialog', { name: 'Trainers of Riley Chen' });
      await dialog.getByRole('button', { name: `Add a trainer to ${phase2.name}` }).click();
      const picker = dialog.getByLabel(`${phase2.name}: another trainer`, { exact: true }).first();
      await picker.click();
      await picker.fill('Morgan');
      await page.getByRole('option', { name: /Morgan Blake/ }).click();
      await dialog.getByRole('button', { name: 'Save the trainers' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(async () => {
          const saved = await api<BinderDetail>(coordinator.session, 'GET', `/rest/v1/fto/binders/${binder.id}`);
          return saved.trainers.filter((t) => t.phase_key === phase2.key).map((t) => t.trainer_id);
        })
        .toEqual(expect.arrayContaining([trainer.id, coordinator.id]));
    } finally {
      await page.context().close();
    }
  }, 60_000);

  // Last: it moves the shared binder on a phase (phase 2, or on a retry the one after where the first attempt left it).
  it('advances a phase with three signatures: the trainer recommends it with a reason, the trainee acknowledges, the coordinator signs', async () => {
    // A retry starts where the first attempt stopped: signatures already made are not asked for again.
    const current = await api<BinderDetail>(coordinator.session, 'GET', `/rest/v1/fto/binders/${binder.id}`);
    const next = current.program.phases[current.program.phases.findIndex((p) => p.key === current.phase_key) + 1]!;
    if (!current.advance_request) {
      const trainerPage = await as(trainer, `/fto/binder/${binder.id}`);
      try {
        await trainerPage.getByRole('button', { name: 'Recommend advancing' }).click();
        await trainerPage.getByRole('button', { name: 'Sign the recommendation' }).click();
        await trainerPage.getByText('Say why the trainee is ready').waitFor();
        await trainerPage.getByLabel('Why the trainee is ready').fill('Handles calls alone and writes clean reports.');
        await trainerPage.getByRole('button', { name: 'Sign the recommendation' }).click();
        await trainerPage.getByText('Waiting for Riley Chen to acknowledge.').waitFor();
      } finally {
        await trainerPage.context().close();
      }
    }
    if (!current.advance_request?.acknowledged_at) {
      const traineePage = await as(trainee, `/fto/binder/${binder.id}`);
      try {
        await traineePage.getByText('“Handles calls alone and writes clean reports.”', { exact: false }).waitFor();
        await traineePage.getByRole('button', { name: 'Acknowledge the recommendation' }).click();
        await traineePage.getByLabel('Your comment (optional)').fill('Ready for nights.');
        await traineePage.getByRole('button', { name: 'Sign: I have read it' }).click();
        await traineePage.getByText(/Ready for nights.”\. Waiting for the coordinator\./).waitFor();
      } finally {
        await traineePage.context().close();
      }
    }
    const page = await as(coordinator, `/fto/binder/${binder.id}`);
    try {
      await page.getByRole('button', { name: 'Change the course of training' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change the course of Riley Chen’s training' });
      await dialog.getByText('Acknowledged by Riley Chen: “Ready for nights.”', { exact: false }).waitFor();
      await dialog.getByLabel('Reason').fill('Recommended and acknowledged; standard met.');
      await dialog.getByRole('button', { name: 'Sign: advance to the next phase' }).click();
      await page.getByText('Advance to the next phase: done for Riley Chen.').waitFor();
      await page.getByText(`· ${next.name} since`, { exact: false }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 90_000);
});
