import { Session } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';

/**
 * POST /auth/v1/token?grant_type=refresh_token: a new session for a refresh token (single use). Sent
 * as a background request; the server refuses it (400 session_not_found, hint idle) once the session
 * has been idle past the agency's limit.
 */
export function refreshSessionRequest(refreshToken: string): Promise<Session> {
  return apiRequest('/auth/v1/token', {
    method: 'POST',
    query: { grant_type: 'refresh_token' },
    body: { refresh_token: refreshToken },
    auth: false,
    // A refresh is the client's own doing: it must never keep an idle session alive.
    background: true,
    schema: Session,
  });
}
