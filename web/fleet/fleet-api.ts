import { queryOptions, useQuery } from '@tanstack/react-query';
import { fleetApi, type ListVehiclesQuery } from '../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';

/**
 * What the officer's screens and the fleet office's share. Each call lives in its own file beside the
 * screens that use it (get-fleet-home.ts, admin/get-vehicle.ts, …); the calls both sides make are
 * here, once. Every call goes through `fleetApi` (core/contracts/fleet.ts): its entries name the
 * paths and key the answers, so invalidating `fleetApi.x.key` reloads every answer of that call and
 * `apiKey(fleetApi)` every fleet screen.
 */

/** A vehicle list's filters; what is left out takes the server's default. */
export type VehiclesRequest = Partial<ListVehiclesQuery>;

/**
 * The agency's fleet settings: service categories, vehicle types, default templates, whether a check
 * is due each shift. A minute fresh: the office edits them (the save replaces the cached copy) and
 * another office user's change shows soon after. Kept on the device: the request form's categories.
 */
export function fleetSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKey(fleetApi.getSettings),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getSettings, { signal }),
    staleTime: 60_000,
    ...offlineReadable(),
  });
}

export function useFleetSettings() {
  return useQuery(fleetSettingsQueryOptions());
}

/** One service request with its status timeline (`events`) and version (the ETag an office update carries). */
export function serviceRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKey(fleetApi.getServiceRequest, id),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getServiceRequest, { params: { id }, signal }),
  });
}

export function useServiceRequest(id: string | null) {
  return useQuery({ ...serviceRequestQueryOptions(id ?? ''), enabled: id !== null });
}

/**
 * A page of the agency's vehicles, searched, filtered and sorted on the server: the officer's picker
 * (which puts their own cars on top, vehicle-pins.ts) and the office's table.
 */
export function vehiclesQueryOptions(query: VehiclesRequest) {
  return queryOptions({
    queryKey: queryKey(fleetApi.listVehicles, query),
    queryFn: ({ signal }) => callEndpoint(fleetApi.listVehicles, { query, signal }),
  });
}
