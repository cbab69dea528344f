import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../../lib/api.ts';

/**
 * The vehicle's photo becomes an image uploaded through storage (`photoId`), or none (null), against
 * the version the office saw: 412 when someone else saved first.
 */
export function useSetVehiclePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photoId, version }: { id: string; photoId: string | null; version: number }) =>
      callEndpoint(fleetApi.setVehiclePhoto, { params: { id }, body: { photo_id: photoId }, version }),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(queryKey(fleetApi.getVehicle, vehicle.id), vehicle);
      await invalidateEndpoints(queryClient, fleetApi.listVehicles);
    },
  });
}
