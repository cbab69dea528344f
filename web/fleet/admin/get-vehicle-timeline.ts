import { useInfiniteQuery } from '@tanstack/react-query';
import { TimelinePage } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/**
 * GET /rest/v1/fleet/admin/vehicles/:id/timeline: status changes, odometer readings, squad checks and
 * service requests, newest first, 50 at a time; `before` asks for the page after the one that ended there.
 */
export function getVehicleTimeline(id: string, before: string | null, signal?: AbortSignal): Promise<TimelinePage> {
  return apiRequest(`${FLEET_API}/admin/vehicles/${encodeURIComponent(id)}/timeline`, { query: { before: before ?? undefined }, schema: TimelinePage, signal });
}

export function useVehicleTimeline(id: string) {
  return useInfiniteQuery({
    queryKey: fleetKeys.timeline(id),
    queryFn: ({ signal, pageParam }) => getVehicleTimeline(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });
}
