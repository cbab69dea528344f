import { queryOptions, useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

const MINE = { order: 'newest', page_size: 50 } as const;

/** The requests the officer reported, newest first. */
export function myServiceRequestsQueryOptions() {
  return queryOptions({
    queryKey: queryKey(fleetApi.listMyServiceRequests, MINE),
    queryFn: ({ signal }) => callEndpoint(fleetApi.listMyServiceRequests, { query: MINE, signal }),
  });
}

export function useMyServiceRequests() {
  return useQuery(myServiceRequestsQueryOptions());
}
