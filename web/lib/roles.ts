import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from './api.ts';

/** The agency's roles with their permissions and member counts. */
export const rolesQueryOptions = queryOptions({
  queryKey: queryKey(adminApi.listRoles),
  queryFn: ({ signal }) => callEndpoint(adminApi.listRoles, { signal }),
});

export function useRoles() {
  return useQuery(rolesQueryOptions);
}
