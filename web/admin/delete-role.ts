import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** DELETE /rest/v1/admin/roles/:id: refused (409, with the reason) while the role has members. */
export async function deleteRole(id: string): Promise<void> {
  await apiRequest(`${ADMIN_API}/roles/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.role(id) });
      return Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.roles() }), queryClient.invalidateQueries({ queryKey: adminKeys.overview() })]);
    },
  });
}
