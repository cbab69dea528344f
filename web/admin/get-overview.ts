import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** Users by status, role count, modules and recent admin activity. */
export const overviewQueryOptions = queryOptions({
  queryKey: queryKey(adminApi.getOverview),
  queryFn: ({ signal }) => callEndpoint(adminApi.getOverview, { signal }),
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
