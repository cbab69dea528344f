import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import type { ModuleKey } from '../../core/modules.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';
import { refreshProfile } from '../lib/session/get-profile.ts';

/** Switches a module (its API answers 403 at once when off), then refreshes the signed-in profile so navigation follows at once. */
export function useSetModuleEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ module, enabled }: { module: ModuleKey; enabled: boolean }) =>
      callEndpoint(adminApi.setModule, { params: { module }, body: { enabled } }),
    onSuccess: async (modules) => {
      queryClient.setQueryData(queryKey(adminApi.listModules), modules);
      await Promise.all([refreshProfile(queryClient), invalidateEndpoints(queryClient, adminApi.getOverview)]);
    },
  });
}
