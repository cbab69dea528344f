import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ftoApi,
  type ChangeBinderPhaseInput,
  type CreateBinderInput,
  type Dor,
  type DorContent,
  ListBindersQuery,
  type ProgramInput,
  UpdateFtoSettingsInput,
} from '../../core/contracts/fto.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';
import { downloadText } from '../lib/download.ts';

/**
 * Field training's calls (core/contracts/fto.ts): queries keyed by the table, mutations that refresh
 * what they change. The server decides what each person may see; the screens show what it answers.
 */

export function useFtoHome() {
  return useQuery({ queryKey: queryKey(ftoApi.home), queryFn: ({ signal }) => callEndpoint(ftoApi.home, { signal }) });
}

export type BindersRequest = z.input<typeof ListBindersQuery>;

export function useBinders(query: BindersRequest) {
  return useQuery({
    queryKey: queryKey(ftoApi.listBinders, query),
    queryFn: ({ signal }) => callEndpoint(ftoApi.listBinders, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBinder(id: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.getBinder, id),
    queryFn: ({ signal }) => callEndpoint(ftoApi.getBinder, { params: { id }, signal }),
  });
}

export function useDors(binderId: string, query: { page: number; page_size: number; status?: Dor['status'] | undefined }) {
  return useQuery({
    queryKey: queryKey(ftoApi.listDors, binderId, query),
    queryFn: ({ signal }) => callEndpoint(ftoApi.listDors, { params: { id: binderId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDor(id: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.getDor, id),
    queryFn: ({ signal }) => callEndpoint(ftoApi.getDor, { params: { id }, signal }),
  });
}

/** After a DOR changes: its page (set from the answer), the binder's lists, progress and everyone's home. */
function useDorChanged() {
  const queryClient = useQueryClient();
  return async (dor: Dor) => {
    queryClient.setQueryData(queryKey(ftoApi.getDor, dor.id), dor);
    await invalidateEndpoints(queryClient, ftoApi.listDors, ftoApi.getBinder, ftoApi.home, ftoApi.listBinders);
  };
}

export function useCreateDor() {
  const changed = useDorChanged();
  return useMutation({
    mutationFn: ({ binderId, input, key }: { binderId: string; input: Pick<DorContent, 'shift_date' | 'shift'>; key: string }) =>
      callEndpoint(ftoApi.createDor, { params: { id: binderId }, body: input, idempotencyKey: key }),
    onSuccess: changed,
  });
}

/** The trainer's autosave of a draft; answers the saved DOR (with its new version). */
export function useSaveDor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content, version }: { id: string; content: DorContent; version: number }) =>
      callEndpoint(ftoApi.saveDor, { params: { id }, body: content, version }),
    onSuccess: (dor) => queryClient.setQueryData(queryKey(ftoApi.getDor, dor.id), dor),
  });
}

export function useCompleteDor() {
  const changed = useDorChanged();
  return useMutation({
    mutationFn: ({ id, content, version }: { id: string; content: DorContent; version: number }) =>
      callEndpoint(ftoApi.completeDor, { params: { id }, body: content, version }),
    onSuccess: changed,
  });
}

export function useAcknowledgeDor() {
  const changed = useDorChanged();
  return useMutation({
    mutationFn: ({ id, comment, version }: { id: string; comment: string; version: number }) =>
      callEndpoint(ftoApi.acknowledgeDor, { params: { id }, body: { comment }, version }),
    onSuccess: changed,
  });
}

export function useApproveDor() {
  const changed = useDorChanged();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => callEndpoint(ftoApi.approveDor, { params: { id }, version }),
    onSuccess: changed,
  });
}

export function useAmendDor() {
  const changed = useDorChanged();
  return useMutation({
    mutationFn: ({ id, content, reason, version }: { id: string; content: DorContent; reason: string; version: number }) =>
      callEndpoint(ftoApi.amendDor, { params: { id }, body: { content, reason }, version }),
    onSuccess: changed,
  });
}

// ---------------------------------------------------------------- the coordinator

export function usePrograms() {
  return useQuery({ queryKey: queryKey(ftoApi.listPrograms), queryFn: ({ signal }) => callEndpoint(ftoApi.listPrograms, { signal }) });
}

export function useProgram(id: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.getProgram, id),
    queryFn: ({ signal }) => callEndpoint(ftoApi.getProgram, { params: { id }, signal }),
  });
}

export function useUpdateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: ProgramInput; version: number }) =>
      callEndpoint(ftoApi.updateProgram, { params: { id }, body: input, version }),
    onSuccess: async (program) => {
      queryClient.setQueryData(queryKey(ftoApi.getProgram, program.id), program);
      await invalidateEndpoints(queryClient, ftoApi.listPrograms);
    },
  });
}

export function useCreateBinder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateBinderInput; key: string }) =>
      callEndpoint(ftoApi.createBinder, { body: input, idempotencyKey: key }),
    onSuccess: () => invalidateEndpoints(queryClient, ftoApi.listBinders, ftoApi.home, ftoApi.listPrograms),
  });
}

export function useChangeBinderPhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: ChangeBinderPhaseInput; version: number }) =>
      callEndpoint(ftoApi.changeBinderPhase, { params: { id }, body: input, version }),
    onSuccess: () => invalidateEndpoints(queryClient, ftoApi.getBinder, ftoApi.listBinders, ftoApi.home),
  });
}

export function useSetBinderTrainers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, trainers, version }: { id: string; trainers: CreateBinderInput['trainers']; version: number }) =>
      callEndpoint(ftoApi.setBinderTrainers, { params: { id }, body: { trainers }, version }),
    onSuccess: () => invalidateEndpoints(queryClient, ftoApi.getBinder, ftoApi.listBinders, ftoApi.home),
  });
}

export async function searchFtoPeople(role: 'trainee' | 'trainer', q: string) {
  return callEndpoint(ftoApi.searchPeople, { query: { role, q } });
}

export function useFtoSettings() {
  return useQuery({ queryKey: queryKey(ftoApi.getSettings), queryFn: ({ signal }) => callEndpoint(ftoApi.getSettings, { signal }) });
}

export function useUpdateFtoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof UpdateFtoSettingsInput>) => callEndpoint(ftoApi.updateSettings, { body: input }),
    onSuccess: (settings) => queryClient.setQueryData(queryKey(ftoApi.getSettings), settings),
  });
}

/** Every binder the list's filters select, as CSV, fetched with the token in a header and saved as a file. */
export async function downloadBindersCsv(query: Omit<BindersRequest, 'page' | 'page_size'>): Promise<void> {
  const csv = await callEndpoint(ftoApi.exportBinders, { query });
  downloadText(`binders-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}
