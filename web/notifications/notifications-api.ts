import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NotificationList } from '../../core/contracts/notifications.ts';
import { apiRequest } from '../app/api-client.ts';

const API = '/rest/v1/notifications';
/** How often the bell asks for news while the app is open. */
export const NOTIFICATION_POLL_MS = 60_000;

export const notificationKeys = { all: ['notifications'] as const };

/** GET /rest/v1/notifications: the latest 20 and the unread count. A poll, so marked background. */
export function listNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest(API, { query: { limit: 20 }, schema: NotificationList, signal, background: true });
}

export function useNotifications() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.all,
      queryFn: ({ signal }) => listNotifications(signal),
      refetchInterval: NOTIFICATION_POLL_MS,
      refetchIntervalInBackground: false,
    }),
  );
}

/** POST /rest/v1/notifications/read: the ones named, or every one when ids is undefined. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | undefined) =>
      apiRequest(`${API}/read`, { method: 'POST', body: ids ? { ids } : {}, schema: z.object({ unread: z.number() }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
