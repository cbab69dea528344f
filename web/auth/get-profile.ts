import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { UserProfile } from '../../core/contracts/agency.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useAuthState } from './session.ts';

/**
 * GET /rest/v1/profile: the user with their agency and its sys_config. Loaded once per session
 * (kept until sign-out clears the cache) and refreshed by invalidating ['profile'] when an admin
 * changes the agency's modules.
 */
export function getProfile(): Promise<UserProfile> {
  return apiRequest('/rest/v1/profile', { schema: UserProfile });
}

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...PROFILE_QUERY_KEY, userId] as const,
    queryFn: getProfile,
    staleTime: Infinity,
  });
}

/** The signed-in user's profile; idle while signed out. */
export function useProfile() {
  const { session } = useAuthState();
  return useQuery({ ...profileQueryOptions(session?.user.id ?? ''), enabled: session !== null });
}

/** Reloads the profile: after an admin changes the agency's modules or settings. */
export function refreshProfile(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
}
