import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Role } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** GET /rest/v1/admin/roles: the agency's roles with their permissions and member counts. */
export function listRoles(): Promise<Role[]> {
  return apiRequest(`${ADMIN_API}/roles`, { schema: z.array(Role) });
}

export const rolesQueryOptions = queryOptions({ queryKey: adminKeys.roles(), queryFn: listRoles });

export function useRoles() {
  return useQuery(rolesQueryOptions);
}
