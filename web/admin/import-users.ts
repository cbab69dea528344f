import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportUsersResult } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** POST /rest/v1/admin/users/import { csv }: all rows are invited, or none and a report of every bad row. */
export function importUsers(csv: string): Promise<ImportUsersResult> {
  return apiRequest(`${ADMIN_API}/users/import`, { method: 'POST', body: { csv }, schema: ImportUsersResult });
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsers,
    onSuccess: (result) => {
      if (result.created > 0) void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
