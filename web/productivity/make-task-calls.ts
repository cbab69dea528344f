import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreateTaskInput,
  productivityApi,
  type ListTasksQuery,
  type SpaceStatus,
  type TaskLinkKind,
  type CreateTaskInput as CreateTaskBody,
} from '../../core/contracts/productivity.ts';
import { apiKey, callEndpoint, queryKey } from '../lib/api.ts';
import { downloadText } from '../lib/download.ts';
import { parseKeptBody } from '../lib/outbox/kept-photo-rules.ts';
import { sendOrQueue } from '../lib/outbox/outbox.ts';
import type { OutboxItem } from '../lib/outbox/outbox-rules.ts';
import { useWaitingCreates } from '../lib/outbox/waiting-create.ts';

/**
 * Making a task (from a list, or from another module's record) and what goes with it: the space's
 * templates, the tasks linked to a record, the new tasks still waiting on the device, and a list's
 * CSV. A new task goes through the offline outbox (docs/decisions/014-offline.md): offline it waits
 * on the device and is created once, with its Idempotency-Key, when the connection returns.
 */

const CREATE_TASK = `${productivityApi.createTask.api}.${productivityApi.createTask.name}`;

/** The tasks the caller sees that are linked to a record of another module. */
export function useLinkedTasks(kind: TaskLinkKind, recordId: string) {
  return useQuery({
    queryKey: queryKey(productivityApi.linked, kind, recordId),
    queryFn: ({ signal }) => callEndpoint(productivityApi.linked, { query: { kind, record_id: recordId }, signal }),
  });
}

/** The workflows of these spaces (the statuses' words and colours), by space id, as far as they are read (a shared task's space is not). */
export function useWorkflows(spaceIds: readonly string[]): ReadonlyMap<string, readonly SpaceStatus[]> {
  const spaces = useQueries({
    queries: [...new Set(spaceIds)].map((id) => ({
      queryKey: queryKey(productivityApi.getSpace, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(productivityApi.getSpace, { params: { id }, signal }),
      retry: false,
    })),
  });
  return new Map(spaces.flatMap((space) => (space.data ? [[space.data.id, space.data.statuses] as const] : [])));
}

export type CreateTaskCall = {
  listId: string;
  body: CreateTaskBody;
  idempotencyKey: string;
  /** How the outbox names it ("Task “Wash P-417” in Fleet jobs"). */
  summary: string;
  /** The refused item this send fixes: it leaves the outbox once this one is sent or waits in its place. */
  replaces?: string;
};

/**
 * A new task, sent now or kept in the outbox (offline, or no answer): `sent` with the task, or
 * `queued`. A refusal is thrown for the form to show. A refused item opens again on its list.
 */
export function useCreateTaskOrQueue() {
  const client = useQueryClient();
  return useMutation({
    // Query would pause the mutation offline: the outbox decides what waits.
    networkMode: 'always',
    mutationFn: (call: CreateTaskCall) =>
      sendOrQueue(
        productivityApi.createTask,
        { params: { id: call.listId }, body: call.body, idempotencyKey: call.idempotencyKey },
        call.summary,
        { formPath: `/productivity/list/${call.listId}`, ...(call.replaces ? { replaces: call.replaces } : {}) },
      ),
    onSuccess: (outcome) => {
      if (outcome.kind === 'sent') void client.invalidateQueries({ queryKey: apiKey(productivityApi) });
    },
  });
}

/** A new task kept on the device, with what it was asked to be (parsed with the contract), or null when it is not one. */
export function keptTaskOf(item: OutboxItem): { item: OutboxItem; listId: string; input: CreateTaskBody } | null {
  if (item.endpoint !== CREATE_TASK || typeof item.params?.id !== 'string') return null;
  const input = parseKeptBody(CreateTaskInput, item.body);
  return input ? { item, listId: item.params.id, input } : null;
}

/** The signed-in user's new tasks in the outbox that `matches` picks (of a list, or linked to a record): waiting, or refused when sent. */
export function useKeptTasks(matches: (kept: NonNullable<ReturnType<typeof keptTaskOf>>) => boolean) {
  return useWaitingCreates(productivityApi.createTask).flatMap((item) => {
    const kept = keptTaskOf(item);
    return kept && matches(kept) ? [kept] : [];
  });
}

/** The list's tasks as filtered on screen (every page), as CSV, saved as a file named after the list. */
export async function downloadTasksCsv(listId: string, listName: string, query: ListTasksQuery): Promise<void> {
  const { page: _page, page_size: _size, ...filters } = query;
  const csv = await callEndpoint(productivityApi.exportTasks, { params: { id: listId }, query: filters });
  const name = listName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  downloadText(`tasks-${name || 'list'}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}
