import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { Id, IdParams, IsoDate, Label, LongText } from './fields.ts';
import { ALLCALL_RESPONSES, ALLCALL_STATUSES, SCHEDULING_ADMIN_PERMISSIONS } from './schedule.ts';

/**
 * The all-call (scheduling, part 2): an urgent open shift broadcast by `scheduling:allcall` to the
 * eligible officers (by group, position and all-call tier; never someone working then or on approved
 * time off) by in-app notification, e-mail and text message. Each call has the agency's next number,
 * which a text reply names ("417 YES"). The first valid acceptance, in the app or by text, fills it
 * and places the shift (overtime); later ones are told it is filled. Every change is announced on
 * realtime/v1 (`schedule.allcall`), so the board and the officers' panels show it at once.
 */

export const ALLCALL_STATUS_LABELS: Record<(typeof ALLCALL_STATUSES)[number], string> = {
  open: 'Open',
  filled: 'Filled',
  cancelled: 'Cancelled',
  expired: 'Closed unfilled',
};
export const ALLCALL_RESPONSE_LABELS: Record<(typeof ALLCALL_RESPONSES)[number], string> = {
  accepted: 'Took it',
  declined: 'Declined',
  too_late: 'Too late',
};
export const ALLCALL_CHANNELS = ['app', 'email', 'sms'] as const;
export type AllcallChannel = (typeof ALLCALL_CHANNELS)[number];
export const ALLCALL_CHANNEL_LABELS: Record<AllcallChannel, string> = { app: 'App', email: 'E-mail', sms: 'Text' };
/** How an answer came: the app or a text reply. */
export const ALLCALL_VIA = ['app', 'sms'] as const;
export type AllcallVia = (typeof ALLCALL_VIA)[number];
/** The tiers a person may be in (1 is called first). */
export const ALLCALL_TIERS = [1, 2, 3] as const;

/** Who a call asks: empty lists mean any group, any position, any tier. */
const Audience = {
  group_ids: z._default(z.array(Id).check(z.maxLength(50, 'Choose at most 50 groups')), []),
  positions: z._default(z.array(Label(40)).check(z.maxLength(30, 'Choose at most 30 positions')), []),
  tiers: z._default(
    z.array(z.number().check(z.int(), z.gte(1, 'Use tier 1 or more'), z.lte(9, 'Use tier 9 or less'))).check(z.maxLength(9)),
    [],
  ),
};

/** The shift a call is for, and who it would ask: what the form previews before sending. */
export const AllcallAudienceInput = z.object({ shift_type_id: Id, date: IsoDate, ...Audience });
export type AllcallAudienceInput = z.input<typeof AllcallAudienceInput>;

export const AllcallInput = z.object({
  shift_type_id: Id,
  date: IsoDate,
  /** The position the officer who takes it works. */
  position: Label(40),
  note: z._default(LongText(300), ''),
  /** Replies after this are too late; absent: when the shift starts. */
  closes_at: z.optional(z.iso.datetime({ offset: true, error: 'Use a date and time' })),
  ...Audience,
});
export type AllcallInput = z.input<typeof AllcallInput>;

export const EXCLUSION_REASONS = ['working', 'time_off'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];
export const EXCLUSION_REASON_LABELS: Record<ExclusionReason, string> = {
  working: 'Already working then',
  time_off: 'On approved time off',
};

export const AllcallAudience = z.object({
  /** How many officers it would reach. */
  count: z.number().check(z.int()),
  people: z.array(
    z.object({
      user_id: Id,
      name: z.string(),
      position: z.string(),
      tier: z.number().check(z.int()),
      channels: z.array(z.enum(ALLCALL_CHANNELS)),
    }),
  ),
  /** Matched by the filter but left out, and why. */
  excluded: z.array(z.object({ user_id: Id, name: z.string(), reason: z.enum(EXCLUSION_REASONS) })),
});
export type AllcallAudience = z.infer<typeof AllcallAudience>;

/** What every view of a call shows. */
export const AllcallSummary = z.object({
  id: Id,
  number: z.number().check(z.int()),
  shift_type_id: Id,
  code: z.string(),
  shift_name: z.string(),
  color: z.string(),
  position: z.string(),
  date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  note: z.string(),
  /** `expired` once replies close with nobody having taken it. */
  status: z.enum(ALLCALL_STATUSES),
  closes_at: z.string(),
  filled_by_name: z.nullable(z.string()),
  filled_at: z.nullable(z.string()),
  created_by_name: z.string(),
  created_at: z.string(),
  asked: z.number().check(z.int()),
  declined: z.number().check(z.int()),
  version: z.number().check(z.int()),
});
export type AllcallSummary = z.infer<typeof AllcallSummary>;

export const AllcallRecipient = z.object({
  user_id: Id,
  name: z.string(),
  channels: z.array(z.enum(ALLCALL_CHANNELS)),
  /** The last four digits a text went to, for the board. */
  sms_last_digits: z.nullable(z.string()),
  asked_at: z.string(),
  response: z.nullable(z.enum(ALLCALL_RESPONSES)),
  responded_at: z.nullable(z.string()),
  via: z.nullable(z.enum(ALLCALL_VIA)),
});
export type AllcallRecipient = z.infer<typeof AllcallRecipient>;

