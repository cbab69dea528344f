import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vehiclesQueryOptions, type VehiclesRequest } from '../fleet-api.ts';

/** The office's vehicle table; keeps the previous page on screen while the next one loads. */
export function useVehicles(query: VehiclesRequest) {
  return useQuery({ ...vehiclesQueryOptions(query), placeholderData: keepPreviousData });
}
