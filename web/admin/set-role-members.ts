import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoleDetail } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** PUT /rest/v1/admin/roles/:id/members { user_ids }: the role's whole member list. */
export function setRoleMembers(id: string, userIds: string[]): Promise<RoleDetail> {
  return apiRequest(`${ADMIN_API}/roles/${encodeURIComponent(id)}/members`, { method: 'PUT', body: { user_ids: userIds }, schema: RoleDetail });
}

export function useSetRoleMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: string; userIds: string[] }) => setRoleMembers(id, userIds),
    onSuccess: (role) => {
      queryClient.setQueryData(adminKeys.role(role.id), role);
      return Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.roles() }), queryClient.invalidateQueries({ queryKey: adminKeys.users() })]);
    },
  });
}
