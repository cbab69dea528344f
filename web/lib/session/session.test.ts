import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../core/contracts/auth.ts';
import { toBase64Url } from './session-cookie.ts';

const refreshSessionRequest = vi.fn<(current: Pick<Session, 'refresh_token' | 'refresh_binding'>) => Promise<Session>>();
const logoutRequest = vi.fn(async (_token: string) => undefined);
vi.mock('./refresh-session.ts', () => ({
  refreshSessionRequest: (current: Pick<Session, 'refresh_token' | 'refresh_binding'>) => refreshSessionRequest(current),
}));
vi.mock('./logout.ts', () => ({ logoutRequest: (token: string) => logoutRequest(token) }));

const AGENCY = '0d6c4c62-55a8-4bbb-9a5a-8d4c1f1b7a21';

function accessToken(permissions: string[]): string {
  const payload = { sub: 'u', app_metadata: { agency_id: AGENCY, account_type: 'full', roles: [], permissions } };
  return `${toBase64Url('{"alg":"ES256"}')}.${toBase64Url(JSON.stringify(payload))}.sig`;
}

function session(options: { expiresInSeconds: number; refreshToken: string; permissions?: string[]; token?: string }): Session {
  return {
    access_token: options.token ?? accessToken(options.permissions ?? []),
    token_type: 'bearer',
    expires_in: options.expiresInSeconds,
    expires_at: Math.floor(Date.now() / 1000) + options.expiresInSeconds,
    refresh_token: options.refreshToken,
    user: {
      id: '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11',
      agency_id: AGENCY,
      email: 'ana@example.gov',
      email_confirmed_at: null,
      name: 'Ana',
      badge_number: null,
      rank: null,
      phone: null,
      account_type: 'full',
      status: 'active',
      app_metadata: { agency_id: AGENCY, account_type: 'full', roles: [], permissions: [] },
      user_metadata: {},
      created_at: '2026-01-01T00:00:00.000Z',
      last_sign_in_at: null,
    },
  };
}

/** A browser just big enough for the session store: a cookie jar and two storages. */
function fakeBrowser() {
  const jar = new Map<string, string>();
  const storage = () => {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      setItem: (key: string, value: string) => items.set(key, value),
      getItem: (key: string) => items.get(key) ?? null,
      clear: () => items.clear(),
    };
  };
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      const [pair = '', ...attributes] = assignment.split('; ');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      if (attributes.some((attribute) => attribute === 'Max-Age=0')) jar.delete(name);
      else jar.set(name, pair.slice(separator + 1));
    },
  };
  const window = { localStorage: storage(), sessionStorage: storage() };
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', window);
  return { jar, window };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  refreshSessionRequest.mockReset();
  logoutRequest.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// The test files of a worker share its modules (vitest.config.ts): the next file imports the real
// session store, not the copy these tests wired to their stand-ins.
afterAll(() => {
  vi.doUnmock('./refresh-session.ts');
  vi.doUnmock('./logout.ts');
  vi.resetModules();
});

