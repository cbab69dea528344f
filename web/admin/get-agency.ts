import { queryOptions, useQuery } from '@tanstack/react-query';
import { AgencyProfile } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** GET /rest/v1/admin/agency: the agency profile with its version (the ETag an update must carry). */
export function getAgency(): Promise<AgencyProfile> {
  return apiRequest(`${ADMIN_API}/agency`, { schema: AgencyProfile });
}

export const agencyQueryOptions = queryOptions({ queryKey: adminKeys.agency(), queryFn: getAgency });

export function useAgency() {
  return useQuery(agencyQueryOptions);
}
