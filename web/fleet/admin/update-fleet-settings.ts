import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { FleetSettings, type UpdateFleetSettingsInput } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

export type FleetSettingsChanges = z.input<typeof UpdateFleetSettingsInput>;

/** PUT /rest/v1/fleet/admin/settings: the parts given are replaced. */
export function updateFleetSettings(input: FleetSettingsChanges): Promise<FleetSettings> {
  return apiRequest(`${FLEET_API}/admin/settings`, { method: 'PUT', body: input, schema: FleetSettings });
}

export function useUpdateFleetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFleetSettings,
    onSuccess: (settings) => queryClient.setQueryData(fleetKeys.settings(), settings),
  });
}
