import { useQuery } from '@tanstack/react-query';
import { Vehicle } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** GET /rest/v1/fleet/admin/vehicles/:id: one vehicle with its version (the ETag an edit must carry). */
export function getVehicle(id: string, signal?: AbortSignal): Promise<Vehicle> {
  return apiRequest(`${FLEET_API}/admin/vehicles/${encodeURIComponent(id)}`, { schema: Vehicle, signal });
}

export function useVehicle(id: string) {
  return useQuery({ queryKey: fleetKeys.vehicle(id), queryFn: ({ signal }) => getVehicle(id, signal) });
}
