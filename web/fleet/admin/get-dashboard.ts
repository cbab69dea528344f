import { useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** What needs the fleet office today. */
export function useDashboard() {
  return useQuery({ queryKey: queryKey(fleetApi.getDashboard), queryFn: ({ signal }) => callEndpoint(fleetApi.getDashboard, { signal }) });
}
