import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Vehicle, type VehicleStatus } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** POST /rest/v1/fleet/admin/vehicles/:id/status: in service, out of service or retired, with the reason. */
export function changeVehicleStatus(id: string, status: VehicleStatus, reason: string): Promise<Vehicle> {
  return apiRequest(`${FLEET_API}/admin/vehicles/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status, reason }, schema: Vehicle });
}

export function useChangeVehicleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: VehicleStatus; reason: string }) => changeVehicleStatus(id, status, reason),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(fleetKeys.vehicle(vehicle.id), vehicle);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fleetKeys.timeline(vehicle.id) }),
        queryClient.invalidateQueries({ queryKey: fleetKeys.dashboard() }),
        queryClient.invalidateQueries({ queryKey: ['fleet', 'vehicles', 'list'] }),
      ]);
    },
  });
}
