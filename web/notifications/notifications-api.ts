import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../../core/contracts/notifications.ts';
import { REALTIME_TOPICS } from '../../core/contracts/realtime.ts';
import { useAfterFirstScreen } from '../lib/after-first-screen.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { useLiveInvalidation, useRealtimeStatus } from '../lib/realtime.ts';

/** How often the bell asks for news while the live stream is not open (it cannot connect, or is reconnecting). */
export const NOTIFICATION_POLL_MS = 60_000;

/**
 * The latest 20 and the unread count, read again as soon as the live stream (realtime/v1) says a
 * notification arrived; polled only while the stream is not open. A poll, so the table marks it background.
 * First asked for once the first screen is drawn: the page's own requests go first on a slow network.
 */
export function useNotifications() {
  const firstScreenDrawn = useAfterFirstScreen();
  const live = useRealtimeStatus() === 'live';
  useLiveInvalidation(REALTIME_TOPICS.notifications, notificationsApi.list.key);
  return useQuery(
    queryOptions({
      queryKey: queryKey(notificationsApi.list),
      queryFn: ({ signal }) => callEndpoint(notificationsApi.list, { query: { limit: 20 }, signal }),
      refetchInterval: live ? false : NOTIFICATION_POLL_MS,
      refetchIntervalInBackground: false,
      enabled: firstScreenDrawn,
    }),
  );
}

/** Marks the ones named read, or every one when ids is undefined. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | undefined) => callEndpoint(notificationsApi.markRead, { body: ids ? { ids } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsApi.list.key }),
  });
}
