import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fleetApi, type ListServiceRequestsQuery } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

export type ServiceRequestsRequest = Partial<ListServiceRequestsQuery>;

/** The queue, oldest first unless asked otherwise; keeps the previous page on screen while the next loads. */
export function useServiceRequests(query: ServiceRequestsRequest) {
  return useQuery({
    queryKey: queryKey(fleetApi.listServiceRequests, query),
    queryFn: ({ signal }) => callEndpoint(fleetApi.listServiceRequests, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
