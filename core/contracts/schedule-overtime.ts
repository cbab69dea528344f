import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { Id, IdParams, IsoDate, Label, LongText } from './fields.ts';
import {
  OVERTIME_MODES,
  OVERTIME_OFFER_STATUSES,
  OVERTIME_RULES,
  OVERTIME_SIGNUP_STATUSES,
  OVERTIME_STATUSES,
  SKIP_REASONS,
  type OvertimeRule,
  type SkipReason,
} from './schedule.ts';

/**
 * Overtime (/schedule/overtime): open shifts posted by `scheduling:ot.create` holders, by hand or from a
 * staffing gap in one click. Officers sign up (or withdraw) before the deadline and `scheduling:ot.manage`
 * awards it by the agency's rule; or it is offered to one officer at a time in the rule's order, each
 * with a wait (a durable job moves on when it runs out, across restarts). Everyone sees the order and
 * why anyone was passed over. Totals per officer over a period, the equalisation report, CSV.
 */

export const OVERTIME_RULE_LABELS: Record<OvertimeRule, string> = {
  first_come: 'First come, first served',
  seniority: 'Seniority',
  fewest_hours: 'Fewest overtime hours this period',
};

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  already_scheduled: 'Already scheduled then',
  rest_rule: 'Too little rest between shifts',
  max_hours: 'Over the maximum hours',
  not_qualified: 'Not qualified for the position',
  time_off: 'On approved time off',
};

/** One officer's place in the order of an open shift: signed up or offered, and how it ended. */
export const OvertimeCandidate = z.object({
  user_id: Id,
  name: z.string(),
  /** 1-based place in the rule's order. */
  place: z.number().check(z.int()),
  status: z.enum([...OVERTIME_SIGNUP_STATUSES, ...OVERTIME_OFFER_STATUSES]),
  skip_reason: z.nullable(z.enum(SKIP_REASONS)),
  signed_up_at: z.nullable(z.string()),
  /** What the rule orders by, shown beside the place: the seniority date or this period's overtime hours. */
  seniority_date: z.nullable(z.string()),
  overtime_hours: z.number(),
  offered_at: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
});
export type OvertimeCandidate = z.infer<typeof OvertimeCandidate>;

export const OvertimeShift = z.object({
  id: Id,
  shift_type_id: Id,
  code: z.string(),
  shift_name: z.string(),
  color: z.string(),
  group_id: z.nullable(z.string()),
  group_name: z.nullable(z.string()),
  position: z.string(),
  date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  hours: z.number(),
  slots: z.number().check(z.int()),
  note: z.string(),
  rule: z.enum(OVERTIME_RULES),
  mode: z.enum(OVERTIME_MODES),
  signup_deadline: z.string(),
  offer_wait_minutes: z.number().check(z.int()),
  status: z.enum(OVERTIME_STATUSES),
  from_gap: z.boolean(),
  created_by_name: z.string(),
  signups: z.number().check(z.int()),
  awarded: z.array(z.object({ user_id: Id, name: z.string() })),
  /** The caller's own part: their sign-up, or the offer waiting for their answer. */
  mine: z.nullable(
    z.object({
      status: z.enum([...OVERTIME_SIGNUP_STATUSES, ...OVERTIME_OFFER_STATUSES]),
      skip_reason: z.nullable(z.enum(SKIP_REASONS)),
      expires_at: z.nullable(z.string()),
    }),
  ),
  /** Whether the caller could sign up now (and, if not, why). */
  can_sign_up: z.boolean(),
  cannot_sign_up_reason: z.nullable(z.string()),
  version: z.number().check(z.int()),
});
export type OvertimeShift = z.infer<typeof OvertimeShift>;

export const OvertimeDetail = z.extend(OvertimeShift, { order: z.array(OvertimeCandidate) });
export type OvertimeDetail = z.infer<typeof OvertimeDetail>;

export const OVERTIME_VIEWS = ['open', 'mine', 'closed'] as const;
export const OvertimeListQuery = z.object({ view: z._default(z.enum(OVERTIME_VIEWS), 'open') });
export type OvertimeListQuery = z.input<typeof OvertimeListQuery>;

export const CreateOvertimeInput = z.object({
  shift_type_id: Id,
  date: IsoDate,
  position: Label(40),
  group_id: z._default(z.nullable(Id), null),
  slots: z.number().check(z.int(), z.gte(1, 'At least 1 officer'), z.lte(20, 'At most 20 officers')),
  note: z._default(LongText(500), ''),
  /** Unset: the agency's rule (its scheduling settings). */
  rule: z.optional(z.enum(OVERTIME_RULES)),
  mode: z.enum(OVERTIME_MODES),
  /** Sign-ups close then (an instant); it must be before the shift starts. */
  signup_deadline: z.iso.datetime({ offset: true, error: 'Choose when sign-ups close' }),
  /** Unset: the agency's wait. */
  offer_wait_minutes: z.optional(z.number().check(z.int(), z.gte(1, 'Wait at least 1 minute'), z.lte(1440, 'Wait at most 24 hours'))),
  from_gap: z._default(z.boolean(), false),
});
export type CreateOvertimeInput = z.input<typeof CreateOvertimeInput>;

