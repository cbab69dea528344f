import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf, type Page } from '../../core/contracts/admin.ts';
import { Vehicle } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-request.ts';

const VehiclePage = pageOf(Vehicle);

/** GET /rest/v1/fleet/vehicles?q=: vehicles matching a unit number or plate (the officer's own first). */
export function searchVehicles(q: string, signal?: AbortSignal): Promise<Page<Vehicle>> {
  return apiRequest(`${FLEET_API}/vehicles`, { query: { q: q.trim() || undefined, page_size: 25 }, schema: VehiclePage, signal });
}

export function vehicleSearchQueryOptions(q: string) {
  return queryOptions({ queryKey: fleetKeys.vehicleSearch(q.trim()), queryFn: ({ signal }) => searchVehicles(q, signal) });
}

/** Keeps the previous results on screen while the next search runs. */
export function useVehicleSearch(q: string) {
  return useQuery({ ...vehicleSearchQueryOptions(q), placeholderData: keepPreviousData });
}
