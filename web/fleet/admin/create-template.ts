import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type TemplateInput } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** Version 1 of a new template; `key` is the Idempotency-Key of this attempt (the builder keeps one). */
export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: TemplateInput; key: string }) =>
      callEndpoint(fleetApi.createTemplate, { body: input, idempotencyKey: key }),
    onSuccess: async (template) => {
      queryClient.setQueryData(queryKey(fleetApi.getTemplate, template.id), template);
      await queryClient.invalidateQueries({ queryKey: fleetApi.listTemplates.key });
    },
  });
}
