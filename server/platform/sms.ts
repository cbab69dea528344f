import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../db/schema.ts';
import type { Database } from './database.ts';

export interface SmsSender {
  /** Sends a text message; throws when it could not be handed over. */
  send(to: string, text: string): Promise<void>;
}

/**
 * Posts `{ "to", "text" }` as JSON to an SMS relay (SMS_WEBHOOK_URL): the operator's bridge to
 * their carrier or SMS provider. A non-2xx answer is a failed send.
 */
export class WebhookSmsSender implements SmsSender {
  private readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  async send(to: string, text: string) {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS relay answered ${response.status}`);
  }
}

/**
 * Text messages (phone codes) go through the configured sender and are recorded in the outbox like
 * e-mail. With no sender configured the text is written to the server log, so a local user can
 * still sign in with a phone factor.
 */
export class TextMessages {
  private readonly sender: SmsSender | null;
  private readonly database: Database;
  private readonly log: FastifyBaseLogger;

  constructor(options: { sender: SmsSender | null; database: Database; log: FastifyBaseLogger }) {
    this.sender = options.sender;
    this.database = options.database;
    this.log = options.log;
  }

  async send(agencyId: string, to: string, text: string): Promise<void> {
    let status: 'sent' | 'logged' | 'failed' = 'logged';
    let lastError: string | null = null;
    if (this.sender) {
      try {
        await this.sender.send(to, text);
        status = 'sent';
      } catch (error) {
        status = 'failed';
        lastError = error instanceof Error ? error.message : String(error);
        this.log.warn({ error: lastError }, 'text message not delivered');
      }
    } else {
      this.log.info({ sms: { to } }, `text message (no SMS_WEBHOOK_URL set, not sent): ${text}`);
    }
    await this.database.withTenant(agencyId, (tx) =>
      tx.insert(mailOutbox).values({
        agencyId,
        channel: 'sms',
        to,
        subject: 'Text message',
        text,
        status,
        attempts: 1,
        lastError,
        sentAt: status === 'failed' ? null : new Date(),
      }),
    );
    if (status === 'failed') throw new Error(lastError ?? 'text message not delivered');
  }
}
