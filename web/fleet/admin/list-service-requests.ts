import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf, type Page } from '../../../core/contracts/admin.ts';
import { ServiceRequest, type ListServiceRequestsQuery } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

const ServiceRequestPage = pageOf(ServiceRequest);
export type ServiceRequestsRequest = Partial<ListServiceRequestsQuery>;

/** GET /rest/v1/fleet/admin/service-requests: the queue, oldest first unless asked otherwise. */
export function listServiceRequests(query: ServiceRequestsRequest, signal?: AbortSignal): Promise<Page<ServiceRequest>> {
  return apiRequest(`${FLEET_API}/admin/service-requests`, { query: { ...query }, schema: ServiceRequestPage, signal });
}

export function useServiceRequests(query: ServiceRequestsRequest) {
  return useQuery({ queryKey: fleetKeys.serviceRequestList(query), queryFn: ({ signal }) => listServiceRequests(query, signal), placeholderData: keepPreviousData });
}
