/**
 * Issue 5's "done means" for the agency: a module switched off sends a user to /disabled at their
 * next navigation, and a new agency timezone changes how dates read everywhere at once.
 */
import { describe, expect, it } from 'vitest';
import type { AdminUser, Page as ApiPage } from '../../core/contracts/admin.ts';
import { formatDateTime } from '../../core/dates.ts';
import { newPage } from '../support/browser.ts';
import { agencyWithAdmin, api, disabledPath, expectPath, inviteAndAccept, roleIdByName, settled, signInWithSession } from './support.ts';

describe('modules and the agency profile', () => {
  it('turns a module off: it leaves the navigation at once and a user lands on /disabled at their next navigation', async () => {
    const admin = await agencyWithAdmin('switcher');
    const officer = await inviteAndAccept(admin.session, {
      name: 'Ofc Fleet',
      roleIds: [await roleIdByName(admin.session, 'Officer')],
      accountType: 'full',
    });
    const adminPage = await newPage();
    const officerPage = await newPage();
    try {
      await signInWithSession(officerPage, officer.session);
      await officerPage.goto('/');
      await officerPage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Fleet', exact: true }).waitFor();

      await signInWithSession(adminPage, admin.session);
      await adminPage.goto('/admin/modules');
      await settled(adminPage);
      const fleetSwitch = adminPage.getByRole('switch', { name: 'Fleet module' });
      expect(await fleetSwitch.isChecked()).toBe(true);
      const saved = adminPage.waitForResponse(
        (response) => response.url().endsWith('/rest/v1/admin/modules/fleet') && response.request().method() === 'PUT',
      );
      await fleetSwitch.focus();
      await adminPage.keyboard.press('Space');
      expect((await saved).status()).toBe(200);
      await adminPage.getByText('Fleet is off').first().waitFor();
      // The admin's own navigation follows at once (the profile refreshed).
      await expect
        .poll(() =>
          adminPage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Fleet', exact: true }).count(),
        )
        .toBe(0);

      await officerPage.goto('/fleet');
      await expectPath(officerPage, disabledPath('Fleet'));
      await officerPage.goto('/fleet/squadcheck');
      await expectPath(officerPage, disabledPath('Fleet'));

      // Its settings page carries the same switch; on again, and the officer is let through.
      await adminPage.goto('/admin/modules/fleet');
      await settled(adminPage);
      await adminPage.getByRole('switch', { name: 'Fleet module' }).focus();
      await adminPage.keyboard.press('Space');
      await adminPage.getByText('Fleet is on').first().waitFor();
      await officerPage.goto('/fleet');
      await expectPath(officerPage, '/fleet');
    } finally {
      await adminPage.context().close();
      await officerPage.context().close();
    }
  });

  it('changes the agency timezone, and dates across the admin area change with it', async () => {
    const admin = await agencyWithAdmin('timekeeper');
    const page = await newPage();
    try {
      const users = await api<ApiPage<AdminUser>>(admin.session, 'GET', '/rest/v1/admin/users');
      const signedInAt = users.items.find((user) => user.email === admin.email)?.last_sign_in_at;
      expect(signedInAt).toBeTruthy();
      const chicago = formatDateTime(signedInAt, { timeZone: 'America/Chicago' });
      const tokyo = formatDateTime(signedInAt, { timeZone: 'Asia/Tokyo', clock: '24h' });
      expect(chicago).not.toBe(tokyo);

      await signInWithSession(page, admin.session);
      await page.goto('/admin/users');
      await settled(page);
      const lastSignIn = page.getByRole('row').filter({ hasText: admin.email }).getByTestId('last-sign-in');
      expect(await lastSignIn.textContent()).toBe(chicago);

      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Agency profile' }).click();
      await page.getByRole('heading', { name: 'Agency profile', level: 1 }).waitFor();
      await settled(page);
      const timezone = page.getByLabel('Timezone', { exact: true }).first();
      await timezone.click();
      await timezone.fill('Asia/Tok');
      // Chosen with the keyboard: under load the dropdown was once still moving when a click landed.
      await page.getByRole('option', { name: 'Asia/Tokyo' }).waitFor();
      await timezone.press('ArrowDown');
      await timezone.press('Enter');
      await expect.poll(() => timezone.inputValue()).toBe('Asia/Tokyo');
      await page.getByText('24-hour (14:05)').click();
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/rest/v1/admin/agency') && response.request().method() === 'PATCH',
      );
      await page.getByRole('button', { name: 'Save agency profile' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText('The agency profile was updated.').waitFor();

      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
      await settled(page);
      await expect.poll(() => page.getByRole('row').filter({ hasText: admin.email }).getByTestId('last-sign-in').textContent()).toBe(tokyo);
    } finally {
      await page.context().close();
    }
  });

  it('keeps what the admin typed when someone else saved the agency profile first', async () => {
    const admin = await agencyWithAdmin('racer');
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/admin/modules/agency');
      await settled(page);
      const agency = await api<{ version: number }>(admin.session, 'GET', '/rest/v1/admin/agency');
      await api(admin.session, 'PATCH', '/rest/v1/admin/agency', { name: 'Renamed Elsewhere PD' }, { 'if-match': `"${agency.version}"` });

      await page.getByLabel('City').fill('Springfield');
      await page.getByRole('button', { name: 'Save agency profile' }).click();
      await page.getByText('This agency profile was changed by someone else').waitFor();
      expect(await page.getByLabel('City').inputValue()).toBe('Springfield');
      await page.getByRole('button', { name: 'Load the current version' }).click();
      await expect.poll(() => page.getByRole('textbox', { name: 'Agency name' }).inputValue()).toBe('Renamed Elsewhere PD');
    } finally {
      await page.context().close();
    }
  });
});
