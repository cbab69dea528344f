import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { IdParams, LongText } from './fields.ts';
import { RULE_ACTIONS, Shift, TRADE_KINDS, TRADE_STATUSES, type TradeKind, type TradeStatus } from './schedule.ts';

/**
 * Shift trades (scheduling part 2, /schedule/trades): an officer swaps one of their shifts for a
 * colleague's, or gives one away. The colleague accepts or declines, the requester may cancel while it
 * is not decided, and a supervisor with `scheduling:modification.manage` approves (both shifts change
 * hands in one transaction, each with a line in its history) or denies, with a note. A manager may
 * propose a trade on an officer's behalf (`requester_id`).
 *
 * Before anyone asks, `POST /check` says why the trade would not be allowed: the agency's conflict rules
 * (overlap: already scheduled, minimum rest, maximum hours) weighed for each officer as if the trade were
 * done, each with its action (`block` refuses, `warn` shows, `approve` needs the supervisor's note), and
 * staffing that the trade would leave below a minimum (blocks).
 */

export const TRADE_KIND_LABELS: Record<TradeKind, string> = { swap: 'Swap', giveaway: 'Giveaway' };
export const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  proposed: 'Waiting for the colleague',
  accepted: 'Waiting for a supervisor',
  approved: 'Approved',
  denied: 'Denied',
  declined: 'Declined',
  cancelled: 'Cancelled',
};
/** A trade still open: the colleague or a supervisor has to answer. */
export const OPEN_TRADE_STATUSES = ['proposed', 'accepted'] as const satisfies readonly TradeStatus[];

/** Why a trade would not be allowed (or what the supervisor is told about it). */
export const TRADE_REASON_CODES = ['already_scheduled', 'rest_rule', 'max_hours', 'below_minimum', 'in_another_trade'] as const;
export type TradeReasonCode = (typeof TRADE_REASON_CODES)[number];

export const TradeReason = z.object({
  code: z.enum(TRADE_REASON_CODES),
  /** Whose schedule breaks the rule (null: the agency's staffing). */
  who: z.nullable(z.enum(['requester', 'recipient'])),
  action: z.enum(RULE_ACTIONS),
  message: z.string(),
});
export type TradeReason = z.infer<typeof TradeReason>;

export const TradeCheck = z.object({
  reasons: z.array(TradeReason),
  /** allowed: nothing to say; warn: it may be asked, with the warnings shown; approve: the supervisor must give a note; block: it cannot be asked. */
  verdict: z.enum(['allowed', 'warn', 'approve', 'block']),
});
export type TradeCheck = z.infer<typeof TradeCheck>;

const Choose = (message: string) => z.string({ error: message }).check(z.uuid(message));

export const TradeInput = z
  .object({
    kind: z.enum(TRADE_KINDS, { error: 'Choose a swap or a giveaway' }),
    /** On someone's behalf (scheduling:modification.manage): the officer whose shift it is. Default: me. */
    requester_id: z.optional(Choose('Choose the officer whose shift it is')),
    shift_id: Choose('Choose the shift to trade'),
    recipient_id: Choose('Choose a colleague'),
    /** A swap: the colleague's shift taken in exchange. */
    recipient_shift_id: z._default(z.nullable(Choose('Choose the colleague’s shift you take in exchange')), null),
    note: z._default(LongText(500), ''),
  })
  .check(
    z.refine((t) => t.kind !== 'swap' || t.recipient_shift_id !== null, {
      path: ['recipient_shift_id'],
      message: 'Choose the colleague’s shift you take in exchange',
    }),
    z.refine((t) => t.kind !== 'giveaway' || t.recipient_shift_id === null, {
      path: ['recipient_shift_id'],
      message: 'A giveaway takes no shift in exchange',
    }),
  );
export type TradeInput = z.input<typeof TradeInput>;

