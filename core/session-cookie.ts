/**
 * The browser keeps the session in a cookie (spec section 9): path /, same-site lax, not http-only,
 * max age 400 days, values base64url-encoded behind a prefix, split into chunks of 3180 characters
 * when too long for one cookie. A value that fits is one cookie named `precinct-auth-token`; a longer
 * one becomes `precinct-auth-token.0`, `.1`, … and the other form is removed. The browser writes and
 * reads it (web/lib/session/session-cookie.ts); the server only looks whether a request carries one.
 */
export const SESSION_COOKIE = {
  name: 'precinct-auth-token',
  path: '/',
  sameSite: 'lax',
  maxAgeSeconds: 400 * 24 * 60 * 60,
  chunkSize: 3180,
  valuePrefix: 'base64-',
} as const;

const SESSION_COOKIE_PAIR = new RegExp(`^${SESSION_COOKIE.name}(\\.\\d+)?=.`);

/** Whether a `Cookie` request header carries the session cookie, whole or in chunks. */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => SESSION_COOKIE_PAIR.test(pair.trim()));
}
