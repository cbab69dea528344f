import { queryOptions, useQuery } from '@tanstack/react-query';
import { RoleDetail } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** GET /rest/v1/admin/roles/:id: the role with its members and version. */
export function getRole(id: string): Promise<RoleDetail> {
  return apiRequest(`${ADMIN_API}/roles/${encodeURIComponent(id)}`, { schema: RoleDetail });
}

export function roleQueryOptions(id: string) {
  return queryOptions({ queryKey: adminKeys.role(id), queryFn: () => getRole(id) });
}

export function useRole(id: string) {
  return useQuery(roleQueryOptions(id));
}
