/**
 * Steps the browser tests of the app shell share: signing up through the screens, confirming by the
 * e-mailed link, signing in, and reading the browser's storage.
 *
 * signIn and signInThroughForm go through the sign-in screen: they are for tests of signing in. A test
 * that only needs a signed-in page opens it with signedInPage (e2e/support/session.ts) instead.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signUpAgencyViaApi, uniqueEmail } from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';

export const PASSWORD = 'correct horse battery staple 42';

export type Account = { email: string; password: string; name: string; agencyName: string };

/** Waits until the page's path (and query) is `expected`. */
export async function expectPath(page: Page, expected: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL(
    (url) => {
      const path = url.pathname + url.search;
      return typeof expected === 'string' ? path === expected : expected.test(path);
    },
    { timeout },
  );
}

/** A confirmed agency founder (an administrator), made through the API. */
export async function founderViaApi(prefix = 'chief'): Promise<Account> {
  const account = { email: uniqueEmail(prefix), password: PASSWORD, name: 'Pat Chief', agencyName: `Test PD ${Date.now().toString(36)}` };
  await signUpAgencyViaApi(account);
  return account;
}

/** Fills /login and submits it. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to Precinct' }).waitFor();
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens /login, signs in and waits for home. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, account);
  await expectPath(page, '/');
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}

/** The e-mailed link that carries a token, for `to`, received since `since`. */
export async function mailedLink(to: string, since: Date, subject?: RegExp): Promise<string> {
  const mail = await waitForMail({ to, since, subject });
  const link = mail.links.find((candidate) => new URL(candidate).searchParams.has('token'));
  expect(link, `a link with a token in "${mail.subject}"`).toBeTruthy();
  return link as string;
}

export async function storageSnapshot(page: Page): Promise<{ local: number; session: number; cookies: string[] }> {
  const counts = await page.evaluate(() => ({ local: window.localStorage.length, session: window.sessionStorage.length }));
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
  return { ...counts, cookies };
}
