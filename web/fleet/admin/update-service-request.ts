import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type UpdateServiceRequestInput } from '../../../core/contracts/fleet.ts';
import { apiKey, callEndpoint } from '../../lib/api.ts';

/** Move a request, note, cost, vendor, out of service, against the version the office saw. */
export function useUpdateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: UpdateServiceRequestInput; version: number }) =>
      callEndpoint(fleetApi.updateServiceRequest, { params: { id }, body: input, version }),
    // The vehicle's status may follow (out of service, back in service): everything fleet reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey(fleetApi) }),
  });
}
