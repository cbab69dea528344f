import { useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/**
 * A vehicle's service intervals and where each stands. Keyed by the query, so invalidating
 * `queryKey(fleetApi.listMaintenance, { vehicle_id })` reloads that vehicle's list.
 */
export function useVehicleMaintenance(vehicleId: string) {
  const query = { state: 'all', vehicle_id: vehicleId } as const;
  return useQuery({
    queryKey: queryKey(fleetApi.listMaintenance, query),
    queryFn: ({ signal }) => callEndpoint(fleetApi.listMaintenance, { query, signal }),
  });
}
