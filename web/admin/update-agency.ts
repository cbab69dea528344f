import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, type UpdateAgencyInput } from '../../core/contracts/admin.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';
import { refreshProfile } from '../lib/session/get-profile.ts';

/**
 * Saves against the version the admin saw (412 when someone else saved first), then reloads the
 * signed-in profile so the new timezone and clock apply across the app at once.
 */
export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: UpdateAgencyInput; version: number }) =>
      callEndpoint(adminApi.updateAgency, { body: input, version }),
    onSuccess: async (agency) => {
      queryClient.setQueryData(queryKey(adminApi.getAgency), agency);
      await Promise.all([refreshProfile(queryClient), invalidateEndpoints(queryClient, adminApi.getOverview)]);
    },
  });
}
