import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf, type Page } from '../../core/contracts/admin.ts';
import { ServiceRequest } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-request.ts';

const RequestPage = pageOf(ServiceRequest);

/** GET /rest/v1/fleet/service-requests/mine: the requests the officer reported, newest first. */
export function listMyServiceRequests(signal?: AbortSignal): Promise<Page<ServiceRequest>> {
  return apiRequest(`${FLEET_API}/service-requests/mine`, { query: { order: 'newest', page_size: 50 }, schema: RequestPage, signal });
}

export function myServiceRequestsQueryOptions() {
  return queryOptions({ queryKey: fleetKeys.myRequests(), queryFn: ({ signal }) => listMyServiceRequests(signal) });
}

export function useMyServiceRequests() {
  return useQuery(myServiceRequestsQueryOptions());
}
