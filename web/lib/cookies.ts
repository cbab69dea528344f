/**
 * Reading and writing browser cookies (document.cookie). Small on purpose: the session cookie and the
 * saved sign-in redirect are the only cookies the app writes, and both are readable by script by design
 * (spec section 9: the session cookie is not http-only).
 */

export type CookieOptions = {
  path?: string;
  sameSite?: 'lax' | 'strict' | 'none';
  /** Seconds; 0 deletes the cookie. Omitted: a session cookie. */
  maxAgeSeconds?: number;
  secure?: boolean;
};

/** Every cookie in a `document.cookie` string, by name. Values are returned as stored (not decoded). */
export function parseCookies(cookieHeader: string): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    const name = pair.slice(0, separator).trim();
    if (name === '' || jar.has(name)) continue;
    jar.set(name, pair.slice(separator + 1).trim());
  }
  return jar;
}

/** One `Set-Cookie`-style assignment for `document.cookie`. The value must already be cookie-safe. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${value}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
    if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  parts.push(`SameSite=${capitalize(options.sameSite ?? 'lax')}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The page's cookies; an empty jar where there is no document (unit tests, workers). */
export function readCookieJar(): Map<string, string> {
  return typeof document === 'undefined' ? new Map() : parseCookies(document.cookie);
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, value, { secure: isSecureContext(), ...options });
}

export function deleteCookie(name: string, options: Omit<CookieOptions, 'maxAgeSeconds'> = {}): void {
  writeCookie(name, '', { ...options, maxAgeSeconds: 0 });
}

function isSecureContext(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}
