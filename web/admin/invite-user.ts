import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, type InviteUserInput } from '../../core/contracts/admin.ts';
import { callEndpoint, invalidateEndpoints } from '../lib/api.ts';

/** Invites a person by e-mail (the mail leads to /signup with a token). */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUserInput) => callEndpoint(adminApi.inviteUser, { body: input }),
    onSuccess: () =>
      invalidateEndpoints(queryClient, adminApi.listUsers, adminApi.getUser, adminApi.getOverview, adminApi.listRoles, adminApi.getRole),
  });
}
