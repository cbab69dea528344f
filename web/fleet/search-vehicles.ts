import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vehiclesQueryOptions } from './fleet-api.ts';

/** Vehicles matching a unit number or plate (the officer's own first); keeps the previous results on screen while the next search runs. */
export function useVehicleSearch(q: string) {
  return useQuery({ ...vehiclesQueryOptions({ q: q.trim() || undefined, page_size: 25 }), placeholderData: keepPreviousData });
}
