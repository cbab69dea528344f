import type { ListNotificationsQuery, Notification, NotificationList } from '../../core/contracts/notifications.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { countUnread, findNotification, insertNotification, listNotifications, markRead, pruneNotifications, type NotificationRow } from './queries.ts';

export interface Notice {
  /** A dotted kind such as `fleet.service_request.status`. */
  kind: string;
  title: string;
  body?: string;
  /** An in-app path to open, such as `/fleet`. */
  link?: string;
}

/**
 * Tells a user something in the app, inside the transaction of the change it is about, so the
 * notice exists exactly when the change does. Callers send the e-mail beside it.
 */
export async function notify(tx: Tx, agencyId: string, userId: string, notice: Notice): Promise<void> {
  const now = new Date();
  await pruneNotifications(tx, agencyId, userId, now);
  await insertNotification(tx, {
    agencyId,
    userId,
    kind: notice.kind,
    title: notice.title.slice(0, 200),
    body: (notice.body ?? '').slice(0, 2000),
    link: notice.link ?? null,
    createdAt: now,
  });
}

function present(row: NotificationRow): Notification {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, read: row.readAt !== null, created_at: row.createdAt.toISOString() };
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
