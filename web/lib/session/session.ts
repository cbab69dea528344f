import { useSyncExternalStore } from 'react';
import type { AuthUser, Session } from '../../../core/contracts/auth.ts';
import type { Claims } from '../../../core/permissions.ts';
import { configureApiClient } from '../api-client.ts';
import { isApiError, type ApiError } from '../api-error.ts';
import { loadClaims } from './claims.ts';
import { logoutRequest } from './logout.ts';
import { startSessionWatch } from './session-watch.ts';
import { refreshSessionRequest } from './refresh-session.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie.ts';
import {
  endsSession,
  GENERIC_SESSION_END,
  signOutNoticeFor,
  UNREADABLE_SESSION,
  unreadableToken,
  type SignOutNotice,
} from './sign-out-notice.ts';

/**
 * The auth state of the browser (spec section 4): the session, kept in the session cookie so that a
 * reload keeps the user signed in, and the claims read from its access token. Signing in and every
 * token refresh re-read the claims; signing out clears them and empties localStorage and
 * sessionStorage. Tokens are refreshed a minute before they expire, and tabs share the cookie, so a
 * tab adopts a session another tab refreshed instead of spending the same refresh token twice.
 */

export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'SIGNED_OUT';

export type AuthState = {
  session: Session | null;
  claims: Claims | null;
  /** 'Failed to decode JWT token' or 'Unknown error occurred' when the claims could not be read. */
  claimsError: string | null;
};

/** Why a sign-out happened: the user asked, or the server ended the session (expired, revoked). */
export type SignOutReason = 'user' | 'session_ended';

type Listener = (state: AuthState, event: AuthEvent, detail: { reason?: SignOutReason }) => void;

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;
/** After a refresh that got no answer, try again this much later. */
const REFRESH_RETRY_MS = 10_000;

let state: AuthState = { session: null, claims: null, claimsError: null };
const listeners = new Set<Listener>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshInFlight: Promise<Session | null> | null = null;
let started = false;
/** Why the server last ended this browser's session; shown on /login until the next sign-in. */
let signOutNotice: SignOutNotice | null = null;
const secondFactorListeners = new Set<() => void>();

export function getAuthState(): AuthState {
  return state;
}

export function isSignedIn(): boolean {
  return state.session !== null;
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribeForReact(onChange: () => void): () => void {
  return subscribeAuth(onChange);
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeForReact, getAuthState, getAuthState);
}

function emit(event: AuthEvent, detail: { reason?: SignOutReason }): void {
  for (const listener of listeners) listener(state, event, detail);
}

function applySession(session: Session | null, event: AuthEvent, detail: { reason?: SignOutReason } = {}): void {
  const { claims, error } =
    event === 'USER_UPDATED' ? { claims: state.claims, error: state.claimsError } : loadClaims(session?.access_token);
  if (error) console.error(`[auth] ${error}`);
  if (session && error && event !== 'USER_UPDATED') {
    // A token whose claims cannot be read is no session at all: rather than a header showing the user
    // over screens that all fail, the browser signs out, keeps the error, and /login says why.
    state = { session: null, claims: null, claimsError: error };
    signOutNotice = UNREADABLE_SESSION;
    forgetStoredSession();
    scheduleRefresh();
    emit('SIGNED_OUT', { reason: 'session_ended' });
    return;
  }
  state = { session, claims, claimsError: error };
  scheduleRefresh();
  emit(event, detail);
}

/** The session cookie and every entry of both storages. */
function forgetStoredSession(): void {
  clearSessionCookie();
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing in it to clear.
  }
}

function expiresInMs(session: Session, now = Date.now()): number {
  return session.expires_at * 1000 - now;
}

function scheduleRefresh(delayMs?: number): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  const session = state.session;
  if (!session || typeof window === 'undefined') return;
  const delay = delayMs ?? Math.max(0, expiresInMs(session) - REFRESH_MARGIN_MS);
  refreshTimer = setTimeout(() => void refreshSession(), delay);
}

/**
 * Signs the browser in with a session the API gave (sign-in, confirmation, recovery, invitation;
 * a verified second factor gives a new aal2 session, stored the same way).
 */
export function setSession(session: Session, event: 'SIGNED_IN' | 'TOKEN_REFRESHED' = 'SIGNED_IN'): void {
  if (event === 'SIGNED_IN') signOutNotice = null;
  writeSessionCookie(session);
  applySession(session, event);
}

/** Keeps the stored user in step after PUT /auth/v1/user (name, colour scheme). */
export function updateSessionUser(user: AuthUser): void {
  if (!state.session) return;
  const session = { ...state.session, user };
  writeSessionCookie(session);
  applySession(session, 'USER_UPDATED');
}

/** Another tab may have refreshed (or ended) the session since this tab last looked. */
function adoptStoredSession(): 'adopted' | 'same' | 'gone' {
  const stored = readSessionCookie();
  if (!stored) return 'gone';
  const current = state.session;
  // Access tokens are unique per refresh (the refresh token itself is in an httpOnly cookie, out of script's reach).
  if (!current || (stored.access_token !== current.access_token && stored.expires_at >= current.expires_at)) {
    applySession(stored, current ? 'TOKEN_REFRESHED' : 'SIGNED_IN');
    return 'adopted';
  }
  return 'same';
}

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('precinct-auth-refresh', work);
  }
  return work();
}

