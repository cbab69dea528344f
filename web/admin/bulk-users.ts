import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, type BulkUsersInput } from '../../core/contracts/admin.ts';
import { callEndpoint, invalidateEndpoints } from '../lib/api.ts';

/** One action on the people chosen in the user list; the answer says what happened to each. */
export function useBulkUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkUsersInput) => callEndpoint(adminApi.bulkUsers, { body: input }),
    onSuccess: () =>
      invalidateEndpoints(queryClient, adminApi.listUsers, adminApi.getUser, adminApi.getOverview, adminApi.listRoles, adminApi.getRole),
  });
}
