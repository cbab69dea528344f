import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Vehicle, type VehicleInput } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys, idempotencyKey } from './fleet-admin-request.ts';

/** POST /rest/v1/fleet/admin/vehicles (Idempotency-Key): field errors come back in `fields`. */
export function createVehicle(input: VehicleInput, key: Record<string, string> = idempotencyKey()): Promise<Vehicle> {
  return apiRequest(`${FLEET_API}/admin/vehicles`, { method: 'POST', body: input, headers: key, schema: Vehicle });
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: VehicleInput; key: Record<string, string> }) => createVehicle(input, key),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.vehicles() }), queryClient.invalidateQueries({ queryKey: fleetKeys.dashboard() })]);
    },
  });
}
