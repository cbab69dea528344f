import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type SubmitSquadCheckInput } from '../../core/contracts/fleet.ts';
import { callEndpoint } from '../lib/api.ts';

/** Sends a squad check (with an Idempotency-Key): 400 answers carry `fields` keyed `answers.<item id>`. */
export function useSubmitSquadCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: SubmitSquadCheckInput; idempotencyKey: string }) =>
      callEndpoint(fleetApi.submitSquadCheck, { body: input, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetApi.home.key }),
  });
}
