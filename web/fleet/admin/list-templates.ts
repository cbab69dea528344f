import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Template } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys } from './fleet-admin-request.ts';

const Templates = z.array(Template);

/** GET /rest/v1/fleet/admin/templates: every squad-check template of the agency, retired ones too. */
export function listTemplates(signal?: AbortSignal): Promise<Template[]> {
  return apiRequest(`${FLEET_API}/admin/templates`, { schema: Templates, signal });
}

export function useTemplates() {
  return useQuery({ queryKey: [...fleetKeys.templates(), 'list'], queryFn: ({ signal }) => listTemplates(signal) });
}
