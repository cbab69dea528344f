import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { REALTIME_TOPICS } from '../../core/contracts/realtime.ts';
import { notifications } from '../db/schema.ts';
import type { RequestContext } from './context.ts';
import type { Tx } from './database.ts';
import { findPerson } from './people.ts';
import { publish } from './realtime.ts';

/**
 * In-app notices: any module tells a user something here (as it sends mail through mail.ts); the
 * notifications module lists them and marks them read.
 */

/** How long a notification is kept. */
export const NOTIFICATION_RETENTION_DAYS = 90;

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
  const id = randomUUID();
  await pruneNotifications(tx, agencyId, userId, now);
  await insertNotification(tx, {
    id,
    agencyId,
    userId,
    kind: notice.kind,
    title: notice.title.slice(0, 200),
    body: (notice.body ?? '').slice(0, 2000),
    link: notice.link ?? null,
    createdAt: now,
  });
  // The user's open tabs read their bell again at once (polling stays the fallback).
  await publish(tx, agencyId, REALTIME_TOPICS.notifications, { userId }, { id });
}

export async function insertNotification(tx: Tx, row: typeof notifications.$inferInsert): Promise<void> {
  await tx.insert(notifications).values(row);
}

/** The user's notifications older than the retention period are dropped as new ones arrive. */
export async function pruneNotifications(tx: Tx, agencyId: string, userId: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
  await tx
    .delete(notifications)
    .where(and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId), lt(notifications.createdAt, cutoff)));
}

/**
 * Tells a person about a record in the bell and by e-mail, inside the change's transaction (the mail
 * leaves once it commits). Nobody is told of their own action.
 */
export async function tell(
  tx: Tx,
  ctx: RequestContext,
  userId: string,
  message: { kind: string; title: string; body: string; link: string },
): Promise<void> {
  if (userId === ctx.scope.userId) return;
  const person = await findPerson(tx, ctx.scope.agencyId, userId);
  if (!person) return;
  await notify(tx, ctx.scope.agencyId, userId, message);
  await ctx.services.mailer.enqueue(tx, ctx.scope.agencyId, {
    to: person.email,
    subject: message.title,
    text: [`Hello ${person.name},`, '', message.body, '', `Open it at ${ctx.services.config.publicUrl}${message.link}`].join('\n'),
  });
}
