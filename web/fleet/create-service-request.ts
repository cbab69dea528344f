import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type CreateServiceRequestInput } from '../../core/contracts/fleet.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';

/** The officer reports a problem with a vehicle; the Idempotency-Key makes a resend after a lost answer create nothing twice. */
export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateServiceRequestInput; idempotencyKey: string }) =>
      callEndpoint(fleetApi.createServiceRequest, { body: input, idempotencyKey }),
    onSuccess: (created) => {
      queryClient.setQueryData(queryKey(fleetApi.getServiceRequest, created.id), created);
      return invalidateEndpoints(queryClient, fleetApi.listMyServiceRequests, fleetApi.home);
    },
  });
}
