/**
 * The all-call in the browser: the scheduler sends one from the board, seeing how many officers it
 * reaches first; an officer in a second browser sees it at the top of /schedule and takes it in one
 * click; the scheduler's board and a third officer's panel show it filled without a reload
 * (realtime/v1). The board and the panel are axe clean in both themes and usable at 360 px. The agency,
 * its people, the shift type and the squad are set up through the API.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AllcallDetail, AllcallPage } from '../../core/contracts/schedule-allcall.ts';
import { agencyWithAdmin, api, createRole, expectScreensAxeClean, inviteAndAccept, roleIdByName, type Person } from '../admin/support.ts';
import { openAs, PHONE, SCHEDULER_PERMISSIONS } from './support.ts';

let scheduler: Person;
let ann: Person & { id: string };
let ben: Person & { id: string };
let cy: Person & { id: string };
let groupId = '';
let shiftTypeId = '';
/** Five days ahead: a date to come in any time zone. */
const DATE = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

const key = () => ({ 'idempotency-key': randomUUID() });

beforeAll(async () => {
  const admin = await agencyWithAdmin('allcall');
  await api(admin.session, 'PUT', '/rest/v1/admin/modules/schedule', { enabled: true });
  const [schedulerRole, officerRole] = await Promise.all([
    createRole(admin.session, 'Scheduling office', SCHEDULER_PERMISSIONS),
    roleIdByName(admin.session, 'Officer'),
  ]);
  [scheduler, ann, ben, cy] = await Promise.all([
    inviteAndAccept(admin.session, { name: 'Morgan Lee', roleIds: [schedulerRole], accountType: 'full', prefix: 'scheduler' }),
    inviteAndAccept(admin.session, { name: 'Ann Ortiz', roleIds: [officerRole], accountType: 'full', prefix: 'ann' }),
    inviteAndAccept(admin.session, { name: 'Ben Shaw', roleIds: [officerRole], accountType: 'full', prefix: 'ben' }),
    inviteAndAccept(admin.session, { name: 'Cy Walker', roleIds: [officerRole], accountType: 'full', prefix: 'cy' }),
  ]);
  const year = Number(DATE.slice(0, 4));
  const [type, schedule] = await Promise.all([
    api<{ id: string }>(
      admin.session,
      'POST',
      '/rest/v1/schedule/admin/shift-types',
      { code: 'D', name: 'Day', color: '#1c7ed6', start_time: '06:00', end_time: '14:00', counts_toward_staffing: true },
      key(),
    ),
    api<{ id: string }>(
      admin.session,
      'POST',
      '/rest/v1/schedule/admin/schedules',
      { name: `Patrol ${year}`, starts_on: `${year - 1}-01-01`, ends_on: `${year + 1}-12-31` },
      key(),
    ),
  ]);
  shiftTypeId = type.id;
  const group = await api<{ id: string }>(
    admin.session,
    'POST',
    '/rest/v1/schedule/admin/groups',
    { schedule_id: schedule.id, name: 'Squad A', supervisor_id: null, rotation: null },
    key(),
  );
  groupId = group.id;
  for (const officer of [ann, ben, cy])
    await api(
      admin.session,
      'POST',
      '/rest/v1/schedule/admin/assignments',
      { group_id: group.id, user_id: officer.id, position: 'Patrol' },
      key(),
    );
}, 120_000);

