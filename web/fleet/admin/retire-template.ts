import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** Retire a template (no new squad checks use it) or restore it. */
export function useSetTemplateRetired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retired }: { id: string; retired: boolean }) =>
      callEndpoint(fleetApi.setTemplateRetired, { params: { id }, body: { retired } }),
    onSuccess: async (template) => {
      queryClient.setQueryData(queryKey(fleetApi.getTemplate, template.id), template);
      await queryClient.invalidateQueries({ queryKey: fleetApi.listTemplates.key });
    },
  });
}
