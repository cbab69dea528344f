import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  ftoApi,
  type AddReferenceInput,
  type ChangeBinderPhaseInput,
  type CreateBinderInput,
  type CreateDorInput,
  type Dor,
  type DorContent,
  ListBindersQuery,
  type ProgramInput,
  type ReferenceDocument,
  type SignTaskInput,
  UpdateFtoSettingsInput,
} from '../../core/contracts/fto.ts';
import { storageApi, type StoredFile } from '../../core/contracts/storage.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';
import { downloadText } from '../lib/download.ts';
import { downloadStoredFile, fileExtension } from '../lib/stored-files.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';
import { sendOrQueue } from '../lib/outbox/outbox.ts';
import { keepWaitingCreate, useWaitingCreate, type WaitingCreate } from '../lib/outbox/waiting-create.ts';

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

/** A binder: kept on the device, so a trainer can start and write a DOR of it without a connection. */
export function useBinder(id: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.getBinder, id),
    queryFn: ({ signal }) => callEndpoint(ftoApi.getBinder, { params: { id }, signal }),
    ...offlineReadable(),
  });
}

export function useDors(binderId: string, query: { page: number; page_size: number; status?: Dor['status'] | undefined }) {
  return useQuery({
    queryKey: queryKey(ftoApi.listDors, binderId, query),
    queryFn: ({ signal }) => callEndpoint(ftoApi.listDors, { params: { id: binderId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A DOR: kept on the device, so a draft started online can still be written when the connection drops. */
export function useDor(id: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.getDor, id),
    queryFn: ({ signal }) => callEndpoint(ftoApi.getDor, { params: { id }, signal }),
    ...offlineReadable(),
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

export const dorPath = (binderId: string, dorId: string) => `/fto/binder/${binderId}/dors/view/${dorId}`;

/**
 * Starts a DOR through the outbox, under an id chosen here: online it is created at once; without a
 * connection it waits on the device and its form opens from the binder the device kept (useWaitingDor).
 */
export function useCreateDor() {
  const changed = useDorChanged();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({
      binderId,
      input,
      key,
      summary,
    }: {
      binderId: string;
      input: CreateDorInput & { id: string };
      key: string;
      summary: string;
    }) =>
      sendOrQueue(ftoApi.createDor, { params: { id: binderId }, body: input, idempotencyKey: key }, summary, {
        formPath: dorPath(binderId, input.id),
      }),
    onSuccess: async (outcome) => {
      if (outcome.kind === 'sent') await changed(outcome.answer);
    },
  });
}

export type WaitingDor = WaitingCreate<typeof ftoApi.createDor>;

/** The signed-in user's DOR with this id that waits in the outbox (started without a connection) or was refused when sent. */
export function useWaitingDor(dorId: string): WaitingDor | null {
  return useWaitingCreate(ftoApi.createDor, dorId);
}

/** Keeps what was written in a waiting DOR (and whether to complete it), in place of its outbox item. */
export function keepWaitingDor(dorId: string, input: CreateDorInput): Promise<void> {
  return keepWaitingCreate(ftoApi.createDor, dorId, input, 'DOR');
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

// ---------------------------------------------------------------- tasksheets and policies

export function useTasksheets(binderId: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.listTasksheets, binderId),
    queryFn: ({ signal }) => callEndpoint(ftoApi.listTasksheets, { params: { id: binderId }, signal }),
    ...offlineReadable(),
  });
}

export function useTasksheet(id: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.getTasksheet, id),
    queryFn: ({ signal }) => callEndpoint(ftoApi.getTasksheet, { params: { id }, signal }),
    ...offlineReadable(),
  });
}

/**
 * A trainer's sign-off, through the outbox: in a car with no signal it waits on the device and is sent
 * once when the connection returns; a refusal then opens the tasksheet again with what was typed.
 */
export function useSignTask() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (call: { binderId: string; tasksheetId: string; input: SignTaskInput; key: string; summary: string; replaces?: string }) =>
      sendOrQueue(ftoApi.signTask, { params: { id: call.tasksheetId }, body: call.input, idempotencyKey: call.key }, call.summary, {
        formPath: `/fto/binder/${call.binderId}/tasksheets/${call.tasksheetId}`,
        ...(call.replaces ? { replaces: call.replaces } : {}),
      }),
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'sent') return;
      queryClient.setQueryData(queryKey(ftoApi.getTasksheet, outcome.answer.id), outcome.answer);
      await invalidateEndpoints(queryClient, ftoApi.listTasksheets);
    },
  });
}

export function useWithdrawSignoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tasksheetId, taskKey, reason }: { tasksheetId: string; taskKey: string; reason: string }) =>
      callEndpoint(ftoApi.withdrawSignoff, { params: { id: tasksheetId }, body: { task_key: taskKey, reason } }),
    onSuccess: async (sheet) => {
      queryClient.setQueryData(queryKey(ftoApi.getTasksheet, sheet.id), sheet);
      await invalidateEndpoints(queryClient, ftoApi.listTasksheets);
    },
  });
}

