import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type SubmitSquadCheckInput } from '../../core/contracts/fleet.ts';
import { sendOrQueue } from '../lib/outbox/outbox.ts';

/**
 * Sends a squad check (with an Idempotency-Key): 400 answers carry `fields` keyed `answers.<item id>`.
 * Offline, or when no answer comes, it waits in the outbox (web/lib/outbox) and the outcome is 'queued';
 * refused later, it opens again in this form. `replaces`: the refused check this one fixes.
 */
export function useSubmitSquadCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it runs too (TanStack Query would pause it): the outbox keeps it.
    networkMode: 'always',
    mutationFn: ({
      input,
      idempotencyKey,
      unitNumber,
      replaces,
    }: {
      input: SubmitSquadCheckInput;
      idempotencyKey: string;
      unitNumber: string;
      replaces?: string;
    }) =>
      sendOrQueue(fleetApi.submitSquadCheck, { body: input, idempotencyKey }, `Squad check of unit ${unitNumber}`, {
        formPath: `/fleet/squadcheck?vehicle_id=${encodeURIComponent(input.vehicle_id)}`,
        replaces,
      }),
    onSuccess: (outcome) => (outcome.kind === 'sent' ? queryClient.invalidateQueries({ queryKey: fleetApi.home.key }) : undefined),
  });
}
