import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, type CreateRoleInput } from '../../core/contracts/admin.ts';
import { callEndpoint, IdempotencyKeys, invalidateEndpoints, queryKey } from '../lib/api.ts';

/**
 * Creates a role. The same form sent again after no answer came carries the same Idempotency-Key, so
 * the server replays its first answer instead of making a second role.
 */
export function useCreateRole() {
  const queryClient = useQueryClient();
  const [keys] = useState(() => new IdempotencyKeys());
  return useMutation({
    mutationFn: (input: CreateRoleInput) => callEndpoint(adminApi.createRole, { body: input, idempotencyKey: keys.keyFor(input) }),
    onSuccess: (role) => {
      keys.reset();
      queryClient.setQueryData(queryKey(adminApi.getRole, role.id), role);
      return invalidateEndpoints(queryClient, adminApi.listRoles, adminApi.getRole);
    },
  });
}
