import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  reportsApi,
  type CreateReportInput,
  ListReportsQuery as ListReportsQuerySchema,
  type Report,
  type ReportContent,
  type TemplateInput,
  UpdateReportsSettingsInput,
  UpdateTemplateInput,
} from '../../core/contracts/reports.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';
import { downloadText } from '../lib/download.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';
import { uploadOrKeepPhoto } from '../lib/outbox/kept-photos.ts';
import { sendOrQueue } from '../lib/outbox/outbox.ts';
import { keepWaitingCreate, useWaitingCreate, type WaitingCreate } from '../lib/outbox/waiting-create.ts';

/**
 * The reports module's calls (core/contracts/reports.ts): queries keyed by the table, mutations that
 * refresh what they change. The server decides what each person may see and do; the screens show it.
 */

export type ReportsRequest = Partial<z.input<typeof ListReportsQuerySchema>>;

export function useReportsHome() {
  return useQuery({ queryKey: queryKey(reportsApi.home), queryFn: ({ signal }) => callEndpoint(reportsApi.home, { signal }) });
}

export function useReports(query: ReportsRequest) {
  return useQuery({
    queryKey: queryKey(reportsApi.listReports, query),
    queryFn: ({ signal }) => callEndpoint(reportsApi.listReports, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A report: kept on the device, so a draft started online can still be written when the connection drops. */
export function useReport(id: string) {
  return useQuery({
    queryKey: queryKey(reportsApi.getReport, id),
    queryFn: ({ signal }) => callEndpoint(reportsApi.getReport, { params: { id }, signal }),
    ...offlineReadable(),
  });
}

/** The files a report and its kept revisions attach (type, size), for its form, view, diff and print; kept on the device with the report. */
export function useReportAttachments(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKey(reportsApi.listAttachments, id),
    queryFn: ({ signal }) => callEndpoint(reportsApi.listAttachments, { params: { id }, signal }),
    enabled,
    ...offlineReadable(),
  });
}

/**
 * Uploads a photo or a PDF for a report (storage/v1, `reports`), reporting its progress (0–100); offline,
 * or when the upload gets no answer, keeps it on the device under a local id instead
 * (web/lib/outbox/kept-photos.ts): a report waiting in the outbox takes it with it; the form of a report
 * on the server uploads it once the connection is back.
 */
export function uploadAttachment(file: Blob, onProgress: (percent: number) => void): Promise<{ id: string; kept: boolean }> {
  return uploadOrKeepPhoto(file, 'reports', onProgress);
}

/** The agency's report types, kept on the device for starting a report offline. */
export function useReportTypes() {
  return useQuery({
    queryKey: queryKey(reportsApi.listTypes),
    queryFn: ({ signal }) => callEndpoint(reportsApi.listTypes, { signal }),
    staleTime: 5 * 60_000,
    ...offlineReadable(),
  });
}

/** After a report changes: its page (set from the answer), the lists and the home. */
function useReportChanged() {
  const queryClient = useQueryClient();
  return async (report: Report) => {
    queryClient.setQueryData(queryKey(reportsApi.getReport, report.id), report);
    await invalidateEndpoints(queryClient, reportsApi.listReports, reportsApi.home, reportsApi.listAttachments);
  };
}

/**
 * Starts a report through the outbox, under an id chosen here: online it is created at once; without a
 * connection it waits on the device and its page opens from the types and templates the device kept
 * (useWaitingReport). Answers the report's id and whether it was sent.
 */
export function useCreateReport() {
  const changed = useReportChanged();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ input, key, summary }: { input: Omit<CreateReportInput, 'id'>; key: string; summary: string }) => {
      const id = crypto.randomUUID();
      const outcome = await sendOrQueue(reportsApi.createReport, { body: { ...input, id }, idempotencyKey: key }, summary, {
        formPath: `/reports/${id}`,
      });
      return { id, outcome };
    },
    onSuccess: async ({ outcome }) => {
      if (outcome.kind === 'sent') await changed(outcome.answer);
    },
  });
}

export type WaitingReport = WaitingCreate<typeof reportsApi.createReport>;

