import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productivityApi, type Task } from '../../core/contracts/productivity.ts';
import { REALTIME_TOPICS, type ProductivityTasksMessage } from '../../core/contracts/realtime.ts';
import { apiKey, queryKey } from '../lib/api.ts';
import { useLiveUpdates, useRealtimeStatus } from '../lib/realtime.ts';

/**
 * Someone else's change to a task shows on this screen within a moment (realtime/v1,
 * `productivity.tasks`, which reaches only the people who see the task): the lists it is or was on
 * and their spaces' counts, my tasks, home, the record panels listing linked tasks, and an open
 * drawer on it read again. A drawer already showing that version (this tab's own change) is left
 * alone. While the stream is not open the module's answers on screen are read again every 30 s
 * instead, so a network that blocks streaming still gets its news.
 */
const POLL_MS = 30_000;

export function useProductivityLive(): void {
  const client = useQueryClient();
  const live = useRealtimeStatus() === 'live';
  useLiveUpdates(
    REALTIME_TOPICS.productivityTasks,
    (message) => void readAgain(client, message),
    () => void client.invalidateQueries({ queryKey: apiKey(productivityApi) }),
  );
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: apiKey(productivityApi) }), POLL_MS);
    return () => clearInterval(timer);
  }, [client, live]);
}

/** Marks stale what the message says changed; the answers on screen are fetched again. */
function readAgain(client: QueryClient, message: ProductivityTasksMessage) {
  const keys = [
    queryKey(productivityApi.myTasks),
    queryKey(productivityApi.home),
    queryKey(productivityApi.linked),
    ...message.list_ids.flatMap((id) => [queryKey(productivityApi.listTasks, id), queryKey(productivityApi.getList, id)]),
    // The spaces' open-task counts (the space screen, the spaces list) move with a list's tasks.
    ...(message.list_ids.length > 0 ? [queryKey(productivityApi.getSpace), queryKey(productivityApi.listSpaces)] : []),
  ];
  for (const { id, version } of message.tasks) {
    const shown = client.getQueryData<Task>(queryKey(productivityApi.getTask, id));
    if (shown && shown.version >= version) continue;
    keys.push(queryKey(productivityApi.getTask, id), queryKey(productivityApi.listComments, id));
  }
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
