import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint, invalidateEndpoints } from '../../lib/api.ts';

export type ReviewDecision = 'approve' | 'return';

/** Approve, or return to the officer with a note, against the version the office saw. */
export function useReviewSquadCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note, version }: { id: string; decision: ReviewDecision; note: string; version: number }) =>
      callEndpoint(fleetApi.reviewSquadCheck, {
        params: { id },
        body: { decision, ...(note.trim() ? { note: note.trim() } : {}) },
        version,
      }),
    onSuccess: () => invalidateEndpoints(queryClient, fleetApi.listSquadChecks, fleetApi.getSquadCheck),
  });
}
