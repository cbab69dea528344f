/**
 * Issue 22, points 9 to 11, as an agency admin meets them: bulk actions on the user list, the drawer's
 * "Explain access" and signed-in sessions, the invite dialog speaking of the invited person, and a
 * broken session cookie that signs the browser out and says why.
 */
import { attemptTag } from '../support/names.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminUser } from '../../core/contracts/admin.ts';
import { encodeCookieValue, SESSION_COOKIE } from '../../web/lib/session/session-cookie.ts';
import { newPage, openInApp } from '../support/browser.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { agencyWithAdmin, api, expectPath, inviteAndAccept, roleIdByName, settled, signInWithSession, type Person } from './support.ts';

let admin: Person;

beforeAll(async () => {
  admin = await agencyWithAdmin('people');
});

async function invite(name: string): Promise<AdminUser> {
  return api<AdminUser>(admin.session, 'POST', '/rest/v1/admin/users', { email: uniqueEmail('bulk'), name, account_type: 'full' });
}

describe('people and roles in the admin area', () => {
  it('gives two chosen people a role at once and says it was done for each; a row click then explains what one of them may open', async () => {
    // Names of this attempt's own: a retry finds the first attempt's people in the list and the log too.
    const attempt = attemptTag();
    const [kimName, louName] = [`Kim Bulkfirst ${attempt}`, `Lou Bulksecond ${attempt}`];
    const [kim, lou] = [await invite(kimName), await invite(louName)];
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/admin/users?q=bulk');
      await settled(page);
      await page.getByRole('checkbox', { name: `Select ${kimName}` }).check();
      await page.getByRole('checkbox', { name: `Select ${louName}` }).check();
      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await bar.getByText('2 people selected').waitFor();
      await bar.getByLabel('Action', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Assign a role' }).click();
      await bar.getByLabel('Role', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Fleet Manager', exact: true }).click();
      await bar.getByRole('button', { name: 'Apply to 2 people' }).click();

      const results = page.getByTestId('bulk-results');
      await results.getByText('Done for 2 of 2').waitFor();
      await expect.poll(() => results.textContent()).toContain(`${kimName}: Now holds Fleet Manager`);
      expect(await results.textContent()).toContain(`${louName}: Now holds Fleet Manager`);
      await page.getByRole('row').filter({ hasText: kimName }).getByText('Fleet Manager').waitFor();
      await page.getByRole('row').filter({ hasText: louName }).getByText('Fleet Manager').waitFor();

      // A click on the row (not on the name's link) opens the person.
      await page.getByRole('row').filter({ hasText: kimName }).getByRole('cell').nth(2).click();
      const drawer = page.getByRole('dialog', { name: kimName });
      const access = drawer.getByTestId('explain-access');
      await access.getByRole('heading', { name: 'Explain access' }).waitFor();
      await access.getByRole('row').filter({ hasText: 'Manage the fleet' }).getByText('Fleet Manager').waitFor();
      const fleetAdmin = access.getByTestId('screen-access').filter({ hasText: '/fleet/admin' });
      await fleetAdmin.getByText('Opens').waitFor();
      const citations = access.getByTestId('screen-access').filter({ hasText: '/citations' });
      await citations.getByText('Refused').waitFor();
      expect(await citations.textContent()).toContain('Needs “Write citations”, which none of their roles grants.');
      expect(kim.id).not.toBe(lou.id);

      // The log names who assigned the roles by name, and the built-in Administrator role offers no deletion.
      await page.keyboard.press('Escape');
      await openInApp(page, '/admin?tab=audit');
      await page.getByRole('tab', { name: 'Summary' }).waitFor();
      const entry = page.getByRole('row').filter({ hasText: `Gave ${kimName} the role Fleet Manager` });
      expect(await entry.getByRole('cell').nth(1).textContent()).toMatch(/^Pat Chief/);
      await openInApp(page, `/admin/access/roles/${await roleIdByName(admin.session, 'Administrator')}`);
      await page.getByText('you may change it, but it cannot be deleted').waitFor();
      expect(await page.getByRole('button', { name: 'Delete role' }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('ends one of a person’s sessions from their drawer: that browser finds itself signed out at its next step', async () => {
    const officer = await inviteAndAccept(admin.session, {
      name: 'Sid Sessions',
      roleIds: [await roleIdByName(admin.session, 'Officer')],
      accountType: 'full',
      prefix: 'sessions',
    });
    const adminPage = await newPage();
    const officerPage = await newPage();
    try {
      await signInWithSession(officerPage, officer.session);
      await officerPage.goto('/');
      await officerPage.getByRole('navigation', { name: 'Main navigation' }).waitFor();

      await signInWithSession(adminPage, admin.session);
      await adminPage.goto(`/admin/users?user=${officer.id}`);
      const drawer = adminPage.getByRole('dialog', { name: 'Sid Sessions' });
      const sessions = drawer.getByRole('list', { name: 'Sessions of Sid Sessions' });
      await sessions.getByTestId('user-session').first().waitFor();
      expect(await sessions.getByTestId('user-session').count()).toBe(1);
      expect(await sessions.textContent()).toMatch(/Signed in .* · last used /);
      await sessions.getByRole('button', { name: /^End this session/ }).click();
      await drawer.getByText('Sid Sessions is not signed in anywhere.').waitFor();

      await openInApp(officerPage, '/citations');
      await expectPath(officerPage, '/login');
      await officerPage.getByTestId('sign-out-notice').getByText('Your session has ended; sign in again').waitFor();
    } finally {
      await adminPage.context().close();
      await officerPage.context().close();
    }
  });

  it('speaks of the person being invited, not of the admin, when their address and name are missing', async () => {
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/admin/users');
      await settled(page);
      await page.getByRole('button', { name: 'Invite a person' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite a person' });
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await dialog.getByText('Enter their e-mail address').waitFor();
      await dialog.getByText('Enter their name').waitFor();
      expect(await dialog.getByText(/Enter your/).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});

describe('a session cookie that cannot be read', () => {
  it('signs the browser out cleanly and says why on the sign-in page, whether the browser or the server cannot read the token', async () => {
    const [header, payload, signature] = admin.session.access_token.split('.');
    const page = await newPage();
    try {
      for (const broken of ['this-is-not-a-token', `bm90anNvbg.${payload}.${signature}`]) {
        expect(header).toBeTruthy();
        await page.context().addCookies([
          {
            name: SESSION_COOKIE.name,
            value: encodeCookieValue(JSON.stringify({ ...admin.session, access_token: broken })),
            url: inject('baseUrl'),
            sameSite: 'Lax',
          },
        ]);
        await page.goto('/');
        await expectPath(page, '/login');
        await page.getByTestId('sign-out-notice').getByText('Your session could not be read; sign in again.').waitFor();
        expect(await page.getByText('The access token is malformed').count()).toBe(0);
        expect(await page.getByText(admin.name).count()).toBe(0);
        await expect.poll(async () => (await page.context().cookies()).some((c) => c.name.startsWith(SESSION_COOKIE.name))).toBe(false);
      }
    } finally {
      await page.context().close();
    }
  });
});
