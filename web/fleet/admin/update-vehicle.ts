import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { fleetApi, type UpdateVehicleInput } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

export type VehicleChanges = z.input<typeof UpdateVehicleInput>;

/** Saves a vehicle's details against the version the office saw: 412 when someone else saved first. */
export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: VehicleChanges; version: number }) =>
      callEndpoint(fleetApi.updateVehicle, { params: { id }, body: input, version }),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(queryKey(fleetApi.getVehicle, vehicle.id), vehicle);
      await queryClient.invalidateQueries({ queryKey: fleetApi.listVehicles.key });
    },
  });
}