export function usePolicies(binderId: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.listPolicies, binderId),
    queryFn: ({ signal }) => callEndpoint(ftoApi.listPolicies, { params: { id: binderId }, signal }),
    ...offlineReadable(),
  });
}

export function usePolicy(id: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.getPolicy, id),
    queryFn: ({ signal }) => callEndpoint(ftoApi.getPolicy, { params: { id }, signal }),
    ...offlineReadable(),
  });
}

/** The trainee's acknowledgement, through the outbox (it can be read and acknowledged with no signal). */
export function useAcknowledgePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ binderId, policyId, title, key }: { binderId: string; policyId: string; title: string; key: string }) =>
      sendOrQueue(
        ftoApi.acknowledgePolicy,
        { params: { id: policyId }, body: undefined, idempotencyKey: key },
        `Acknowledgement of ${title}`,
        {
          formPath: `/fto/binder/${binderId}/policies/view/${policyId}`,
        },
      ),
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'sent') return;
      queryClient.setQueryData(queryKey(ftoApi.getPolicy, outcome.answer.id), outcome.answer);
      await invalidateEndpoints(queryClient, ftoApi.listPolicies, ftoApi.policyCompliance);
    },
  });
}

export function usePolicyCompliance() {
  return useQuery({
    queryKey: queryKey(ftoApi.policyCompliance),
    queryFn: ({ signal }) => callEndpoint(ftoApi.policyCompliance, { signal }),
  });
}

export function useRemindPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(ftoApi.remindPolicy, { params: { id } }),
    onSuccess: () => invalidateEndpoints(queryClient, ftoApi.policyCompliance),
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

/** A trainer's recommendation to advance, or the trainee's acknowledgement of it: the binder's page is set from the answer. */
export function useAdvanceSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: { id: string; version: number } & ({ recommend: string } | { acknowledge: string })) =>
      'recommend' in call
        ? callEndpoint(ftoApi.recommendAdvance, { params: { id: call.id }, body: { reason: call.recommend }, version: call.version })
        : callEndpoint(ftoApi.acknowledgeAdvance, { params: { id: call.id }, body: { comment: call.acknowledge }, version: call.version }),
    onSuccess: async (binder) => {
      queryClient.setQueryData(queryKey(ftoApi.getBinder, binder.id), binder);
      await invalidateEndpoints(queryClient, ftoApi.home);
    },
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

/** Every DOR of a binder the caller may see, as CSV, saved as a file named after the trainee. */
export async function downloadDorsCsv(binderId: string, traineeName: string): Promise<void> {
  const csv = await callEndpoint(ftoApi.exportDors, { params: { id: binderId } });
  const name = traineeName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  downloadText(`dors-${name || 'binder'}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}

/** Every binder the list's filters select, as CSV, fetched with the token in a header and saved as a file. */
export async function downloadBindersCsv(query: Omit<BindersRequest, 'page' | 'page_size'>): Promise<void> {
  const csv = await callEndpoint(ftoApi.exportBinders, { query });
  downloadText(`binders-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}

// ---------------------------------------------------------------- reference material

/** The reference material of a binder's program, as its trainee and trainers read it. */
export function useBinderReference(binderId: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.listReference, binderId),
    queryFn: ({ signal }) => callEndpoint(ftoApi.listReference, { params: { id: binderId }, signal }),
  });
}

/** The coordinator's list of a program's reference material. */
export function useProgramReference(programId: string) {
  return useQuery({
    queryKey: queryKey(ftoApi.listProgramReference, programId),
    queryFn: ({ signal }) => callEndpoint(ftoApi.listProgramReference, { params: { id: programId }, signal }),
  });
}

/** Stores a reference document's file for field training (its bytes as the body), reporting progress 0–100. */
export function uploadReferenceFile(file: Blob, onProgress: (percent: number) => void): Promise<StoredFile> {
  return callEndpoint(storageApi.upload, { query: { purpose: 'fto' }, body: file, onProgress });
}

export function useAddReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programId, input, key }: { programId: string; input: AddReferenceInput; key: string }) =>
      callEndpoint(ftoApi.addReference, { params: { id: programId }, body: input, idempotencyKey: key }),
    onSuccess: () => invalidateEndpoints(queryClient, ftoApi.listProgramReference, ftoApi.listReference),
  });
}

export function useRetireReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(ftoApi.retireReference, { params: { id } }),
    onSuccess: () => invalidateEndpoints(queryClient, ftoApi.listProgramReference, ftoApi.listReference),
  });
}

/** Fetches a reference document's file with the user's token (storage objects need it) and hands it over as a download. */
export function downloadReference(document: ReferenceDocument): Promise<void> {
  const fileId = document.url.split('/').pop()!;
  const name = document.title.replace(/[^\w .-]+/g, '').trim() || 'reference';
  return downloadStoredFile(fileId, `${name}.${fileExtension(document.content_type)}`);
}

/** /fto/admin/trainers: each field training officer's trainees, DORs and rating distribution beside the program's. */
export function useTrainers() {
  return useQuery({ queryKey: queryKey(ftoApi.listTrainers), queryFn: ({ signal }) => callEndpoint(ftoApi.listTrainers, { signal }) });
}
