import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REALTIME_TOPICS } from '../../core/contracts/realtime.ts';
import { notifications } from '../db/schema.ts';
import type { RequestContext } from './context.ts';
import type { Tx } from './database.ts';
import { findPerson } from './people.ts';
import { outboxInsert, type MailMessage } from './mail.ts';
import { noteMailQueued } from './mail-after-commit.ts';
import { publishAll } from './realtime.ts';

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

/** A notice for one user, and the e-mail that goes with it, if any. */
export interface Delivery {
  userId: string;
  notice: Notice;
  mail?: MailMessage;
}

/**
 * Tells a user something in the app, inside the transaction of the change it is about, so the
 * notice exists exactly when the change does. Callers send the e-mail beside it (or use sendNotices).
 */
export function notify(tx: Tx, agencyId: string, userId: string, notice: Notice): Promise<void> {
  return sendNotices(tx, agencyId, [{ userId, notice }]);
}

/**
 * Tells each user their notice in the app, and by e-mail where the delivery carries one, inside the
 * change's transaction, in one statement however many they are: each user's notices past the
 * retention period are dropped, the notices and e-mails are written, and each user's open tabs are
 * told to read their bell again (polling stays the fallback). The e-mail leaves once it commits.
 */
export async function sendNotices(tx: Tx, agencyId: string, deliveries: readonly Delivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  const now = new Date();
  const rows = deliveries.map(({ userId, notice }) => ({
    id: randomUUID(),
    user_id: userId,
    kind: notice.kind,
    // Well-formed: a cut may split an emoji, and PostgreSQL's jsonb refuses the half left (a parameter
    // of its own would have become U+FFFD, as it does now).
    title: notice.title.slice(0, 200).toWellFormed(),
    body: (notice.body ?? '').slice(0, 2000).toWellFormed(),
    link: notice.link ?? null,
  }));
  const mail = deliveries.flatMap((delivery) => (delivery.mail ? [delivery.mail] : []));
  const users = JSON.stringify([...new Set(rows.map((row) => row.user_id))]);
  await publishAll(
    tx,
    agencyId,
    rows.map((row) => ({ topic: REALTIME_TOPICS.notifications, audience: { userId: row.user_id }, data: { id: row.id } })),
    [
      // The retention's cutoff is written into the statement: sent as a parameter, its date made PostgreSQL
      // cost the plan it keeps above the ones made for each date, and plan the statement again every time
      // (docs/decisions/013, twenty-fifth step).
      sql`delete from notifications
        where agency_id = ${agencyId}::uuid and created_at < now() - ${sql.raw(`interval '${NOTIFICATION_RETENTION_DAYS} days'`)}
          and user_id in (select value::uuid from jsonb_array_elements_text(${users}::jsonb))`,
      sql`insert into notifications (agency_id, id, user_id, kind, title, body, link, created_at)
        select ${agencyId}::uuid, n.id, n.user_id, n.kind, n.title, n.body, n.link, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as n(id uuid, user_id uuid, kind text, title text, body text, link text)`,
      ...(mail.length > 0 ? [outboxInsert(agencyId, mail)] : []),
    ],
  );
  if (mail.length > 0) noteMailQueued(agencyId);
}

/** Writes a notification as it is (the demo seeds' past notices). */
export async function insertNotification(tx: Tx, row: typeof notifications.$inferInsert): Promise<void> {
  await tx.insert(notifications).values(row);
}

/** Who a notice reaches: a person of the agency and the address to tell them by. */
export interface Recipient {
  id: string;
  email: string;
  name: string;
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
  if (person) await tellPeople(tx, ctx, [person], message);
}

/** `tell` for people already read (the holders of a permission), in one statement for all of them. */
export function tellPeople(
  tx: Tx,
  ctx: RequestContext,
  people: readonly Recipient[],
  message: { kind: string; title: string; body: string; link: string },
): Promise<void> {
  return sendNotices(
    tx,
    ctx.scope.agencyId,
    people
      .filter((person) => person.id !== ctx.scope.userId)
      .map((person) => ({
        userId: person.id,
        notice: message,
        mail: {
          to: person.email,
          subject: message.title,
          text: [`Hello ${person.name},`, '', message.body, '', `Open it at ${ctx.services.config.publicUrl}${message.link}`].join('\n'),
        },
      })),
  );
}
