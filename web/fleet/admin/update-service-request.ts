import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ServiceRequest, type UpdateServiceRequestInput } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys, ifMatch } from './fleet-admin-request.ts';

/** PATCH /rest/v1/fleet/admin/service-requests/:id (If-Match): move it, note, cost, vendor, out of service. */
export function updateServiceRequest(id: string, input: UpdateServiceRequestInput, version: number): Promise<ServiceRequest> {
  return apiRequest(`${FLEET_API}/admin/service-requests/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, headers: ifMatch(version), schema: ServiceRequest });
}

export function useUpdateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: UpdateServiceRequestInput; version: number }) => updateServiceRequest(id, input, version),
    // The vehicle's status may follow (out of service, back in service): everything fleet reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}
