/**
 * Scheduling in the browser: the administrator sets up a shift type and a group on a Pitman rotation
 * in the set-up pages; the scheduler generates next month, sees it in the week and month views with
 * the staffing gap the minimum makes; an officer asks for a day off and sees its staffing impact before
 * sending, and the scheduler approves it; the officer's calendar feed address is shown and the ICS it
 * serves parses; "my schedule" reads on a 360 px phone; the screens are axe clean in both themes. The
 * agency, its people, the schedule, the time-off type, the minimum and the assignments are set up
 * through the API.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleSetup, TimeOffRequest } from '../../core/contracts/schedule.ts';
import { zonedDateParts } from '../../core/dates.ts';
import { TEST_AGENCY_TIMEZONE } from '../support/accounts.ts';
import {
  agencyWithAdmin,
  api,
  createRole,
  expectScreensAxeClean,
  inviteAndAccept,
  roleIdByName,
  settled,
  type Person,
  type WalkedScreen,
} from '../admin/support.ts';
import { openAs, PHONE, SCHEDULER_PERMISSIONS } from './support.ts';

let admin: Person;
let scheduler: Person;
let officer: Person & { id: string };
let partner: Person & { id: string };
let scheduleId = '';

const pad = (n: number) => String(n).padStart(2, '0');
// Next month of the agency's own calendar (TEST_AGENCY_TIMEZONE), as the app counts
// it: in UTC, the evening of a month's last day is already the next month. Its first day starts the
// rotation (a day on of 2-2-3), so the officer works it.
const today = zonedDateParts(new Date(), TEST_AGENCY_TIMEZONE)!;
const first = new Date(Date.UTC(today.year, today.month, 1));
const FIRST = `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-01`;

/** Chooses an option of a Mantine select by its label. */
async function choose(page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string, option: string | RegExp): Promise<void> {
  // A required field's label ends with its asterisk.
  await scope
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

async function setup(): Promise<ScheduleSetup> {
  return api<ScheduleSetup>(admin.session, 'GET', '/rest/v1/schedule/setup');
}

/** The ICS answer's events, unfolded (RFC 5545: a line starting with a space continues the one before). */
function icsEvents(text: string): Array<Record<string, string>> {
  const lines = text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter(Boolean);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const [key, ...value] = line.split(':');
      current[key!.split(';')[0]!] = value.join(':');
    }
  }
  return events;
}

beforeAll(async () => {
  admin = await agencyWithAdmin('schedule');
  await api(admin.session, 'PUT', '/rest/v1/admin/modules/schedule', { enabled: true });
  const [schedulerRole, officerRole] = await Promise.all([
    createRole(admin.session, 'Scheduling office', SCHEDULER_PERMISSIONS),
    roleIdByName(admin.session, 'Officer'),
  ]);
  [scheduler, officer, partner] = await Promise.all([
    inviteAndAccept(admin.session, { name: 'Morgan Lee', roleIds: [schedulerRole], accountType: 'full', prefix: 'scheduler' }),
    inviteAndAccept(admin.session, { name: 'Sam Patel', roleIds: [officerRole], accountType: 'full', prefix: 'officer' }),
    inviteAndAccept(admin.session, { name: 'Jo Rivera', roleIds: [officerRole], accountType: 'full', prefix: 'partner' }),
  ]);
  const year = first.getUTCFullYear();
  const schedule = await api<{ id: string }>(
    admin.session,
    'POST',
    '/rest/v1/schedule/admin/schedules',
    { name: `Patrol ${year}`, starts_on: `${year - 1}-01-01`, ends_on: `${year + 1}-12-31` },
    { 'idempotency-key': randomUUID() },
  );
  scheduleId = schedule.id;
  // A new agency starts with the usual time-off types; the test asks for vacation.
  const types = await api<Array<{ name: string }>>(admin.session, 'GET', '/rest/v1/schedule/time-off/types');
  if (!types.some((type) => type.name === 'Vacation'))
    await api(
      admin.session,
      'POST',
      '/rest/v1/schedule/admin/time-off-types',
      { name: 'Vacation', accrual_hours_per_month: 10, max_carry_over_hours: 80 },
      { 'idempotency-key': randomUUID() },
    );
}, 120_000);

