import { useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** A service request's work order with its lines, totals, attachments and version (the ETag a save carries). */
export function useWorkOrder(id: string | null) {
  return useQuery({
    queryKey: queryKey(fleetApi.getWorkOrder, id ?? ''),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getWorkOrder, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}
