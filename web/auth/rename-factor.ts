import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import { callEndpoint } from '../lib/api.ts';

/** Gives a factor a new name. */
export function renameFactor({ factorId, friendlyName }: { factorId: string; friendlyName: string }) {
  return callEndpoint(authApi.renameFactor, { params: { factorId }, body: { friendly_name: friendlyName } });
}

export function useRenameFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: authApi.listFactors.key }) });
}
