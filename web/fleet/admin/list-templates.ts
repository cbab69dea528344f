import { useQuery } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, queryKey } from '../../lib/api.ts';

/** Every squad-check template of the agency, retired ones too. */
export function useTemplates() {
  return useQuery({
    queryKey: queryKey(fleetApi.listTemplates),
    queryFn: ({ signal }) => callEndpoint(fleetApi.listTemplates, { signal }),
  });
}