/**
 * Refreshes the session now (once, however many callers ask at the same time). Resolves with the
 * session to use, or null when the user is signed out (the server refused the refresh token).
 */
export function refreshSession(): Promise<Session | null> {
  refreshInFlight ??= withRefreshLock(async () => {
    const adopted = adoptStoredSession();
    if (adopted === 'gone') {
      clearLocalSession();
      return null;
    }
    const current = state.session;
    if (!current) return null;
    if (adopted === 'adopted' && expiresInMs(current) > REFRESH_MARGIN_MS) return current;
    try {
      const session = await refreshSessionRequest(current);
      setSession(session, 'TOKEN_REFRESHED');
      return session;
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        // Spent, revoked or expired: unless another tab already holds a newer session, we are signed out.
        if (adoptStoredSession() === 'adopted' && state.session && state.session.access_token !== current.access_token) {
          return state.session;
        }
        clearLocalSession('session_ended', signOutNoticeFor(error));
        return null;
      }
      // No answer or a server failure: keep the session and try again shortly.
      scheduleRefresh(REFRESH_RETRY_MS);
      return state.session;
    }
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** The access token to send, refreshed first when it is about to expire; null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const session = state.session;
  if (!session) return null;
  if (expiresInMs(session) > REFRESH_MARGIN_MS / 2) return session.access_token;
  const refreshed = await refreshSession();
  return refreshed?.access_token ?? null;
}

/**
 * Forgets the session in this browser: cookie, claims, and every entry of both storages. When the
 * session ended rather than the user signing out, `notice` (or a generic one) is kept in memory for
 * /login to explain why.
 */
export function clearLocalSession(reason: SignOutReason = 'session_ended', notice?: SignOutNotice): void {
  if (reason === 'session_ended' && (state.session !== null || notice)) signOutNotice = notice ?? GENERIC_SESSION_END;
  if (reason === 'user') signOutNotice = null;
  forgetStoredSession();
  if (state.session === null && state.claims === null) {
    scheduleRefresh();
    return;
  }
  applySession(null, 'SIGNED_OUT', { reason });
}

/** Why the server ended the last session (null after a sign-out the user asked for, or a new sign-in). */
export function getSignOutNotice(): SignOutNotice | null {
  return signOutNotice;
}

/** Told when an API call answers 403 insufficient_aal: the user must verify (or enrol) a second factor. */
export function subscribeSecondFactorNeeded(listener: () => void): () => void {
  secondFactorListeners.add(listener);
  return () => secondFactorListeners.delete(listener);
}

/**
 * Every error answer to a request that carried the user's token passes here: an ended session
 * (401 session_not_found, e.g. idle past the agency's limit) signs this browser out with the
 * server's reason, and so does an access token the server cannot read (401 bad_jwt, not expiry); a missing second factor (403 insufficient_aal) is announced to the app.
 */
export function handleAuthenticatedError(error: ApiError): void {
  if (endsSession(error) && state.session) {
    clearLocalSession('session_ended', signOutNoticeFor(error));
    return;
  }
  if (unreadableToken(error) && state.session) {
    clearLocalSession('session_ended', UNREADABLE_SESSION);
    return;
  }
  if (error.status === 403 && error.code === 'insufficient_aal') for (const listener of secondFactorListeners) listener();
}

/**
 * Signs out: ends the session on the server (best effort), then clears the browser (spec section 4).
 * Offline, the server never hears of it and the httpOnly refresh cookie stays, out of script's reach;
 * but it refreshes only with the refresh_binding the cleared session kept, so it is of no more use.
 */
export async function signOut(): Promise<void> {
  const token = state.session?.access_token;
  if (token) {
    await logoutRequest(token).catch(() => undefined);
  }
  clearLocalSession('user');
}

/**
 * Reads the stored session at start-up, refreshing it first when it has expired or is about to,
 * and keeps this tab in step with the others (a sign-out or refresh elsewhere) when it regains focus.
 */
export async function startAuth(): Promise<void> {
  if (started) return;
  started = true;
  configureApiClient({ onAuthenticatedError: handleAuthenticatedError });
  startSessionWatch({ isSignedIn });
  const stored = readSessionCookie();
  applySession(stored, 'INITIAL_SESSION');
  if (stored && expiresInMs(stored) <= REFRESH_MARGIN_MS) await refreshSession();
  const resync = () => {
    if (document.visibilityState !== 'visible') return;
    const outcome = adoptStoredSession();
    if (outcome === 'gone' && state.session) clearLocalSession();
    else if (state.session && expiresInMs(state.session) <= REFRESH_MARGIN_MS) void refreshSession();
  };
  document.addEventListener('visibilitychange', resync);
  window.addEventListener('focus', resync);
}
