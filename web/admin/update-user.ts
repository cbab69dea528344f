import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, type UpdateUserInput } from '../../core/contracts/admin.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';

/** Saves a person against the version the admin saw: 412 when someone else saved first. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: UpdateUserInput; version: number }) =>
      callEndpoint(adminApi.updateUser, { params: { id }, body: input, version }),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKey(adminApi.getUser, user.id), user);
      await invalidateEndpoints(queryClient, adminApi.listUsers, adminApi.getUser, adminApi.listRoles, adminApi.getRole);
    },
  });
}
