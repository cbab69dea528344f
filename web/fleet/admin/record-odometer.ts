import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../../lib/api.ts';

/** A reading in whole miles. */
export function useRecordOdometer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reading }: { id: string; reading: number }) =>
      callEndpoint(fleetApi.recordOdometer, { params: { id }, body: { reading } }),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(queryKey(fleetApi.getVehicle, vehicle.id), vehicle);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKey(fleetApi.getVehicleTimeline, vehicle.id) }),
        invalidateEndpoints(queryClient, fleetApi.listVehicles),
      ]);
    },
  });
}
