import { queryOptions, useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** The officer's vehicles (assigned first), open requests and today's checks. */
export function fleetHomeQueryOptions() {
  return queryOptions({ queryKey: queryKey(fleetApi.home), queryFn: ({ signal }) => callEndpoint(fleetApi.home, { signal }) });
}

export function useFleetHome() {
  return useQuery(fleetHomeQueryOptions());
}
