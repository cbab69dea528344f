import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../../core/contracts/notifications.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/** How often the bell asks for news while the app is open. */
export const NOTIFICATION_POLL_MS = 60_000;

/** The latest 20 and the unread count; a poll, so the table marks it background. */
export function useNotifications() {
  return useQuery(
    queryOptions({
      queryKey: queryKey(notificationsApi.list),
      queryFn: ({ signal }) => callEndpoint(notificationsApi.list, { query: { limit: 20 }, signal }),
      refetchInterval: NOTIFICATION_POLL_MS,
      refetchIntervalInBackground: false,
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
