import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { notifications } from '../db/schema.ts';
import type { Tx } from '../platform/database.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export async function listNotifications(
  tx: Tx,
  agencyId: string,
  userId: string,
  options: { limit: number; before?: NotificationRow },
): Promise<NotificationRow[]> {
  const mine = and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId));
  const before = options.before;
  return tx
    .select()
    .from(notifications)
    .where(
      before
        ? and(
            mine,
            or(
              lt(notifications.createdAt, before.createdAt),
              and(eq(notifications.createdAt, before.createdAt), lt(notifications.id, before.id)),
            ),
          )
        : mine,
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

export async function findNotification(tx: Tx, agencyId: string, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId), eq(notifications.id, id)));
  return row;
}

export async function countUnread(tx: Tx, agencyId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's notifications read: the ones named, or all. Others' ids are ignored. */
export async function markRead(tx: Tx, agencyId: string, userId: string, ids: string[] | undefined, now: Date): Promise<void> {
  const mineUnread = and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId), isNull(notifications.readAt));
  await tx
    .update(notifications)
    .set({ readAt: now })
    .where(ids ? and(mineUnread, inArray(notifications.id, ids)) : mineUnread);
}
