import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import { callEndpoint } from '../lib/api.ts';

/**
 * Removes a factor. Needs an aal2 session when the user has a verified factor: otherwise the answer
 * is 403 insufficient_aal, and the user verifies a factor first.
 */
export function removeFactor(factorId: string): Promise<undefined> {
  return callEndpoint(authApi.removeFactor, { params: { factorId } });
}

export function useRemoveFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: authApi.listFactors.key }) });
}
