import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoleDetail, type CreateRoleInput } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** POST /rest/v1/admin/roles. */
export function createRole(input: CreateRoleInput): Promise<RoleDetail> {
  return apiRequest(`${ADMIN_API}/roles`, { method: 'POST', body: input, schema: RoleDetail });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: (role) => {
      queryClient.setQueryData(adminKeys.role(role.id), role);
      return queryClient.invalidateQueries({ queryKey: adminKeys.roles() });
    },
  });
}
