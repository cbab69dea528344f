import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Template } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** POST /rest/v1/fleet/admin/templates/:id/retire: retire (no new squad checks use it) or restore. */
export function setTemplateRetired(id: string, retired: boolean): Promise<Template> {
  return apiRequest(`${FLEET_API}/admin/templates/${encodeURIComponent(id)}/retire`, { method: 'POST', body: { retired }, schema: Template });
}

export function useSetTemplateRetired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retired }: { id: string; retired: boolean }) => setTemplateRetired(id, retired),
    onSuccess: async (template) => {
      queryClient.setQueryData(fleetKeys.template(template.id), template);
      await queryClient.invalidateQueries({ queryKey: [...fleetKeys.templates(), 'list'] });
    },
  });
}
