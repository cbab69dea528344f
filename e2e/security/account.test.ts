import { describe, expect, inject, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Session } from '../../core/contracts/auth.ts';
import { signedInPage, signInViaApi } from '../support/session.ts';
import { founder, openAccountAndSecurity } from './flows.ts';

async function sessionStatus(session: Session): Promise<number> {
  const response = await fetch(`${inject('baseUrl')}/rest/v1/profile`, { headers: { authorization: `Bearer ${session.access_token}` } });
  return response.status;
}

async function describedBy(input: Locator): Promise<string> {
  return input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('account and security', () => {
  it('changes the password (errors beside their inputs) and signs out the other sessions', async () => {
    const user = await founder('account');
    // A session of the browser's own (the test ends every other one), put in its cookie.
    const page = await signedInPage(await signInViaApi(user.email, user.password));
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      const elsewhere = await signInViaApi(user.email, user.password);
      expect(await sessionStatus(elsewhere)).toBe(200);

      await openAccountAndSecurity(page);
      await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await page.getByText('Every other session of yours has ended.').waitFor();
      expect(await sessionStatus(elsewhere)).toBe(401);

      const current = page.getByLabel('Current password');
      const next = page.getByLabel('New password');
      await current.fill('not my password');
      await next.fill('a brand new long passphrase 7');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('That is not your current password').waitFor();
      // Beside its input: the message is what the input is described by.
      expect(await describedBy(current)).toContain('That is not your current password');

      await current.fill(user.password);
      await next.fill('short');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Use at least 8 characters').waitFor();

      await next.fill('a brand new long passphrase 7');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Password changed').waitFor();
      // This session stays; the password works from now on.
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      expect(await sessionStatus(await signInViaApi(user.email, 'a brand new long passphrase 7'))).toBe(200);
    } finally {
      await page.context().close();
    }
  });
});
