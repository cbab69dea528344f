import { queryOptions, useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';

/**
 * The vehicle, its template, and the officer's saved draft. Read afresh each time the form opens (the
 * draft may have moved on), never while it is open (a refetch would not change what is being typed);
 * kept on the device, so the form opens offline with the copy it last had (squad-check-screen.tsx
 * waits for the fresh answer while one can come).
 */
export function squadCheckFormQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: queryKey(fleetApi.getSquadCheckForm, vehicleId),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getSquadCheckForm, { params: { id: vehicleId }, signal }),
    staleTime: Infinity,
    refetchOnMount: 'always',
    ...offlineReadable(),
  });
}

export function useSquadCheckForm(vehicleId: string | null) {
  return useQuery({ ...squadCheckFormQueryOptions(vehicleId ?? ''), enabled: vehicleId !== null });
}
