/**
 * Accounts for browser tests, made through the real API and the real confirmation mail.
 *
 *   const email = uniqueEmail('chief');
 *   const session = await signUpAgencyViaApi({ email, password: 'correct horse battery', name: 'Pat Chief', agencyName: 'Test PD' });
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import { waitForMail } from './mail.ts';

/** An address no other test uses, e.g. `chief-lq2x9c-3f9a1b@e2e.test`. */
export function uniqueEmail(prefix = 'user'): string {
  const safe = prefix.toLowerCase().replace(/[^a-z0-9.-]+/g, '-') || 'user';
  return `${safe}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.test`;
}

export interface SignUpAgencyOptions {
  /** Default: inject('baseUrl'). */
  baseUrl?: string;
  email: string;
  password: string;
  name: string;
  agencyName: string;
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : {};
}

/**
 * Founds a new agency (timezone America/Chicago) with its first user: POST /auth/v1/signup, then the
 * confirmation mail's link token to POST /auth/v1/verify. Returns the session the verification gives.
 */
export async function signUpAgencyViaApi({ baseUrl = inject('baseUrl'), email, password, name, agencyName }: SignUpAgencyOptions): Promise<Session> {
  const since = new Date();
  await postJson(`${baseUrl}/auth/v1/signup`, { email, password, name, agency: { name: agencyName, timezone: 'America/Chicago' } });
  const mail = await waitForMail({ to: email, since });
  const token = mail.links.map((link) => new URL(link).searchParams.get('token')).find((t): t is string => Boolean(t));
  if (!token) throw new Error(`The sign-up mail to ${email} ("${mail.subject}") has no link with a token:\n${mail.text}`);
  return (await postJson(`${baseUrl}/auth/v1/verify`, { type: 'signup', token })) as Session;
}
