import {
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Rotation } from '../../core/contracts/schedule.ts';
import {
  ALLCALL_RESPONSES,
  ALLCALL_STATUSES,
  OVERTIME_MODES,
  OVERTIME_OFFER_STATUSES,
  OVERTIME_RULES,
  OVERTIME_SIGNUP_STATUSES,
  OVERTIME_STATUSES,
  SHIFT_STATUSES,
  SKIP_REASONS,
  TIME_OFF_STATUSES,
  TRADE_KINDS,
  TRADE_STATUSES,
} from '../../core/contracts/schedule.ts';
import { timestamps } from '../db/columns.ts';
import { users } from '../db/schema.ts';

/**
 * The scheduling module's tables (in its manifest, so the row-level-security, distribution and
 * query-plan tests cover them); `agency_id` leads every key, row-level security is forced in the
 * migration. A shift is one person on one shift type on one date: its two instants are computed from
 * the type's wall-clock times in the agency's time zone when it is placed, so the roster's range
 * queries read instants and dates without any time-zone arithmetic. Every change of a shift leaves a
 * row in `schedule_shift_changes` (who, what, why); time-off balances are the sum of a ledger.
 */

/** Numeric hours, read back as numbers. */
const hours = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });

export const scheduleShiftTypes = pgTable(
  'schedule_shift_types',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    /** HH:mm in the agency's time zone. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    countsTowardStaffing: boolean('counts_toward_staffing').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.id] }), uniqueIndex('schedule_shift_types_code_key').on(t.agencyId, t.code)],
);

export const schedules = pgTable(
  'schedules',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    archived: boolean('archived').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.id] })],
);

export const scheduleGroups = pgTable(
  'schedule_groups',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    scheduleId: uuid('schedule_id').notNull(),
    name: text('name').notNull(),
    supervisorId: uuid('supervisor_id'),
    rotation: jsonb('rotation').$type<Rotation>(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('schedule_groups_schedule_idx').on(t.agencyId, t.scheduleId),
    foreignKey({ columns: [t.agencyId, t.scheduleId], foreignColumns: [schedules.agencyId, schedules.id] }),
    foreignKey({ columns: [t.agencyId, t.supervisorId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const scheduleAssignments = pgTable(
  'schedule_assignments',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    position: text('position').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('schedule_assignments_member_key').on(t.agencyId, t.groupId, t.userId),
    index('schedule_assignments_user_idx').on(t.agencyId, t.userId),
    foreignKey({ columns: [t.agencyId, t.groupId], foreignColumns: [scheduleGroups.agencyId, scheduleGroups.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** Minimum staffing: per shift type, and optionally per group and per position. */
export const scheduleMinimums = pgTable(
  'schedule_minimums',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    shiftTypeId: uuid('shift_type_id').notNull(),
    groupId: uuid('group_id'),
    position: text('position'),
    minimum: integer('minimum').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    foreignKey({ columns: [t.agencyId, t.shiftTypeId], foreignColumns: [scheduleShiftTypes.agencyId, scheduleShiftTypes.id] }),
    foreignKey({ columns: [t.agencyId, t.groupId], foreignColumns: [scheduleGroups.agencyId, scheduleGroups.id] }).onDelete('cascade'),
  ],
);

export const scheduleShifts = pgTable(
  'schedule_shifts',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    groupId: uuid('group_id'),
    shiftTypeId: uuid('shift_type_id').notNull(),
    position: text('position').notNull(),
    /** The agency-local date it starts on (YYYY-MM-DD, sorts as text). */
    date: text('date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: SHIFT_STATUSES }).notNull().default('scheduled'),
    note: text('note').notNull().default(''),
    /** Generated from its group's rotation and not changed by hand since (a regeneration may replace it). */
    fromRotation: boolean('from_rotation').notNull().default(false),
    /** The approved time-off request that took it off, if one did. */
    timeOffId: uuid('time_off_id'),
    /** Worked as overtime (awarded from an open shift or an all-call): counted in the overtime totals. */
    overtime: boolean('overtime').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('schedule_shifts_date_idx').on(t.agencyId, t.date),
    index('schedule_shifts_user_idx').on(t.agencyId, t.userId, t.startsAt),
    uniqueIndex('schedule_shifts_person_type_day_key').on(t.agencyId, t.userId, t.date, t.shiftTypeId),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.shiftTypeId], foreignColumns: [scheduleShiftTypes.agencyId, scheduleShiftTypes.id] }),
    foreignKey({ columns: [t.agencyId, t.groupId], foreignColumns: [scheduleGroups.agencyId, scheduleGroups.id] }).onDelete('set null'),
  ],
);

/** Every change of a shift, and who made it why (the shift may be gone: no foreign key to it). */
export const scheduleShiftChanges = pgTable(
  'schedule_shift_changes',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    shiftId: uuid('shift_id'),
    /** Whose shift, and its date, as they were (for the history list after a removal). */
    userId: uuid('user_id'),
    shiftDate: text('shift_date'),
    actorId: uuid('actor_id').notNull(),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    reason: text('reason').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('schedule_shift_changes_shift_idx').on(t.agencyId, t.shiftId, t.at),
    index('schedule_shift_changes_at_idx').on(t.agencyId, t.at, t.id),
  ],
);

