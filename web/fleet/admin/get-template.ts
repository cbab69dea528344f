import { useQuery } from '@tanstack/react-query';
import { Template } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

/** GET /rest/v1/fleet/admin/templates/:id: the template's current version. */
export function getTemplate(id: string, signal?: AbortSignal): Promise<Template> {
  return apiRequest(`${FLEET_API}/admin/templates/${encodeURIComponent(id)}`, { schema: Template, signal });
}

export function useTemplate(id: string | null) {
  return useQuery({ queryKey: fleetKeys.template(id ?? ''), queryFn: ({ signal }) => getTemplate(id ?? '', signal), enabled: id !== null });
}