describe('the session in the browser', () => {
  it('stores the session in the cookie and reads the claims from the access token on sign-in', async () => {
    const browser = fakeBrowser();
    const store = await import('./session.ts');
    const events: string[] = [];
    store.subscribeAuth((_state, event) => events.push(event));
    store.setSession(session({ expiresInSeconds: 3600, refreshToken: 'r1', permissions: ['fleet:admin'] }));
    expect(store.getAuthState().claims?.permissions).toEqual(['fleet:admin']);
    expect([...browser.jar.keys()]).toEqual(['precinct-auth-token']);
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('refreshes the token a minute before it expires and re-reads the claims', async () => {
    fakeBrowser();
    const store = await import('./session.ts');
    refreshSessionRequest.mockResolvedValue(session({ expiresInSeconds: 3600, refreshToken: 'r2', permissions: ['fto:admin'] }));
    const events: string[] = [];
    store.subscribeAuth((_state, event) => events.push(event));
    store.setSession(session({ expiresInSeconds: 120, refreshToken: 'r1' }));

    await vi.advanceTimersByTimeAsync(59_000);
    expect(refreshSessionRequest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refreshSessionRequest).toHaveBeenCalledWith(expect.objectContaining({ refresh_token: 'r1' }));
    expect(store.getAuthState().session?.refresh_token).toBe('r2');
    expect(store.getAuthState().claims?.permissions).toEqual(['fto:admin']);
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
  });

  it('asks for one refresh however many requests need a token at once', async () => {
    fakeBrowser();
    const store = await import('./session.ts');
    refreshSessionRequest.mockResolvedValue(session({ expiresInSeconds: 3600, refreshToken: 'r2', token: accessToken([]) }));
    store.setSession(session({ expiresInSeconds: 10, refreshToken: 'r1' }));
    const tokens = await Promise.all([store.getAccessToken(), store.getAccessToken(), store.getAccessToken()]);
    expect(refreshSessionRequest).toHaveBeenCalledTimes(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('signs out, emptying both storages and the cookie, when the server refuses the refresh token', async () => {
    const browser = fakeBrowser();
    const store = await import('./session.ts');
    // After resetModules, the ApiError class the store sees is a fresh one: use that.
    const { ApiError } = await import('../api-error.ts');
    refreshSessionRequest.mockRejectedValue(
      new ApiError(400, { message: 'Invalid Refresh Token', details: null, hint: null, code: 'refresh_token_already_used' }),
    );
    const reasons: (string | undefined)[] = [];
    store.subscribeAuth((_state, event, detail) => {
      if (event === 'SIGNED_OUT') reasons.push(detail.reason);
    });
    store.setSession(session({ expiresInSeconds: 30, refreshToken: 'r1' }));
    browser.window.localStorage.setItem('a', '1');
    browser.window.sessionStorage.setItem('b', '2');
    await expect(store.refreshSession()).resolves.toBeNull();
    expect(store.getAuthState()).toEqual({ session: null, claims: null, claimsError: null });
    expect(browser.jar.size).toBe(0);
    expect(browser.window.localStorage.length).toBe(0);
    expect(browser.window.sessionStorage.length).toBe(0);
    expect(reasons).toEqual(['session_ended']);
  });

  it('keeps the session and tries again later when the refresh gets no answer', async () => {
    fakeBrowser();
    const store = await import('./session.ts');
    const { ApiError } = await import('../api-error.ts');
    refreshSessionRequest.mockRejectedValueOnce(new ApiError(0, { message: 'offline', details: null, hint: null, code: 'network_error' }));
    refreshSessionRequest.mockResolvedValueOnce(session({ expiresInSeconds: 3600, refreshToken: 'r2' }));
    store.setSession(session({ expiresInSeconds: 30, refreshToken: 'r1' }));
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getAuthState().session?.refresh_token).toBe('r1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.getAuthState().session?.refresh_token).toBe('r2');
  });

  it("clears the claims and sets 'Failed to decode JWT token' when the token cannot be read", async () => {
    fakeBrowser();
    const store = await import('./session.ts');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store.setSession(session({ expiresInSeconds: 3600, refreshToken: 'r1', token: 'not.a-jwt' }));
    expect(store.getAuthState().claims).toBeNull();
    expect(store.getAuthState().claimsError).toBe('Failed to decode JWT token');
  });

  it('signs out cleanly, and says why on /login, when the stored access token cannot be read', async () => {
    const browser = fakeBrowser();
    const store = await import('./session.ts');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const events: string[] = [];
    store.subscribeAuth((_state, event, detail) => events.push(`${event}:${detail.reason ?? ''}`));
    store.setSession(session({ expiresInSeconds: 3600, refreshToken: 'r1', token: 'broken' }));
    expect(store.isSignedIn()).toBe(false);
    expect(browser.jar.size).toBe(0);
    expect(events).toEqual(['SIGNED_OUT:session_ended']);
    expect(store.getSignOutNotice()?.message).toBe('Your session could not be read; sign in again.');
  });

  it('signs out with the same reason when the server finds the access token malformed', async () => {
    const browser = fakeBrowser();
    const store = await import('./session.ts');
    const { ApiError } = await import('../api-error.ts');
    store.setSession(session({ expiresInSeconds: 3600, refreshToken: 'r1' }));
    store.handleAuthenticatedError(
      new ApiError(401, { message: 'The access token is malformed', details: null, hint: null, code: 'bad_jwt' }),
    );
    expect(store.isSignedIn()).toBe(false);
    expect(browser.jar.size).toBe(0);
    expect(store.getSignOutNotice()?.message).toBe('Your session could not be read; sign in again.');
  });

  it('keeps the session when the server only finds the access token expired (a refresh mends that)', async () => {
    fakeBrowser();
    const store = await import('./session.ts');
    const { ApiError } = await import('../api-error.ts');
    store.setSession(session({ expiresInSeconds: 3600, refreshToken: 'r1' }));
    store.handleAuthenticatedError(
      new ApiError(401, { message: 'The access token has expired', details: null, hint: 'refresh the session', code: 'bad_jwt' }),
    );
    expect(store.isSignedIn()).toBe(true);
  });

  it('signs out on request: tells the server, then empties the browser', async () => {
    const browser = fakeBrowser();
    const store = await import('./session.ts');
    const reasons: (string | undefined)[] = [];
    store.subscribeAuth((_state, event, detail) => {
      if (event === 'SIGNED_OUT') reasons.push(detail.reason);
    });
    const current = session({ expiresInSeconds: 3600, refreshToken: 'r1' });
    store.setSession(current);
    browser.window.localStorage.setItem('precinct-color-scheme', 'dark');
    await store.signOut();
    expect(logoutRequest).toHaveBeenCalledWith(current.access_token);
    expect(browser.jar.size).toBe(0);
    expect(browser.window.localStorage.length).toBe(0);
    expect(reasons).toEqual(['user']);
  });
});
