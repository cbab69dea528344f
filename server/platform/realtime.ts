import type { ServerResponse } from 'node:http';
import { and, asc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import { effectiveSecurityPolicy, type SecurityPolicy, type SysConfig } from '../../core/contracts/agency.ts';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_RETENTION_MINUTES,
  type RealtimeData,
  type RealtimeReady,
  type RealtimeTopic,
} from '../../core/contracts/realtime.ts';
import { checkModuleApiAccess, type ModuleKey } from '../../core/modules.ts';
import { hasPermission, type Permission } from '../../core/permissions.ts';
import { realtimeEvents } from '../db/schema.ts';
import { isIdle, type RequestAuth, type Scope } from './access.ts';
import { clientGone as gone } from './client-gone.ts';
import { uuidList, type Database, type Tx } from './database.ts';

/**
 * realtime/v1 (docs/decisions/019-realtime.md): a change publishes a message in its own transaction
 * (a row in realtime_events and a pg_notify, both gone if it rolls back); every server process LISTENs
 * and writes each message to the open streams of its agency whose users may receive it, checked
 * against the database as it is when sending (live session, enabled user, the permission now held,
 * the module on), in one statement per message for all its candidates.
 */

export const REALTIME_CHANNEL = 'precinct_realtime';

/** Who receives a message: one user, or everyone of the agency holding a permission (with its module on). */
export type RealtimeAudience = { userId: string } | { permission: Permission; module?: ModuleKey };

/** A message's data is a pointer (ids, dates), never a record: kept small, and well inside NOTIFY's 8 kB. */
const MAX_DATA_CHARS = 2000;
/** Streams a user may hold at once (tabs, devices); the oldest is closed past it. */
const STREAMS_PER_USER = 10;
/** A reconnecting client is sent what was committed up to this long before its last message (commits do not come in id order). */
const CATCH_UP_OVERLAP_MS = 10_000;

interface Notified {
  a: string;
  i: number;
  t: RealtimeTopic;
  u: string | null;
  p: string | null;
  m: string | null;
  d: unknown;
}

/**
 * Sends `data` on `topic` to `audience` once `tx` commits. Old messages of the agency are pruned now
 * and then on the way (about one publish in fifty).
 */
export function publish<T extends RealtimeTopic>(
  tx: Tx,
  agencyId: string,
  topic: T,
  audience: RealtimeAudience,
  data: RealtimeData<T>,
): Promise<void> {
  // TypeScript does not tie T of topic and data together in the union: this is the one message of topic T.
  return publishAll(tx, agencyId, [{ topic, audience, data } as RealtimeMessage]);
}

/** One message of `publishAll`: its topic, who receives it and its data. */
export type RealtimeMessage = { [T in RealtimeTopic]: { topic: T; audience: RealtimeAudience; data: RealtimeData<T> } }[RealtimeTopic];

/**
 * Sends each message, in order, once `tx` commits: one insert and one notify for all of them, however
 * many (a task's change told to each member of its space, an all-call to each officer asked), where a
 * message at a time cost two round trips each.
 *
 * `alongside` are other writes of the same change (insert, update or delete statements without
 * `returning`), run in the same statement ahead of the messages: a round trip each saved (the
 * notices beside a notification, notices.ts). PostgreSQL runs every data-modifying statement of a
 * WITH to completion whether the rest reads it or not, all on the statement's one snapshot.
 */
