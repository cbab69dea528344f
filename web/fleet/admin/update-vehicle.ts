import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Vehicle, type UpdateVehicleInput } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../app/api-client.ts';
import { FLEET_API, fleetKeys, ifMatch } from './fleet-admin-request.ts';

export type VehicleChanges = z.input<typeof UpdateVehicleInput>;

/** PATCH /rest/v1/fleet/admin/vehicles/:id (If-Match): 412 when someone else saved first. */
export function updateVehicle(id: string, input: VehicleChanges, version: number): Promise<Vehicle> {
  return apiRequest(`${FLEET_API}/admin/vehicles/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, headers: ifMatch(version), schema: Vehicle });
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: VehicleChanges; version: number }) => updateVehicle(id, input, version),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(fleetKeys.vehicle(vehicle.id), vehicle);
      await queryClient.invalidateQueries({ queryKey: ['fleet', 'vehicles', 'list'] });
    },
  });
}
