import { queryOptions, useQuery } from '@tanstack/react-query';
import { FleetHome } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-request.ts';

/** GET /rest/v1/fleet/home: the officer's vehicles (assigned first), open requests and today's checks. */
export function getFleetHome(signal?: AbortSignal): Promise<FleetHome> {
  return apiRequest(`${FLEET_API}/home`, { schema: FleetHome, signal });
}

export function fleetHomeQueryOptions() {
  return queryOptions({ queryKey: fleetKeys.home(), queryFn: ({ signal }) => getFleetHome(signal) });
}

export function useFleetHome() {
  return useQuery(fleetHomeQueryOptions());
}
