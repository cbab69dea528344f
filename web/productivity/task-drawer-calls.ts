import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productivityApi, type AddCommentInput, type TaskLinkKind } from '../../core/contracts/productivity.ts';
import { storageApi, type StoredFile } from '../../core/contracts/storage.ts';
import { apiKey, callEndpoint } from '../lib/api.ts';
import { sendOrQueue } from '../lib/outbox/outbox.ts';

/**
 * The task drawer's own calls beyond productivity-calls.ts: files, links, duplicate, move, save as a
 * template, and comments through the offline outbox. Each reloads the whole module when it succeeds:
 * a move or a copy changes the list on screen, the target list, My tasks and the spaces' counts.
 */

function useReloadingMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKey(productivityApi) }),
  });
}

/** A task's file, under its name on the device, reporting progress (0–100); readable by whoever sees a task it is on. */
export function uploadTaskFile(file: File, onProgress: (percent: number) => void): Promise<StoredFile> {
  return callEndpoint(storageApi.upload, { query: { purpose: 'productivity', name: file.name }, body: file, onProgress });
}

export const useAddAttachment = () =>
  useReloadingMutation(({ taskId, fileId }: { taskId: string; fileId: string }) =>
    callEndpoint(productivityApi.addAttachment, { params: { id: taskId }, body: { file_id: fileId } }),
  );

export const useRemoveAttachment = () =>
  useReloadingMutation(({ taskId, fileId }: { taskId: string; fileId: string }) =>
    callEndpoint(productivityApi.removeAttachment, { params: { id: taskId, file_id: fileId } }),
  );

export const useAddLink = () =>
  useReloadingMutation(({ taskId, kind, recordId, label }: { taskId: string; kind: TaskLinkKind; recordId: string; label: string }) =>
    callEndpoint(productivityApi.addLink, { params: { id: taskId }, body: { kind, record_id: recordId, label } }),
  );

export const useRemoveLink = () => useReloadingMutation((id: string) => callEndpoint(productivityApi.removeLink, { params: { id } }));

export const useMoveTask = () =>
  useReloadingMutation(({ id, listId, version }: { id: string; listId: string; version: number }) =>
    callEndpoint(productivityApi.moveTask, { params: { id }, body: { list_id: listId }, version }),
  );

export const useDuplicateTask = () =>
  useReloadingMutation(({ id, listId, title, idempotencyKey }: { id: string; listId: string; title: string; idempotencyKey: string }) =>
    callEndpoint(productivityApi.duplicateTask, { params: { id }, body: { list_id: listId, title }, idempotencyKey }),
  );

export const useSaveTemplate = () =>
  useReloadingMutation(({ id, name, idempotencyKey }: { id: string; name: string; idempotencyKey: string }) =>
    callEndpoint(productivityApi.saveTemplate, { params: { id }, body: { name }, idempotencyKey }),
  );

/**
 * A comment sent now, or kept in the outbox while the device is offline (or the server does not
 * answer) and sent once, with its Idempotency-Key, when the connection is back. `replaces`: the refused
 * comment this one fixes, which leaves the outbox once this one is sent or kept.
 */
export function useSendComment() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (call: { taskId: string; taskTitle: string; body: AddCommentInput; idempotencyKey: string; replaces?: string }) =>
      sendOrQueue(
        productivityApi.addComment,
        { params: { id: call.taskId }, body: call.body, idempotencyKey: call.idempotencyKey },
        `Comment on “${call.taskTitle}”`,
        { formPath: `/productivity?task=${call.taskId}`, ...(call.replaces ? { replaces: call.replaces } : {}) },
      ),
    onSuccess: (outcome) => {
      if (outcome.kind === 'sent') void client.invalidateQueries({ queryKey: apiKey(productivityApi) });
    },
  });
}
