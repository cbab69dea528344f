import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** The agency profile with its version (the ETag an update must carry). */
export const agencyQueryOptions = queryOptions({
  queryKey: queryKey(adminApi.getAgency),
  queryFn: ({ signal }) => callEndpoint(adminApi.getAgency, { signal }),
});

export function useAgency() {
  return useQuery(agencyQueryOptions);
}
