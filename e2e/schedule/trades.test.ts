/**
 * Shift trades in the browser: an officer sees why a giveaway would not be allowed before asking, then
 * proposes a swap; the colleague accepts it on a 360 px phone in the dark theme; a supervisor approves
 * it and the day's roster shows the colleague on the officer's shift. The trade screens are axe clean in
 * both themes. The agency, its people, the shift type and the shifts are set up through the API.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TradePage } from '../../core/contracts/schedule-trades.ts';
import type { Shift, ShiftType } from '../../core/contracts/schedule.ts';
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
import { openAs, PHONE } from './support.ts';

let admin: Person;
let supervisor: Person;
let officer: Person & { id: string };
let partner: Person & { id: string };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// The officer's swap and the partner's shift two days later; a day both of them work, which the officer cannot give away to the partner.
const SWAP = day(10);
const THEIRS = day(12);
const BOTH = day(16);

/** The trades `person` proposed or was asked, still open or approved. */
async function tradesOf(person: Person): Promise<TradePage['items']> {
  const { items } = await api<TradePage>(person.session, 'GET', '/rest/v1/schedule/trades?box=mine');
  return items.filter((trade) => trade.status === 'proposed' || trade.status === 'accepted' || trade.status === 'approved');
}

/** Chooses an option of a Mantine select by its label (a required field's label ends with its asterisk). */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

beforeAll(async () => {
  admin = await agencyWithAdmin('trades');
  await api(admin.session, 'PUT', '/rest/v1/admin/modules/schedule', { enabled: true });
  const [supervisorRole, officerRole] = await Promise.all([
    createRole(admin.session, 'Shift supervisor', ['scheduling:view', 'scheduling:modification.manage']),
    roleIdByName(admin.session, 'Officer'),
  ]);
  [supervisor, officer, partner] = await Promise.all([
    inviteAndAccept(admin.session, { name: 'Casey Morgan', roleIds: [supervisorRole], accountType: 'full', prefix: 'supervisor' }),
    inviteAndAccept(admin.session, { name: 'Sam Patel', roleIds: [officerRole], accountType: 'full', prefix: 'officer' }),
    inviteAndAccept(admin.session, { name: 'Jo Rivera', roleIds: [officerRole], accountType: 'full', prefix: 'partner' }),
  ]);
  const type = await api<ShiftType>(
    admin.session,
    'POST',
    '/rest/v1/schedule/admin/shift-types',
    { code: 'D', name: 'Day', color: '#1c7ed6', start_time: '07:00', end_time: '17:00', counts_toward_staffing: true },
    { 'idempotency-key': randomUUID() },
  );
  const place = (person: { id: string }, date: string) =>
    api<Shift>(
      admin.session,
      'POST',
      '/rest/v1/schedule/shifts',
      { user_id: person.id, shift_type_id: type.id, date, position: 'Patrol', group_id: null, reason: 'Roster' },
      { 'idempotency-key': randomUUID() },
    );
  for (const [person, date] of [
    [officer, SWAP],
    [partner, THEIRS],
    [officer, BOTH],
    [partner, BOTH],
  ] as const)
    await place(person, date);
}, 120_000);