/** The signed-in user's report with this id that waits in the outbox (started without a connection) or was refused when sent. */
export function useWaitingReport(id: string): WaitingReport | null {
  return useWaitingCreate(reportsApi.createReport, id);
}

/** Keeps what was written in a waiting report (and whether to submit it), in place of its outbox item. */
export function keepWaitingReport(id: string, input: CreateReportInput): Promise<void> {
  return keepWaitingCreate(reportsApi.createReport, id, input, 'report');
}

export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content, version }: { id: string; content: ReportContent; version: number }) =>
      callEndpoint(reportsApi.saveReport, { params: { id }, body: content, version }),
    onSuccess: (report) => queryClient.setQueryData(queryKey(reportsApi.getReport, report.id), report),
  });
}

export function useSubmitReport() {
  const changed = useReportChanged();
  return useMutation({
    mutationFn: ({ id, content, version }: { id: string; content: ReportContent; version: number }) =>
      callEndpoint(reportsApi.submitReport, { params: { id }, body: content, version }),
    onSuccess: changed,
  });
}

export function useReturnReport() {
  const changed = useReportChanged();
  return useMutation({
    mutationFn: ({ id, comment, fields, version }: { id: string; comment: string; fields: Record<string, string>; version: number }) =>
      callEndpoint(reportsApi.returnReport, { params: { id }, body: { comment, fields }, version }),
    onSuccess: changed,
  });
}

export function useApproveReport() {
  const changed = useReportChanged();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => callEndpoint(reportsApi.approveReport, { params: { id }, version }),
    onSuccess: changed,
  });
}

export function useAddSupplement() {
  const changed = useReportChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      callEndpoint(reportsApi.addSupplement, { params: { id }, idempotencyKey: key }),
    // The original lists its supplements: read it again, or its page and print view would miss the new one for as long as it is fresh.
    onSuccess: async (supplement, { id }) => {
      await changed(supplement);
      await queryClient.invalidateQueries({ queryKey: queryKey(reportsApi.getReport, id) });
    },
  });
}

export async function downloadReportsCsv(query: ReportsRequest): Promise<void> {
  const { page: _page, page_size: _pageSize, ...filters } = query;
  const csv = await callEndpoint(reportsApi.exportReports, { query: filters });
  downloadText(`reports-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}

// ---------------------------------------------------------------- templates

/** The templates the officer may use: kept on the device, so a report can be started from one without a connection. */
export function useTemplates() {
  return useQuery({
    queryKey: queryKey(reportsApi.listTemplates),
    queryFn: ({ signal }) => callEndpoint(reportsApi.listTemplates, { signal }),
    ...offlineReadable(),
  });
}

export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: queryKey(reportsApi.getTemplate, id ?? ''),
    queryFn: ({ signal }) => callEndpoint(reportsApi.getTemplate, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: TemplateInput; key: string }) =>
      callEndpoint(reportsApi.createTemplate, { body: input, idempotencyKey: key }),
    onSuccess: async (template) => {
      queryClient.setQueryData(queryKey(reportsApi.getTemplate, template.id), template);
      await invalidateEndpoints(queryClient, reportsApi.listTemplates);
    },
  });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: z.input<typeof UpdateTemplateInput>; version: number }) =>
      callEndpoint(reportsApi.updateTemplate, { params: { id }, body: input, version }),
    onSuccess: async (template) => {
      queryClient.setQueryData(queryKey(reportsApi.getTemplate, template.id), template);
      await invalidateEndpoints(queryClient, reportsApi.listTemplates);
    },
  });
}

// ---------------------------------------------------------------- settings

export function useReportsSettings() {
  return useQuery({
    queryKey: queryKey(reportsApi.getSettings),
    queryFn: ({ signal }) => callEndpoint(reportsApi.getSettings, { signal }),
  });
}

export function useUpdateReportsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof UpdateReportsSettingsInput>) => callEndpoint(reportsApi.updateSettings, { body: input }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(queryKey(reportsApi.getSettings), settings);
      await invalidateEndpoints(queryClient, reportsApi.listTypes, reportsApi.listTemplates);
    },
  });
}
