import { queryOptions, useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';

/** The officer's vehicles (assigned first), open requests and today's checks; kept on the device for reading offline. */
export function fleetHomeQueryOptions() {
  return queryOptions({
    queryKey: queryKey(fleetApi.home),
    queryFn: ({ signal }) => callEndpoint(fleetApi.home, { signal }),
    ...offlineReadable(),
  });
}

export function useFleetHome() {
  return useQuery(fleetHomeQueryOptions());
}
