import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SquadCheckSubmission, type SubmitSquadCheckInput } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FLEET_API, fleetKeys, idempotencyHeader } from './fleet-request.ts';

/** POST /rest/v1/fleet/squad-checks with an Idempotency-Key: 400 answers carry `fields` keyed `answers.<item id>`. */
export function submitSquadCheck(input: SubmitSquadCheckInput, idempotencyKey: string): Promise<SquadCheckSubmission> {
  return apiRequest(`${FLEET_API}/squad-checks`, { method: 'POST', body: input, headers: idempotencyHeader(idempotencyKey), schema: SquadCheckSubmission });
}

export function useSubmitSquadCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: SubmitSquadCheckInput; idempotencyKey: string }) => submitSquadCheck(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.home() }),
  });
}
