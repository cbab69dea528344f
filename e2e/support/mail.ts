/**
 * Mail the app under test sent, captured by the SMTP server of the e2e global setup.
 *
 *   const mail = await waitForMail({ to: email, subject: /confirm/i });
 *   await page.goto(mail.links[0]);
 */
import { inject } from 'vitest';
import type { CapturedMail } from './mail-capture.ts';
import { findLinks } from './mail-parse.ts';

export interface ReceivedMail {
  /** All recipients of the message, lower-cased. */
  to: string[];
  subject: string;
  /** The text/plain body (or the text of the HTML body when there is no plain part). */
  text: string;
  /** Every http(s) URL in the text, in order. */
  links: string[];
  receivedAt: Date;
}

export interface WaitForMailOptions {
  to: string;
  subject?: RegExp;
  /** Only mail received at or after this moment (e.g. taken just before the action that sends it). */
  since?: Date;
  /** Default 15 s. */
  timeoutMs?: number;
}

function toReceived(mail: CapturedMail): ReceivedMail {
  return { to: mail.to, subject: mail.subject, text: mail.text, links: findLinks(mail.text), receivedAt: new Date(mail.receivedAt) };
}

/** Every message captured so far for `to`, oldest first. */
export async function readInbox(to: string): Promise<ReceivedMail[]> {
  const url = new URL('/messages', inject('mailApiUrl'));
  url.searchParams.set('to', to.trim().toLowerCase());
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Mail capture answered ${response.status}`);
  return ((await response.json()) as CapturedMail[]).map(toReceived);
}

/** The oldest message for `to` (matching `subject` and `since` when given); waits for it to arrive. */
export async function waitForMail({ to, subject, since, timeoutMs = 15_000 }: WaitForMailOptions): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  let seen: ReceivedMail[] = [];
  for (;;) {
    seen = await readInbox(to);
    const match = seen.find((mail) => (!subject || subject.test(mail.subject)) && (!since || mail.receivedAt.getTime() >= since.getTime()));
    if (match) return match;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const wanted = `to ${to}${subject ? ` with subject ${subject}` : ''}${since ? ` since ${since.toISOString()}` : ''}`;
  const got = seen.length > 0 ? seen.map((m) => `  - "${m.subject}" at ${m.receivedAt.toISOString()}`).join('\n') : '  (none)';
  throw new Error(`No mail ${wanted} within ${timeoutMs} ms. Mail to that address:\n${got}`);
}
