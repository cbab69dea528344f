import { keepPreviousData, onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../core/contracts/admin.ts';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';
import { vehiclesQueryOptions } from './fleet-api.ts';

/** The picker's first page (no search), by unit number. Kept on the device, so the picker and the request form work offline. */
export function officerVehiclesQueryOptions() {
  return { ...vehiclesQueryOptions({ page_size: 25 }), ...offlineReadable() };
}

/** The vehicles of `page` whose unit number or plate contains `q` (the search the server makes, on what the device has). */
export function matchingVehicles(page: Page<Vehicle>, q: string): Page<Vehicle> {
  const needle = q.trim().toLowerCase();
  const items = page.items.filter((vehicle) =>
    [vehicle.unit_number, vehicle.plate ?? ''].some((text) => text.toLowerCase().includes(needle)),
  );
  return { ...page, items, total: items.length };
}

/**
 * Vehicles matching a unit number or plate (the picker puts the officer's own on top, vehicle-pins.ts); keeps the previous results on
 * screen while the next search runs. Offline, a search is made among the first page kept on the device.
 */
export function useVehicleSearch(q: string) {
  const queryClient = useQueryClient();
  const search = q.trim();
  const first = officerVehiclesQueryOptions();
  return useQuery({
    ...(search ? vehiclesQueryOptions({ q: search, page_size: 25 }) : first),
    placeholderData: (previous) => {
      const kept = search && !onlineManager.isOnline() ? queryClient.getQueryData(first.queryKey) : undefined;
      return kept ? matchingVehicles(kept, search) : keepPreviousData(previous);
    },
  });
}
