import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf, type Page } from '../../../core/contracts/admin.ts';
import { Vehicle, type ListVehiclesQuery } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

const VehiclePage = pageOf(Vehicle);
export type VehiclesRequest = Partial<ListVehiclesQuery>;

/** GET /rest/v1/fleet/vehicles: a page of the agency's vehicles, searched, filtered and sorted on the server. */
export function listVehicles(query: VehiclesRequest, signal?: AbortSignal): Promise<Page<Vehicle>> {
  return apiRequest(`${FLEET_API}/vehicles`, { query: { ...query }, schema: VehiclePage, signal });
}

/** Keeps the previous page on screen while the next one loads. */
export function useVehicles(query: VehiclesRequest) {
  return useQuery({ queryKey: fleetKeys.vehicleList(query), queryFn: ({ signal }) => listVehicles(query, signal), placeholderData: keepPreviousData });
}
