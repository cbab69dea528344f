import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';

/**
 * Live updates (/realtime/v1): one stream of server-sent events per signed-in tab, carrying what
 * changed that this user may see. A message names a topic and carries only what the screen needs to
 * know that it should read again (ids, a count): the records themselves are read through their own
 * endpoints, with their own checks. The server decides who receives each message (its audience: one
 * user, or everyone in the agency holding a permission with the module on) when it subscribes them
 * and again when it sends; see docs/decisions/019-realtime.md.
 *
 * The stream's frames are standard `text/event-stream`: `id:` (a number that only grows; send it back
 * as `Last-Event-ID` when reconnecting to get what was missed), `event:` (the topic) and `data:` (JSON).
 * The first frame is `event: ready`, with the connection's limits.
 */

/** What a stream can carry; each entry says who receives it. */
export const REALTIME_TOPICS = {
  /** A notification for this user arrived: the bell reads again. Audience: the one user. */
  notifications: 'notifications',
  /** Shifts, time off or day notes changed in these dates: the roster reads again. Audience: `scheduling:view`. */
  scheduleRoster: 'schedule.roster',
  /**
   * An all-call was sent, answered, filled or cancelled: the board and the officers' panels read again.
   * Audience: each officer it asked, and `scheduling:allcall`.
   */
  scheduleAllcall: 'schedule.allcall',
  /** An open overtime shift was posted, signed up for, awarded, offered on or cancelled: the overtime lists read again. Audience: `scheduling:view`. */
  scheduleOvertime: 'schedule.overtime',
  /**
   * A trade was proposed, answered, cancelled, approved or denied: the trades lists read again.
   * Audience: the trade's requester, colleague and arranger, and `scheduling:modification.manage`.
   */
  scheduleTrades: 'schedule.trades',
  /**
   * Tasks were made or changed (fields, status, place, checklist, comments, files, links, shares): the
   * lists, my tasks and open drawers showing them read again. Audience: each person who sees the task
   * (a member of its space, before or after a move, or someone it is or was shared with), and
   * `admin:access` with the module on.
   */
  productivityTasks: 'productivity.tasks',
} as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[keyof typeof REALTIME_TOPICS];

export const NotificationsMessage = z.object({ id: z.string() });
export type NotificationsMessage = z.infer<typeof NotificationsMessage>;

export const ScheduleRosterMessage = z.object({ from: z.string(), to: z.string() });
export type ScheduleRosterMessage = z.infer<typeof ScheduleRosterMessage>;

export const ScheduleAllcallMessage = z.object({ id: z.string() });
export type ScheduleAllcallMessage = z.infer<typeof ScheduleAllcallMessage>;

export const ScheduleOvertimeMessage = z.object({ id: z.string() });
export type ScheduleOvertimeMessage = z.infer<typeof ScheduleOvertimeMessage>;

export const ScheduleTradesMessage = z.object({ id: z.string() });
export type ScheduleTradesMessage = z.infer<typeof ScheduleTradesMessage>;

/**
 * Each changed task with its version after the change (a screen already showing that version needs
 * nothing), and the lists it is or was on; a person it is only shared with gets no list ids.
 */
export const ProductivityTasksMessage = z.object({
  tasks: z.array(z.object({ id: z.string(), version: z.number().check(z.int()) })),
  list_ids: z.array(z.string()),
});
export type ProductivityTasksMessage = z.infer<typeof ProductivityTasksMessage>;

/** The data of each topic's messages. */
export const REALTIME_MESSAGES = {
  notifications: NotificationsMessage,
  'schedule.roster': ScheduleRosterMessage,
  'schedule.allcall': ScheduleAllcallMessage,
  'schedule.overtime': ScheduleOvertimeMessage,
  'schedule.trades': ScheduleTradesMessage,
  'productivity.tasks': ProductivityTasksMessage,
} as const satisfies Record<RealtimeTopic, z.ZodMiniType>;
export type RealtimeData<T extends RealtimeTopic> = z.infer<(typeof REALTIME_MESSAGES)[T]>;

/** The stream's first frame. */
export const RealtimeReady = z.object({
  /** Milliseconds between the server's keep-alive comments. */
  heartbeat_ms: z.number().check(z.int()),
  /** When the server closes the stream (the access token's expiry): the client reconnects with a fresh token before it. */
  closes_at: z.string(),
  /**
   * Whether what was sent since the client's Last-Event-ID follows (from a little before it: drop the
   * ids already seen). False when there was none or it is too old: read again whatever is on screen.
   */
  resumed: z.boolean(),
});
export type RealtimeReady = z.infer<typeof RealtimeReady>;

/** How long messages are kept for a reconnecting client to catch up on. */
export const REALTIME_RETENTION_MINUTES = 60;
/** The server's keep-alive comment interval (proxies close idle connections after about a minute). */
export const REALTIME_HEARTBEAT_MS = 25_000;

export const realtimeApi = defineApi('realtime', '/realtime/v1', {
  stream: {
    method: 'GET',
    path: '/stream',
    access: { permission: 'authenticated' },
    response: 'events',
    background: true,
  },
});
