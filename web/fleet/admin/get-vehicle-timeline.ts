import { useInfiniteQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/**
 * Status changes, odometer readings, squad checks and service requests, newest first, 50 at a time;
 * `before` asks for the page after the one that ended there.
 */
export function useVehicleTimeline(id: string) {
  return useInfiniteQuery({
    queryKey: queryKey(fleetApi.getVehicleTimeline, id),
    queryFn: ({ signal, pageParam }) =>
      callEndpoint(fleetApi.getVehicleTimeline, { params: { id }, query: { before: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });
}
