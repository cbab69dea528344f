import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyProfile } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

/** DELETE /rest/v1/admin/agency/logo. */
export function removeLogo(): Promise<AgencyProfile> {
  return apiRequest(`${ADMIN_API}/agency/logo`, { method: 'DELETE', schema: AgencyProfile });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeLogo, onSuccess: (agency) => queryClient.setQueryData(adminKeys.agency(), agency) });
}
