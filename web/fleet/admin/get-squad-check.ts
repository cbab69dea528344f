import { useQuery } from '@tanstack/react-query';
import { SquadCheckDetail } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** GET /rest/v1/fleet/admin/squad-checks/:id: the submission with the sections of its template version and the answers. */
export function getSquadCheck(id: string, signal?: AbortSignal): Promise<SquadCheckDetail> {
  return apiRequest(`${FLEET_API}/admin/squad-checks/${encodeURIComponent(id)}`, { schema: SquadCheckDetail, signal });
}

export function useSquadCheck(id: string) {
  return useQuery({ queryKey: fleetKeys.squadCheck(id), queryFn: ({ signal }) => getSquadCheck(id, signal) });
}
