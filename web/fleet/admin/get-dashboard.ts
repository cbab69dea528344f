import { useQuery } from '@tanstack/react-query';
import { FleetDashboard } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** GET /rest/v1/fleet/admin/dashboard: what needs the fleet office today. */
export function getDashboard(signal?: AbortSignal): Promise<FleetDashboard> {
  return apiRequest(`${FLEET_API}/admin/dashboard`, { schema: FleetDashboard, signal });
}

export function useDashboard() {
  return useQuery({ queryKey: fleetKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });
}
