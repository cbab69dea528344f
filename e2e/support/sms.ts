/**
 * Text messages the app under test sent, captured by the SMS relay stand-in of the e2e global setup.
 *
 *   const sms = await waitForSms({ to: '+15550100123', since });
 *   await page.getByLabel('Code from the text message').fill(sms.code!);
 */
import { inject } from 'vitest';
import type { CapturedSms } from './sms-capture.ts';

export interface ReceivedSms {
  to: string;
  text: string;
  /** The first 6-digit number in the text (the sign-in code), if any. */
  code: string | null;
  receivedAt: Date;
}

export interface WaitForSmsOptions {
  /** The number in international form, as the app stored it (e.g. +15550100123). */
  to: string;
  /** Only messages received at or after this moment. */
  since?: Date;
  /** Default 15 s. */
  timeoutMs?: number;
}

function toReceived(sms: CapturedSms): ReceivedSms {
  return { to: sms.to, text: sms.text, code: /\b(\d{6})\b/.exec(sms.text)?.[1] ?? null, receivedAt: new Date(sms.receivedAt) };
}

/** Every text captured so far for `to`, oldest first. */
export async function readTexts(to: string): Promise<ReceivedSms[]> {
  const url = new URL('/messages', inject('smsApiUrl'));
  url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`SMS capture answered ${response.status}`);
  return ((await response.json()) as CapturedSms[]).map(toReceived);
}

/** The newest text for `to` (received since `since`, when given); waits for it to arrive. */
export async function waitForSms({ to, since, timeoutMs = 15_000 }: WaitForSmsOptions): Promise<ReceivedSms> {
  const deadline = Date.now() + timeoutMs;
  let seen: ReceivedSms[] = [];
  for (;;) {
    seen = await readTexts(to);
    const match = seen.filter((sms) => !since || sms.receivedAt.getTime() >= since.getTime()).at(-1);
    if (match) return match;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `No text message to ${to}${since ? ` since ${since.toISOString()}` : ''} within ${timeoutMs} ms (${seen.length} earlier ones)`,
  );
}
