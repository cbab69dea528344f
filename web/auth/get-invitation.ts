import { queryOptions } from '@tanstack/react-query';
import { InvitationPreview } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';

/** GET /auth/v1/invite?token=…: whom an invitation is for and which agency it joins. */
export function getInvitation(token: string): Promise<InvitationPreview> {
  return apiRequest('/auth/v1/invite', { query: { token }, auth: false, schema: InvitationPreview });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'invitation', token] as const,
    queryFn: () => getInvitation(token),
    staleTime: 5 * 60_000,
  });
}
