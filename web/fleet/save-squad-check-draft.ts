import { z } from 'zod';
import type { Answer } from '../../core/contracts/fleet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { getAccessToken } from '../auth/session.ts';
import { FLEET_API } from './fleet-request.ts';

const Saved = z.object({ saved_at: z.string() });

/** PUT /rest/v1/fleet/squad-checks/drafts/:vehicleId: the answers so far (autosave; not retried, the next change saves again). */
export function saveSquadCheckDraft(vehicleId: string, answers: Answer[]): Promise<{ saved_at: string }> {
  return apiRequest(`${FLEET_API}/squad-checks/drafts/${encodeURIComponent(vehicleId)}`, { method: 'PUT', body: { answers }, schema: Saved, background: true });
}

/**
 * The same save as the page is left (tab closed, reload): `keepalive` lets the request outlive the
 * page. Uses the token already held; nothing waits for the answer.
 */
export async function saveSquadCheckDraftOnLeave(vehicleId: string, answers: Answer[]): Promise<void> {
  const token = await getAccessToken();
  if (!token) return;
  void fetch(`${FLEET_API}/squad-checks/drafts/${encodeURIComponent(vehicleId)}`, {
    method: 'PUT',
    keepalive: true,
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, 'x-precinct-background': '1' },
    body: JSON.stringify({ answers }),
  }).catch(() => undefined);
}
