import { useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** A vehicle's cost to date (its completed requests) and its latest work orders. */
export function useVehicleCosts(vehicleId: string) {
  return useQuery({
    queryKey: queryKey(fleetApi.getVehicleCosts, vehicleId),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getVehicleCosts, { params: { id: vehicleId }, signal }),
  });
}
