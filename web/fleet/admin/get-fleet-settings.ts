import { useQuery } from '@tanstack/react-query';
import { FleetSettings } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** GET /rest/v1/fleet/settings: vehicle types, service categories, default templates. */
export function getFleetSettings(signal?: AbortSignal): Promise<FleetSettings> {
  return apiRequest(`${FLEET_API}/settings`, { schema: FleetSettings, signal });
}

export function useFleetSettings() {
  return useQuery({ queryKey: fleetKeys.settings(), queryFn: ({ signal }) => getFleetSettings(signal), staleTime: 60_000 });
}
