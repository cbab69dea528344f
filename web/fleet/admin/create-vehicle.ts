import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type VehicleInput } from '../../../core/contracts/fleet.ts';
import { callEndpoint, invalidateEndpoints } from '../../lib/api.ts';

/** Adds a vehicle; `key` is the Idempotency-Key of this attempt. Field errors come back in `fields`. */
export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: VehicleInput; key: string }) =>
      callEndpoint(fleetApi.createVehicle, { body: input, idempotencyKey: key }),
    onSuccess: () => invalidateEndpoints(queryClient, fleetApi.listVehicles, fleetApi.getDashboard),
  });
}
