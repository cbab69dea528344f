import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';
import { FACTORS_QUERY_KEY } from './list-factors.ts';

/**
 * DELETE /auth/v1/factors/{factorId}. Needs an aal2 session when the user has a verified factor:
 * otherwise the answer is 403 insufficient_aal, and the user verifies a factor first.
 */
export function removeFactor(factorId: string): Promise<unknown> {
  return apiRequest(`/auth/v1/factors/${encodeURIComponent(factorId)}`, { method: 'DELETE', schema: z.unknown() });
}

export function useRemoveFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: FACTORS_QUERY_KEY }) });
}
