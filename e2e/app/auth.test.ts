import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.ts';
import { newPage } from '../support/browser.ts';
import { PASSWORD, expectPath, founderViaApi, mailedLink, signIn, signInThroughForm, storageSnapshot } from './flows.ts';
import { totpCode } from '../security/flows.ts';

describe('signing up, in and out', () => {
  it('founds a new agency through the screens, confirms by the e-mailed link, adds the second factor a new agency requires, stays signed in across a reload and signs out with empty storage', async () => {
    const page = await newPage();
    try {
      const email = uniqueEmail('founder');
      await page.goto('/');
      await page.getByRole('link', { name: 'Create an agency account' }).first().click();
      await expectPath(page, '/signup');
      await page.getByRole('heading', { name: 'Create an agency account' }).waitFor();

      // Field-level validation from the zod contract, before anything is sent.
      await page.getByRole('button', { name: 'Create the agency account' }).click();
      await expect.poll(() => page.getByText('Enter your name').count()).toBeGreaterThan(0);

      await page.getByLabel('Your name').fill('Robin Founder');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await page.getByLabel('Agency name').fill('Lakeside Police Department');
      await page.getByLabel('ORI (optional)').fill('IL0160000');
      const since = new Date();
      await page.getByRole('button', { name: 'Create the agency account' }).click();
      await page.getByText('Check your e-mail').waitFor();
      await expect(page.getByText(email)).toBeTruthy();

      const link = await mailedLink(email, since);
      expect(new URL(link).pathname).toBe('/confirm');
      await page.goto(link);
      // A new agency requires a second factor of everyone: its founder adds one before going further.
      await page.getByRole('heading', { name: 'Add a second sign-in factor' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      const secret = (await page.getByTestId('totp-secret').innerText()).trim();
      await page.getByLabel('2. Enter the 6-digit code the app shows').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Confirm and add' }).click();
      await expectPath(page, '/');
      await page.getByRole('heading', { name: 'Welcome, Robin Founder' }).waitFor();
      await page.getByTestId('agency-name').getByText('Lakeside Police Department').waitFor();

      const signedIn = await storageSnapshot(page);
      expect(signedIn.cookies.some((name) => name.startsWith('precinct-auth-token'))).toBe(true);

      await page.reload();
      await page.getByRole('heading', { name: 'Welcome, Robin Founder' }).waitFor();

      // Leave something in both storages, then sign out: everything goes.
      await page.evaluate(() => {
        window.localStorage.setItem('left-behind', '1');
        window.sessionStorage.setItem('left-behind', '1');
      });
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expectPath(page, '/login');
      const signedOut = await storageSnapshot(page);
      expect(signedOut.local).toBe(0);
      expect(signedOut.session).toBe(0);
      expect(signedOut.cookies.filter((name) => name.startsWith('precinct-auth-token'))).toEqual([]);

      // And back in with the password and the authenticator (the next step's code: each is accepted once).
      await signInThroughForm(page, { email, password: PASSWORD });
      await page.getByRole('heading', { name: 'Verify it is you' }).waitFor();
      await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/');
      await page.getByRole('heading', { name: 'Welcome, Robin Founder' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('says so when the e-mail address or password is wrong', async () => {
    const account = await founderViaApi('wrong');
    const page = await newPage();
    try {
      await page.goto('/login');
      await signInThroughForm(page, { email: account.email, password: 'not the password at all' });
      await page.getByRole('alert').getByText('Invalid login credentials').waitFor();
      await expectPath(page, '/login');
    } finally {
      await page.context().close();
    }
  });

  it('explains a confirmation link that was already used and offers a new one', async () => {
    const page = await newPage();
    try {
      await page.goto('/confirm?token=not-a-real-token');
      await page.getByRole('heading', { name: /expired or was already used|could not be confirmed/ }).waitFor();
      await page.getByRole('button', { name: 'Send a new confirmation link' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('sets a new password through the e-mailed recovery link and signs in with it', async () => {
    const account = await founderViaApi('forgot');
    const page = await newPage();
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expectPath(page, '/forgotpassword');
      // The address changes before the screen does: wait for it, or the sign-in form's field gets the text.
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('E-mail address').fill(account.email);
      const since = new Date();
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText('Check your e-mail').waitFor();

      const link = await mailedLink(account.email, since);
      expect(new URL(link).pathname).toBe('/forgotpassword/update');
      await page.goto(link);
      const newPassword = 'a brand new passphrase 77';
      await page.getByLabel('New password again').waitFor();
      await page.locator('input[autocomplete="new-password"]').nth(0).fill(newPassword);
      await page.locator('input[autocomplete="new-password"]').nth(1).fill('something else entirely');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('The two passwords are not the same').waitFor();
      await page.locator('input[autocomplete="new-password"]').nth(1).fill(newPassword);
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await expectPath(page, '/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();

      // The link works once.
      await page.goto(link);
      await page.getByRole('heading', { name: /expired or was already used/ }).waitFor();

      // The old password no longer works, the new one does.
      const fresh = await newPage();
      try {
        await fresh.goto('/login');
        await signInThroughForm(fresh, account);
        await fresh.getByRole('alert').getByText('Invalid login credentials').waitFor();
        await signIn(fresh, { email: account.email, password: newPassword });
      } finally {
        await fresh.context().close();
      }
    } finally {
      await page.context().close();
    }
  });
});
