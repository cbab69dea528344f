import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Template, type TemplateInput } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys, idempotencyKey } from './fleet-admin-request.ts';

/** POST /rest/v1/fleet/admin/templates (Idempotency-Key): version 1 of a new template. */
export function createTemplate(input: TemplateInput, key: Record<string, string> = idempotencyKey()): Promise<Template> {
  return apiRequest(`${FLEET_API}/admin/templates`, { method: 'POST', body: input, headers: key, schema: Template });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: TemplateInput; key: Record<string, string> }) => createTemplate(input, key),
    onSuccess: async (template) => {
      queryClient.setQueryData(fleetKeys.template(template.id), template);
      await queryClient.invalidateQueries({ queryKey: [...fleetKeys.templates(), 'list'] });
    },
  });
}