describe('the all-call', () => {
  it('is sent from the board, taken by an officer in another browser in one click, and shows filled live on the board and on a colleague’s panel', async () => {
    // A retry finds the first attempt's call, which Ann may have taken: this attempt's call is for a day of its own, after it.
    const earlier = (await api<AllcallPage>(scheduler.session, 'GET', '/rest/v1/schedule/allcalls')).items.length;
    const date = new Date(Date.parse(DATE) + earlier * 86_400_000).toISOString().slice(0, 10);
    const board = await openAs(scheduler, '/schedule/admin/allcall');
    const [annPage, cyPage] = await Promise.all([openAs(ann, '/schedule'), openAs(cy, '/schedule')]);
    try {
      if (earlier === 0) await board.getByText('No all-call yet').waitFor();
      await board.getByRole('button', { name: 'Send an all-call' }).click();
      const form = board.getByRole('form', { name: 'Send an all-call' });
      // Every missing field at once.
      await form.getByLabel(/^Date/).first().fill('');
      await form.getByRole('button', { name: 'Send the all-call' }).click();
      await form.getByText('Choose the shift', { exact: true }).waitFor();
      await form.getByText('Choose the date', { exact: true }).waitFor();

      await form
        .getByLabel(/^Shift( \*)?$/)
        .first()
        .click();
      await board.getByRole('option', { name: /^D · Day/ }).click();
      await form.getByLabel(/^Date/).first().fill(date);
      await form.getByLabel('Groups').first().click();
      await board.getByRole('option', { name: 'Squad A' }).click();
      await board.keyboard.press('Escape');
      await form.getByLabel('Note').fill('Two officers out sick on days');
      // How many it reaches, before sending.
      await form.getByTestId('allcall-reach').getByText('Reaches 3 officers').waitFor();
      await form.getByRole('button', { name: 'Send to 3 officers' }).click();
      const detail = board.getByTestId('allcall-detail');
      await detail.getByRole('heading', { name: /^All-call \d+ · D Patrol$/ }).waitFor();
      const number = Number((await detail.getByRole('heading').first().textContent())!.match(/All-call (\d+)/)![1]);

      // Ann and Cy see it at the top of /schedule, live (their pages were open before it was sent).
      const annCall = annPage.getByRole('article', { name: `All-call ${number} · D Patrol` });
      const cyCall = cyPage.getByRole('article', { name: `All-call ${number} · D Patrol` });
      await annCall.getByText('Two officers out sick on days').waitFor();
      await cyCall.getByRole('button', { name: 'Take this shift' }).waitFor();

      await annCall.getByRole('button', { name: 'Take this shift' }).click();
      await annPage.getByText('The shift is yours').waitFor();
      await annCall.getByText('It is yours: on your schedule as overtime.').waitFor();

      // Without a reload: the board says who filled it, and Cy's panel that it is filled.
      await detail
        .getByTestId('allcall-filled-by')
        .getByText(/^Filled by Ann Ortiz/)
        .waitFor();
      await board
        .getByTestId('allcall-row')
        .filter({ hasText: `All-call ${number}` })
        .getByText('Filled')
        .waitFor();
      await detail
        .getByRole('row', { name: /Ann Ortiz/ })
        .getByText('In the app')
        .waitFor();
      await cyCall.getByText('Filled by Ann Ortiz.').waitFor();
      expect(await cyCall.getByRole('button', { name: 'Take this shift' }).count()).toBe(0);
    } finally {
      await Promise.all([board, annPage, cyPage].map((page) => page.context().close()));
    }
  }, 60_000);

  it('is axe clean in both themes and usable at 360 px, on the board and in the officer’s panel', async () => {
    const sent = await api<AllcallDetail>(scheduler.session, 'POST', '/rest/v1/schedule/allcalls', {
      shift_type_id: shiftTypeId,
      date: DATE,
      position: 'Patrol',
      note: 'Parade detail',
      group_ids: [groupId],
    });
    const list = await api<AllcallPage>(scheduler.session, 'GET', '/rest/v1/schedule/allcalls');
    expect(list.items[0]!.id).toBe(sent.id);

    const phone = await openAs(ben, '/schedule', { viewport: PHONE });
    try {
      const call = phone.getByRole('article', { name: `All-call ${sent.number} · D Patrol` });
      await call.getByRole('button', { name: 'Take this shift' }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await phone.goto('/');
      // One urgent call, or on a retry the first attempt's too.
      await phone.getByText(/urgent calls? asks? for my answer/).waitFor();
    } finally {
      await phone.context().close();
    }
    const boardPhone = await openAs(scheduler, `/schedule/admin/allcall?call=${sent.id}`, { viewport: PHONE });
    try {
      await boardPhone.getByTestId('allcall-detail').getByRole('button', { name: 'Cancel the all-call' }).waitFor();
      expect(await boardPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await boardPhone.context().close();
    }

    await expectScreensAxeClean([
      [
        scheduler,
        [
          { path: `/schedule/admin/allcall?call=${sent.id}`, heading: 'All-call' },
          {
            path: '/schedule/admin/allcall',
            heading: 'All-call',
            open: async (page) => {
              await page.getByRole('button', { name: 'Send an all-call' }).click();
              await page.getByRole('heading', { name: 'Send an all-call' }).waitFor();
            },
          },
        ],
      ],
      [ben, [{ path: '/schedule', heading: 'Schedule' }]],
    ]);
  }, 90_000);
});
