import { Session } from '../../../core/contracts/auth.ts';
import { SESSION_COOKIE } from '../../../core/session-cookie.ts';
import { deleteCookie, readCookieJar, writeCookie, type CookieOptions } from '../cookies.ts';

/** The cookie's name and settings (core/session-cookie.ts: the server looks for it too). */
export { SESSION_COOKIE };

const cookieOptions: CookieOptions = {
  path: SESSION_COOKIE.path,
  sameSite: SESSION_COOKIE.sameSite,
  maxAgeSeconds: SESSION_COOKIE.maxAgeSeconds,
};

export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on text that is not base64url. */
export function fromBase64Url(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error('Not base64url');
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** `base64-` followed by the base64url of the text. */
export function encodeCookieValue(text: string): string {
  return SESSION_COOKIE.valuePrefix + toBase64Url(text);
}

/** The text of an encoded value; null when the prefix is missing or the rest does not decode. */
export function decodeCookieValue(value: string): string | null {
  if (!value.startsWith(SESSION_COOKIE.valuePrefix)) return null;
  try {
    return fromBase64Url(value.slice(SESSION_COOKIE.valuePrefix.length));
  } catch {
    return null;
  }
}

export type CookieChunk = { name: string; value: string };

/** Splits a value into cookies of at most `size` characters: one named `name`, or `name.0`, `name.1`, …. */
export function chunkCookie(name: string, value: string, size: number = SESSION_COOKIE.chunkSize): CookieChunk[] {
  if (size < 1) throw new RangeError('Chunk size must be at least 1');
  if (value.length <= size) return [{ name, value }];
  const chunks: CookieChunk[] = [];
  for (let start = 0, index = 0; start < value.length; start += size, index += 1) {
    chunks.push({ name: `${name}.${index}`, value: value.slice(start, start + size) });
  }
  return chunks;
}

/**
 * Puts a value back together from the jar: the single cookie when there is one, else the chunks
 * `name.0`, `name.1`, … up to the first missing index. Null when neither exists.
 */
export function combineCookieChunks(name: string, jar: ReadonlyMap<string, string>): string | null {
  const single = jar.get(name);
  if (single !== undefined) return single;
  let combined = '';
  let index = 0;
  for (let chunk = jar.get(`${name}.0`); chunk !== undefined; chunk = jar.get(`${name}.${index}`)) {
    combined += chunk;
    index += 1;
  }
  return index === 0 ? null : combined;
}

/** The names of cookies in the jar that belong to `name` (the single one and every chunk). */
export function cookieNamesOf(name: string, jar: ReadonlyMap<string, string>): string[] {
  const chunkName = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.\\d+$`);
  return [...jar.keys()].filter((key) => key === name || chunkName.test(key));
}

/** The stored session, or null when there is none or it does not parse as a Session. */
export function readSessionCookie(jar: ReadonlyMap<string, string> = readCookieJar()): Session | null {
  const stored = combineCookieChunks(SESSION_COOKIE.name, jar);
  if (stored === null) return null;
  const text = decodeCookieValue(stored);
  if (text === null) return null;
  try {
    const parsed = Session.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSessionCookie(session: Session): void {
  const chunks = chunkCookie(SESSION_COOKIE.name, encodeCookieValue(JSON.stringify(session)));
  const keep = new Set(chunks.map((chunk) => chunk.name));
  for (const stale of cookieNamesOf(SESSION_COOKIE.name, readCookieJar())) {
    if (!keep.has(stale)) deleteCookie(stale, { path: SESSION_COOKIE.path, sameSite: SESSION_COOKIE.sameSite });
  }
  for (const chunk of chunks) writeCookie(chunk.name, chunk.value, cookieOptions);
}

export function clearSessionCookie(): void {
  for (const name of cookieNamesOf(SESSION_COOKIE.name, readCookieJar())) {
    deleteCookie(name, { path: SESSION_COOKIE.path, sameSite: SESSION_COOKIE.sameSite });
  }
}
