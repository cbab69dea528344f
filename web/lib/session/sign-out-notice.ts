import { isApiError } from '../api-error.ts';

/**
 * What /login tells a user whose session the server ended (CJIS AC-11 and AC-12): why they were
 * signed out and what to do. The server's own sentence is used when it gave one ("You were signed
 * out after 30 minutes without activity; sign in again").
 */
export type SignOutNotice = {
  title: string;
  message: string;
  /** True when the session ended because the user was inactive past the agency's limit. */
  idle: boolean;
};

export const GENERIC_SESSION_END: SignOutNotice = {
  title: 'You were signed out',
  message: 'Your session ended. Sign in again to carry on.',
  idle: false,
};

/** The stored session's access token could not be read (a broken cookie, or a token the server refuses as malformed). */
export const UNREADABLE_SESSION: SignOutNotice = {
  title: 'You were signed out',
  message: 'Your session could not be read; sign in again.',
  idle: false,
};

/**
 * Whether an error answer means the access token itself is unusable (malformed, bad signature, not
 * for this server): no refresh or retry mends that, so the browser signs out. An expired token is
 * not one of them; it is refreshed.
 */
export function unreadableToken(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === 'bad_jwt' && error.hint !== 'refresh the session';
}

/** Whether an error answer means the session is over (the server no longer knows it, or refused it). */
export function endsSession(error: unknown): boolean {
  return isApiError(error) && error.code === 'session_not_found' && (error.status === 401 || error.status === 400);
}

/** The notice for a session the server ended with `error` (null or another error: the generic notice). */
export function signOutNoticeFor(error: unknown): SignOutNotice {
  if (!isApiError(error) || error.code !== 'session_not_found') return GENERIC_SESSION_END;
  if (error.hint === 'idle') return { title: 'Signed out for inactivity', message: error.message, idle: true };
  return { title: 'You were signed out', message: error.message, idle: false };
}
