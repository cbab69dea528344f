import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TimelineEntry } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../app/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

const Timeline = z.array(TimelineEntry);

/** GET /rest/v1/fleet/admin/vehicles/:id/timeline: status changes, odometer readings, squad checks and service requests. */
export function getVehicleTimeline(id: string, signal?: AbortSignal): Promise<TimelineEntry[]> {
  return apiRequest(`${FLEET_API}/admin/vehicles/${encodeURIComponent(id)}/timeline`, { schema: Timeline, signal });
}

export function useVehicleTimeline(id: string) {
  return useQuery({ queryKey: fleetKeys.timeline(id), queryFn: ({ signal }) => getVehicleTimeline(id, signal) });
}
