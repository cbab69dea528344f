import { queryOptions, useQuery } from '@tanstack/react-query';
import { FleetSettings } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-request.ts';

/** GET /rest/v1/fleet/settings: service categories, vehicle types, whether a check is due each shift. */
export function getFleetSettings(signal?: AbortSignal): Promise<FleetSettings> {
  return apiRequest(`${FLEET_API}/settings`, { schema: FleetSettings, signal });
}

export function fleetSettingsQueryOptions() {
  return queryOptions({ queryKey: fleetKeys.settings(), queryFn: ({ signal }) => getFleetSettings(signal), staleTime: 5 * 60_000 });
}

export function useFleetSettings() {
  return useQuery(fleetSettingsQueryOptions());
}
