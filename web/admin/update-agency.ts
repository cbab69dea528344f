import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyProfile, type UpdateAgencyInput } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { refreshProfile } from '../auth/get-profile.ts';
import { ADMIN_API, adminKeys, ifMatch } from './admin-request.ts';

/** PATCH /rest/v1/admin/agency (If-Match): 412 when someone else saved first. */
export function updateAgency(input: UpdateAgencyInput, version: number): Promise<AgencyProfile> {
  return apiRequest(`${ADMIN_API}/agency`, { method: 'PATCH', body: input, headers: ifMatch(version), schema: AgencyProfile });
}

/** Saves, then reloads the signed-in profile so the new timezone and clock apply across the app at once. */
export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: UpdateAgencyInput; version: number }) => updateAgency(input, version),
    onSuccess: async (agency) => {
      queryClient.setQueryData(adminKeys.agency(), agency);
      await Promise.all([refreshProfile(queryClient), queryClient.invalidateQueries({ queryKey: adminKeys.overview() })]);
    },
  });
}
