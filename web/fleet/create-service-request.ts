import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ServiceRequest, type CreateServiceRequestInput } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FLEET_API, fleetKeys, idempotencyHeader } from './fleet-request.ts';

/** POST /rest/v1/fleet/service-requests with an Idempotency-Key: the officer reports a problem with a vehicle. */
export function createServiceRequest(input: CreateServiceRequestInput, idempotencyKey: string): Promise<ServiceRequest> {
  return apiRequest(`${FLEET_API}/service-requests`, { method: 'POST', body: input, headers: idempotencyHeader(idempotencyKey), schema: ServiceRequest });
}

export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateServiceRequestInput; idempotencyKey: string }) => createServiceRequest(input, idempotencyKey),
    onSuccess: (created) => {
      queryClient.setQueryData(fleetKeys.request(created.id), created);
      return Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.myRequests() }), queryClient.invalidateQueries({ queryKey: fleetKeys.home() })]);
    },
  });
}
