import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportsApi, reportsFunctionsApi, type DraftNarrativeInput } from '../../core/contracts/reports.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';

/** Drafting a narrative from a transcript (core/contracts/reports.ts): whether it is set up, a draft, using one. */

export function useAiStatus() {
  return useQuery({
    queryKey: queryKey(reportsApi.aiStatus),
    queryFn: ({ signal }) => callEndpoint(reportsApi.aiStatus, { signal }),
  });
}

/** A kept draft (its transcript and sentences); `id` null: none. */
export function useAiDraft(id: string | null) {
  return useQuery({
    queryKey: queryKey(reportsApi.getAiDraft, id),
    queryFn: ({ signal }) => callEndpoint(reportsApi.getAiDraft, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** Asks the server function for a draft: it may take a minute, and is never retried on its own. */
export function useDraftNarrative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DraftNarrativeInput) => callEndpoint(reportsFunctionsApi.draftNarrative, { body }),
    onSuccess: (draft) => queryClient.setQueryData(queryKey(reportsApi.getAiDraft, draft.id), draft),
  });
}

export function useUseAiDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, signature, key }: { id: string; signature: string; key: string }) =>
      callEndpoint(reportsApi.useAiDraft, { params: { id }, body: { signature }, idempotencyKey: key }),
    onSuccess: async (report) => {
      queryClient.setQueryData(queryKey(reportsApi.getReport, report.id), report);
      await invalidateEndpoints(queryClient, reportsApi.listReports, reportsApi.home);
    },
  });
}
