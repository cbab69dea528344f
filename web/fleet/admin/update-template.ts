import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Template, type TemplateInput } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys, ifMatch } from './fleet-admin-request.ts';

/** PUT /rest/v1/fleet/admin/templates/:id (If-Match): saving makes a new version; past submissions keep theirs. */
export function updateTemplate(id: string, input: TemplateInput, version: number): Promise<Template> {
  return apiRequest(`${FLEET_API}/admin/templates/${encodeURIComponent(id)}`, { method: 'PUT', body: input, headers: ifMatch(version), schema: Template });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: TemplateInput; version: number }) => updateTemplate(id, input, version),
    onSuccess: async (template) => {
      queryClient.setQueryData(fleetKeys.template(template.id), template);
      await queryClient.invalidateQueries({ queryKey: [...fleetKeys.templates(), 'list'] });
    },
  });
}
