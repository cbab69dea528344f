import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { apiKey, callEndpoint } from '../lib/api.ts';

/** Invites every row of a CSV, or none and a report of every bad row. */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callEndpoint(adminApi.importUsers, { body: { csv } }),
    onSuccess: (result) => {
      if (result.created > 0) void queryClient.invalidateQueries({ queryKey: apiKey(adminApi) });
    },
  });
}
