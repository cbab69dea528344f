import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';

/** The one-click actions on a person, each an entry of the admin API answering the user. */
export const USER_ACTIONS = {
  disable: adminApi.disableUser,
  enable: adminApi.enableUser,
  unlock: adminApi.unlockUser,
  resetFactors: adminApi.resetUserFactors,
  resendInvitation: adminApi.resendInvitation,
  revokeInvitation: adminApi.revokeInvitation,
} as const;

export type UserAction = keyof typeof USER_ACTIONS;

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) => callEndpoint(USER_ACTIONS[action], { params: { id } }),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKey(adminApi.getUser, user.id), user);
      await invalidateEndpoints(queryClient, adminApi.listUsers, adminApi.getUser, adminApi.getOverview);
    },
  });
}
