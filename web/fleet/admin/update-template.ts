import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type TemplateInput } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** Saving makes a new version (past submissions keep theirs), against the version the office saw. */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: TemplateInput; version: number }) =>
      callEndpoint(fleetApi.updateTemplate, { params: { id }, body: input, version }),
    onSuccess: async (template) => {
      queryClient.setQueryData(queryKey(fleetApi.getTemplate, template.id), template);
      await queryClient.invalidateQueries({ queryKey: fleetApi.listTemplates.key });
    },
  });
}