/** A staffing gap ahead that an open shift could fill: one click posts it. */
export const StaffingGap = z.object({
  date: z.string(),
  shift_type_id: Id,
  code: z.string(),
  shift_name: z.string(),
  group_id: z.nullable(z.string()),
  group_name: z.nullable(z.string()),
  position: z.nullable(z.string()),
  scheduled: z.number().check(z.int()),
  minimum: z.number().check(z.int()),
  /** Open shifts already posted for it. */
  posted: z.number().check(z.int()),
});
export type StaffingGap = z.infer<typeof StaffingGap>;

export const DecisionInput = z.object({ note: z._default(LongText(500), '') });

export const OvertimeTotalsQuery = z.object({ from: z.optional(IsoDate), to: z.optional(IsoDate) });
export type OvertimeTotalsQuery = z.input<typeof OvertimeTotalsQuery>;
export const OvertimeTotal = z.object({
  user_id: Id,
  name: z.string(),
  shifts: z.number().check(z.int()),
  hours: z.number(),
  /** Hours above (+) or below (−) the average of everyone counted: the equalisation report. */
  difference: z.number(),
});
export const OvertimeTotals = z.object({
  from: z.string(),
  to: z.string(),
  average: z.number(),
  people: z.array(OvertimeTotal),
});
export type OvertimeTotals = z.infer<typeof OvertimeTotals>;

/** What scheduling keeps of a person: the seniority date ("seniority" orders by it) and the all-call tier (1 is called first). */
export const SchedulePerson = z.object({
  user_id: Id,
  name: z.string(),
  positions: z.array(z.string()),
  seniority_date: z.nullable(z.string()),
  all_call_tier: z.number().check(z.int()),
  version: z.number().check(z.int()),
});
export type SchedulePerson = z.infer<typeof SchedulePerson>;
export const UpdateSchedulePersonInput = z.object({
  seniority_date: z.nullable(IsoDate),
  all_call_tier: z.number().check(z.int(), z.gte(1, 'Use tier 1, 2 or 3'), z.lte(3, 'Use tier 1, 2 or 3')),
});
export type UpdateSchedulePersonInput = z.input<typeof UpdateSchedulePersonInput>;

const viewer = { permission: 'scheduling:view', module: 'schedule' } as const;
const poster = { permission: 'scheduling:ot.create', module: 'schedule' } as const;
const manager = { permission: 'scheduling:ot.manage', module: 'schedule' } as const;

export const overtimeApi = defineApi('schedule', '/rest/v1/schedule/overtime', {
  list: { method: 'GET', path: '/shifts', access: viewer, query: OvertimeListQuery, response: z.array(OvertimeShift) },
  get: { method: 'GET', path: '/shifts/:id', access: viewer, params: IdParams, response: OvertimeDetail, versioned: true },
  gaps: { method: 'GET', path: '/gaps', access: poster, response: z.array(StaffingGap) },
  create: { method: 'POST', path: '/shifts', access: poster, body: CreateOvertimeInput, response: OvertimeDetail, idempotent: true },
  cancel: {
    method: 'POST',
    path: '/shifts/:id/cancel',
    access: poster,
    params: IdParams,
    body: DecisionInput,
    response: OvertimeDetail,
    versioned: true,
  },
  signUp: { method: 'POST', path: '/shifts/:id/signup', access: viewer, params: IdParams, response: OvertimeDetail, idempotent: true },
  withdraw: { method: 'POST', path: '/shifts/:id/withdraw', access: viewer, params: IdParams, response: OvertimeDetail },
  award: { method: 'POST', path: '/shifts/:id/award', access: manager, params: IdParams, response: OvertimeDetail, versioned: true },
  startOffers: {
    method: 'POST',
    path: '/shifts/:id/offers',
    access: manager,
    params: IdParams,
    response: OvertimeDetail,
    versioned: true,
  },
  acceptOffer: { method: 'POST', path: '/shifts/:id/accept', access: viewer, params: IdParams, response: OvertimeDetail },
  declineOffer: { method: 'POST', path: '/shifts/:id/decline', access: viewer, params: IdParams, response: OvertimeDetail },
  totals: { method: 'GET', path: '/totals', access: viewer, query: OvertimeTotalsQuery, response: OvertimeTotals },
  people: { method: 'GET', path: '/people', access: manager, response: z.array(SchedulePerson) },
  updatePerson: {
    method: 'PUT',
    path: '/people/:id',
    access: manager,
    params: IdParams,
    body: UpdateSchedulePersonInput,
    response: SchedulePerson,
  },
  totalsCsv: { method: 'GET', path: '/totals.csv', access: manager, query: OvertimeTotalsQuery, response: 'csv' },
});
