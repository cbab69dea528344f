import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';
import { expectPath } from '../app/flows.ts';
import { founder } from './flows.ts';

describe('account lockout', () => {
  it('locks after 5 failed sign-ins, says so only to the right password, and unlocks through the e-mailed link', async () => {
    const user = await founder('locked');
    const page = await newPage();
    try {
      await page.goto('/login');
      await page.getByLabel('E-mail address').fill(user.email);
      const since = new Date();
      // The fifth wrong password locks the account, but is answered as any wrong password: the answer
      // must not tell someone guessing that the account exists.
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await page.getByRole('textbox', { name: 'Password' }).fill(`wrong password ${attempt}`);
        const answered = page.waitForResponse((response) => response.url().includes('/auth/v1/token'));
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        expect((await answered).status()).toBe(400);
        await page.getByText('Invalid login credentials').waitFor();
      }
      // The right password does not get past the lock, and learns of it.
      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      const locked = page.waitForResponse((response) => response.url().includes('/auth/v1/token'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      expect((await locked).status()).toBe(423);
      const alert = page.getByRole('alert').filter({ hasText: 'Your account is locked' });
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/locked after 5 failed sign-ins.*e-mailed you a link to unlock it/s);
      expect(new URL(page.url()).pathname).toBe('/login');

      const mail = await waitForMail({ to: user.email, subject: /locked/i, since });
      const link = mail.links.find((candidate) => new URL(candidate).searchParams.has('unlock'));
      expect(link, mail.text).toBeTruthy();
      expect(new URL(link!).pathname).toBe('/login');
      await page.goto(link!);
      await page.getByText('Your account is unlocked').waitFor();
      await page.getByLabel('E-mail address').fill(user.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectPath(page, '/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();

      // The link works once (opened signed out, in another browser).
      const second = await newPage();
      try {
        await second.goto(link!);
        await second.getByText('This unlock link cannot be used').waitFor();
      } finally {
        await second.context().close();
      }
    } finally {
      await page.context().close();
    }
  });
});
