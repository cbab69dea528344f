import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, type UserSession } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** A person's signed-in sessions (browsers and devices), for the user drawer. */
export function userSessionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKey(adminApi.listUserSessions, userId),
    queryFn: ({ signal }) => callEndpoint(adminApi.listUserSessions, { params: { id: userId }, signal }),
  });
}

export function useUserSessions(userId: string) {
  return useQuery(userSessionsQueryOptions(userId));
}

/** Ends one session (`sessionId`) or every session of the person; the answer is the sessions left. */
export function useEndSessions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | null): Promise<UserSession[]> =>
      sessionId
        ? callEndpoint(adminApi.endUserSession, { params: { id: userId, session_id: sessionId } })
        : callEndpoint(adminApi.endUserSessions, { params: { id: userId } }),
    onSuccess: (left) => queryClient.setQueryData(userSessionsQueryOptions(userId).queryKey, left),
  });
}
