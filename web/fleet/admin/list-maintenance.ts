import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MaintenanceItem } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

const MaintenanceList = z.array(MaintenanceItem);

/** GET /rest/v1/fleet/admin/maintenance?state=all&vehicle_id=…: a vehicle's service intervals and where each stands. */
export function listVehicleMaintenance(vehicleId: string, signal?: AbortSignal): Promise<MaintenanceItem[]> {
  return apiRequest(`${FLEET_API}/admin/maintenance?state=all&vehicle_id=${encodeURIComponent(vehicleId)}`, { schema: MaintenanceList, signal });
}

export function useVehicleMaintenance(vehicleId: string) {
  return useQuery({ queryKey: fleetKeys.maintenance(vehicleId), queryFn: ({ signal }) => listVehicleMaintenance(vehicleId, signal) });
}
