import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  citationsApi,
  type AmendCitationInput,
  type Citation,
  type CitationStatsQuery,
  type CourtExportQuery,
  type CreateStopInput,
  type ListCitationsQuery,
  type Stop,
  type StatuteInput,
  type StopContent,
  type UpdateCitationsSettingsInput,
} from '../../core/contracts/citations.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';
import { downloadText } from '../lib/download.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';
import { sendOrQueue } from '../lib/outbox/outbox.ts';
import { keepWaitingCreate, useWaitingCreate, type WaitingCreate } from '../lib/outbox/waiting-create.ts';

/**
 * The citations module's calls (core/contracts/citations.ts): queries keyed by the table, mutations that
 * refresh what they change. What the officer needs at the roadside (the setup, the statute library,
 * their stops and their list) is kept on the device; the office's screens are not.
 */

export type CitationsRequest = Partial<z.input<typeof ListCitationsQuery>>;

export function useCitationsHome() {
  return useQuery({
    queryKey: queryKey(citationsApi.home),
    queryFn: ({ signal }) => callEndpoint(citationsApi.home, { signal }),
    ...offlineReadable(),
  });
}

/** Courts, holidays and the numbering: the stop form computes appearance dates with them, offline too. */
export function useCitationsSetup() {
  return useQuery({
    queryKey: queryKey(citationsApi.setup),
    queryFn: ({ signal }) => callEndpoint(citationsApi.setup, { signal }),
    staleTime: 5 * 60_000,
    ...offlineReadable(),
  });
}

/** The whole statute library (expired ones too: the form says which were not in force on the stop's day). */
export function useStatutes() {
  return useQuery({
    queryKey: queryKey(citationsApi.listStatutes),
    queryFn: ({ signal }) => callEndpoint(citationsApi.listStatutes, { query: {}, signal }),
    staleTime: 5 * 60_000,
    ...offlineReadable(),
  });
}

export function useCitations(query: CitationsRequest, enabled = true) {
  const mine = (query.queue ?? 'mine') === 'mine';
  return useQuery({
    queryKey: queryKey(citationsApi.listCitations, query),
    queryFn: ({ signal }) => callEndpoint(citationsApi.listCitations, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    // The officer's own list opens in the car without a connection; everyone's is the office's.
    ...(mine ? offlineReadable() : {}),
  });
}

export function useCitation(id: string) {
  return useQuery({
    queryKey: queryKey(citationsApi.getCitation, id),
    queryFn: ({ signal }) => callEndpoint(citationsApi.getCitation, { params: { id }, signal }),
    ...offlineReadable(),
  });
}

export function useCopy(id: string, copy: 'violator' | 'court') {
  return useQuery({
    queryKey: queryKey(citationsApi.getCopy, id, copy),
    queryFn: ({ signal }) => callEndpoint(citationsApi.getCopy, { params: { id, copy }, signal }),
  });
}

/** A stop: kept on the device, so one started online can still be written when the connection drops. */
export function useStop(id: string) {
  return useQuery({
    queryKey: queryKey(citationsApi.getStop, id),
    queryFn: ({ signal }) => callEndpoint(citationsApi.getStop, { params: { id }, signal }),
    refetchOnMount: 'always',
    ...offlineReadable(),
  });
}

function useStopChanged() {
  const queryClient = useQueryClient();
  return async (stop: Stop) => {
    queryClient.setQueryData(queryKey(citationsApi.getStop, stop.id), stop);
    await invalidateEndpoints(queryClient, citationsApi.listCitations, citationsApi.home, citationsApi.getCitation);
  };
}

/**
 * Starts a stop through the outbox under an id chosen on the device: online it is created at once;
 * offline it waits there and its form opens from what the device kept (useWaitingStop).
 */
export function useCreateStop() {
  const changed = useStopChanged();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ input, key }: { input: Omit<CreateStopInput, 'id'>; key: string }) => {
      const id = crypto.randomUUID();
      const outcome = await sendOrQueue(citationsApi.createStop, { body: { ...input, id }, idempotencyKey: key }, 'Traffic stop', {
        formPath: `/citations/stops/${id}`,
      });
      return { id, outcome };
    },
    onSuccess: async ({ outcome }) => {
      if (outcome.kind === 'sent') await changed(outcome.answer);
    },
  });
}

export type WaitingStop = WaitingCreate<typeof citationsApi.createStop>;

/** The signed-in user's stop with this id still waiting in the outbox (started offline), or refused when sent. */
export function useWaitingStop(id: string): WaitingStop | null {
  return useWaitingCreate(citationsApi.createStop, id);
}

/** Keeps what was typed in a waiting stop in place of its outbox item. */
export function keepWaitingStop(id: string, input: CreateStopInput): Promise<void> {
  return keepWaitingCreate(citationsApi.createStop, id, input, 'stop');
}

