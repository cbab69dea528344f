/**
 * Tasksheets and policies in the browser: a trainer signs a task off (refused beside the missing method,
 * then signed), also with no connection through the outbox; the trainee reads and acknowledges a policy
 * and the coordinator's office no longer lists it, and reminds them of the other; the screens are axe
 * clean in light and dark and fit a 360 px phone. Set-up goes through the API.
 */
import { attemptTag } from '../support/names.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Binder, BinderPolicy, PolicyOutstanding, Tasksheet, TasksheetSummary } from '../../core/contracts/fto.ts';
import { api, expectAxeCleanInBothThemes } from '../admin/support.ts';
import { expectNoSeriousAxeViolations, outboxLoaded } from '../support/browser.ts';
import { fieldTrainingCast, openAs, type FtoPerson } from './support.ts';

let trainer: FtoPerson;
let trainee: FtoPerson;
let coordinator: FtoPerson;
let binder: Binder;
let sheet: TasksheetSummary;

beforeAll(async () => {
  ({ trainer, trainee, coordinator, binder } = await fieldTrainingCast('fto'));
  sheet = (await api<TasksheetSummary[]>(trainer.session, 'GET', `/rest/v1/fto/binders/${binder.id}/tasksheets`))[0]!;
}, 120_000);

const as = openAs;

const readSheet = () => api<Tasksheet>(trainer.session, 'GET', `/rest/v1/fto/tasksheets/${sheet.id}`);

describe('a tasksheet', () => {
  it('refuses a sign-off without the method beside that field, then signs the task off for the trainee to see', async () => {
    // A retry finds the first attempt's sign-off: this attempt signs the first task still open, with a note of its own.
    const before = await readSheet();
    const task = before.tasks_list.find((t) => t.signoff === null)!;
    const note = `On a burglary call (${attemptTag()}).`;
    const signed = `Signed off by Chris Okafor on 10/02/26: ${note}`;
    const page = await as(trainer, `/fto/binder/${binder.id}/tasksheets`);
    try {
      await page.getByRole('link', { name: sheet.phase_name }).click();
      await page.getByRole('heading', { name: `${sheet.phase_name} tasks`, level: 1 }).waitFor();
      await page.getByRole('button', { name: `Sign off ${task.title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Sign off: ${task.title}` });
      await dialog.getByLabel('Date shown').fill('2026-10-02');
      await dialog.getByRole('button', { name: 'Sign off' }).click();
      await dialog.getByText('Choose how the task was shown').waitFor();
      await dialog.getByLabel('Demonstrated').check();
      await dialog.getByLabel('Note').fill(note);
      await dialog.getByRole('button', { name: 'Sign off' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`${before.signed + 1} of ${before.tasks_list.length} tasks signed off`).waitFor();
      await page.getByText(signed).waitFor();
    } finally {
      await page.context().close();
    }
    const seen = await as(trainee, `/fto/binder/${binder.id}/tasksheets/${sheet.id}`);
    try {
      await seen.getByText(signed).waitFor();
      expect(await seen.getByRole('button', { name: /^Sign off / }).count()).toBe(0);
    } finally {
      await seen.context().close();
    }
  });

  it('keeps a sign-off made with no connection in the outbox and sends it once the connection is back', async () => {
    // The first task still open: a retry finds the first attempt's sign-off sent.
    const task = (await readSheet()).tasks_list.find((t) => t.signoff === null)!;
    const page = await as(trainer, `/fto/binder/${binder.id}/tasksheets/${sheet.id}`, { viewport: { width: 360, height: 780 } });
    try {
      await page.getByRole('button', { name: `Sign off ${task.title}` }).waitFor();
      await outboxLoaded(page);
      await page.context().setOffline(true);
      await page.getByRole('button', { name: `Sign off ${task.title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Sign off: ${task.title}` });
      await dialog.getByLabel('Date shown').fill('2026-10-03');
      await dialog.getByLabel('Performed').check();
      await dialog.getByRole('button', { name: 'Sign off' }).click();
      await page.getByText('Saved on this device; it will be sent when you are back online.').waitFor();
      await page.getByText('Sign-off waiting to send').waitFor();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.context().setOffline(false);
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor({ state: 'detached' });
      await expect
        .poll(async () => {
          const fresh = await readSheet();
          return fresh.tasks_list.find((t) => t.key === task.key)?.signoff?.method ?? null;
        })
        .toBe('performed');
    } finally {
      await page.context().close();
    }
  });

  it('is axe clean in light and dark, with its sign-off dialog open', async () => {
    // A tasksheet with a task still to sign (retries of the tests above may have signed all of the first).
    const sheets = await api<TasksheetSummary[]>(trainer.session, 'GET', `/rest/v1/fto/binders/${binder.id}/tasksheets`);
    const open = sheets.find((s) => s.signed < s.tasks)!;
    // One page, the dialog checked in both themes (the device's preference switched between the two).
    const page = await as(trainer, `/fto/binder/${binder.id}/tasksheets/${open.id}`, { colorScheme: 'light' });
    try {
      await page
        .getByRole('button', { name: /^Sign off / })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await expectAxeCleanInBothThemes(page);
    } finally {
      await page.context().close();
    }
  });
});

describe('policies', () => {
  it('lets the trainee read and acknowledge a policy, which leaves the coordinator’s list, and the coordinator remind them of the other', async () => {
    const policies = await api<BinderPolicy[]>(trainee.session, 'GET', `/rest/v1/fto/binders/${binder.id}/policies`);
    const [first, second] = policies;
    // A retry finds what the first attempt did: the acknowledgement and the reminder (at most one an hour) are not made again.
    const open = policies.filter((p) => p.acknowledged_at === null).length;
    const reminded = (await api<PolicyOutstanding[]>(coordinator.session, 'GET', '/rest/v1/fto/admin/policies')).some(
      (p) => p.id === second!.id && p.reminded_at !== null,
    );
    const page = await as(trainee, `/fto/binder/${binder.id}/policies`, { viewport: { width: 360, height: 780 } });
    try {
      await page.getByText(`${open} of ${policies.length} still to read and acknowledge.`).waitFor();
      await page.getByRole('link', { name: first!.title }).click();
      await page.getByRole('heading', { name: first!.title, level: 1 }).waitFor();
      if (first!.acknowledged_at === null) await page.getByRole('button', { name: 'I have read and understood this policy' }).click();
      await page.getByText(`Riley Chen acknowledged version ${first!.version} on`).waitFor();
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.context().close();
    }
    const office = await as(coordinator, '/fto/admin', { colorScheme: 'dark' });
    try {
      const panel = office.getByRole('region', { name: 'Policies not acknowledged' });
      await panel.getByRole('link', { name: `Riley Chen: ${second!.title}` }).waitFor();
      expect(await panel.getByRole('link', { name: `Riley Chen: ${first!.title}` }).count()).toBe(0);
      if (!reminded) await panel.getByRole('button', { name: `Remind Riley Chen about ${second!.title}` }).click();
      await panel.getByText(/reminded/).waitFor();
      await expectNoSeriousAxeViolations(office);
    } finally {
      await office.context().close();
    }
  });
});
