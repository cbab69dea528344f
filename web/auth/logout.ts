import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

/** POST /auth/v1/logout (Bearer): ends this session on the server. */
export function logoutRequest(accessToken: string): Promise<unknown> {
  return apiRequest('/auth/v1/logout', {
    method: 'POST',
    query: { scope: 'local' },
    headers: { authorization: `Bearer ${accessToken}` },
    auth: false,
    schema: z.unknown(),
  });
}