type StopCall = { id: string; content: StopContent; version: number };

export function useSaveStop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content, version }: StopCall) => callEndpoint(citationsApi.saveStop, { params: { id }, body: content, version }),
    onSuccess: (stop) => queryClient.setQueryData(queryKey(citationsApi.getStop, stop.id), stop),
  });
}

export function useValidateStop() {
  const changed = useStopChanged();
  return useMutation({
    mutationFn: ({ id, content, version }: StopCall) => callEndpoint(citationsApi.validateStop, { params: { id }, body: content, version }),
    onSuccess: changed,
  });
}

export function useIssueStop() {
  const changed = useStopChanged();
  return useMutation({
    mutationFn: ({ id, content, version }: StopCall) => callEndpoint(citationsApi.issueStop, { params: { id }, body: content, version }),
    onSuccess: changed,
  });
}

export function useDiscardStop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => callEndpoint(citationsApi.discardStop, { params: { id }, version }),
    onSuccess: () => invalidateEndpoints(queryClient, citationsApi.listCitations, citationsApi.home),
  });
}

function useCitationChanged() {
  const queryClient = useQueryClient();
  return async (citation: Citation) => {
    queryClient.setQueryData(queryKey(citationsApi.getCitation, citation.id), citation);
    await invalidateEndpoints(queryClient, citationsApi.listCitations, citationsApi.home, citationsApi.getCopy, citationsApi.stats);
  };
}

export function useAmendCitation() {
  const changed = useCitationChanged();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: AmendCitationInput; version: number }) =>
      callEndpoint(citationsApi.amendCitation, { params: { id }, body: input, version }),
    onSuccess: changed,
  });
}

export function useRequestVoid() {
  const changed = useCitationChanged();
  return useMutation({
    mutationFn: ({ id, reason, version }: { id: string; reason: string; version: number }) =>
      callEndpoint(citationsApi.requestVoid, { params: { id }, body: { reason }, version }),
    onSuccess: changed,
  });
}

export function useVoidCitation() {
  const changed = useCitationChanged();
  return useMutation({
    mutationFn: ({ id, reason, version }: { id: string; reason: string; version: number }) =>
      callEndpoint(citationsApi.voidCitation, { params: { id }, body: { reason }, version }),
    onSuccess: changed,
  });
}

export async function downloadCitationsCsv(query: CitationsRequest): Promise<void> {
  const { page: _page, page_size: _pageSize, ...filters } = query;
  const csv = await callEndpoint(citationsApi.exportCitations, { query: filters });
  downloadText(`citations-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}

// ---------------------------------------------------------------- the clerk and the supervisor

/** The court export's CSV (one line per violation), as text: the screen downloads it and reads which citations it holds. */
export function fetchCourtExport(query: CourtExportQuery): Promise<string> {
  return callEndpoint(citationsApi.courtExport, { query });
}

export function useMarkFiled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (citationIds: string[]) => callEndpoint(citationsApi.markFiled, { body: { citation_ids: citationIds } }),
    onSuccess: () => invalidateEndpoints(queryClient, citationsApi.listCitations, citationsApi.home, citationsApi.getCitation),
  });
}

export function useCitationStats(query: z.input<typeof CitationStatsQuery>, enabled: boolean) {
  return useQuery({
    queryKey: queryKey(citationsApi.stats, query),
    queryFn: ({ signal }) => callEndpoint(citationsApi.stats, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

// ---------------------------------------------------------------- settings

export function useCitationsSettings() {
  return useQuery({
    queryKey: queryKey(citationsApi.getSettings),
    queryFn: ({ signal }) => callEndpoint(citationsApi.getSettings, { signal }),
  });
}

export function useUpdateCitationsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCitationsSettingsInput) => callEndpoint(citationsApi.updateSettings, { body: input }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(queryKey(citationsApi.getSettings), settings);
      await invalidateEndpoints(queryClient, citationsApi.setup);
    },
  });
}

export function useSaveStatute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version, key }: { id: string | null; input: StatuteInput; version: number; key: string }) =>
      id
        ? callEndpoint(citationsApi.updateStatute, { params: { id }, body: input, version })
        : callEndpoint(citationsApi.createStatute, { body: input, idempotencyKey: key }),
    onSuccess: () => invalidateEndpoints(queryClient, citationsApi.listStatutes),
  });
}

export function useImportStatutes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      callEndpoint(citationsApi.importStatutes, { body: { csv, dry_run: dryRun } }),
    onSuccess: (_, { dryRun }) => (dryRun ? undefined : invalidateEndpoints(queryClient, citationsApi.listStatutes)),
  });
}
