import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ModuleState } from '../../core/contracts/admin.ts';
import type { ModuleKey } from '../../core/modules.ts';
import { apiRequest } from '../lib/api-client.ts';
import { refreshProfile } from '../auth/get-profile.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** PUT /rest/v1/admin/modules/:module { enabled }: the module's API answers 403 at once when off. */
export function setModuleEnabled(module: ModuleKey, enabled: boolean): Promise<ModuleState[]> {
  return apiRequest(`${ADMIN_API}/modules/${module}`, { method: 'PUT', body: { enabled }, schema: z.array(ModuleState) });
}

/** Switches a module, then refreshes the signed-in profile so navigation follows at once. */
export function useSetModuleEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ module, enabled }: { module: ModuleKey; enabled: boolean }) => setModuleEnabled(module, enabled),
    onSuccess: async (modules) => {
      queryClient.setQueryData(adminKeys.modules(), modules);
      await Promise.all([refreshProfile(queryClient), queryClient.invalidateQueries({ queryKey: adminKeys.overview() })]);
    },
  });
}
