import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUser, type UpdateUserInput } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys, ifMatch } from './admin-request.ts';

/** PATCH /rest/v1/admin/users/:id (If-Match): 412 when someone else saved first. */
export function updateUser(id: string, input: UpdateUserInput, version: number): Promise<AdminUser> {
  return apiRequest(`${ADMIN_API}/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, headers: ifMatch(version), schema: AdminUser });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: UpdateUserInput; version: number }) => updateUser(id, input, version),
    onSuccess: async (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.users() }), queryClient.invalidateQueries({ queryKey: adminKeys.roles() })]);
    },
  });
}
