import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fleetApi, type ListSquadChecksQuery } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

export type SquadChecksRequest = Partial<ListSquadChecksQuery>;

/** Submissions, only those with failures unless `failures=all`; keeps the previous page on screen while the next loads. */
export function useSquadChecks(query: SquadChecksRequest) {
  return useQuery({
    queryKey: queryKey(fleetApi.listSquadChecks, query),
    queryFn: ({ signal }) => callEndpoint(fleetApi.listSquadChecks, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
