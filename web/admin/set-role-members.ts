import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';

/** The role's whole member list. */
export function useSetRoleMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: string; userIds: string[] }) =>
      callEndpoint(adminApi.setRoleMembers, { params: { id }, body: { user_ids: userIds } }),
    onSuccess: (role) => {
      queryClient.setQueryData(queryKey(adminApi.getRole, role.id), role);
      return invalidateEndpoints(queryClient, adminApi.listRoles, adminApi.getRole, adminApi.listUsers, adminApi.getUser);
    },
  });
}
