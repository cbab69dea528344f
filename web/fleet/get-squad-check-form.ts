import { queryOptions, useQuery } from '@tanstack/react-query';
import { SquadCheckForm } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-request.ts';

/** GET /rest/v1/fleet/squad-checks/form/:vehicleId: the vehicle, its template, and the officer's saved draft. */
export function getSquadCheckForm(vehicleId: string, signal?: AbortSignal): Promise<SquadCheckForm> {
  return apiRequest(`${FLEET_API}/squad-checks/form/${encodeURIComponent(vehicleId)}`, { schema: SquadCheckForm, signal });
}

export function squadCheckFormQueryOptions(vehicleId: string) {
  // The draft is read once when the form opens; refetching later would overwrite what is being typed.
  return queryOptions({ queryKey: fleetKeys.squadCheckForm(vehicleId), queryFn: ({ signal }) => getSquadCheckForm(vehicleId, signal), staleTime: Infinity, gcTime: 0 });
}

export function useSquadCheckForm(vehicleId: string | null) {
  return useQuery({ ...squadCheckFormQueryOptions(vehicleId ?? ''), enabled: vehicleId !== null });
}
