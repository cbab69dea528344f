import { describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE,
  chunkCookie,
  combineCookieChunks,
  cookieNamesOf,
  decodeCookieValue,
  encodeCookieValue,
  fromBase64Url,
  readSessionCookie,
  toBase64Url,
} from './session-cookie.ts';
import { parseCookies, serializeCookie } from '../cookies.ts';

const session = {
  access_token: 'header.payload.signature',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: 2_000_000_000,
  refresh_token: 'refresh-token',
  user: {
    id: '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11',
    agency_id: '0d6c4c62-55a8-4bbb-9a5a-8d4c1f1b7a21',
    email: 'ana@example.gov',
    email_confirmed_at: '2026-01-01T00:00:00.000Z',
    name: 'Ana Núñez',
    badge_number: null,
    rank: null,
    phone: null,
    account_type: 'full',
    status: 'active',
    app_metadata: { agency_id: '0d6c4c62-55a8-4bbb-9a5a-8d4c1f1b7a21', account_type: 'full', roles: [], permissions: [] },
    user_metadata: {},
    created_at: '2026-01-01T00:00:00.000Z',
    last_sign_in_at: null,
  },
};

describe('the session cookie', () => {
  it('uses the attributes of spec section 9', () => {
    expect(SESSION_COOKIE).toMatchObject({ path: '/', sameSite: 'lax', maxAgeSeconds: 400 * 86_400, chunkSize: 3180 });
  });

  it('encodes values as base64url behind the base64- prefix and decodes them back, accents included', () => {
    const text = JSON.stringify({ name: 'Ana Núñez ✓', slashes: '???>>>' });
    const encoded = encodeCookieValue(text);
    expect(encoded.startsWith('base64-')).toBe(true);
    expect(encoded.slice('base64-'.length)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCookieValue(encoded)).toBe(text);
  });

  it('refuses a value without the prefix or with characters outside base64url', () => {
    expect(decodeCookieValue(toBase64Url('{}'))).toBeNull();
    expect(decodeCookieValue('base64-abc+/=')).toBeNull();
    expect(() => fromBase64Url('a b')).toThrow();
  });

  it('keeps a value of up to 3180 characters in one cookie with the plain name', () => {
    expect(chunkCookie('t', 'x'.repeat(3180))).toEqual([{ name: 't', value: 'x'.repeat(3180) }]);
  });

  it('splits a longer value into chunks of 3180 characters named .0, .1, …', () => {
    const value = 'a'.repeat(3180) + 'b'.repeat(3180) + 'c'.repeat(5);
    const chunks = chunkCookie('t', value);
    expect(chunks.map((chunk) => chunk.name)).toEqual(['t.0', 't.1', 't.2']);
    expect(chunks.map((chunk) => chunk.value.length)).toEqual([3180, 3180, 5]);
    expect(chunks.every((chunk) => chunk.value.length <= 3180)).toBe(true);
  });

  it('puts chunks back together in index order, stopping at the first missing index', () => {
    const jar = new Map([
      ['t.1', 'world'],
      ['t.0', 'hello '],
      ['t.3', 'ignored'],
    ]);
    expect(combineCookieChunks('t', jar)).toBe('hello world');
  });

  it('prefers the single cookie and gives null when neither form exists', () => {
    expect(
      combineCookieChunks(
        't',
        new Map([
          ['t', 'one'],
          ['t.0', 'two'],
        ]),
      ),
    ).toBe('one');
    expect(combineCookieChunks('t', new Map([['other', 'x']]))).toBeNull();
  });

  it('finds every cookie that belongs to a name without touching look-alikes', () => {
    const jar = new Map([
      ['t', '1'],
      ['t.0', '2'],
      ['t.12', '3'],
      ['tx', '4'],
      ['t.x', '5'],
    ]);
    expect(cookieNamesOf('t', jar).sort()).toEqual(['t', 't.0', 't.12']);
  });

  it('round-trips a whole session through chunked cookies and parses it with the contract', () => {
    const big = { ...session, access_token: 'h.' + 'p'.repeat(7000) + '.s' };
    const chunks = chunkCookie(SESSION_COOKIE.name, encodeCookieValue(JSON.stringify(big)));
    expect(chunks.length).toBeGreaterThan(1);
    const header = chunks.map((chunk) => `${chunk.name}=${chunk.value}`).join('; ');
    expect(readSessionCookie(parseCookies(header))).toEqual(big);
  });

  it('reads a stored value that is not a session as no session', () => {
    const jar = new Map([[SESSION_COOKIE.name, encodeCookieValue('{"access_token":1}')]]);
    expect(readSessionCookie(jar)).toBeNull();
    expect(readSessionCookie(new Map([[SESSION_COOKIE.name, 'base64-%%%']]))).toBeNull();
  });

  it('serializes cookies with path, max age and same-site, and deletion with an expiry in the past', () => {
    expect(serializeCookie('n', 'v', { path: '/', sameSite: 'lax', maxAgeSeconds: 34_560_000 })).toBe(
      'n=v; Path=/; Max-Age=34560000; SameSite=Lax',
    );
    expect(serializeCookie('n', '', { maxAgeSeconds: 0 })).toContain('Expires=Thu, 01 Jan 1970');
    expect(serializeCookie('n', 'v', { secure: true })).toContain('; Secure');
    expect(serializeCookie('n', 'v')).not.toContain('HttpOnly');
  });
});
