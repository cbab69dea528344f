import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setSecurityPolicy } from '../support/agency-policy.ts';
import { newPage } from '../support/browser.ts';
import { waitForSms } from '../support/sms.ts';
import { addVirtualAuthenticator } from '../support/webauthn.ts';
import { expectPath, signIn, signInThroughForm } from '../app/flows.ts';
import { founder, openAccountAndSecurity, signOutThroughMenu, totpCode } from './flows.ts';

const welcome = (page: import('playwright-core').Page) => page.getByRole('heading', { name: /Welcome/ }).waitFor();

describe('second factors in the browser', () => {
  it('adds an authenticator app from the QR code’s key, signs in with it, then renames and removes it', async () => {
    const user = await founder('totp');
    const page = await newPage();
    try {
      await signIn(page, user);
      await openAccountAndSecurity(page);
      await page.getByRole('button', { name: 'Add a factor' }).click();
      await page.getByRole('radio', { name: /Authenticator app/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('img', { name: 'QR code of your authenticator key' }).waitFor();
      const secret = (await page.getByTestId('totp-secret').innerText()).trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await page.getByLabel('2. Enter the 6-digit code the app shows').fill('000000');
      await page.getByRole('button', { name: 'Confirm and add' }).click();
      await page.getByText('That code is not right; check it and try again').waitFor();
      await page.getByLabel('2. Enter the 6-digit code the app shows').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Confirm and add' }).click();
      await page.getByText('Factor added').waitFor();
      await page
        .getByRole('listitem', { name: /Authenticator app/ })
        .getByText('Strong')
        .waitFor();
      await page.keyboard.press('Escape');
      await signOutThroughMenu(page);

      await signInThroughForm(page, user);
      await page.getByRole('heading', { name: 'Verify it is you' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      // The enrolment used this half-minute's code; an app shows the next one soon after.
      await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/');
      await welcome(page);

      await openAccountAndSecurity(page);
      const row = page.getByRole('listitem', { name: /Authenticator app/ });
      await row.getByText(/Last used/).waitFor();
      await row.getByRole('button', { name: /^Rename/ }).click();
      await page.getByLabel('New name').fill('Phone in my vest');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('listitem', { name: /Phone in my vest/ }).waitFor();
      await page.getByRole('button', { name: 'Remove Phone in my vest' }).click();
      await page.getByRole('button', { name: 'Yes, remove it' }).click();
      await page.getByText('You have no second factor yet.').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('adds a security key (Chromium’s virtual authenticator) and signs in with it', async () => {
    const user = await founder('webauthn');
    const page = await newPage();
    try {
      const authenticator = await addVirtualAuthenticator(page);
      await signIn(page, user);
      await openAccountAndSecurity(page);
      await page.getByRole('button', { name: 'Add a factor' }).click();
      await page.getByRole('radio', { name: /Security key or passkey/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Name of the key').fill('Desk key');
      await page.getByRole('button', { name: 'Add security key' }).click();
      await page.getByText('Factor added').waitFor();
      await page.getByRole('listitem', { name: /Desk key/ }).waitFor();
      expect(await authenticator.credentialCount()).toBe(1);
      await page.keyboard.press('Escape');
      await signOutThroughMenu(page);

      await signInThroughForm(page, user);
      await page.getByRole('heading', { name: 'Verify it is you' }).waitFor();
      await page.getByRole('button', { name: 'Use security key' }).click();
      await expectPath(page, '/');
      await welcome(page);
    } finally {
      await page.context().close();
    }
  });

  it('adds a phone, shown as the weaker choice, and signs in with the texted code', async () => {
    const user = await founder('phone');
    const number = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const page = await newPage();
    try {
      await signIn(page, user);
      await openAccountAndSecurity(page);
      await page.getByRole('button', { name: 'Add a factor' }).click();
      const phoneChoice = page.getByRole('radio', { name: /Text message to a phone/ });
      await phoneChoice.check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Mobile phone number').fill(`${number.slice(0, 2)} ${number.slice(2, 5)} ${number.slice(5)}`);
      let since = new Date();
      await page.getByRole('button', { name: 'Text me a code' }).click();
      let text = await waitForSms({ to: number, since });
      expect(text.code).toMatch(/^\d{6}$/);
      await page.getByLabel('Code from the text message').fill(text.code!);
      await page.getByRole('button', { name: 'Confirm and add' }).click();
      await page.getByText('Factor added').waitFor();
      await page
        .getByRole('listitem', { name: /Text message to a phone/ })
        .getByText('Weaker')
        .waitFor();
      await page.keyboard.press('Escape');
      await signOutThroughMenu(page);

      await signInThroughForm(page, user);
      await page.getByRole('heading', { name: 'Verify it is you' }).waitFor();
      since = new Date();
      await page.getByRole('button', { name: 'Text me a code' }).click();
      text = await waitForSms({ to: number, since });
      await page.getByLabel('Code from the text message').fill(text.code!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/');
      await welcome(page);
    } finally {
      await page.context().close();
    }
  });

  it('walks a user through adding a factor right after sign-in when the agency requires one', async () => {
    const user = await founder('forced');
    await setSecurityPolicy(user.session, { mfa_required: 'everyone' });
    const page = await newPage();
    try {
      await page.goto('/login');
      await signInThroughForm(page, user);
      await page.getByRole('heading', { name: 'Add a second sign-in factor' }).waitFor();
      // Home is out of reach until a factor is added.
      await page.goto('/');
      await expectPath(page, '/login');
      await page.getByRole('heading', { name: 'Add a second sign-in factor' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      const secret = (await page.getByTestId('totp-secret').innerText()).trim();
      await page.getByLabel('2. Enter the 6-digit code the app shows').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Confirm and add' }).click();
      await expectPath(page, '/');
      await welcome(page);
    } finally {
      await page.context().close();
    }
  });
});
