import { authApi } from '../../../core/contracts/auth-api.ts';
import type { Session } from '../../../core/contracts/auth.ts';
import { callEndpoint } from '../api.ts';

/**
 * A new session for the refresh token (single use): the httpOnly cookie the server set, which only
 * this endpoint receives, or one given (a session made outside the browser, as the tests do). A
 * public call, so it never asks for the stored session's token (which would start a refresh of its own). Sent as a background request; the server
 * refuses it (400 session_not_found, hint idle) once the session has been idle past the agency's limit.
 */
export function refreshSessionRequest(refreshToken: string): Promise<Session> {
  return callEndpoint(authApi.token, {
    query: { grant_type: 'refresh_token' },
    body: refreshToken ? { refresh_token: refreshToken } : {},
    // A refresh is the client's own doing: it must never keep an idle session alive.
    background: true,
  });
}
