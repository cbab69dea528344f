/**
 * Signed-in browsers without the sign-in screen. A test that needs a signed-in page only to reach a
 * screen gets its session from the API (POST /auth/v1/token?grant_type=password) and puts it in the
 * browser context as the session cookie the web app reads on load (spec section 9,
 * web/lib/session/session-cookie.ts), so the first page it opens is already signed in.
 *
 *   const page = await signedInPage(founder);                  // founder: { email, password }
 *   await page.goto('/admin/users');
 *
 *   const page = await newPage({ colorScheme: 'dark' });
 *   await signInWithSession(page, admin.session);              // a session the API already gave
 *
 * Sessions signed in by password are kept per user for the test file (Vitest runs every file in its
 * own module graph), so the file's tests share one session per user instead of signing in each time.
 * A test that ends its session (signing out, "sign out everywhere", a password change, disabling the
 * user) must not leave it in the cache: use `signInViaApi` for a session of its own, or call
 * `forgetSession` afterwards. Tests of signing in itself (e2e/app/auth, e2e/security/mfa, lockout,
 * inactivity, the keyboard and guard redirects) keep going through the screen.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import { chunkCookie, encodeCookieValue, SESSION_COOKIE } from '../../web/lib/session/session-cookie.ts';
import { newPage, type NewPageOptions } from './browser.ts';

export type Credentials = { email: string; password: string };

/**
 * A cached session is handed out only while its access token has this long to live. The app refreshes
 * a token a minute before it expires, which spends the refresh token the other tests of the file hold;
 * a margin well beyond one test's length keeps that from happening in the middle of the file.
 */
const MIN_TOKEN_LIFE_MS = 5 * 60_000;

/** A new session for `email`, by password (not cached). */
export async function signInViaApi(email: string, password: string, baseUrl: string = inject('baseUrl')): Promise<Session> {
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /auth/v1/token?grant_type=password for ${email} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Session;
}

const sessions = new Map<string, Promise<Session>>();

function cacheKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The user's session for this test file: signed in by password on first use, then reused. */
export async function sessionFor(account: Credentials): Promise<Session> {
  const key = cacheKey(account.email);
  const cached = sessions.get(key);
  if (cached) {
    const session = await cached.catch(() => undefined);
    if (session && session.expires_at * 1000 - Date.now() > MIN_TOKEN_LIFE_MS) return session;
    if (sessions.get(key) !== cached) return sessionFor(account);
  }
  const fresh = signInViaApi(account.email, account.password);
  sessions.set(key, fresh);
  fresh.catch(() => {
    if (sessions.get(key) === fresh) sessions.delete(key);
  });
  return fresh;
}

/** Drops the cached session of `email` (after a test ended it), so the next sessionFor signs in again. */
export function forgetSession(email: string): void {
  sessions.delete(cacheKey(email));
}

/** Signs the page's (or context's) browser in with `session`: the session cookie as the app writes it, chunked when long. */
export async function signInWithSession(target: Page | BrowserContext, session: Session): Promise<void> {
  const context = 'context' in target ? target.context() : target;
  const url = inject('baseUrl');
  const chunks = chunkCookie(SESSION_COOKIE.name, encodeCookieValue(JSON.stringify(session)));
  await context.addCookies(chunks.map((chunk) => ({ name: chunk.name, value: chunk.value, url, sameSite: 'Lax' as const })));
}

/**
 * A page in a fresh context (newPage's options) that opens signed in: as `who`'s cached session when
 * given credentials, or as the session given. Not navigated yet; the caller closes its context.
 */
export async function signedInPage(who: Credentials | Session, options: NewPageOptions = {}): Promise<Page> {
  const session = 'access_token' in who ? who : await sessionFor(who);
  const page = await newPage(options);
  try {
    await signInWithSession(page, session);
  } catch (error) {
    await page.context().close();
    throw error;
  }
  return page;
}
