import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  productivityApi,
  type BulkUpdateInput,
  type CreateSpaceInput,
  type CreateTaskInput,
  type ListTasksQuery,
  type UpdateProductivitySettingsInput,
  type UpdateTaskInput,
} from '../../core/contracts/productivity.ts';
import { apiKey, callEndpoint, queryKey } from '../lib/api.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';

/**
 * The productivity module's calls (core/contracts/productivity.ts): queries keyed by the table, and
 * mutations that refresh the whole module (a task's change moves it in my tasks, its list, its board
 * and its space's counts at once). What an officer needs to open a list and add a task to it with no
 * connection (the spaces, a space, a list, its pages of tasks and the space's templates) is kept on the
 * device (docs/decisions/014-offline.md); the settings, my tasks and a task's drawer are not.
 */

// ---------------------------------------------------------------- reading

export function useProductivityHome(enabled = true) {
  return useQuery({
    queryKey: queryKey(productivityApi.home),
    queryFn: ({ signal }) => callEndpoint(productivityApi.home, { signal }),
    enabled,
  });
}

export function useProductivitySettings() {
  return useQuery({
    queryKey: queryKey(productivityApi.getSettings),
    queryFn: ({ signal }) => callEndpoint(productivityApi.getSettings, { signal }),
  });
}

export function useMyTasks() {
  return useQuery({
    queryKey: queryKey(productivityApi.myTasks),
    queryFn: ({ signal }) => callEndpoint(productivityApi.myTasks, { signal }),
  });
}

export function useSpaces() {
  return useQuery({
    queryKey: queryKey(productivityApi.listSpaces),
    queryFn: ({ signal }) => callEndpoint(productivityApi.listSpaces, { signal }),
    ...offlineReadable(),
  });
}

export function useSpace(id: string | null) {
  return useQuery({
    queryKey: queryKey(productivityApi.getSpace, id),
    queryFn: ({ signal }) => callEndpoint(productivityApi.getSpace, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    ...offlineReadable(),
  });
}

export function useTaskList(id: string) {
  return useQuery({
    queryKey: queryKey(productivityApi.getList, id),
    queryFn: ({ signal }) => callEndpoint(productivityApi.getList, { params: { id }, signal }),
    ...offlineReadable(),
  });
}

export function useListTasks(id: string, query: ListTasksQuery) {
  return useQuery({
    queryKey: queryKey(productivityApi.listTasks, id, query),
    queryFn: ({ signal }) => callEndpoint(productivityApi.listTasks, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
    ...offlineReadable(),
  });
}

/** A space's task templates, for the new-task form: its list reads them ahead, so the form has them offline too. */
export function useSpaceTemplates(spaceId: string | null) {
  return useQuery({
    queryKey: queryKey(productivityApi.listTemplates, spaceId),
    queryFn: ({ signal }) => callEndpoint(productivityApi.listTemplates, { params: { id: spaceId ?? '' }, signal }),
    enabled: spaceId !== null,
    ...offlineReadable(),
  });
}

export function useTask(id: string | null) {
  return useQuery({
    queryKey: queryKey(productivityApi.getTask, id),
    queryFn: ({ signal }) => callEndpoint(productivityApi.getTask, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

export function useComments(taskId: string) {
  return useQuery({
    queryKey: queryKey(productivityApi.listComments, taskId),
    queryFn: ({ signal }) => callEndpoint(productivityApi.listComments, { params: { id: taskId }, signal }),
  });
}

// ---------------------------------------------------------------- changing

/** A mutation that reloads every productivity answer once it succeeds. */
function useProductivityMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKey(productivityApi) }),
  });
}

export const useCreateSpace = () =>
  useProductivityMutation(({ body, idempotencyKey }: { body: CreateSpaceInput; idempotencyKey: string }) =>
    callEndpoint(productivityApi.createSpace, { body, idempotencyKey }),
  );

export const useCreateList = () =>
  useProductivityMutation(({ spaceId, name, idempotencyKey }: { spaceId: string; name: string; idempotencyKey: string }) =>
    callEndpoint(productivityApi.createList, { params: { id: spaceId }, body: { name }, idempotencyKey }),
  );

export const useCreateTask = () =>
  useProductivityMutation(({ listId, body, idempotencyKey }: { listId: string; body: CreateTaskInput; idempotencyKey: string }) =>
    callEndpoint(productivityApi.createTask, { params: { id: listId }, body, idempotencyKey }),
  );

export const useUpdateTask = () =>
  useProductivityMutation(({ id, body, version }: { id: string; body: UpdateTaskInput; version: number }) =>
    callEndpoint(productivityApi.updateTask, { params: { id }, body, version }),
  );

export const useCloseTask = () =>
  useProductivityMutation(({ id, version }: { id: string; version: number }) =>
    callEndpoint(productivityApi.closeTask, { params: { id }, version }),
  );

export const useReopenTask = () =>
  useProductivityMutation(({ id, version }: { id: string; version: number }) =>
    callEndpoint(productivityApi.reopenTask, { params: { id }, version }),
  );

export const useBulkUpdate = () => useProductivityMutation((body: BulkUpdateInput) => callEndpoint(productivityApi.bulkUpdate, { body }));

/** A tick at the item's version; ticked, or refused because someone changed it meanwhile, the task reads again. */
export const useToggleChecklistItem = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done, version }: { id: string; done: boolean; version: number }) =>
      callEndpoint(productivityApi.updateChecklistItem, { params: { id }, body: { done }, version }),
    // Not awaited: a refusal shows at once, not after the task has been read again.
    onSettled: () => void client.invalidateQueries({ queryKey: apiKey(productivityApi) }),
  });
};

export const useAddChecklistItem = () =>
  useProductivityMutation(({ taskId, text, idempotencyKey }: { taskId: string; text: string; idempotencyKey: string }) =>
    callEndpoint(productivityApi.addChecklistItem, { params: { id: taskId }, body: { text }, idempotencyKey }),
  );

export const useWatch = () =>
  useProductivityMutation(({ taskId, watch }: { taskId: string; watch: boolean }) =>
    watch
      ? callEndpoint(productivityApi.watch, { params: { id: taskId } })
      : callEndpoint(productivityApi.unwatch, { params: { id: taskId } }),
  );

export const useUpdateProductivitySettings = () =>
  useProductivityMutation((body: UpdateProductivitySettingsInput) => callEndpoint(productivityApi.updateSettings, { body }));