export async function publishAll(
  tx: Tx,
  agencyId: string,
  messages: readonly RealtimeMessage[],
  alongside: readonly SQL[] = [],
): Promise<void> {
  if (messages.length === 0 && alongside.length === 0) return;
  const rows = messages.map(({ topic, audience, data }) => {
    const text = JSON.stringify(data);
    if (text.length > MAX_DATA_CHARS)
      throw new Error(`A realtime message carries ids, not records: ${topic} has ${text.length} characters`);
    return {
      agencyId,
      topic,
      userId: 'userId' in audience ? audience.userId : null,
      permission: 'permission' in audience ? audience.permission : null,
      module: 'permission' in audience ? (audience.module ?? null) : null,
      data: data as unknown,
    };
  });
  // One statement: the rows go in in their order, so their ids (one sequence) follow it, and each is
  // announced with its id in that order (PostgreSQL runs a volatile function of the select list, here
  // pg_notify, after the ORDER BY), once the transaction commits.
  const writes = alongside.map((statement, n) => sql`${sql.identifier(`alongside_${n}`)} as (${statement}),`);
  await tx.execute(sql`
    with ${sql.join(writes, sql` `)} inserted as (
      insert into ${realtimeEvents} (agency_id, topic, user_id, permission, module, data)
      select ${agencyId}::uuid, m.message->>'topic', (m.message->>'userId')::uuid, m.message->>'permission', m.message->>'module', m.message->'data'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as m(message, n)
      order by m.n
      returning id, topic, user_id, permission, module, data
    )
    select pg_notify(${REALTIME_CHANNEL}, json_build_object('a', ${agencyId}::uuid, 'i', id, 't', topic, 'u', user_id, 'p', permission, 'm', module, 'd', data)::text)
    from inserted
    order by id`);
  if (Math.random() < 0.02)
    await tx
      .delete(realtimeEvents)
      .where(
        and(
          eq(realtimeEvents.agencyId, agencyId),
          lt(realtimeEvents.createdAt, new Date(Date.now() - REALTIME_RETENTION_MINUTES * 60_000)),
        ),
      );
}

interface Subscriber {
  agencyId: string;
  userId: string;
  sessionId: string;
  permissions: readonly string[];
  accountType: Scope['accountType'];
  sysConfig: SysConfig;
  response: ServerResponse;
  /** Messages that arrived while the catch-up was read, sent after it. */
  held: Notified[] | null;
  /** Ids already written, in the order sent (the catch-up and what was held may overlap). */
  sent: Set<number>;
  timers: NodeJS.Timeout[];
}

/** What the database says of a subscriber's session as a message is sent. */
interface RecipientState {
  session_id: string;
  live: boolean;
  last_activity_at: Date;
  security_policy: SecurityPolicy;
  permissions: string[];
  account_type: Scope['accountType'];
  sys_config: SysConfig;
}

/** A kept message as NOTIFY carried it. */
function notifiedOf(row: typeof realtimeEvents.$inferSelect): Notified {
  return { a: row.agencyId, i: row.id, t: row.topic as RealtimeTopic, u: row.userId, p: row.permission, m: row.module, d: row.data };
}

function frame(id: number, topic: string, data: unknown): string {
  return `id: ${id}\nevent: ${topic}\ndata: ${JSON.stringify(data)}\n\n`;
}

function mayReceive(subscriber: Pick<Subscriber, 'userId' | 'permissions' | 'accountType' | 'sysConfig' | 'agencyId'>, message: Notified) {
  if (message.a !== subscriber.agencyId) return false;
  if (message.u !== null) return message.u === subscriber.userId;
  if (message.p === null) return false;
  const claims = { agency_id: subscriber.agencyId, account_type: subscriber.accountType, roles: [], permissions: subscriber.permissions };
  if (!hasPermission(claims, message.p as Permission)) return false;
  return (
    message.m === null ||
    checkModuleApiAccess({ module: message.m as ModuleKey, sysConfig: subscriber.sysConfig, accountType: subscriber.accountType }).allowed
  );
}

/** The process's open streams and its LISTEN connection. */
export class RealtimeHub {
  private readonly byAgency = new Map<string, Set<Subscriber>>();
  /** Per agency, the messages are sent one after the other, in the order they were notified. */
  private readonly queues = new Map<string, Promise<void>>();
  private stopListening: (() => Promise<void>) | undefined;
  private lastSeen = 0;

  private readonly database: Database;
  private readonly log: { warn(object: object, message: string): void };

