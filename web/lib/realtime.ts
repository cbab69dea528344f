import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { REALTIME_MESSAGES, RealtimeReady, realtimeApi, type RealtimeData, type RealtimeTopic } from '../../core/contracts/realtime.ts';
import { BACKGROUND_HEADER, currentAccessToken } from './api-client.ts';

/**
 * The tab's one live-update stream (realtime/v1, core/contracts/realtime.ts), read with fetch so it
 * carries the access token like every other request (EventSource cannot send a header), parsed with
 * eventsource-parser. It opens once someone is signed in and a screen listens; reconnects after a drop
 * with backoff (1 s doubling to 30 s, with jitter) and sends its Last-Event-ID to catch up; reconnects
 * at once when the server closes it as the access token expires; stops when the session ended. The
 * app's tabs share one stream: the tab holding a Web Lock reads it and relays what it reads on a
 * BroadcastChannel, and the next tab takes over when it closes.
 *
 *   useLiveUpdates('notifications', () => client.invalidateQueries(...));
 *   const live = useRealtimeStatus() === 'live';   // e.g. polling only while not live
 *
 * Screens use it to read again, never as the data itself: a message says what changed.
 */

export type RealtimeStatus = 'off' | 'connecting' | 'live';

/**
 * What the tab holding the stream tells the app's other tabs: a browser allows six connections to a
 * site over HTTP/1.1, and a stream in every tab would use them up, so one tab (the holder of a Web
 * Lock) keeps the stream and passes on what it reads; when it closes, another takes over.
 */
type Relayed =
  | { type: 'message'; topic: string; id: string | undefined; data: string }
  | { type: 'status'; status: RealtimeStatus }
  | { type: 'missed' }
  | { type: 'hello' };

const LOCK_NAME = 'precinct-realtime';

type Listener = { onMessage: (data: unknown) => void; onMissed: () => void };

const MAX_BACKOFF_MS = 30_000;
const SEEN_IDS_KEPT = 500;

class RealtimeConnection {
  private status: RealtimeStatus = 'off';
  private readonly statusListeners = new Set<() => void>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private abort: AbortController | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private lastEventId: string | undefined;
  private readonly seen: string[] = [];
  private running = false;
  /** Whether this tab holds the stream (or the browser cannot share one, and each tab holds its own). */
  private leader = false;
  private channel: BroadcastChannel | undefined;
  private releaseLock: (() => void) | undefined;
  private lockRequest: AbortController | undefined;

  getStatus = (): RealtimeStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  listen(topic: RealtimeTopic, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    this.ensureRunning();
    return () => {
      set.delete(listener);
      if ([...this.listeners.values()].every((each) => each.size === 0)) this.stop();
    };
  }

  private setStatus(status: RealtimeStatus) {
    if (this.leader) this.relay({ type: 'status', status });
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private relay(message: Relayed) {
    this.channel?.postMessage(message);
  }

  private ensureRunning() {
    if (this.running) return;
    this.running = true;
    window.addEventListener('online', this.reconnectNow);
    if (typeof BroadcastChannel === 'undefined' || !('locks' in navigator)) {
      this.leader = true;
      void this.connect();
      return;
    }
    this.channel = new BroadcastChannel(LOCK_NAME);
    this.channel.onmessage = (event: MessageEvent<Relayed>) => this.fromOtherTab(event.data);
    this.setStatus('connecting');
    this.relay({ type: 'hello' });
    const request = new AbortController();
    this.lockRequest = request;
    // Held until this tab stops listening (or closes): then the next tab in line takes the stream over.
    navigator.locks
      .request(
        LOCK_NAME,
        { signal: request.signal },
        () =>
          new Promise<void>((release) => {
            if (!this.running) return release();
            this.releaseLock = release;
            this.leader = true;
            void this.connect();
          }),
      )
      .catch(() => {
        // the request was withdrawn: this tab stopped before its turn came
      });
  }

  private fromOtherTab(message: Relayed) {
    if (message.type === 'hello') {
      if (this.leader) this.relay({ type: 'status', status: this.status });
      return;
    }
    if (this.leader) return;
    if (message.type === 'status') this.setStatus(message.status === 'off' ? 'connecting' : message.status);
    else if (message.type === 'missed') this.missedSome();
    else this.dispatch(message.topic, message.id, message.data);
  }

  private stop() {
    this.running = false;
    window.removeEventListener('online', this.reconnectNow);
    clearTimeout(this.retry);
    this.abort?.abort();
    this.abort = undefined;
    this.setStatus('off');
    this.leader = false;
    this.releaseLock?.();
    this.releaseLock = undefined;
    this.lockRequest?.abort();
    this.lockRequest = undefined;
    this.channel?.close();
    this.channel = undefined;
  }

  private readonly reconnectNow = () => {
    if (!this.running || !this.leader || this.status === 'live') return;
    clearTimeout(this.retry);
    this.attempts = 0;
    void this.connect();
  };

  private scheduleReconnect(immediately = false) {
    if (!this.running) return;
    this.setStatus('connecting');
    clearTimeout(this.retry);
    const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempts);
    this.attempts += 1;
    const delay = immediately ? 0 : base / 2 + Math.random() * (base / 2);
    this.retry = setTimeout(() => void this.connect(), delay);
  }