/** A date's note and officer in charge. */
export const scheduleDayNotes = pgTable(
  'schedule_day_notes',
  {
    agencyId: uuid('agency_id').notNull(),
    date: text('date').notNull(),
    note: text('note').notNull().default(''),
    officerInChargeId: uuid('officer_in_charge_id'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.date] }),
    foreignKey({ columns: [t.agencyId, t.officerInChargeId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const timeOffTypes = pgTable(
  'schedule_time_off_types',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    accrualHoursPerMonth: hours('accrual_hours_per_month').notNull().default(0),
    maxCarryOverHours: hours('max_carry_over_hours').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.id] }), uniqueIndex('schedule_time_off_types_name_key').on(t.agencyId, t.name)],
);

export const timeOffRequests = pgTable(
  'schedule_time_off_requests',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    typeId: uuid('type_id').notNull(),
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    hours: hours('hours').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: TIME_OFF_STATUSES }).notNull().default('pending'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('schedule_time_off_requests_user_idx').on(t.agencyId, t.userId, t.startsOn),
    index('schedule_time_off_requests_status_idx').on(t.agencyId, t.status, t.startsOn),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.typeId], foreignColumns: [timeOffTypes.agencyId, timeOffTypes.id] }),
  ],
);

/**
 * Time-off balances as a ledger: a month's accrual (`accrual:YYYY-MM`), a lapse over the carry-over at a
 * new year (`lapse:YYYY`), an approved request (negative) and its cancellation (positive). A balance is
 * the sum; the unique key makes a month's accrual happen once per person and type.
 */
export const timeOffLedger = pgTable(
  'schedule_time_off_ledger',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    typeId: uuid('type_id').notNull(),
    hours: hours('hours').notNull(),
    /** `accrual:2027-01`, `lapse:2027`, `request:<id>`, `cancel:<id>`, `opening`. */
    entry: text('entry').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('schedule_time_off_ledger_entry_key').on(t.agencyId, t.userId, t.typeId, t.entry),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.typeId], foreignColumns: [timeOffTypes.agencyId, timeOffTypes.id] }),
  ],
);

