import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Factor } from '../../core/contracts/mfa.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FACTORS_QUERY_KEY } from './list-factors.ts';

/** PATCH /auth/v1/factors/{factorId}: gives a factor a new name. */
export function renameFactor({ factorId, friendlyName }: { factorId: string; friendlyName: string }): Promise<Factor> {
  return apiRequest(`/auth/v1/factors/${encodeURIComponent(factorId)}`, { method: 'PATCH', body: { friendly_name: friendlyName }, schema: Factor });
}

export function useRenameFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: FACTORS_QUERY_KEY }) });
}
