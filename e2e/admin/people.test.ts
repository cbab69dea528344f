/**
 * Issue 5's "done means" for people: an administrator invites a person in the browser, the person
 * gets the e-mail, signs up from its link and sees the modules their role grants; the administrator
 * disables them and their session ends at once.
 */
import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { PASSWORD, agencyWithAdmin, expectPath, invitationLink, settled, signInWithSession } from './support.ts';

describe('people in the admin area', () => {
  it('invites a person, who signs up from the e-mailed link and sees the granted modules; disabling them ends their session', async () => {
    const admin = await agencyWithAdmin('inviter');
    const email = uniqueEmail('newhire');
    const adminPage = await newPage();
    const personPage = await newPage();
    try {
      await signInWithSession(adminPage, admin.session);
      await adminPage.goto('/admin/users');
      await settled(adminPage);

      // Invite through the dialog: a full account with the Officer role.
      await adminPage.getByRole('button', { name: 'Invite a person' }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Invite a person' });
      await dialog.getByLabel('E-mail address').fill(email);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Nova Hire');
      await dialog.getByLabel('Account type', { exact: true }).first().click();
      await adminPage.getByRole('option', { name: /^Full/ }).click();
      await dialog.getByLabel('Roles', { exact: true }).first().click();
      await adminPage.getByRole('option', { name: 'Officer', exact: true }).click();
      await dialog.getByLabel('Badge number').fill('7301');
      const since = new Date();
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await adminPage.getByRole('row').filter({ hasText: email }).getByText('Invited').waitFor();

      // The e-mail leads to /signup?invitation=…; signing up there lands the person at home.
      const link = await invitationLink(email, since);
      await personPage.goto(link);
      await personPage.getByRole('heading', { name: `Join ${admin.agencyName}` }).waitFor();
      await personPage.getByLabel('Your name').fill('Nova Hire');
      await personPage.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await personPage.getByRole('button', { name: `Join ${admin.agencyName}` }).click();
      await expectPath(personPage, '/');
      const nav = personPage.getByRole('navigation', { name: 'Main navigation' });
      for (const module of ['Citations', 'Reports', 'Productivity', 'Scheduling', 'Fleet'])
        await nav.getByRole('link', { name: module, exact: true }).waitFor();
      expect(await nav.getByRole('link', { name: 'Field Training' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);

      // The administrator disables them, confirming that their sessions end at once.
      await adminPage.reload();
      await settled(adminPage);
      const row = adminPage.getByRole('row').filter({ hasText: email });
      await row.getByText('Active').waitFor();
      await row.getByRole('link', { name: 'Nova Hire' }).click();
      const drawer = adminPage.getByRole('dialog', { name: 'Nova Hire' });
      await drawer.getByRole('button', { name: 'Disable account' }).click();
      const confirm = adminPage.getByRole('dialog', { name: 'Disable this account?' });
      await confirm.getByText(/every session ends now/).waitFor();
      await confirm.getByRole('button', { name: 'Disable account' }).click();
      await drawer.getByRole('button', { name: 'Enable account' }).waitFor();

      // Their next navigation finds them signed out.
      await personPage.goto('/citations');
      await expectPath(personPage, '/login');
      expect((await personPage.context().cookies()).some((cookie) => cookie.name.startsWith('precinct-auth-token'))).toBe(false);
    } finally {
      await adminPage.context().close();
      await personPage.context().close();
    }
  });

  it('keeps the users list’s search, filter, sort and page in the URL, across reload and back', async () => {
    const admin = await agencyWithAdmin('lister');
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/admin/users');
      await settled(page);
      await page.getByRole('searchbox', { name: 'Search' }).fill('pat');
      await expectPath(page, '/admin/users?q=pat');
      await page.getByRole('button', { name: 'E-mail' }).click();
      await expectPath(page, '/admin/users?q=pat&sort=email');
      await page.reload();
      await settled(page);
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('pat');
      expect(await page.getByRole('columnheader', { name: 'E-mail' }).getAttribute('aria-sort')).toBe('ascending');
      await page.getByRole('row').filter({ hasText: admin.email }).waitFor();
      await page.goBack();
      await expectPath(page, '/admin/users?q=pat');
    } finally {
      await page.context().close();
    }
  });
});
