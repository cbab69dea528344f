import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { useAuthState } from '../lib/session/session.ts';

/**
 * The user's factors, the session's level, the next level and whether aal2 is required. Keyed by the
 * session's access token as well as the user: a verified factor gives a new token whose level
 * (current_level) differs, so the list is read again for it. Invalidate `authApi.listFactors.key`
 * after a change.
 */
export function factorsQueryOptions(userId: string, accessToken: string) {
  return queryOptions({
    queryKey: queryKey(authApi.listFactors, userId, accessToken),
    queryFn: ({ signal }) => callEndpoint(authApi.listFactors, { signal }),
    // Factors change through this user's own actions, which invalidate the list.
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's factors; idle while signed out. */
export function useFactors() {
  const { session } = useAuthState();
  return useQuery({ ...factorsQueryOptions(session?.user.id ?? '', session?.access_token ?? ''), enabled: session !== null });
}
