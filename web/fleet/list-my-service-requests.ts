import { queryOptions, useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';

const MINE = { order: 'newest', page_size: 50 } as const;

/** The requests the officer reported, newest first; kept on the device for reading offline. */
export function myServiceRequestsQueryOptions() {
  return queryOptions({
    queryKey: queryKey(fleetApi.listMyServiceRequests, MINE),
    queryFn: ({ signal }) => callEndpoint(fleetApi.listMyServiceRequests, { query: MINE, signal }),
    ...offlineReadable(),
  });
}

export function useMyServiceRequests() {
  return useQuery(myServiceRequestsQueryOptions());
}
