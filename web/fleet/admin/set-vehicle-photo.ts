import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Vehicle } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys, ifMatch } from './fleet-admin-request.ts';

/**
 * PUT /rest/v1/fleet/admin/vehicles/:id/photo (If-Match): the vehicle's photo becomes an image
 * uploaded through storage/v1 (`photoId`), or none (null). 412 when someone else saved first.
 */
export function setVehiclePhoto(id: string, photoId: string | null, version: number): Promise<Vehicle> {
  return apiRequest(`${FLEET_API}/admin/vehicles/${encodeURIComponent(id)}/photo`, { method: 'PUT', body: { photo_id: photoId }, headers: ifMatch(version), schema: Vehicle });
}

export function useSetVehiclePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photoId, version }: { id: string; photoId: string | null; version: number }) => setVehiclePhoto(id, photoId, version),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(fleetKeys.vehicle(vehicle.id), vehicle);
      await queryClient.invalidateQueries({ queryKey: ['fleet', 'vehicles', 'list'] });
    },
  });
}
