import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ModuleState } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** GET /rest/v1/admin/modules: every module with its switch. */
export function listModules(): Promise<ModuleState[]> {
  return apiRequest(`${ADMIN_API}/modules`, { schema: z.array(ModuleState) });
}

export const modulesQueryOptions = queryOptions({ queryKey: adminKeys.modules(), queryFn: listModules });

export function useModules() {
  return useQuery(modulesQueryOptions);
}
