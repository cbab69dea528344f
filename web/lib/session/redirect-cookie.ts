import { deleteCookie, readCookieJar, writeCookie } from '../cookies.ts';

/**
 * The attempted path saved by the sign-in guard (spec section 2: stored in a cookie first, cleared
 * when read). It lives for an hour: long enough to sign in, short enough not to surprise anyone the
 * next day.
 */
export const REDIRECT_COOKIE = { name: 'precinct-redirect-path', maxAgeSeconds: 60 * 60 } as const;

export function saveRedirectPath(fullPath: string): void {
  writeCookie(REDIRECT_COOKIE.name, encodeURIComponent(fullPath), {
    path: '/',
    sameSite: 'lax',
    maxAgeSeconds: REDIRECT_COOKIE.maxAgeSeconds,
  });
}

/** The saved path, removed from the cookie jar as it is read; null when none was saved. */
export function takeRedirectPath(): string | null {
  const stored = readCookieJar().get(REDIRECT_COOKIE.name);
  if (stored === undefined) return null;
  deleteCookie(REDIRECT_COOKIE.name, { path: '/', sameSite: 'lax' });
  try {
    return decodeURIComponent(stored);
  } catch {
    return null;
  }
}
