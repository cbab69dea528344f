import { useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** The template's current version. */
export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: queryKey(fleetApi.getTemplate, id ?? ''),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getTemplate, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}
