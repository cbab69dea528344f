import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type CreateServiceRequestInput } from '../../core/contracts/fleet.ts';
import { invalidateEndpoints, queryKey } from '../lib/api.ts';
import { sendOrQueue } from '../lib/outbox/outbox.ts';

/**
 * The officer reports a problem with a vehicle; the Idempotency-Key makes a resend after a lost answer
 * create nothing twice. Offline, or when no answer comes, it waits in the outbox (web/lib/outbox) and
 * the outcome is 'queued'; refused later, it opens again in this form. `replaces`: the refused request
 * this one fixes.
 */
export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it runs too (TanStack Query would pause it): the outbox keeps it.
    networkMode: 'always',
    mutationFn: ({
      input,
      idempotencyKey,
      summary,
      replaces,
    }: {
      input: CreateServiceRequestInput;
      idempotencyKey: string;
      summary: string;
      replaces?: string;
    }) => sendOrQueue(fleetApi.createServiceRequest, { body: input, idempotencyKey }, summary, { formPath: '/fleet/request', replaces }),
    onSuccess: (outcome) => {
      if (outcome.kind !== 'sent') return undefined;
      const created = outcome.answer;
      queryClient.setQueryData(queryKey(fleetApi.getServiceRequest, created.id), created);
      return invalidateEndpoints(queryClient, fleetApi.listMyServiceRequests, fleetApi.home);
    },
  });
}
