import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MaintenanceItem } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys, ifMatch } from './fleet-admin-request.ts';

/** PATCH /rest/v1/fleet/admin/maintenance/:id (If-Match): change the interval, or stop or resume tracking it. */
export function updateMaintenance(item: MaintenanceItem, changes: { every_miles?: number | null; every_days?: number | null; active?: boolean }): Promise<MaintenanceItem> {
  return apiRequest(`${FLEET_API}/admin/maintenance/${encodeURIComponent(item.id)}`, { method: 'PATCH', body: changes, headers: ifMatch(item.version), schema: MaintenanceItem });
}

export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, changes }: { item: MaintenanceItem; changes: { every_miles?: number | null; every_days?: number | null; active?: boolean } }) => updateMaintenance(item, changes),
    onSuccess: (item) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.maintenance(item.vehicle_id) }), queryClient.invalidateQueries({ queryKey: fleetKeys.dashboard() })]),
  });
}
