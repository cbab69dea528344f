import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi, type MaintenanceItem } from '../../../core/contracts/fleet.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../../lib/api.ts';

/** Change an interval, or stop or resume tracking it, against the version the office saw. */
export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      item,
      changes,
    }: {
      item: MaintenanceItem;
      changes: { every_miles?: number | null; every_days?: number | null; active?: boolean };
    }) => callEndpoint(fleetApi.updateMaintenance, { params: { id: item.id }, body: changes, version: item.version }),
    onSuccess: (item) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKey(fleetApi.listMaintenance, { vehicle_id: item.vehicle_id }) }),
        invalidateEndpoints(queryClient, fleetApi.getDashboard),
      ]),
  });
}
