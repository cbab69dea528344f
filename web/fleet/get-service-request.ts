import { queryOptions, useQuery } from '@tanstack/react-query';
import { ServiceRequest } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-request.ts';

/** GET /rest/v1/fleet/service-requests/:id: one request with its status timeline (`events`). */
export function getServiceRequest(id: string, signal?: AbortSignal): Promise<ServiceRequest> {
  return apiRequest(`${FLEET_API}/service-requests/${encodeURIComponent(id)}`, { schema: ServiceRequest, signal });
}

export function serviceRequestQueryOptions(id: string) {
  return queryOptions({ queryKey: fleetKeys.request(id), queryFn: ({ signal }) => getServiceRequest(id, signal) });
}

export function useServiceRequest(id: string | null) {
  return useQuery({ ...serviceRequestQueryOptions(id ?? ''), enabled: id !== null });
}