describe('shift trades from the proposal to the roster', () => {
  it('says why a giveaway is not allowed before asking, then proposes a swap the rules allow', async () => {
    // A retry finds the first attempt's trade waiting: cancelled, so its shift may be traded again.
    const earlier = await tradesOf(officer);
    for (const trade of earlier.filter(({ status }) => status !== 'approved'))
      await api(officer.session, 'POST', `/rest/v1/schedule/trades/${trade.id}/cancel`, undefined, { 'if-match': `"${trade.version}"` });
    const page = await openAs(officer, '/schedule/trades');
    try {
      await page.getByRole('heading', { name: 'Trades', level: 1 }).waitFor();
      if (earlier.length === 0) await page.getByText('No trade yet').waitFor();
      await page.getByRole('radio', { name: /^Giveaway/ }).check();
      // The officer's shifts in date order: the swap's day first, the day both work second.
      await page.getByRole('combobox', { name: /^My shift/ }).click();
      await page.getByRole('option').nth(1).click();
      await choose(page, 'Colleague', /^Jo Rivera/);
      const reasons = page.getByTestId('trade-reasons');
      await reasons.getByText('This trade is not allowed').waitFor();
      await reasons.getByText(`Jo Rivera already works D on ${BOTH}.`).waitFor();
      const propose = page.getByRole('button', { name: 'Propose the trade' });
      expect(await propose.isDisabled()).toBe(true);

      await page.getByRole('radio', { name: /^Swap/ }).check();
      await page.getByRole('combobox', { name: /^My shift/ }).click();
      await page.getByRole('option').first().click();
      await choose(page, 'Their shift, taken in exchange', /· D /);
      await page.getByTestId('trade-check').getByText('No rule stands in its way').waitFor();
      await page.getByRole('textbox', { name: 'Note for the colleague and the supervisor' }).fill('Court on my day');
      await propose.click();
      await page.getByTestId('trades-mine').getByTestId('trade').getByText('Waiting for the colleague').waitFor();
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('lets the colleague accept on a phone in the dark, and a supervisor approve it, after which the roster shows the swap', async () => {
    // A retry finds the trade where the first attempt left it: the answers already given are not given again.
    const { status } = (await tradesOf(partner))[0]!;
    if (status === 'proposed') {
      const phone = await openAs(partner, '/schedule/trades', { viewport: PHONE, colorScheme: 'dark' });
      try {
        const waiting = phone.getByTestId('trades-waiting');
        await waiting.getByText('Court on my day').waitFor();
        const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'the trades screen scrolls sideways on a phone').toBeLessThanOrEqual(0);
        const accept = waiting.getByRole('button', { name: 'Accept' });
        expect((await accept.boundingBox())!.height).toBeGreaterThanOrEqual(36);
        await accept.click();
        await phone.getByText('Trade accepted').waitFor();
        await waiting.waitFor({ state: 'detached' });
      } finally {
        await phone.context().close();
      }
    }

    const page = await openAs(supervisor, '/schedule/trades?box=to_decide');
    try {
      if (status !== 'approved') {
        const card = page.getByTestId('trades-to_decide').getByTestId('trade').filter({ hasText: 'Sam Patel' });
        await card.getByText('Waiting for a supervisor').waitFor();
        await card.getByRole('button', { name: 'Decide' }).click();
        const dialog = page.getByRole('dialog', { name: 'Decide the trade' });
        await dialog.getByRole('textbox', { name: 'Note for both officers' }).fill('Approved');
        await dialog.getByRole('button', { name: 'Approve' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByText('Nothing to decide').waitFor();
      }
      await page.goto(`/schedule?view=all&range=day&date=${SWAP}`);
      await settled(page);
      await page.getByTestId('day-roster').getByTestId('day-roster-row').filter({ hasText: 'Jo Rivera' }).first().waitFor();
      expect(await page.getByTestId('day-roster').getByTestId('day-roster-row').filter({ hasText: 'Sam Patel' }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('keeps the trade screens axe clean in light and dark', async () => {
    await expectScreensAxeClean([
      [
        officer,
        [
          {
            path: '/schedule/trades',
            heading: 'Trades',
            open: async (page) => {
              // After the swap the officer works the partner's day and the day both work: the second cannot go to the partner.
              await page.getByRole('radio', { name: /^Giveaway/ }).check();
              await page.getByRole('combobox', { name: /^My shift/ }).click();
              await page.getByRole('option').nth(1).click();
              await choose(page, 'Colleague', /^Jo Rivera/);
              await page.getByTestId('trade-reasons').getByText('This trade is not allowed').waitFor();
            },
          },
        ],
      ],
      [supervisor, [{ path: '/schedule/trades?box=to_decide', heading: 'Trades' }]],
    ]);
  }, 60_000);
});
