import { queryOptions, useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** The vehicle, its template, and the officer's saved draft. */
export function squadCheckFormQueryOptions(vehicleId: string) {
  // The draft is read once when the form opens; refetching later would overwrite what is being typed.
  return queryOptions({
    queryKey: queryKey(fleetApi.getSquadCheckForm, vehicleId),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getSquadCheckForm, { params: { id: vehicleId }, signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useSquadCheckForm(vehicleId: string | null) {
  return useQuery({ ...squadCheckFormQueryOptions(vehicleId ?? ''), enabled: vehicleId !== null });
}
