import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { fleetApi, type UpdateFleetSettingsInput } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

export type FleetSettingsChanges = z.input<typeof UpdateFleetSettingsInput>;

/** The parts given are replaced; the answer replaces the cached settings of every fleet screen. */
export function useUpdateFleetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FleetSettingsChanges) => callEndpoint(fleetApi.updateSettings, { body: input }),
    onSuccess: (settings) => queryClient.setQueryData(queryKey(fleetApi.getSettings), settings),
  });
}
