import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';
import { expectPath } from '../app/flows.ts';
import { founder } from './flows.ts';

describe('account lockout', () => {
  it('locks after 5 failed sign-ins, says so, and unlocks through the e-mailed link', async () => {
    const user = await founder('locked');
    const page = await newPage();
    try {
      await page.goto('/login');
      await page.getByLabel('E-mail address').fill(user.email);
      const since = new Date();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        await page.getByRole('textbox', { name: 'Password' }).fill(`wrong password ${attempt}`);
        const answered = page.waitForResponse((response) => response.url().includes('/auth/v1/token'));
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        expect((await answered).status()).toBe(400);
        await page.getByText('Invalid login credentials').waitFor();
      }
      await page.getByRole('textbox', { name: 'Password' }).fill('wrong password 5');
      const fifth = page.waitForResponse((response) => response.url().includes('/auth/v1/token'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      expect((await fifth).status()).toBe(423);
      const alert = page.getByRole('alert').filter({ hasText: 'Your account is locked' });
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/locked after 5 failed sign-ins.*e-mailed you a link to unlock it/s);

      // The right password does not get past the lock.
      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Your account is locked' }).waitFor();
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
