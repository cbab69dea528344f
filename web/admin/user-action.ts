import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUser } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** The one-click actions on a person, each a POST /rest/v1/admin/users/:id/<path> answering the user. */
export const USER_ACTIONS = {
  disable: 'disable',
  enable: 'enable',
  unlock: 'unlock',
  resetFactors: 'factors/reset',
  resendInvitation: 'invitation/resend',
  revokeInvitation: 'invitation/revoke',
} as const;
export type UserAction = keyof typeof USER_ACTIONS;

export function runUserAction(id: string, action: UserAction): Promise<AdminUser> {
  return apiRequest(`${ADMIN_API}/users/${encodeURIComponent(id)}/${USER_ACTIONS[action]}`, { method: 'POST', schema: AdminUser });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) => runUserAction(id, action),
    onSuccess: async (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.users() }), queryClient.invalidateQueries({ queryKey: adminKeys.overview() })]);
    },
  });
}
