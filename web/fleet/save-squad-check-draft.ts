import { fillPath } from '../../core/endpoints.ts';
import { fleetApi, type Answer } from '../../core/contracts/fleet.ts';
import { BACKGROUND_HEADER } from '../lib/api-client.ts';
import { callEndpoint } from '../lib/api.ts';
import { getAccessToken } from '../lib/session/session.ts';

/** The answers so far (autosave, the app's own doing; not retried, the next change saves again). */
export function saveSquadCheckDraft(vehicleId: string, answers: Answer[]): Promise<{ saved_at: string }> {
  return callEndpoint(fleetApi.saveSquadCheckDraft, { params: { id: vehicleId }, body: { answers }, background: true });
}

/**
 * The same save as the page is left (tab closed, reload): `keepalive` lets the request outlive the
 * page, which the API client's fetch does not ask for. Uses the token already held; nothing waits
 * for the answer.
 */
export async function saveSquadCheckDraftOnLeave(vehicleId: string, answers: Answer[]): Promise<void> {
  const token = await getAccessToken();
  if (!token) return;
  const endpoint = fleetApi.saveSquadCheckDraft;
  void fetch(fillPath(endpoint.url, { id: vehicleId }), {
    method: endpoint.method,
    keepalive: true,
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, [BACKGROUND_HEADER]: '1' },
    body: JSON.stringify({ answers }),
  }).catch(() => undefined);
}
