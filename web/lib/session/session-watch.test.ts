import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.ts';
import {
  classifyRequestAt,
  KEEP_ALIVE_EVERY_MS,
  PROBE_AFTER_QUIET_MS,
  shouldKeepAlive,
  shouldProbe,
  USER_CAUSED_WINDOW_MS,
} from './session-watch.ts';
import { endsSession, GENERIC_SESSION_END, signOutNoticeFor } from './sign-out-notice.ts';

const T = 1_000_000;

describe('which requests count as the user being active', () => {
  it('counts a request right after input as the user’s, and a later one as the app’s own', () => {
    expect(classifyRequestAt({ now: T, lastInputAt: T - 200 })).toBe('user');
    expect(classifyRequestAt({ now: T, lastInputAt: T - USER_CAUSED_WINDOW_MS })).toBe('user');
    expect(classifyRequestAt({ now: T, lastInputAt: T - USER_CAUSED_WINDOW_MS - 1 })).toBe('background');
  });

  it('reports input that caused no request with a keep-alive, at most every 20 s, and only when signed in', () => {
    expect(shouldKeepAlive({ now: T, lastInputAt: T, lastUserRequestAt: T - KEEP_ALIVE_EVERY_MS, signedIn: true })).toBe(true);
    expect(shouldKeepAlive({ now: T, lastInputAt: T, lastUserRequestAt: T - KEEP_ALIVE_EVERY_MS + 1, signedIn: true })).toBe(false);
    expect(shouldKeepAlive({ now: T, lastInputAt: T, lastUserRequestAt: 0, signedIn: false })).toBe(false);
  });

  it('probes the session only after a minute (the shortest agency limit) without input or user request', () => {
    const quiet = T - PROBE_AFTER_QUIET_MS;
    expect(shouldProbe({ now: T, lastInputAt: quiet, lastUserRequestAt: quiet, signedIn: true })).toBe(true);
    expect(shouldProbe({ now: T, lastInputAt: quiet + 1, lastUserRequestAt: quiet, signedIn: true })).toBe(false);
    expect(shouldProbe({ now: T, lastInputAt: quiet, lastUserRequestAt: quiet + 1, signedIn: true })).toBe(false);
    expect(shouldProbe({ now: T, lastInputAt: 0, lastUserRequestAt: 0, signedIn: false })).toBe(false);
  });
});

describe('the notice after the server ends a session', () => {
  const idle = new ApiError(401, {
    message: 'You were signed out after 1 minutes without activity; sign in again',
    details: null,
    hint: 'idle',
    code: 'session_not_found',
  });
  const refreshIdle = new ApiError(400, {
    message: 'You were signed out after 30 minutes without activity; sign in again',
    details: null,
    hint: 'idle',
    code: 'session_not_found',
  });
  const revoked = new ApiError(401, {
    message: 'Your session has ended; sign in again',
    details: null,
    hint: null,
    code: 'session_not_found',
  });
  const forbidden = new ApiError(403, { message: 'No', details: null, hint: null, code: 'forbidden' });

  it('uses the server’s sentence, and marks inactivity as such', () => {
    expect(signOutNoticeFor(idle)).toEqual({ title: 'Signed out for inactivity', message: idle.message, idle: true });
    expect(signOutNoticeFor(refreshIdle).idle).toBe(true);
    expect(signOutNoticeFor(revoked)).toEqual({ title: 'You were signed out', message: revoked.message, idle: false });
  });

  it('falls back to a generic notice for other failures', () => {
    expect(signOutNoticeFor(forbidden)).toBe(GENERIC_SESSION_END);
    expect(signOutNoticeFor(new Error('x'))).toBe(GENERIC_SESSION_END);
  });

  it('treats session_not_found (401 on a request, 400 on a refresh) as the end of the session, and nothing else', () => {
    expect(endsSession(idle)).toBe(true);
    expect(endsSession(refreshIdle)).toBe(true);
    expect(endsSession(forbidden)).toBe(false);
    expect(endsSession(new Error('x'))).toBe(false);
  });
});
