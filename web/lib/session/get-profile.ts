import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { accountApi } from '../../../core/contracts/auth-api.ts';
import { callEndpoint, queryKey } from '../api.ts';
import { offlineReadable } from '../offline-reads/offline-query.ts';
import { useAuthState } from './session.ts';

/**
 * The user with their agency and its sys_config. Loaded once per session (kept until sign-out clears
 * the cache) and refreshed by invalidating `accountApi.getProfile.key` when an admin changes the
 * agency's modules or settings. Kept on the device (offline-query.ts) first of all: every guarded
 * screen waits for it, so without it nothing opens offline.
 */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKey(accountApi.getProfile, userId),
    queryFn: ({ signal }) => callEndpoint(accountApi.getProfile, { signal }),
    staleTime: Infinity,
    ...offlineReadable({ essential: true }),
  });
}

/** The signed-in user's profile; idle while signed out. */
export function useProfile() {
  const { session } = useAuthState();
  return useQuery({ ...profileQueryOptions(session?.user.id ?? ''), enabled: session !== null });
}

/** Reloads the profile: after an admin changes the agency's modules or settings. */
export function refreshProfile(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountApi.getProfile.key });
}
