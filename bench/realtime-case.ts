/**
 * bench:api's realtime case (issue 20): 1,000 open realtime/v1 streams on the one server process
 * (10 agencies × 10 officers × 10 streams each, the most a user may hold), then rounds in which every
 * agency's scheduler saves a day note at once, each telling the agency's 100 open rosters which date
 * changed. Prints the server's resident memory before and after the streams opened (what one costs),
 * and the delay from sending the change to each stream reading its message (the change's own
 * request included), p50 and p99 over every delivery, with any message that never came.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import fs from 'node:fs';
import { BENCH_PASSWORD, benchEmail } from './bench-data.ts';

export interface RealtimeCaseResult {
  streams: number;
  opened: number;
  rssBeforeMb: number | null;
  rssAfterMb: number | null;
  rounds: number;
  deliveries: number;
  missing: number;
  p50: number;
  p99: number;
  writeP50: number;
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function token(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Listener {
  agency: number;
  /** When each date's message was read, by date. */
  received: Map<string, number>;
  abort: AbortController;
}

async function listen(base: string, accessToken: string, agency: number): Promise<Listener> {
  const abort = new AbortController();
  const listener: Listener = { agency, received: new Map(), abort };
  const response = await fetch(`${base}/realtime/v1/stream`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${accessToken}` },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`A stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        if (value.event === 'ready') ready();
        else if (value.event === 'schedule.roster')
          listener.received.set((JSON.parse(value.data) as { from: string }).from, performance.now());
      }
    } catch {
      // closed by the bench
    }
  })();
  await isReady;
  return listener;
}

export async function runRealtimeCase(
  base: string,
  serverPid: number | undefined,
  schedulers: Array<{ agency: number; token: string }>,
  rounds = 20,
): Promise<RealtimeCaseResult> {
  const rssBeforeMb = rssMb(serverPid);
  const listeners: Listener[] = [];
  for (const { agency } of schedulers)
    for (let user = 30; user < 40; user += 1) {
      const accessToken = await token(base, benchEmail(agency, user));
      listeners.push(...(await Promise.all(Array.from({ length: 10 }, () => listen(base, accessToken, agency)))));
    }
  const rssAfterMb = rssMb(serverPid);
  const delays: number[] = [];
  const writes: number[] = [];
  let missing = 0;
  try {
    for (let round = 0; round < rounds; round += 1) {
      // A day far ahead, new each round, so every message names its own date.
      const date = new Date(Date.UTC(2032, 0, 1) + round * 86_400_000 + Math.floor(Math.random() * 300) * 366 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const sent = new Map<number, number>();
      await Promise.all(
        schedulers.map(async ({ agency, token: accessToken }) => {
          const at = performance.now();
          sent.set(agency, at);
          const response = await fetch(`${base}/rest/v1/schedule/day-notes/${date}`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ note: `Bench round ${round}`, officer_in_charge_id: null }),
          });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`Saving a day note answered ${response.status}`);
          writes.push(performance.now() - at);
        }),
      );
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline && listeners.some((l) => !l.received.has(date))) await new Promise((r) => setTimeout(r, 10));
      for (const listener of listeners) {
        const at = listener.received.get(date);
        if (at === undefined) missing += 1;
        else delays.push(at - sent.get(listener.agency)!);
      }
    }
  } finally {
    for (const listener of listeners) listener.abort.abort();
  }
  delays.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  return {
    streams: schedulers.length * 100,
    opened: listeners.length,
    rssBeforeMb,
    rssAfterMb,
    rounds,
    deliveries: delays.length,
    missing,
    p50: Math.round(percentile(delays, 50)),
    p99: Math.round(percentile(delays, 99)),
    writeP50: Math.round(percentile(writes, 50)),
  };
}