/** The board's view of one call: who was asked through what, who answered what, when and how. */
export const AllcallDetail = z.extend(AllcallSummary, {
  group_names: z.array(z.string()),
  positions: z.array(z.string()),
  tiers: z.array(z.number().check(z.int())),
  filled_by: z.nullable(z.string()),
  shift_id: z.nullable(z.string()),
  recipients: z.array(AllcallRecipient),
});
export type AllcallDetail = z.infer<typeof AllcallDetail>;

export const ListAllcallsQuery = z.object({ page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1) });
export type ListAllcallsQuery = z.input<typeof ListAllcallsQuery>;
export const AllcallPage = z.object({
  items: z.array(AllcallSummary),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});
export type AllcallPage = z.infer<typeof AllcallPage>;

export const CancelAllcallInput = z.object({ reason: z._default(LongText(300), '') });
export type CancelAllcallInput = z.input<typeof CancelAllcallInput>;

/** A call as the officer it was sent to sees it. */
export const MyAllcall = z.extend(z.omit(AllcallSummary, { asked: true, declined: true, created_by_name: true }), {
  my_response: z.nullable(z.enum(ALLCALL_RESPONSES)),
  /** I took it. */
  mine: z.boolean(),
});
export type MyAllcall = z.infer<typeof MyAllcall>;

export const RespondAllcallInput = z.object({ answer: z.enum(['accept', 'decline'], { error: 'Accept or decline' }) });
export type RespondAllcallInput = z.input<typeof RespondAllcallInput>;

/**
 * What an answer came to: `taken` (the shift is yours), `filled` (someone was first), `closed` (after
 * replies closed), `cancelled`, or `declined`.
 */
export const ALLCALL_OUTCOMES = ['taken', 'filled', 'closed', 'cancelled', 'declined'] as const;
export type AllcallOutcome = (typeof ALLCALL_OUTCOMES)[number];
export const RespondAllcallResult = z.object({ outcome: z.enum(ALLCALL_OUTCOMES), call: MyAllcall });
export type RespondAllcallResult = z.infer<typeof RespondAllcallResult>;

/**
 * The inbound text webhook (the operator's SMS relay posts each reply it receives): `from` is the
 * number it came from (compared by its digits with the number the call went to), `text` what it says.
 */
export const AllcallSmsInput = z.object({
  from: z.string().check(z.trim(), z.minLength(1, 'Say which number the reply came from'), z.maxLength(40, 'Use at most 40 characters')),
  text: z.string().check(z.maxLength(1600, 'Use at most 1,600 characters')),
});
export type AllcallSmsInput = z.input<typeof AllcallSmsInput>;
/**
 * `no_call`: no call of that number went to that phone; `unreadable`: the reply named no number with YES
 * or NO; `refused`: the officer cannot take it (they work a shift then by now).
 */
export const ALLCALL_SMS_OUTCOMES = [...ALLCALL_OUTCOMES, 'no_call', 'unreadable', 'refused'] as const;
export const AllcallSmsAnswer = z.object({
  outcome: z.enum(ALLCALL_SMS_OUTCOMES),
  /** The text to send back to the officer. */
  reply: z.string(),
});
export type AllcallSmsAnswer = z.infer<typeof AllcallSmsAnswer>;
/** The header carrying the shared secret (SMS_INBOUND_SECRET) the relay proves itself with. */
export const ALLCALL_SMS_SECRET_HEADER = 'x-precinct-sms-secret';

// ---------------------------------------------------------------- the endpoints

/** The board (/schedule/admin/allcall): `scheduling:allcall`, in the scheduling admin area that needs all five. */
const caller = { permission: 'scheduling:allcall', also: SCHEDULING_ADMIN_PERMISSIONS, module: 'schedule' } as const;
const viewer = { permission: 'scheduling:view', module: 'schedule' } as const;

export const allcallApi = defineApi(
  'schedule-allcall',
  '/rest/v1/schedule/allcalls',
  {
    audience: { method: 'POST', path: '/audience', access: caller, body: AllcallAudienceInput, response: AllcallAudience },
    listAllcalls: { method: 'GET', path: '', access: caller, query: ListAllcallsQuery, response: AllcallPage },
    getAllcall: { method: 'GET', path: '/:id', access: caller, params: IdParams, response: AllcallDetail, versioned: true },
    // Not idempotent: the texts go out once the call is committed, which a create inside the key's transaction could not wait for.
    createAllcall: { method: 'POST', path: '', access: caller, body: AllcallInput, response: AllcallDetail, status: 201 },
    cancelAllcall: {
      method: 'POST',
      path: '/:id/cancel',
      access: caller,
      params: IdParams,
      body: CancelAllcallInput,
      response: AllcallDetail,
      versioned: true,
    },

    // The officer's side: the calls sent to me, and my answer (through the offline outbox: idempotent).
    myAllcalls: { method: 'GET', path: '/mine', access: viewer, response: z.array(MyAllcall) },
    respondAllcall: {
      method: 'POST',
      path: '/:id/respond',
      access: viewer,
      params: IdParams,
      body: RespondAllcallInput,
      response: RespondAllcallResult,
      idempotent: true,
    },
  },
  { tags: ['schedule'] },
);

/** The relay's inbound webhook: public, proven by the shared secret header (401 without it). */
export const allcallSmsApi = defineApi(
  'schedule-allcall-sms',
  '/functions/v1',
  {
    allcallSmsReply: {
      method: 'POST',
      path: '/allcall-sms-reply',
      access: { public: true },
      body: AllcallSmsInput,
      response: AllcallSmsAnswer,
    },
  },
  { tags: ['schedule'] },
);