  private async connect() {
    if (!this.running) return;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.setStatus('connecting');
    let immediately = false;
    try {
      const token = await currentAccessToken();
      if (!token) {
        this.stop();
        return;
      }
      const response = await fetch(realtimeApi.stream.url, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          [BACKGROUND_HEADER]: '1',
          ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
        },
        signal: abort.signal,
        credentials: 'same-origin',
        cache: 'no-store',
      });
      // Signed out or refused: the session's own handling (session-watch.ts) takes over; no retry loop.
      if (response.status === 401 || response.status === 403) {
        this.stop();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`The live stream answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
      for (;;) {
        const { value: message, done } = await reader.read();
        if (done) break;
        if (message.event === 'ready') {
          this.attempts = 0;
          this.setStatus('live');
          const ready = RealtimeReady.safeParse(JSON.parse(message.data));
          // A reconnect that could not catch up: whatever listens reads again, in every tab.
          if (this.lastEventId !== undefined && ready.success && !ready.data.resumed) {
            this.relay({ type: 'missed' });
            this.missedSome();
          }
        } else if (message.event === 'end') {
          const reason = (JSON.parse(message.data) as { reason?: string }).reason;
          if (reason === 'session_ended') {
            this.stop();
            return;
          }
          immediately = reason === 'token_expired';
        } else if (message.event) {
          this.relay({ type: 'message', topic: message.event, id: message.id, data: message.data });
          this.dispatch(message.event, message.id, message.data);
        }
      }
    } catch {
      if (abort.signal.aborted) return;
    }
    if (this.abort === abort) this.scheduleReconnect(immediately);
  }

  private dispatch(topic: string, id: string | undefined, text: string) {
    if (id !== undefined) {
      // The catch-up starts a little before the last id seen: what was seen is not told twice.
      if (this.seen.includes(id)) return;
      this.seen.push(id);
      if (this.seen.length > SEEN_IDS_KEPT) this.seen.splice(0, this.seen.length - SEEN_IDS_KEPT);
      if (this.lastEventId === undefined || Number(id) > Number(this.lastEventId)) this.lastEventId = id;
    }
    const schema = REALTIME_MESSAGES[topic as RealtimeTopic] as (typeof REALTIME_MESSAGES)[RealtimeTopic] | undefined;
    if (!schema) return;
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success) return;
    for (const listener of this.listeners.get(topic) ?? []) listener.onMessage(parsed.data);
  }

  private missedSome() {
    for (const set of this.listeners.values()) for (const listener of set) listener.onMissed();
  }
}

const connection = new RealtimeConnection();

/** Whether the tab's live stream is open ('live'), being opened or re-opened ('connecting'), or not wanted ('off'). */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(connection.subscribeStatus, connection.getStatus, () => 'off');
}

/**
 * Calls `onMessage` with each message of `topic` while the component is mounted (the stream opens with
 * the first listener and closes with the last), and `onMissed` when a reconnect could not catch up.
 */
export function useLiveUpdates<T extends RealtimeTopic>(topic: T, onMessage: (data: RealtimeData<T>) => void, onMissed?: () => void): void {
  const message = useEffectEvent((data: unknown) => onMessage(data as RealtimeData<T>));
  const missed = useEffectEvent(() => onMissed?.());
  useEffect(() => connection.listen(topic, { onMessage: message, onMissed: missed }), [topic]);
}

/** Reads the queries under `key` again whenever a message of `topic` arrives (or some were missed). */
export function useLiveInvalidation(topic: RealtimeTopic, key: QueryKey): void {
  const client = useQueryClient();
  const invalidate = () => void client.invalidateQueries({ queryKey: key });
  useLiveUpdates(topic, invalidate, invalidate);
}
