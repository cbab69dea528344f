import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** Removes the agency's logo; the answer replaces the cached agency. */
export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(adminApi.removeLogo),
    onSuccess: (agency) => queryClient.setQueryData(queryKey(adminApi.getAgency), agency),
  });
}
