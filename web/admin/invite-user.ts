import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUser, type InviteUserInput } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** POST /rest/v1/admin/users: invites a person by e-mail (the mail leads to /signup with a token). */
export function inviteUser(input: InviteUserInput): Promise<AdminUser> {
  return apiRequest(`${ADMIN_API}/users`, { method: 'POST', body: input, schema: AdminUser });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.users() }), queryClient.invalidateQueries({ queryKey: adminKeys.overview() }), queryClient.invalidateQueries({ queryKey: adminKeys.roles() })]),
  });
}
