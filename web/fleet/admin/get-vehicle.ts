import { useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** One vehicle with its version (the ETag an edit must carry). */
export function useVehicle(id: string) {
  return useQuery({
    queryKey: queryKey(fleetApi.getVehicle, id),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getVehicle, { params: { id }, signal }),
  });
}
