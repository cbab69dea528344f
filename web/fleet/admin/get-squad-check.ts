import { useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** The submission with the sections of its template version and the answers. */
export function useSquadCheck(id: string) {
  return useQuery({
    queryKey: queryKey(fleetApi.getSquadCheck, id),
    queryFn: ({ signal }) => callEndpoint(fleetApi.getSquadCheck, { params: { id }, signal }),
  });
}
