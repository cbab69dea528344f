import { queryOptions } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import type { Session, VerifyInput } from '../../core/contracts/auth.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** Trades an e-mailed token (sign-up confirmation or recovery) for a session. */
export function verifyToken(input: VerifyInput): Promise<Session> {
  return callEndpoint(authApi.verify, { body: input });
}

/**
 * A query rather than a mutation on purpose: the token is single use, and a query keyed by it runs
 * once however often the screen renders or mounts (React's development double mount included).
 */
export function verifyTokenQueryOptions(input: VerifyInput) {
  return queryOptions({
    queryKey: queryKey(authApi.verify, input.type, input.token),
    queryFn: () => verifyToken(input),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
