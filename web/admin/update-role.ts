import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoleDetail, type UpdateRoleInput } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys, ifMatch } from './admin-request.ts';

/** PATCH /rest/v1/admin/roles/:id (If-Match): 412 when stale, 409 when it would leave no administrator. */
export function updateRole(id: string, input: UpdateRoleInput, version: number): Promise<RoleDetail> {
  return apiRequest(`${ADMIN_API}/roles/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, headers: ifMatch(version), schema: RoleDetail });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: UpdateRoleInput; version: number }) => updateRole(id, input, version),
    onSuccess: (role) => {
      queryClient.setQueryData(adminKeys.role(role.id), role);
      return Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.roles() }), queryClient.invalidateQueries({ queryKey: adminKeys.users() })]);
    },
  });
}