/** A person's private calendar feed: the hash of the secret in its address; revoking deletes the row. */
export const scheduleFeeds = pgTable(
  'schedule_feeds',
  {
    agencyId: uuid('agency_id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId] }),
    uniqueIndex('schedule_feeds_token_key').on(t.agencyId, t.tokenHash),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * What scheduling keeps of a person beyond their assignments: the seniority date the overtime rule
 * "seniority" orders by (earliest first), and the all-call tier (1 is called first).
 */
export const schedulePeople = pgTable(
  'schedule_people',
  {
    agencyId: uuid('agency_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** YYYY-MM-DD. */
    seniorityDate: text('seniority_date'),
    allCallTier: integer('all_call_tier').notNull().default(1),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId] }),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * An open overtime shift: posted by hand or from a staffing gap, for sign-up until a deadline (then
 * awarded by the rule) or offered to one officer at a time in the rule's order (each offer waits
 * `offer_wait_minutes`; a durable job moves on when it runs out). Awarding places a shift marked overtime.
 */
export const overtimeShifts = pgTable(
  'schedule_overtime_shifts',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    shiftTypeId: uuid('shift_type_id').notNull(),
    groupId: uuid('group_id'),
    position: text('position').notNull(),
    date: text('date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** How many officers it needs. */
    slots: integer('slots').notNull().default(1),
    note: text('note').notNull().default(''),
    rule: text('rule', { enum: OVERTIME_RULES }).notNull(),
    mode: text('mode', { enum: OVERTIME_MODES }).notNull(),
    signupDeadline: timestamp('signup_deadline', { withTimezone: true }).notNull(),
    offerWaitMinutes: integer('offer_wait_minutes').notNull().default(30),
    status: text('status', { enum: OVERTIME_STATUSES }).notNull().default('open'),
    /** Posted from a staffing gap (the roster's under-staffed day). */
    fromGap: boolean('from_gap').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('schedule_overtime_shifts_status_idx').on(t.agencyId, t.status, t.date),
    index('schedule_overtime_shifts_date_idx').on(t.agencyId, t.date),
    foreignKey({ columns: [t.agencyId, t.shiftTypeId], foreignColumns: [scheduleShiftTypes.agencyId, scheduleShiftTypes.id] }),
    foreignKey({ columns: [t.agencyId, t.groupId], foreignColumns: [scheduleGroups.agencyId, scheduleGroups.id] }).onDelete('set null'),
  ],
);

/** An officer's sign-up for an open shift (withdrawn before the deadline, awarded, or passed over with a reason). */
export const overtimeSignups = pgTable(
  'schedule_overtime_signups',
  {
    agencyId: uuid('agency_id').notNull(),
    overtimeId: uuid('overtime_id').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: OVERTIME_SIGNUP_STATUSES }).notNull().default('signed_up'),
    skipReason: text('skip_reason', { enum: SKIP_REASONS }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.overtimeId, t.userId] }),
    index('schedule_overtime_signups_user_idx').on(t.agencyId, t.userId),
    foreignKey({ columns: [t.agencyId, t.overtimeId], foreignColumns: [overtimeShifts.agencyId, overtimeShifts.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/**
 * One officer's turn in a one-at-a-time offer: the order it was made in, until when it waits, and how it
 * ended (accepted, declined, expired, or skipped with the reason).
 */
export const overtimeOffers = pgTable(
  'schedule_overtime_offers',
  {
    agencyId: uuid('agency_id').notNull(),
    overtimeId: uuid('overtime_id').notNull(),
    userId: uuid('user_id').notNull(),
    turn: integer('turn').notNull(),
    status: text('status', { enum: OVERTIME_OFFER_STATUSES }).notNull(),
    skipReason: text('skip_reason', { enum: SKIP_REASONS }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.overtimeId, t.userId] }),
    index('schedule_overtime_offers_user_idx').on(t.agencyId, t.userId, t.status),
    foreignKey({ columns: [t.agencyId, t.overtimeId], foreignColumns: [overtimeShifts.agencyId, overtimeShifts.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/**
 * A trade: a swap of the requester's shift for the recipient's, or the requester's shift given away.
 * The recipient accepts, a supervisor approves (both shifts change in one transaction) or denies.
 * The shifts' dates are kept for the list after an approval moved them.
 */
export const scheduleTrades = pgTable(
  'schedule_trades',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind', { enum: TRADE_KINDS }).notNull(),
    requesterId: uuid('requester_id').notNull(),
    shiftId: uuid('shift_id').notNull(),
    shiftDate: text('shift_date').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    recipientShiftId: uuid('recipient_shift_id'),
    recipientShiftDate: text('recipient_shift_date'),
    note: text('note').notNull().default(''),
    status: text('status', { enum: TRADE_STATUSES }).notNull().default('proposed'),
    /** A manager who arranged it on the requester's behalf. */
    arrangedBy: uuid('arranged_by'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('schedule_trades_requester_idx').on(t.agencyId, t.requesterId, t.status),
    index('schedule_trades_recipient_idx').on(t.agencyId, t.recipientId, t.status),
    index('schedule_trades_status_idx').on(t.agencyId, t.status, t.shiftDate),
    foreignKey({ columns: [t.agencyId, t.requesterId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.recipientId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/**
 * An all-call: an urgent open shift broadcast to the eligible (by group, position, tier, not working
 * then) by notification, e-mail and text; `number` is what a text reply names ("417 YES"). The first
 * valid acceptance fills it and places the shift.
 */
export const scheduleAllcalls = pgTable(
  'schedule_allcalls',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    shiftTypeId: uuid('shift_type_id').notNull(),
    position: text('position').notNull(),
    date: text('date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    groupIds: uuid('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    positions: text('positions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tiers: integer('tiers')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    status: text('status', { enum: ALLCALL_STATUSES }).notNull().default('open'),
    /** Replies after this are too late. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    filledBy: uuid('filled_by'),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    shiftId: uuid('shift_id'),
    createdBy: uuid('created_by').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('schedule_allcalls_number_key').on(t.agencyId, t.number),
    index('schedule_allcalls_status_idx').on(t.agencyId, t.status, t.startsAt),
    foreignKey({ columns: [t.agencyId, t.shiftTypeId], foreignColumns: [scheduleShiftTypes.agencyId, scheduleShiftTypes.id] }),
  ],
);

/** Who an all-call asked, through which channels, and what they answered when (in the app or by text). */
export const scheduleAllcallRecipients = pgTable(
  'schedule_allcall_recipients',
  {
    agencyId: uuid('agency_id').notNull(),
    allcallId: uuid('allcall_id').notNull(),
    userId: uuid('user_id').notNull(),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    response: text('response', { enum: ALLCALL_RESPONSES }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** 'app' or 'sms'. */
    via: text('via'),
    /** The digits a text went to: a reply from them naming the call's number answers it. */
    smsTo: text('sms_to'),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.allcallId, t.userId] }),
    index('schedule_allcall_recipients_user_idx').on(t.agencyId, t.userId),
    // The inbound text webhook finds the call across agencies by the number it came from.
    index('schedule_allcall_recipients_sms_idx').on(t.smsTo),
    foreignKey({ columns: [t.agencyId, t.allcallId], foreignColumns: [scheduleAllcalls.agencyId, scheduleAllcalls.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const scheduleTables = [
  scheduleShiftTypes,
  schedules,
  scheduleGroups,
  scheduleAssignments,
  scheduleMinimums,
  scheduleShifts,
  scheduleShiftChanges,
  scheduleDayNotes,
  timeOffTypes,
  timeOffRequests,
  timeOffLedger,
  scheduleFeeds,
  schedulePeople,
  overtimeShifts,
  overtimeSignups,
  overtimeOffers,
  scheduleTrades,
  scheduleAllcalls,
  scheduleAllcallRecipients,
] as const;
