import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** One person with their version (the ETag an edit must carry). */
export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKey(adminApi.getUser, id),
    queryFn: ({ signal }) => callEndpoint(adminApi.getUser, { params: { id }, signal }),
  });
}

export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
}
