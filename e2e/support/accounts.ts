/**
 * Accounts for browser tests, made through the real API and the real confirmation mail.
 *
 *   const email = uniqueEmail('chief');
 *   const session = await signUpAgencyViaApi({ email, password: 'correct horse battery', name: 'Pat Chief', agencyName: 'Test PD' });
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import * as OTPAuth from 'otpauth';
import { waitForMail } from './mail.ts';
import { setSecurityPolicy } from './agency-policy.ts';

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
  /**
   * A new agency requires a second factor of everyone. Most tests are about something else, so by
   * default the founder adds an authenticator through the API, relaxes the policy to "none" and
   * removes the factor again, leaving a plain password account. Set this to keep the agency's default.
   */
  keepSecondFactorRequired?: boolean;
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : {};
}

/** The zone of every agency the tests found: a test's "today" is the agency's, as the app's is. */
export const TEST_AGENCY_TIMEZONE = 'America/Chicago';

/**
 * Founds a new agency (timezone America/Chicago) with its first user: POST /auth/v1/signup, then the
 * confirmation mail's link token to POST /auth/v1/verify. Returns the session the verification gives.
 */
export async function signUpAgencyViaApi({
  baseUrl = inject('baseUrl'),
  email,
  password,
  name,
  agencyName,
  keepSecondFactorRequired = false,
}: SignUpAgencyOptions): Promise<Session> {
  const since = new Date();
  await postJson(`${baseUrl}/auth/v1/signup`, { email, password, name, agency: { name: agencyName, timezone: TEST_AGENCY_TIMEZONE } });
  const mail = await waitForMail({ to: email, since });
  const token = mail.links.map((link) => new URL(link).searchParams.get('token')).find((t): t is string => Boolean(t));
  if (!token) throw new Error(`The sign-up mail to ${email} ("${mail.subject}") has no link with a token:\n${mail.text}`);
  const session = (await postJson(`${baseUrl}/auth/v1/verify`, { type: 'signup', token })) as Session;
  if (keepSecondFactorRequired) return session;
  return relaxSecondFactor(baseUrl, session);
}

async function call<T>(baseUrl: string, session: Pick<Session, 'access_token'>, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Adds and verifies an authenticator (aal2), sets the agency's policy to "none", removes the factor. Returns the aal2 session. */
async function relaxSecondFactor(baseUrl: string, session: Session): Promise<Session> {
  const factor = await call<{ id: string; totp: { secret: string } }>(baseUrl, session, 'POST', '/auth/v1/factors', {
    factor_type: 'totp',
  });
  const challenge = await call<{ id: string }>(baseUrl, session, 'POST', `/auth/v1/factors/${factor.id}/challenge`, {
    factorId: factor.id,
  });
  const code = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(factor.totp.secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate();
  const raised = await call<Session>(baseUrl, session, 'POST', `/auth/v1/factors/${factor.id}/verify`, {
    challenge_id: challenge.id,
    code,
  });
  await setSecurityPolicy(raised, { mfa_required: 'none' }, baseUrl);
  await call(baseUrl, raised, 'DELETE', `/auth/v1/factors/${factor.id}`);
  return raised;
}
