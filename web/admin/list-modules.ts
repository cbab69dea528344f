import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** Every module with its switch. */
export const modulesQueryOptions = queryOptions({
  queryKey: queryKey(adminApi.listModules),
  queryFn: ({ signal }) => callEndpoint(adminApi.listModules, { signal }),
});

export function useModules() {
  return useQuery(modulesQueryOptions);
}