export const Trade = z.object({
  id: z.string(),
  kind: z.enum(TRADE_KINDS),
  status: z.enum(TRADE_STATUSES),
  requester_id: z.string(),
  requester_name: z.string(),
  recipient_id: z.string(),
  recipient_name: z.string(),
  /** The requester's shift as it is now (after an approval, the recipient's); null if it was removed since. */
  shift: z.nullable(Shift),
  /** The date of the requester's shift when the trade was proposed. */
  shift_date: z.string(),
  recipient_shift: z.nullable(Shift),
  recipient_shift_date: z.nullable(z.string()),
  note: z.string(),
  /** The manager who proposed it on the requester's behalf. */
  arranged_by_name: z.nullable(z.string()),
  accepted_at: z.nullable(z.string()),
  decided_by_name: z.nullable(z.string()),
  decided_at: z.nullable(z.string()),
  /** The supervisor's note, or the colleague's when they declined. */
  decision_note: z.string(),
  created_at: z.string(),
  version: z.number().check(z.int()),
  /** For an open trade: what the rules say of it now. Empty once it is closed. */
  reasons: z.array(TradeReason),
  /** What the caller may do with it now. */
  can: z.object({ answer: z.boolean(), cancel: z.boolean(), decide: z.boolean() }),
});
export type Trade = z.infer<typeof Trade>;

export const TRADE_BOXES = ['mine', 'to_decide', 'all'] as const;
export type TradeBox = (typeof TRADE_BOXES)[number];
export const ListTradesQuery = z.object({
  /** mine: trades I proposed, was asked or arranged; to_decide and all: scheduling:modification.manage. */
  box: z._default(z.enum(TRADE_BOXES), 'mine'),
  status: z.optional(z.enum(TRADE_STATUSES)),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
});
export type ListTradesQuery = z.input<typeof ListTradesQuery>;
export const TradePage = z.object({
  items: z.array(Trade),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});
export type TradePage = z.infer<typeof TradePage>;

export const TradeOptionsQuery = z.object({
  /** Whose shifts to offer (default: me; someone else's needs scheduling:modification.manage). */
  requester_id: z.optional(Choose('Choose the officer whose shift it is')),
  recipient_id: z.optional(Choose('Choose a colleague')),
});
export type TradeOptionsQuery = z.input<typeof TradeOptionsQuery>;
export const TradePerson = z.object({ id: z.string(), name: z.string(), positions: z.array(z.string()) });
export type TradePerson = z.infer<typeof TradePerson>;
/** What the form picks from: the agency's people who work shifts (scheduling:view, or on a schedule) and the upcoming shifts each side may trade. */
export const TradeOptions = z.object({
  people: z.array(TradePerson),
  requester_shifts: z.array(Shift),
  recipient_shifts: z.array(Shift),
});
export type TradeOptions = z.infer<typeof TradeOptions>;

export const AnswerTradeInput = z.object({
  answer: z.enum(['accept', 'decline'], { error: 'Accept or decline' }),
  note: z._default(LongText(500), ''),
});
export type AnswerTradeInput = z.input<typeof AnswerTradeInput>;

export const DecideTradeInput = z.object({
  decision: z.enum(['approve', 'deny'], { error: 'Approve or deny' }),
  note: z._default(LongText(500), ''),
});
export type DecideTradeInput = z.input<typeof DecideTradeInput>;

const viewer = { permission: 'scheduling:view', module: 'schedule' } as const;
const supervisor = { permission: 'scheduling:modification.manage', module: 'schedule' } as const;

export const tradesApi = defineApi(
  'scheduleTrades',
  '/rest/v1/schedule/trades',
  {
    list: { method: 'GET', path: '', access: viewer, query: ListTradesQuery, response: TradePage },
    options: { method: 'GET', path: '/options', access: viewer, query: TradeOptionsQuery, response: TradeOptions },
    check: { method: 'POST', path: '/check', access: viewer, body: TradeInput, response: TradeCheck },
    propose: { method: 'POST', path: '', access: viewer, body: TradeInput, response: Trade, idempotent: true },
    get: { method: 'GET', path: '/:id', access: viewer, params: IdParams, response: Trade, versioned: true },
    // The colleague's one-click answer: idempotent, so it can wait in the offline outbox and be sent once.
    answer: {
      method: 'POST',
      path: '/:id/answer',
      access: viewer,
      params: IdParams,
      body: AnswerTradeInput,
      response: Trade,
      idempotent: true,
    },
    cancel: { method: 'POST', path: '/:id/cancel', access: viewer, params: IdParams, response: Trade, versioned: true },
    decide: {
      method: 'POST',
      path: '/:id/decide',
      access: supervisor,
      params: IdParams,
      body: DecideTradeInput,
      response: Trade,
      versioned: true,
    },
  },
  { tags: ['schedule'] },
);
