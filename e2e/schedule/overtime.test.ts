/**
 * Overtime in the browser: the scheduler posts an open shift from a staffing gap (the form opens filled
 * in from the gap), two officers sign up in their own browsers, and the scheduler awards it by the rule;
 * everyone sees the order and why the other was passed over. The screens are axe clean in both themes
 * and read on a 360 px phone. The agency, its people, the shift type, the group and the minimum that
 * makes the gaps are set up through the API.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agencyWithAdmin,
  api,
  createRole,
  expectScreensAxeClean,
  inviteAndAccept,
  roleIdByName,
  settled,
  type Person,
} from '../admin/support.ts';
import { openAs, PHONE, SCHEDULER_PERMISSIONS } from './support.ts';
import { attemptTag } from '../support/names.ts';

let admin: Person;
let scheduler: Person;
let officer: Person & { id: string };
let partner: Person & { id: string };
const key = () => ({ 'idempotency-key': randomUUID() });

beforeAll(async () => {
  admin = await agencyWithAdmin('overtime');
  await api(admin.session, 'PUT', '/rest/v1/admin/modules/schedule', { enabled: true });
  const [schedulerRole, officerRole] = await Promise.all([
    createRole(admin.session, 'Scheduling office', SCHEDULER_PERMISSIONS),
    roleIdByName(admin.session, 'Officer'),
  ]);
  [scheduler, officer, partner] = await Promise.all([
    inviteAndAccept(admin.session, { name: 'Morgan Lee', roleIds: [schedulerRole], accountType: 'full', prefix: 'otscheduler' }),
    inviteAndAccept(admin.session, { name: 'Sam Patel', roleIds: [officerRole], accountType: 'full', prefix: 'otofficer' }),
    inviteAndAccept(admin.session, { name: 'Jo Rivera', roleIds: [officerRole], accountType: 'full', prefix: 'otpartner' }),
  ]);
  const year = new Date().getUTCFullYear();
  const schedule = await api<{ id: string }>(
    admin.session,
    'POST',
    '/rest/v1/schedule/admin/schedules',
    { name: `Patrol ${year}`, starts_on: `${year - 1}-01-01`, ends_on: `${year + 1}-12-31` },
    key(),
  );
  const day = await api<{ id: string }>(
    admin.session,
    'POST',
    '/rest/v1/schedule/admin/shift-types',
    { code: 'D', name: 'Day', color: '#1c7ed6', start_time: '07:00', end_time: '17:00', counts_toward_staffing: true },
    key(),
  );
  const squad = await api<{ id: string }>(
    admin.session,
    'POST',
    '/rest/v1/schedule/admin/groups',
    { schedule_id: schedule.id, name: 'Squad A', supervisor_id: null, rotation: null },
    key(),
  );
  for (const person of [officer, partner])
    await api(
      admin.session,
      'POST',
      '/rest/v1/schedule/admin/assignments',
      { group_id: squad.id, user_id: person.id, position: 'Patrol' },
      key(),
    );
  // One patrol officer needed on every day shift, and nobody scheduled: every day ahead is a gap.
  await api(admin.session, 'PUT', '/rest/v1/schedule/admin/minimums', {
    minimums: [{ group_id: null, shift_type_id: day.id, position: 'Patrol', minimum: 1 }],
  });
}, 120_000);

describe('overtime', () => {
  it('posts an open shift from a staffing gap, two officers sign up, and the scheduler awards it by the rule', async () => {
    // A note of this attempt's own: a retry finds the first attempt's open shift on the board too.
    const note = `Court detail cover ${attemptTag()}`;
    const office = await openAs(scheduler, '/schedule/overtime');
    try {
      await office.getByRole('heading', { name: 'Staffing gaps ahead' }).waitFor();
      const gap = office.getByTestId('overtime-gap').nth(2);
      const gapText = (await gap.innerText()).split(':')[0]!;
      await gap.getByRole('button', { name: /^Post as overtime: / }).click();
      const dialog = office.getByRole('dialog', { name: 'Post an open shift' });
      // Filled in from the gap: its date, shift type and position.
      await expect.poll(() => dialog.getByRole('combobox', { name: 'Position' }).inputValue()).toBe('Patrol');
      await expect.poll(() => dialog.getByRole('combobox', { name: 'Shift type' }).inputValue()).toBe('D Day (07:00–17:00)');
      await dialog.getByRole('combobox', { name: 'Awarded by' }).click();
      await office.getByRole('option', { name: 'First come, first served' }).click();
      await dialog.getByRole('textbox', { name: 'Note' }).fill(note);
      await dialog.getByRole('button', { name: 'Post the open shift' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const card = office.getByTestId('overtime-open').getByTestId('overtime-card').filter({ hasText: note });
      await card.getByText('From a staffing gap').waitFor();
      await card.getByText('First come, first served').waitFor();
      expect(gapText).toContain('D Day');

      for (const person of [officer, partner]) {
        const page = await openAs(person, '/schedule/overtime');
        try {
          const theirs = page.getByTestId('overtime-card').filter({ hasText: note });
          await theirs.getByRole('button', { name: 'Sign up' }).click();
          await theirs.getByText('You: signed up').waitFor();
          expect(await theirs.getByRole('button', { name: 'Sign up' }).count()).toBe(0);
        } finally {
          await page.context().close();
        }
      }

      await office.reload();
      await settled(office);
      const awarded = office.getByTestId('overtime-card').filter({ hasText: note });
      await awarded.getByText('2 signed up').waitFor();
      await awarded.getByRole('button', { name: 'Award by the rule' }).click();
      const confirm = office.getByRole('dialog', { name: 'Award this shift now?' });
      await confirm.getByRole('button', { name: 'Award by the rule' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await office.getByRole('tab', { name: 'Closed' }).click();
      const closed = office.getByTestId('overtime-closed').getByTestId('overtime-card').filter({ hasText: note });
      await closed.getByText('Awarded to Sam Patel').waitFor();
      await closed.getByRole('button', { name: 'See the order' }).click();
      const order = closed.getByRole('table', { name: 'The order' });
      await order.getByRole('row').filter({ hasText: 'Sam Patel' }).getByText('Awarded').waitFor();
      await order.getByRole('row').filter({ hasText: 'Jo Rivera' }).getByText('Passed over').waitFor();
    } finally {
      await office.context().close();
    }
    // Jo sees why on a phone, without sideways scrolling.
    const phone = await openAs(partner, '/schedule/overtime?tab=closed', { viewport: PHONE });
    try {
      const card = phone.getByTestId('overtime-card').filter({ hasText: note });
      await card.getByText('You were passed over: the places were filled before your turn').waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'overtime scrolls sideways on a phone').toBeLessThanOrEqual(0);
    } finally {
      await phone.context().close();
    }
  }, 120_000);

  it('keeps the overtime screens axe clean in light and dark', async () => {
    await expectScreensAxeClean([
      [
        scheduler,
        [
          { path: '/schedule/overtime', heading: 'Overtime' },
          {
            path: '/schedule/overtime?tab=closed',
            heading: 'Overtime',
            open: async (page) => {
              await page.getByRole('button', { name: 'See the order' }).first().click();
              await page.getByRole('table', { name: 'The order' }).waitFor();
              await page.mouse.move(0, 0);
            },
          },
          { path: '/schedule/overtime?tab=totals', heading: 'Overtime' },
          { path: '/schedule/overtime?tab=people', heading: 'Overtime' },
          {
            path: '/schedule/overtime',
            heading: 'Overtime',
            open: async (page) => {
              await page.getByRole('button', { name: 'Post an open shift', exact: true }).click();
              await page.getByRole('dialog', { name: 'Post an open shift' }).getByRole('button', { name: 'Post the open shift' }).waitFor();
            },
          },
        ],
      ],
      [officer, [{ path: '/schedule/overtime?tab=mine', heading: 'Overtime' }]],
    ]);
  }, 180_000);
});
