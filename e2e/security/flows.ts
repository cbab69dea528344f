/**
 * Steps the security browser tests share: an agency founder with their session, TOTP codes computed
 * from a secret (as an authenticator app would), the account and security modal.
 */
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import { signUpAgencyViaApi, uniqueEmail } from '../support/accounts.ts';

export const PASSWORD = 'correct horse battery staple 42';

export type Founder = { email: string; password: string; name: string; agencyName: string; session: Session };

/** A confirmed agency founder (an administrator) of a new agency, with the session the confirmation gave. */
export async function founder(prefix: string): Promise<Founder> {
  const account = {
    email: uniqueEmail(prefix),
    password: PASSWORD,
    name: 'Sam Sergeant',
    agencyName: `Security PD ${Date.now().toString(36)}`,
  };
  const session = await signUpAgencyViaApi(account);
  return { ...account, session };
}

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. The server
 * accepts ±1 step and each step once per factor, so a second code in the same half-minute is the
 * next step's.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function api<T>(session: Pick<Session, 'access_token'>, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Adds a verified TOTP factor through the API (for tests about what comes after). Returns its secret. */
export async function enrolTotpViaApi(session: Session): Promise<{ secret: string; factorId: string }> {
  const factor = await api<{ id: string; totp: { secret: string } }>(session, 'POST', '/auth/v1/factors', { factor_type: 'totp' });
  const challenge = await api<{ id: string }>(session, 'POST', `/auth/v1/factors/${factor.id}/challenge`, { factorId: factor.id });
  await api(session, 'POST', `/auth/v1/factors/${factor.id}/verify`, { challenge_id: challenge.id, code: totpCode(factor.totp.secret) });
  return { secret: factor.totp.secret, factorId: factor.id };
}

/** Opens "Account and security" from the user menu and waits for the factors to load. */
export async function openAccountAndSecurity(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account and security' }).click();
  await page.getByRole('dialog', { name: 'Account and security' }).waitFor();
  await page.getByRole('heading', { name: 'Sign-in factors' }).waitFor();
  await page.getByRole('button', { name: 'Add a factor' }).waitFor();
}

export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}
