import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, type UpdateRoleInput } from '../../core/contracts/admin.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';

/** Saves against the version the admin saw: 412 when stale, 409 when it would leave no administrator. */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: UpdateRoleInput; version: number }) =>
      callEndpoint(adminApi.updateRole, { params: { id }, body: input, version }),
    onSuccess: (role) => {
      queryClient.setQueryData(queryKey(adminApi.getRole, role.id), role);
      return invalidateEndpoints(queryClient, adminApi.listRoles, adminApi.getRole, adminApi.listUsers, adminApi.getUser);
    },
  });
}
