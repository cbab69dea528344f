import { Session } from '../../core/contracts/auth.ts';
import { apiRequest } from '../app/api-client.ts';

/** POST /auth/v1/token?grant_type=refresh_token: a new session for a refresh token (single use). */
export function refreshSessionRequest(refreshToken: string): Promise<Session> {
  return apiRequest('/auth/v1/token', {
    method: 'POST',
    query: { grant_type: 'refresh_token' },
    body: { refresh_token: refreshToken },
    auth: false,
    schema: Session,
  });
}
