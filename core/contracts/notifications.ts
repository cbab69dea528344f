import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';

/**
 * In-app notifications (/rest/v1/notifications): what a signed-in user has been told — a service
 * request moved, a squad check opened a request — newest first, each with a link into the app.
 * Every user sees only their own; e-mail carries the same news.
 */

export const Notification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path, such as `/fleet`; null when there is nothing to open. */
  link: z.nullable(z.string()),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({
  items: z.array(Notification),
  /** Unread notifications in all, not only those on this page. */
  unread: z.number().check(z.int()),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const ListNotificationsQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1, 'Ask for at least 1'), z.lte(50, 'Ask for at most 50')), 20),
  /** Only notifications older than this one (the last id of the previous page). */
  before: z.optional(z.string().check(z.uuid('Not a valid id'))),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;

export const MarkNotificationsReadInput = z.object({
  /** The notifications to mark read; leave out to mark every one read. */
  ids: z.optional(
    z
      .array(z.string().check(z.uuid('Not a valid id')))
      .check(z.minLength(1, 'Name at least one notification'), z.maxLength(100, 'Mark at most 100 at a time')),
  ),
});
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadInput>;

/** /rest/v1/notifications: the signed-in user's own notifications; nobody reads another's. */
export const notificationsApi = defineApi('notifications', '/rest/v1/notifications', {
  // The bell polls this on its own: a background request, not user activity.
  list: {
    method: 'GET',
    path: '/',
    access: { permission: 'authenticated' },
    query: ListNotificationsQuery,
    response: NotificationList,
    background: true,
  },
  markRead: {
    method: 'POST',
    path: '/read',
    access: { permission: 'authenticated' },
    body: MarkNotificationsReadInput,
    response: z.object({ unread: z.number().check(z.int()) }),
  },
});
