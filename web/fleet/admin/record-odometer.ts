import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Vehicle } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** POST /rest/v1/fleet/admin/vehicles/:id/odometer: a reading in whole miles. */
export function recordOdometer(id: string, reading: number): Promise<Vehicle> {
  return apiRequest(`${FLEET_API}/admin/vehicles/${encodeURIComponent(id)}/odometer`, { method: 'POST', body: { reading }, schema: Vehicle });
}

export function useRecordOdometer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reading }: { id: string; reading: number }) => recordOdometer(id, reading),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(fleetKeys.vehicle(vehicle.id), vehicle);
      await Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.timeline(vehicle.id) }), queryClient.invalidateQueries({ queryKey: ['fleet', 'vehicles', 'list'] })]);
    },
  });
}
