import { authApi } from '../../../core/contracts/auth-api.ts';
import type { Session } from '../../../core/contracts/auth.ts';
import { callEndpoint } from '../api.ts';

/**
 * A new session for the refresh token (single use): the httpOnly cookie the server set, which only
 * this endpoint receives, sent with the refresh_binding the stored session keeps (without it the
 * server refuses the cookie, so a session cleared on this device, offline too, cannot be revived);
 * or a refresh token given (a session made outside the browser, as the tests do). A public call, so
 * it never asks for the stored session's token (which would start a refresh of its own). Sent as a
 * background request; the server refuses it (400 session_not_found, hint idle) once the session has
 * been idle past the agency's limit.
 */
export function refreshSessionRequest(current: Pick<Session, 'refresh_token' | 'refresh_binding'>): Promise<Session> {
  return callEndpoint(authApi.token, {
    query: { grant_type: 'refresh_token' },
    body: current.refresh_token
      ? { refresh_token: current.refresh_token }
      : current.refresh_binding
        ? { refresh_binding: current.refresh_binding }
        : {},
    // A refresh is the client's own doing: it must never keep an idle session alive.
    background: true,
  });
}
