import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SquadCheckSubmission } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API, fleetKeys, ifMatch } from './fleet-admin-request.ts';

export type ReviewDecision = 'approve' | 'return';

/** POST /rest/v1/fleet/admin/squad-checks/:id/review (If-Match): approve, or return to the officer with a note. */
export function reviewSquadCheck(id: string, decision: ReviewDecision, note: string, version: number): Promise<SquadCheckSubmission> {
  return apiRequest(`${FLEET_API}/admin/squad-checks/${encodeURIComponent(id)}/review`, {
    method: 'POST',
    body: { decision, ...(note.trim() ? { note: note.trim() } : {}) },
    headers: ifMatch(version),
    schema: SquadCheckSubmission,
  });
}

export function useReviewSquadCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note, version }: { id: string; decision: ReviewDecision; note: string; version: number }) => reviewSquadCheck(id, decision, note, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.squadChecks() }),
  });
}
