import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type WorkOrderInput } from '../../../core/contracts/fleet.ts';
import { apiKey, callEndpoint, queryKey } from '../../lib/api.ts';

/**
 * Starts a request's work order (with an Idempotency-Key the form keeps across retries of one start)
 * or saves it against the version the office saw. The request's cost and the vehicle's costs and
 * timeline follow, so every fleet answer reloads.
 */
export function useSaveWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      save:
        | { requestId: string; input: WorkOrderInput; idempotencyKey: string }
        | { workOrderId: string; input: WorkOrderInput; version: number },
    ) =>
      'requestId' in save
        ? callEndpoint(fleetApi.createWorkOrder, { params: { id: save.requestId }, body: save.input, idempotencyKey: save.idempotencyKey })
        : callEndpoint(fleetApi.updateWorkOrder, { params: { id: save.workOrderId }, body: save.input, version: save.version }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey(fleetApi.getWorkOrder, saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: apiKey(fleetApi) });
    },
  });
}
