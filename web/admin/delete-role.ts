import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';

/** Deletes a role: refused (409, with the reason) while the role has members. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(adminApi.deleteRole, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKey(adminApi.getRole, id) });
      return invalidateEndpoints(queryClient, adminApi.listRoles, adminApi.getRole, adminApi.getOverview);
    },
  });
}
