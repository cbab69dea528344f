import { queryOptions, useQuery } from '@tanstack/react-query';
import { FactorList } from '../../core/contracts/mfa.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useAuthState } from './session.ts';

/** GET /auth/v1/factors: the user's factors, the session's level, the next level and whether aal2 is required. */
export function listFactors(): Promise<FactorList> {
  return apiRequest('/auth/v1/factors', { schema: FactorList });
}

export const FACTORS_QUERY_KEY = ['factors'] as const;

/**
 * Keyed by the session's access token as well as the user: a verified factor gives a new token
 * whose level (current_level) differs, so the list is read again for it.
 */
export function factorsQueryOptions(userId: string, accessToken: string) {
  return queryOptions({
    queryKey: [...FACTORS_QUERY_KEY, userId, accessToken] as const,
    queryFn: listFactors,
    // Factors change through this user's own actions, which invalidate the list.
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's factors; idle while signed out. */
export function useFactors() {
  const { session } = useAuthState();
  return useQuery({ ...factorsQueryOptions(session?.user.id ?? '', session?.access_token ?? ''), enabled: session !== null });
}
