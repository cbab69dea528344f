import { useQuery } from '@tanstack/react-query';
import { ServiceRequest } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** GET /rest/v1/fleet/service-requests/:id: one request with its events and version (the ETag an update carries). */
export function getServiceRequest(id: string, signal?: AbortSignal): Promise<ServiceRequest> {
  return apiRequest(`${FLEET_API}/service-requests/${encodeURIComponent(id)}`, { schema: ServiceRequest, signal });
}

export function useServiceRequest(id: string | null) {
  return useQuery({ queryKey: [...fleetKeys.serviceRequests(), 'one', id ?? ''], queryFn: ({ signal }) => getServiceRequest(id ?? '', signal), enabled: id !== null });
}
