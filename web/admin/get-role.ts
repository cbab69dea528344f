import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** The role with its members and version. */
export function roleQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKey(adminApi.getRole, id),
    queryFn: ({ signal }) => callEndpoint(adminApi.getRole, { params: { id }, signal }),
  });
}

export function useRole(id: string) {
  return useQuery(roleQueryOptions(id));
}
