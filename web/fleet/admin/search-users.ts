import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** The agency's active people by name (20 at most), and the current choice; keeps the previous answer on screen while the next search loads. */
export function useUserSearch(q: string, include: string | null) {
  const query = { ...(q.trim() ? { q: q.trim() } : {}), ...(include ? { include } : {}) };
  return useQuery({
    queryKey: queryKey(fleetApi.searchUsers, query),
    queryFn: ({ signal }) => callEndpoint(fleetApi.searchUsers, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
