import { queryOptions } from '@tanstack/react-query';
import { Session, type VerifyInput } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';

/** POST /auth/v1/verify: trades an e-mailed token (sign-up confirmation or recovery) for a session. */
export function verifyToken(input: VerifyInput): Promise<Session> {
  return apiRequest('/auth/v1/verify', { method: 'POST', body: input, auth: false, schema: Session });
}

/**
 * A query rather than a mutation on purpose: the token is single use, and a query keyed by it runs
 * once however often the screen renders or mounts (React's development double mount included).
 */
export function verifyTokenQueryOptions(input: VerifyInput) {
  return queryOptions({
    queryKey: ['auth', 'verify', input.type, input.token] as const,
    queryFn: () => verifyToken(input),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
