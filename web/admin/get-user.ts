import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUser } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** GET /rest/v1/admin/users/:id: one person with their version (the ETag an edit must carry). */
export function getUser(id: string): Promise<AdminUser> {
  return apiRequest(`${ADMIN_API}/users/${encodeURIComponent(id)}`, { schema: AdminUser });
}

export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: adminKeys.user(id), queryFn: () => getUser(id) });
}

export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
}