describe('scheduling from the set-up to the calendar feed', () => {
  it('sets up a shift type and a group on a Pitman rotation in the set-up pages', async () => {
    // A retry finds what the first attempt saved (a code and a group name are the agency's once): only what is missing is made.
    const before = await setup();
    const page = await openAs(admin, '/admin/modules/schedule');
    try {
      if (!before.shift_types.some((type) => type.code === 'D')) {
        await page.getByRole('button', { name: 'Add a shift type' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add a shift type' });
        await dialog.getByRole('button', { name: 'Save the shift type' }).click();
        // Every field's error at once, from the contract.
        await dialog.getByText('Give it a short code').waitFor();
        await dialog.getByText('Give it a name').waitFor();
        await dialog.getByRole('textbox', { name: 'Code' }).fill('d');
        await dialog.getByRole('textbox', { name: 'Name' }).fill('Day');
        await dialog.getByLabel('Starts').fill('07:00');
        await dialog.getByLabel('Ends').fill('17:00');
        await dialog.getByText('10 h on an ordinary day').waitFor();
        await dialog.getByRole('button', { name: 'Save the shift type' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.getByTestId('shift-type-row').filter({ hasText: 'Day' }).getByText('07:00–17:00').waitFor();

      await page.getByRole('navigation', { name: 'Scheduling settings pages' }).getByRole('link', { name: 'Groups' }).click();
      await page.getByRole('heading', { name: 'Scheduling: Groups', level: 1 }).waitFor();
      if (!before.groups.some((entry) => entry.name === 'Squad A')) {
        await page.getByRole('button', { name: 'Add a group' }).click();
        const group = page.getByRole('dialog', { name: 'Add a group' });
        await group.getByRole('textbox', { name: 'Name' }).fill('Squad A');
        await group.getByRole('switch', { name: 'Works a rotation' }).check();
        await choose(page, group, 'Pattern', /Pitman/);
        await choose(page, group, 'Shift it works', 'D Day');
        await group.getByLabel('First day of the cycle').fill(FIRST);
        await group.getByTestId('rotation-cycle').getByText('Cycle of 14 days').waitFor();
        await group.getByRole('button', { name: 'Save the group' }).click();
        await group.waitFor({ state: 'hidden' });
      }
      await page
        .getByTestId('group-row')
        .filter({ hasText: 'Squad A' })
        .getByText(/Pitman/)
        .waitFor();
    } finally {
      await page.context().close();
    }
    // Both officers in Squad A on patrol; three people needed on a day shift: every day worked is short.
    const { shift_types: types, groups } = await setup();
    const day = types.find((type) => type.code === 'D')!;
    const squad = groups.find((entry) => entry.name === 'Squad A')!;
    expect(squad.schedule_id).toBe(scheduleId);
    for (const person of [officer, partner].filter(
      ({ id }) => !before.assignments.some((a) => a.group_id === squad.id && a.user_id === id),
    ))
      await api(
        admin.session,
        'POST',
        '/rest/v1/schedule/admin/assignments',
        { group_id: squad.id, user_id: person.id, position: 'Patrol' },
        { 'idempotency-key': randomUUID() },
      );
    await api(admin.session, 'PUT', '/rest/v1/schedule/admin/minimums', {
      minimums: [{ group_id: null, shift_type_id: day.id, position: null, minimum: 3 }],
    });
  }, 90_000);

  it('generates next month as the scheduler and shows it by week and by month with its staffing gap', async () => {
    const page = await openAs(scheduler, '/schedule/admin?tab=tools');
    try {
      await choose(page, page, 'Group', 'Squad A');
      expect(await page.getByLabel('From').first().inputValue()).toBe(FIRST);
      await page.getByRole('button', { name: 'Generate the shifts' }).click();
      // Pitman works 8 of the first 14 days, and on as many through the month: two people each.
      await expect.poll(() => page.getByTestId('generate-result').textContent()).toMatch(/\d+ shifts? made/);
      // Made now or (on a retry) left as the first attempt made them: the month's rotation shifts either way.
      const [, created, kept] = /(\d+) shifts? made(?:, (\d+) left as they were)?/.exec(
        (await page.getByTestId('generate-result').textContent()) ?? '',
      )!;
      const made = Number(created) + Number(kept ?? 0);
      expect(made).toBeGreaterThanOrEqual(28);
      expect(made % 2).toBe(0);

      await page.goto(`/schedule/admin?date=${FIRST}`);
      await settled(page);
      await page.getByRole('heading', { name: /shifts? below minimum/ }).waitFor();
      // The days of the rotation short of one (two of three on), the week's days before the month of all three.
      await page.getByRole('table', { name: 'Shifts below minimum' }).getByText('1 any position').first().waitFor();

      // Assigning someone who already works that shift: the check names the rule, which blocks it.
      await page.getByRole('button', { name: 'Assign a shift' }).click();
      const assign = page.getByRole('dialog', { name: 'Assign a shift' });
      await choose(page, assign, 'Officer', /^Sam Patel/);
      await choose(page, assign, 'Shift', /^D Day/);
      await assign.getByRole('textbox', { name: /^Why/ }).fill('Cover the gap');
      await assign.getByRole('button', { name: 'Check the rules' }).click();
      await assign.getByTestId('rule-findings').getByText('Cannot be saved').waitFor();
      expect(await assign.getByRole('button', { name: 'Assign' }).isDisabled()).toBe(true);
      await assign.getByRole('button', { name: 'Cancel' }).click();

      // The whole roster's week: each person's shift, and the day shift short 2/3 at a glance.
      await page.goto(`/schedule?view=all&date=${FIRST}`);
      await settled(page);
      const week = page.getByTestId('roster-calendar-week');
      await week.getByTestId('calendar-shift').filter({ hasText: 'Sam Patel' }).first().waitFor();
      await week.locator('[data-testid="calendar-coverage"][data-state="short"]').filter({ hasText: 'Short 2/3' }).first().waitFor();

      await page
        .locator('label')
        .filter({ hasText: /^Month$/ })
        .click();
      const month = page.getByTestId('roster-calendar-month');
      await month.getByText('D: 2 on').first().waitFor();
      // The month's shifts arrive after the week's, which stay on screen until they do.
      await expect
        .poll(() => month.locator('[data-testid="calendar-coverage"][data-state="short"]').count())
        .toBeGreaterThanOrEqual(made / 2);

      // The day: the briefing table by group and position, with the gap as a row of its own.
      await page.goto(`/schedule?view=all&range=day&date=${FIRST}`);
      await settled(page);
      const roster = page.getByTestId('day-roster');
      await roster.getByTestId('day-roster-row').filter({ hasText: 'Jo Rivera' }).getByText('Patrol').waitFor();
      await roster.getByTestId('gap-row').getByText('1 more any position needed').waitFor();
      await roster.getByRole('button', { name: 'Print the day’s roster' }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('lets an officer ask for a day off with its staffing impact shown first, which the scheduler approves', async () => {
    const myRequests = async () =>
      (await api<{ items: TimeOffRequest[] }>(officer.session, 'GET', '/rest/v1/schedule/time-off/requests?scope=mine')).items;
    // A retry finds the first attempt's request: cancelled, so the day is on the schedule again and nothing waits.
    const earlier = await myRequests();
    for (const request of earlier.filter((r) => r.status === 'pending' || r.status === 'approved'))
      await api(officer.session, 'POST', `/rest/v1/schedule/time-off/requests/${request.id}/cancel`, undefined, {
        'if-match': `"${request.version}"`,
      });
    const page = await openAs(officer, '/schedule?tab=time_off');
    try {
      await choose(page, page, 'Type', 'Vacation');
      await page.getByLabel('First day').fill(FIRST);
      await page.getByLabel('Last day').fill(FIRST);
      const send = page.getByRole('button', { name: 'Send the request' });
      expect(await send.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Check the staffing impact' }).click();
      const preview = page.getByTestId('time-off-preview');
      await preview.getByText('leaves the shift below its minimum').waitFor();
      await preview.getByText('10 h off').waitFor();
      await send.click();
      await page.getByTestId('my-time-off').filter({ hasText: 'Vacation' }).getByText('Waiting for a decision').waitFor();
    } finally {
      await page.context().close();
    }

    const office = await openAs(scheduler, '/schedule/admin?tab=time_off');
    try {
      await office.getByRole('button', { name: 'Approve Sam Patel’s request' }).click();
      const dialog = office.getByRole('dialog', { name: /Approve Sam Patel/ });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await office.getByText('No request waiting').waitFor();
    } finally {
      await office.context().close();
    }
    const mine = (await myRequests()).filter((request) => !earlier.some((r) => r.id === request.id));
    expect(mine.map((request) => request.status)).toEqual(['approved']);
  }, 90_000);

  it('gives the officer a private feed address whose ICS parses, and reads “my schedule” on a phone', async () => {
    // A retry finds the first attempt's feed: turned off, so the officer makes the address as the first time.
    await api(officer.session, 'DELETE', '/rest/v1/schedule/feed');
    const page = await openAs(officer, '/schedule?tab=feed');
    try {
      await page.getByRole('button', { name: 'Make my feed address' }).click();
      const address = await page.getByTestId('feed-url').inputValue();
      expect(address).toMatch(/\/rest\/v1\/schedule\/feeds\/[^/]+\/shifts\.ics$/);
      await page.getByText('Google Calendar').waitFor();
      const response = await fetch(address.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/calendar/);
      const events = icsEvents(await response.text());
      // His shifts of next month, less the day off.
      expect(events.length).toBeGreaterThanOrEqual(10);
      for (const event of events) {
        expect(event.DTSTART).toMatch(/^\d{8}T\d{6}Z?$/);
        expect(event.DTEND).toMatch(/^\d{8}T\d{6}Z?$/);
        expect(event.UID).toBeTruthy();
      }
    } finally {
      await page.context().close();
    }

    const phone = await openAs(officer, `/schedule?range=month&date=${FIRST}`, { viewport: PHONE, colorScheme: 'dark' });
    try {
      const cards = phone.getByTestId('shift-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThanOrEqual(10);
      await phone
        .getByText(/^Time off/)
        .first()
        .waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'my schedule scrolls sideways on a phone').toBeLessThanOrEqual(0);
      const box = await cards.first().boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await cards.first().click();
      await phone.getByRole('dialog').getByText('History', { exact: true }).waitFor();
    } finally {
      await phone.context().close();
    }
  }, 90_000);

  it('keeps every scheduling screen axe clean in light and dark', async () => {
    const screens: Array<[Person, WalkedScreen[]]> = [
      [
        officer,
        [
          { path: `/schedule?date=${FIRST}`, heading: 'Schedule' },
          { path: '/schedule?tab=time_off', heading: 'Schedule' },
          { path: '/schedule?tab=feed', heading: 'Schedule' },
        ],
      ],
      [
        scheduler,
        [
          { path: `/schedule?view=all&date=${FIRST}`, heading: 'Schedule' },
          { path: `/schedule?view=all&range=month&date=${FIRST}`, heading: 'Schedule' },
          { path: `/schedule?view=all&range=day&date=${FIRST}`, heading: 'Schedule' },
          {
            path: `/schedule/admin?date=${FIRST}`,
            heading: 'Scheduler',
            open: async (page) => {
              await page.getByRole('button', { name: 'Assign a shift' }).click();
              await page.getByRole('dialog', { name: 'Assign a shift' }).waitFor();
            },
          },
          { path: '/schedule/admin?tab=time_off', heading: 'Scheduler' },
          { path: '/schedule/admin?tab=history', heading: 'Scheduler' },
          { path: '/schedule/admin?tab=tools', heading: 'Scheduler' },
        ],
      ],
      [
        admin,
        [
          { path: '/admin/modules/schedule', heading: 'Scheduling settings' },
          { path: '/admin/modules/schedule/schedules', heading: 'Scheduling: Schedules' },
          { path: '/admin/modules/schedule/groups', heading: 'Scheduling: Groups' },
          { path: '/admin/modules/schedule/assignments', heading: 'Scheduling: Assignments' },
        ],
      ],
    ];
    await expectScreensAxeClean(screens);
  }, 180_000);
});
