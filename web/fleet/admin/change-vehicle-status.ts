import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type VehicleStatus } from '../../../core/contracts/fleet.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../../lib/api.ts';

/** In service, out of service or retired, with the reason. */
export function useChangeVehicleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: VehicleStatus; reason: string }) =>
      callEndpoint(fleetApi.changeVehicleStatus, { params: { id }, body: { status, reason } }),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(queryKey(fleetApi.getVehicle, vehicle.id), vehicle);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKey(fleetApi.getVehicleTimeline, vehicle.id) }),
        invalidateEndpoints(queryClient, fleetApi.getDashboard, fleetApi.listVehicles),
      ]);
    },
  });
}
