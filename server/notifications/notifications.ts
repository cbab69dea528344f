import type { ListNotificationsQuery, Notification, NotificationList } from '../../core/contracts/notifications.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { countUnread, findNotification, listNotifications, markRead, type NotificationRow } from './queries.ts';

/** The signed-in user's notifications: what any module left for them through platform/notices.ts. */

function present(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function listMyNotifications(ctx: RequestContext, query: ListNotificationsQuery): Promise<NotificationList> {
  return inAgency(ctx, async (tx) => {
    const { agencyId, userId } = ctx.scope;
    const before = query.before ? await findNotification(tx, agencyId, userId, query.before) : undefined;
    if (query.before && !before) throw new AppError('not_found', 'Notification not found');
    const rows = await listNotifications(tx, agencyId, userId, { limit: query.limit, ...(before ? { before } : {}) });
    return { items: rows.map(present), unread: await countUnread(tx, agencyId, userId) };
  });
}

export function markMyNotificationsRead(ctx: RequestContext, ids: string[] | undefined): Promise<{ unread: number }> {
  return inAgency(ctx, async (tx) => {
    const { agencyId, userId } = ctx.scope;
    await markRead(tx, agencyId, userId, ids, new Date());
    return { unread: await countUnread(tx, agencyId, userId) };
  });
}
