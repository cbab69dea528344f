import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type MaintenanceIntervalInput } from '../../../core/contracts/fleet.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../../lib/api.ts';

/** A service every N miles and/or N days for a vehicle (a fresh Idempotency-Key per add). */
export function useAddMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, input }: { vehicleId: string; input: MaintenanceIntervalInput }) =>
      callEndpoint(fleetApi.addMaintenance, { params: { id: vehicleId }, body: input, idempotencyKey: crypto.randomUUID() }),
    onSuccess: (_item, { vehicleId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKey(fleetApi.listMaintenance, { vehicle_id: vehicleId }) }),
        invalidateEndpoints(queryClient, fleetApi.getDashboard),
      ]),
  });
}