  constructor(database: Database, log: { warn(object: object, message: string): void }) {
    this.database = database;
    this.log = log;
  }

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      REALTIME_CHANNEL,
      (payload) => this.onNotified(payload),
      () => void this.afterReconnect(),
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    for (const subscribers of this.byAgency.values()) for (const subscriber of subscribers) this.end(subscriber, 'server_closing');
    await Promise.allSettled([...this.queues.values()]);
  }

  /**
   * Takes over the request's socket as an event stream for the signed-in caller: the `ready` frame,
   * then what they missed after `lastEventId` (or `ready.resumed` false when that is not known any
   * more), then each message as it comes, until the access token expires or the client goes.
   */
  async subscribe(auth: RequestAuth, response: ServerResponse, lastEventId: string | undefined): Promise<void> {
    const { scope, sysConfig, claims } = auth;
    const subscriber: Subscriber = {
      agencyId: scope.agencyId,
      userId: scope.userId,
      sessionId: scope.sessionId,
      permissions: scope.permissions,
      accountType: scope.accountType,
      sysConfig,
      response,
      held: [],
      sent: new Set(),
      timers: [],
    };
    const closesAt = new Date(claims.exp * 1000);
    const http1 = !('stream' in response);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // HTTP/1.1's alone: over HTTP/2 the stream is one of the connection's (and the server turns Nagle off for the connection, app.ts).
      ...(http1 ? { connection: 'keep-alive' } : {}),
      // No buffering by a proxy in front (nginx): each message leaves as it is written.
      'x-accel-buffering': 'no',
    });
    // (An injected request's socket, in tests, has no such option.)
    if (http1 && typeof response.socket?.setNoDelay === 'function') response.socket.setNoDelay(true);
    // The client left while it was being signed in: its 'close' has come and gone, so it is not kept.
    if (gone(response)) return;
    this.add(subscriber);
    response.on('close', () => this.remove(subscriber));
    subscriber.timers.push(
      setInterval(() => response.write(': keep-alive\n\n'), REALTIME_HEARTBEAT_MS),
      setTimeout(() => this.end(subscriber, 'token_expired'), Math.max(0, closesAt.getTime() - Date.now())),
    );

    const after = lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
    const missed = after === undefined ? { resumed: false, rows: [] as Notified[] } : await this.missedSince(subscriber, after);
    const ready: RealtimeReady = {
      heartbeat_ms: REALTIME_HEARTBEAT_MS,
      closes_at: closesAt.toISOString(),
      resumed: missed.resumed,
    };
    if (gone(response)) return;
    response.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify(ready)}\n\n`);
    for (const message of missed.rows) this.write(subscriber, message);
    const held = subscriber.held ?? [];
    subscriber.held = null;
    for (const message of held) if (mayReceive(subscriber, message)) this.write(subscriber, message);
  }

  private add(subscriber: Subscriber) {
    let subscribers = this.byAgency.get(subscriber.agencyId);
    if (!subscribers) this.byAgency.set(subscriber.agencyId, (subscribers = new Set()));
    const mine = [...subscribers].filter((other) => other.userId === subscriber.userId);
    if (mine.length >= STREAMS_PER_USER) this.end(mine[0]!, 'too_many_streams');
    subscribers.add(subscriber);
  }

  private remove(subscriber: Subscriber) {
    for (const timer of subscriber.timers) clearTimeout(timer);
    const subscribers = this.byAgency.get(subscriber.agencyId);
    subscribers?.delete(subscriber);
    if (subscribers?.size === 0) this.byAgency.delete(subscriber.agencyId);
  }

  /** Closes a stream with a last `end` frame saying why (the client reconnects, or stops when it was signed out). */
  private end(subscriber: Subscriber, reason: string) {
    this.remove(subscriber);
    if (!gone(subscriber.response)) subscriber.response.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
  }

  private write(subscriber: Subscriber, message: Notified) {
    if (subscriber.sent.has(message.i) || gone(subscriber.response)) return;
    subscriber.sent.add(message.i);
    // Ids are kept only to drop a repeat between the catch-up and what arrived meanwhile.
    if (subscriber.sent.size > 500) subscriber.sent = new Set([...subscriber.sent].slice(-250));
    subscriber.response.write(frame(message.i, message.t, message.d));
  }

  /** What a reconnecting subscriber may receive of what was kept since `after`, read as their agency. */
  private async missedSince(subscriber: Subscriber, after: number): Promise<{ resumed: boolean; rows: Notified[] }> {
    const rows = await this.database.withTenant(subscriber.agencyId, async (tx) => {
      const [last] = await tx
        .select({ createdAt: realtimeEvents.createdAt })
        .from(realtimeEvents)
        .where(and(eq(realtimeEvents.agencyId, subscriber.agencyId), eq(realtimeEvents.id, after)));
      if (!last) return null;
      return tx
        .select()
        .from(realtimeEvents)
        .where(
          and(
            eq(realtimeEvents.agencyId, subscriber.agencyId),
            gte(realtimeEvents.createdAt, new Date(last.createdAt.getTime() - CATCH_UP_OVERLAP_MS)),
            sql`${realtimeEvents.id} <> ${after}`,
          ),
        )
        .orderBy(asc(realtimeEvents.id))
        .limit(1000);
    });
    if (rows === null) return { resumed: false, rows: [] };
    const messages = rows.map(notifiedOf);
    // From a little before the client's last one: what committed late with a smaller id is among them, and the client drops what it has.
    return { resumed: true, rows: messages.filter((message) => mayReceive(subscriber, message)) };
  }

  private onNotified(payload: string) {
    let message: Notified;
    try {
      message = JSON.parse(payload) as Notified;
    } catch {
      return;
    }
    this.lastSeen = Math.max(this.lastSeen, message.i);
    if (!this.byAgency.has(message.a)) return;
    const previous = this.queues.get(message.a) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(message))
      .catch((error: unknown) => this.log.warn({ err: error, topic: message.t }, 'A realtime message could not be delivered'))
      .finally(() => {
        if (this.queues.get(message.a) === next) this.queues.delete(message.a);
      });
    this.queues.set(message.a, next);
  }

  /** Checks each candidate's session as it is now, in one statement, then writes to those who may receive it. */
  private async deliver(message: Notified) {
    const subscribers = [...(this.byAgency.get(message.a) ?? [])];
    const candidates = message.u === null ? subscribers : subscribers.filter((subscriber) => subscriber.userId === message.u);
    if (candidates.length === 0) return;
    const states = await this.recipients(message.a, [...new Set(candidates.map((candidate) => candidate.sessionId))]);
    for (const subscriber of candidates) {
      const state = states.get(subscriber.sessionId);
      if (
        !state ||
        !state.live ||
        isIdle(new Date(state.last_activity_at), effectiveSecurityPolicy(state.security_policy).inactivity_minutes)
      ) {
        this.end(subscriber, 'session_ended');
        continue;
      }
      subscriber.permissions = state.permissions;
      subscriber.accountType = state.account_type;
      subscriber.sysConfig = state.sys_config;
      if (!mayReceive(subscriber, message)) continue;
      if (subscriber.held) subscriber.held.push(message);
      else this.write(subscriber, message);
    }
  }

  private async recipients(agencyId: string, sessionIds: string[]): Promise<Map<string, RecipientState>> {
    const rows = await this.database.scopedCall<RecipientState>(
      sql`select * from precinct_realtime_recipients(${agencyId}, ${uuidList(sessionIds)}::uuid[])`,
    );
    return new Map(rows.map((row) => [row.session_id, row]));
  }

  /** After the LISTEN connection came back: what each agency with open streams missed meanwhile, in order. */
  private async afterReconnect() {
    const since = this.lastSeen;
    for (const agencyId of this.byAgency.keys()) {
      const rows = await this.database
        .withTenant(agencyId, (tx) =>
          tx
            .select()
            .from(realtimeEvents)
            .where(and(eq(realtimeEvents.agencyId, agencyId), gt(realtimeEvents.id, since)))
            .orderBy(asc(realtimeEvents.id))
            .limit(1000),
        )
        .catch(() => []);
      for (const row of rows) this.onNotified(JSON.stringify(notifiedOf(row)));
    }
  }
}
