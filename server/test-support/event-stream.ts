import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import type { Session } from '../../core/contracts/auth.ts';

/**
 * A client of realtime/v1 for API tests: the server must listen on a port (`app.listen({ port: 0 })`),
 * and the stream is read with fetch and eventsource-parser, as the browser reads it (web/lib/realtime.ts).
 */

export interface Stream {
  status: number;
  messages: EventSourceMessage[];
  /** Waits for a message matching `test`, failing after `timeoutMs`. */
  next(test: (message: EventSourceMessage) => boolean, timeoutMs?: number): Promise<EventSourceMessage>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(base: string, session: Session | null, lastEventId?: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/realtime/v1/stream`, {
    headers: {
      accept: 'text/event-stream',
      ...(session ? { authorization: `Bearer ${session.access_token}` } : {}),
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const messages: EventSourceMessage[] = [];
  const waiting = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          messages.push(value);
          for (const wake of waiting) wake();
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    status: response.status,
    messages,
    ended,
    async next(test, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(test);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No such message within ${timeoutMs} ms; had ${messages.map((m) => `${m.event}:${m.data}`).join(' | ')}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    close: () => abort.abort(),
  };
}
