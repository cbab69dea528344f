import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOverview } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** GET /rest/v1/admin/overview: users by status, role count, modules and recent admin activity. */
export function getOverview(): Promise<AdminOverview> {
  return apiRequest(`${ADMIN_API}/overview`, { schema: AdminOverview });
}

export const overviewQueryOptions = queryOptions({ queryKey: adminKeys.overview(), queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
