import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MaintenanceItem, type MaintenanceIntervalInput } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys, idempotencyKey } from './fleet-admin-request.ts';

/** POST /rest/v1/fleet/admin/vehicles/:id/maintenance: a service every N miles and/or N days. */
export function addMaintenance(vehicleId: string, input: MaintenanceIntervalInput): Promise<MaintenanceItem> {
  return apiRequest(`${FLEET_API}/admin/vehicles/${encodeURIComponent(vehicleId)}/maintenance`, { method: 'POST', body: input, headers: idempotencyKey(), schema: MaintenanceItem });
}

export function useAddMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, input }: { vehicleId: string; input: MaintenanceIntervalInput }) => addMaintenance(vehicleId, input),
    onSuccess: (_item, { vehicleId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.maintenance(vehicleId) }), queryClient.invalidateQueries({ queryKey: fleetKeys.dashboard() })]),
  });
}
