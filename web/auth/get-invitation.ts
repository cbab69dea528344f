import { queryOptions } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** Whom an invitation is for and which agency it joins (a public call: no session yet). */
export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKey(authApi.previewInvitation, token),
    queryFn: ({ signal }) => callEndpoint(authApi.previewInvitation, { query: { token }, signal }),
    staleTime: 5 * 60_000,
  });
}
