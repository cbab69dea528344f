import { and, asc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../db/schema.ts';
import { inFixed, queryRows, uuidList, type Database, type Tx } from './database.ts';
import { noteMailQueued } from './mail-after-commit.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

const MAX_ATTEMPTS = 8;
/** A claim older than this means the sender died mid-send: the message is sent again. */
const STALE_CLAIM = sql`now() - interval '10 minutes'`;

/**
 * An e-mail a sender may claim. The statuses are written into the statement, not sent as parameters:
 * PostgreSQL costed the plan made without them above the ones made for them, and so planned the claim
 * again for every message (docs/decisions/013, twenty-fifth step).
 */
function claimable() {
  return and(
    inFixed(mailOutbox.channel, ['email']),
    or(inFixed(mailOutbox.status, ['pending']), and(inFixed(mailOutbox.status, ['sending']), lt(mailOutbox.claimedAt, STALE_CLAIM))),
  );
}

/**
 * The statement that queues `messages` as e-mail, for a statement that writes more beside them (the
 * notices of sendNotices, notices.ts); once it has run in the caller's transaction, call
 * `noteMailQueued(agencyId)` so they leave when it commits, as `Mailer.enqueue` does.
 */
export function outboxInsert(agencyId: string, messages: readonly MailMessage[]): SQL {
  // Well-formed text: JSON would carry a lone surrogate (half an emoji cut off) that PostgreSQL's jsonb refuses.
  const rows = JSON.stringify(
    messages.map(({ to, subject, text }) => ({ to, subject: subject.toWellFormed(), text: text.toWellFormed() })),
  );
  return sql`insert into mail_outbox (agency_id, channel, "to", subject, text)
    select ${agencyId}::uuid, 'email', m."to", m.subject, m.text
    from jsonb_to_recordset(${rows}::jsonb) as m("to" text, subject text, text text)`;
}

/**
 * E-mail leaves through an outbox: a use case writes the message in the same transaction as the
 * change that caused it (so a rolled-back sign-up sends nothing, and a committed one is never
 * forgotten), then the mailer delivers it. With SMTP_URL set it goes through nodemailer; without,
 * the text is written to the server log so a local user can follow its links.
 */
export class Mailer {
  private readonly smtpUrl: string | undefined;
  /** Made on the first send, so a server that sends no e-mail never loads nodemailer. */
  private transport: Promise<Transporter> | null = null;
  private readonly database: Database;
  private readonly from: string;
  private readonly log: FastifyBaseLogger;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(options: { database: Database; smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }) {
    this.database = options.database;
    this.from = options.from;
    this.log = options.log;
    this.smtpUrl = options.smtpUrl;
  }

  private smtp(url: string): Promise<Transporter> {
    this.transport ??= import('nodemailer')
      .then(({ default: nodemailer }) => nodemailer.createTransport(url))
      .catch((error: unknown) => {
        // Tried again on the next send, not failed for good.
        this.transport = null;
        throw error;
      });
    return this.transport;
  }

  /** Queues a message inside the caller's tenant transaction. */
  async enqueue(tx: Tx, agencyId: string, message: MailMessage) {
    await tx.insert(mailOutbox).values({ agencyId, ...message });
    noteMailQueued(agencyId);
  }

  private readonly running = new Map<string, Promise<void>>();

  /**
   * Delivers an agency's pending messages (call after the queuing transaction commits). Never
   * throws. Deliveries for one agency run one after another, and each message is claimed before it
   * is sent, so a message is never sent twice.
   */
  deliver(agencyId: string): Promise<void> {
    const previous = this.running.get(agencyId) ?? Promise.resolve();
    const run = previous
      .then(() => this.deliverNow(agencyId))
      .catch((error: unknown) => this.log.error({ err: error, agencyId }, 'mail delivery failed'));
    this.running.set(agencyId, run);
    this.inFlight.add(run);
    void run.finally(() => {
      this.inFlight.delete(run);
      if (this.running.get(agencyId) === run) this.running.delete(agencyId);
    });
    return run;
  }

  /**
   * Claims the agency's oldest pending e-mail not yet tried in this run, in one statement: another
   * sender (a second server) skips what this one holds or has claimed. Each message is claimed just
   * before it is sent, so a slow send never leaves others waiting behind a claim of its own.
   */
  private async claimNext(tx: Tx, agencyId: string, tried: readonly string[]) {
    const [next] = await tx
      .update(mailOutbox)
      .set({ status: 'sending', claimedAt: new Date() })
      .where(
        and(
          eq(mailOutbox.agencyId, agencyId),
          eq(
            mailOutbox.id,
            tx
              .select({ id: mailOutbox.id })
              .from(mailOutbox)
              .where(
                // One statement however many were tried (`notInArray` wrote a parameter for each).
                and(eq(mailOutbox.agencyId, agencyId), claimable(), sql`${mailOutbox.id} <> all(${uuidList(tried)}::uuid[])`),
              )
              .orderBy(asc(mailOutbox.createdAt))
              .limit(1)
              .for('update', { skipLocked: true }),
          ),
        ),
      )
      .returning();
    return next;
  }

  /**
   * Sends the agency's pending e-mail, at most 50 a run, one after another. A message's outcome and
   * the claim of the next go in one transaction, so a message costs two where it cost three.
   */
  private async deliverNow(agencyId: string) {
    const tried: string[] = [];
    let message = await this.database.withTenant(agencyId, (tx) => this.claimNext(tx, agencyId, tried));
    while (message) {
      tried.push(message.id);
      let outcome: { status: 'sent' | 'logged' | 'pending' | 'failed'; error: string | null };
      try {
        if (this.smtpUrl) {
          const transport = await this.smtp(this.smtpUrl);
          await transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
          outcome = { status: 'sent', error: null };
        } else {
          this.log.info({ mail: { to: message.to, subject: message.subject } }, `e-mail (no SMTP_URL set, not sent):\n${message.text}`);
          outcome = { status: 'logged', error: null };
        }
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        outcome = { status: message.attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'pending', error: text };
        this.log.warn({ to: message.to, error: text }, 'e-mail not delivered; will retry');
      }
      const sent = message;
      message = await this.database.withTenant(agencyId, async (tx) => {
        await tx
          .update(mailOutbox)
          .set({
            status: outcome.status,
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: outcome.error,
            sentAt: outcome.status === 'sent' || outcome.status === 'logged' ? new Date() : null,
          })
          .where(and(eq(mailOutbox.agencyId, agencyId), eq(mailOutbox.id, sent.id)));
        return tried.length < 50 ? this.claimNext(tx, agencyId, tried) : undefined;
      });
    }
  }

  /** Retries whatever is still pending (e.g. the SMTP server was down), every `intervalMs`. */
  startRetries(intervalMs = 60_000) {
    this.timer = setInterval(() => void this.retryAll(), intervalMs);
    this.timer.unref();
  }

  async retryAll() {
    try {
      const rows = await this.database.withoutTenant((tx) =>
        queryRows<{ agency_id: string }>(tx, sql`select precinct_agencies_with_pending_mail() as agency_id`),
      );
      for (const row of rows) await this.deliver(row.agency_id);
    } catch (error) {
      this.log.error({ err: error }, 'mail retry sweep failed');
    }
  }

  /** Stops retrying and waits for deliveries under way. */
  async close() {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
    (await this.transport?.catch(() => null))?.close();
  }
}
