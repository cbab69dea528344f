import { useMutation, useQuery } from '@tanstack/react-query';
import { fleetRecordsApi, type FuelEntryInput } from '../../core/contracts/fleet-records.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';
import { sendOrQueue } from '../lib/outbox/outbox.ts';

/**
 * The officer logs a fill-up; the Idempotency-Key makes a resend after a lost answer log nothing twice.
 * Offline, or when no answer comes, it waits in the outbox (web/lib/outbox) and the outcome is 'queued'.
 */
export function useCreateFuelEntry() {
  return useMutation({
    // Offline it runs too (TanStack Query would pause it): the outbox keeps it.
    networkMode: 'always',
    mutationFn: ({
      input,
      idempotencyKey,
      summary,
      replaces,
    }: {
      input: FuelEntryInput;
      idempotencyKey: string;
      summary: string;
      replaces?: string;
    }) => sendOrQueue(fleetRecordsApi.createFuelEntry, { body: input, idempotencyKey }, summary, { formPath: '/fleet/fuel', replaces }),
  });
}

/** The active vendors an officer may name (the depot, a station), kept on the device for a form opened offline. */
export function useFuelVendors() {
  return useQuery({
    queryKey: queryKey(fleetRecordsApi.listFuelVendors),
    queryFn: ({ signal }) => callEndpoint(fleetRecordsApi.listFuelVendors, { signal }),
    staleTime: 5 * 60_000,
    ...offlineReadable(),
  });
}
