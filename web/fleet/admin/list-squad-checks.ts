import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf, type Page } from '../../../core/contracts/admin.ts';
import { SquadCheckSubmission, type ListSquadChecksQuery } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

const SubmissionPage = pageOf(SquadCheckSubmission);
export type SquadChecksRequest = Partial<ListSquadChecksQuery>;

/** GET /rest/v1/fleet/admin/squad-checks: submissions, only those with failures unless `failures=all`. */
export function listSquadChecks(query: SquadChecksRequest, signal?: AbortSignal): Promise<Page<SquadCheckSubmission>> {
  return apiRequest(`${FLEET_API}/admin/squad-checks`, { query: { ...query }, schema: SubmissionPage, signal });
}

export function useSquadChecks(query: SquadChecksRequest) {
  return useQuery({ queryKey: fleetKeys.squadCheckList(query), queryFn: ({ signal }) => listSquadChecks(query, signal), placeholderData: keepPreviousData });
}
