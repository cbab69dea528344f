import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import type { Permission } from '../permissions.ts';
import { Id, IdParams, IsoDate, Label, LongText } from './fields.ts';

/**
 * The scheduling module's contract, part 1: set-up (shift types, schedules with their groups,
 * rotations and assignments, minimum staffing, the conflict rules), the roster and "my schedule",
 * the scheduler's changes with their history, time off with balances, and each person's calendar feed.
 *
 * Times: a shift type is a wall-clock start and end in the agency's time zone; a shift is stored as
 * the two instants those make on its date (core/schedule/shift-times.ts), so a night shift on the
 * night the clocks change is 7 or 9 hours long and counted so. A shift's `date` is the agency-local
 * date it starts on.
 */

// ---------------------------------------------------------------- the values

export const ROTATION_PATTERNS = ['pitman', 'four_on_four_off', 'five_on_two_off', 'twenty_four_forty_eight', 'custom'] as const;
export type RotationPattern = (typeof ROTATION_PATTERNS)[number];
export const ROTATION_PATTERN_LABELS: Record<RotationPattern, string> = {
  pitman: '2-2-3 Pitman (14-day cycle)',
  four_on_four_off: '4 on, 4 off',
  five_on_two_off: '5 on, 2 off',
  twenty_four_forty_eight: '24 on, 48 off',
  custom: 'Custom',
};

export const SHIFT_STATUSES = ['scheduled', 'sick', 'leave', 'time_off'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];
export const SHIFT_STATUS_LABELS: Record<ShiftStatus, string> = {
  scheduled: 'Scheduled',
  sick: 'Sick',
  leave: 'On leave',
  time_off: 'Time off',
};

/** What a conflict rule does when a change breaks it. */
export const RULE_ACTIONS = ['warn', 'approve', 'block'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const RULE_ACTION_LABELS: Record<RuleAction, string> = {
  warn: 'Warn',
  approve: 'Needs a supervisor’s override with a reason',
  block: 'Block',
};

export const RULE_KEYS = ['overlap', 'min_rest', 'max_hours'] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

export const TIME_OFF_STATUSES = ['pending', 'approved', 'denied', 'cancelled'] as const;
export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];

/**
 * Overtime (part 2). An open shift is posted for sign-up (officers sign up before a deadline, then it is
 * awarded by the agency's rule) or offered to one officer at a time in the rule's order, each with a wait.
 */
export const OVERTIME_RULES = ['first_come', 'seniority', 'fewest_hours'] as const;
export type OvertimeRule = (typeof OVERTIME_RULES)[number];
export const OVERTIME_MODES = ['signup', 'offer'] as const;
export type OvertimeMode = (typeof OVERTIME_MODES)[number];
export const OVERTIME_STATUSES = ['open', 'offering', 'awarded', 'unfilled', 'cancelled'] as const;
export type OvertimeStatus = (typeof OVERTIME_STATUSES)[number];
export const OVERTIME_SIGNUP_STATUSES = ['signed_up', 'withdrawn', 'awarded', 'passed'] as const;
/** `waiting`: a later turn, not offered yet. */
export const OVERTIME_OFFER_STATUSES = ['waiting', 'offered', 'accepted', 'declined', 'expired', 'skipped'] as const;
/** The period overtime hours are totalled over (the rule "fewest hours" and the equalisation report). */
export const OVERTIME_PERIODS = ['month', 'quarter', 'year'] as const;
export type OvertimePeriod = (typeof OVERTIME_PERIODS)[number];
/** Why an officer was passed over, shown to everyone with the order. */
export const SKIP_REASONS = ['already_scheduled', 'rest_rule', 'max_hours', 'not_qualified', 'time_off'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Trades (part 2): a swap of two shifts, or a shift given away; the colleague accepts, a supervisor decides. */
export const TRADE_KINDS = ['swap', 'giveaway'] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];
export const TRADE_STATUSES = ['proposed', 'accepted', 'approved', 'denied', 'declined', 'cancelled'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** All-calls (part 2): an urgent open shift broadcast to the eligible; the first valid acceptance fills it. */
export const ALLCALL_STATUSES = ['open', 'filled', 'cancelled', 'expired'] as const;
export type AllcallStatus = (typeof ALLCALL_STATUSES)[number];
export const ALLCALL_RESPONSES = ['accepted', 'declined', 'too_late'] as const;
export type AllcallResponse = (typeof ALLCALL_RESPONSES)[number];
export const TIME_OFF_STATUS_LABELS: Record<TimeOffStatus, string> = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  denied: 'Denied',
  cancelled: 'Cancelled',
};

export const COVERAGE_STATES = ['short', 'met', 'over'] as const;
export type CoverageState = (typeof COVERAGE_STATES)[number];

/** A wall-clock time, HH:mm (24-hour). */
export const WallClock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time (HH:mm)'));
/** A colour from the picker, #rrggbb. */
export const HexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour'));
const Hours = z.number().check(z.gte(0, 'Use 0 or more hours'), z.lte(10_000, 'Use at most 10,000 hours'));
const Reason = LongText(300);

// ---------------------------------------------------------------- settings

export const RuleSetting = z.object({ action: z.enum(RULE_ACTIONS, { error: 'Choose what the rule does' }) });

export const BlockedDate = z.object({ date: IsoDate, reason: Label(120) });
export type BlockedDate = z.infer<typeof BlockedDate>;

export const ScheduleSettings = z.object({
  enabled: z.boolean(),
  /** The positions a person holds in a group (Sergeant, Patrol, K9): what minimum staffing counts. */
  positions: z.array(Label(40)).check(z.minLength(1, 'Keep at least one position'), z.maxLength(30, 'Use at most 30 positions')),
  /** 0 Sunday … 6 Saturday: the first column of the week view. */
  week_starts_on: z.number().check(z.int(), z.gte(0), z.lte(6)),
  rules: z.object({
    overlap: RuleSetting,
    min_rest: z.extend(RuleSetting, {
      hours: z.number().check(z.gte(0, 'Use 0 or more hours'), z.lte(48, 'Use at most 48 hours')),
    }),
    max_hours: z.extend(RuleSetting, {
      hours: z.number().check(z.gte(1, 'Use at least 1 hour'), z.lte(400, 'Use at most 400 hours')),
      /** The rolling period the maximum applies to, in days. */
      days: z.number().check(z.int(), z.gte(1, 'Use at least 1 day'), z.lte(31, 'Use at most 31 days')),
    }),
  }),
  time_off: z.object({
    /** How many people may be off on one day (0: no cap). */
    daily_cap: z.number().check(z.int(), z.gte(0, 'Use 0 (no cap) or more'), z.lte(500, 'Use at most 500')),
    blocked_dates: z.array(BlockedDate).check(z.maxLength(100, 'Use at most 100 blocked dates')),
  }),
  /** Overtime: the rule a new open shift starts with, the wait of a one-at-a-time offer, the totals' period. */
  overtime: z._default(
    z.object({
      rule: z.enum(OVERTIME_RULES),
      offer_wait_minutes: z.number().check(z.int(), z.gte(1, 'Wait at least 1 minute'), z.lte(1440, 'Wait at most 24 hours')),
      period: z.enum(OVERTIME_PERIODS),
    }),
    { rule: 'fewest_hours', offer_wait_minutes: 30, period: 'quarter' },
  ),
});
export type ScheduleSettings = z.infer<typeof ScheduleSettings>;
export const UpdateScheduleSettingsInput = z.omit(ScheduleSettings, { enabled: true });
export type UpdateScheduleSettingsInput = z.input<typeof UpdateScheduleSettingsInput>;

// ---------------------------------------------------------------- set-up records

export const ShiftType = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  color: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** It ends on the next day (its end is not after its start). */
  crosses_midnight: z.boolean(),
  /** Its nominal length on an ordinary day, in hours. */
  hours: z.number(),
  counts_toward_staffing: z.boolean(),
  archived: z.boolean(),
  version: z.number().check(z.int()),
});
export type ShiftType = z.infer<typeof ShiftType>;

export const ShiftTypeInput = z.object({
  code: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Give it a short code'),
        z.maxLength(6, 'Use at most 6 characters'),
        z.regex(/^[A-Za-z0-9]+$/, 'Use letters and digits'),
      ),
    z.transform((code) => code.toUpperCase()),
  ),
  name: Label(60),
  color: HexColor,
  start_time: WallClock,
  end_time: WallClock,
  counts_toward_staffing: z.boolean(),
  archived: z.optional(z.boolean()),
});
export type ShiftTypeInput = z.input<typeof ShiftTypeInput>;

export const Schedule = z.object({
  id: Id,
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  archived: z.boolean(),
  group_count: z.number().check(z.int()),
  version: z.number().check(z.int()),
});
export type Schedule = z.infer<typeof Schedule>;

export const ScheduleInput = z
  .object({ name: Label(80), starts_on: IsoDate, ends_on: IsoDate, archived: z.optional(z.boolean()) })
  .check(z.refine((s) => s.ends_on >= s.starts_on, { path: ['ends_on'], message: 'End on or after the start' }));
export type ScheduleInput = z.input<typeof ScheduleInput>;

export const Rotation = z
  .object({
    pattern: z.enum(ROTATION_PATTERNS, { error: 'Choose a pattern' }),
    /** For a custom pattern: one letter a day, D on and O off (`DDOODDDOODDOOO`). */
    custom_days: z.nullable(
      z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[DO]{2,56}$/, 'Use D for a day on and O for a day off, 2 to 56 days')),
    ),
    /** The cycle's first day (day 1 of the pattern). */
    anchor_date: IsoDate,
    shift_type_id: Id,
  })
  .check(
    z.refine((r) => r.pattern !== 'custom' || (r.custom_days ?? '').includes('D'), {
      path: ['custom_days'],
      message: 'A custom pattern needs at least one day on',
    }),
  );
export type Rotation = z.infer<typeof Rotation>;

export const Group = z.object({
  id: Id,
  schedule_id: Id,
  name: z.string(),
  supervisor_id: z.nullable(z.string()),
  supervisor_name: z.nullable(z.string()),
  rotation: z.nullable(Rotation),
  member_count: z.number().check(z.int()),
  version: z.number().check(z.int()),
});
export type Group = z.infer<typeof Group>;

export const GroupInput = z.object({
  schedule_id: Id,
  name: Label(60),
  supervisor_id: z.nullable(Id),
  rotation: z.nullable(Rotation),
});
export type GroupInput = z.input<typeof GroupInput>;

export const Assignment = z.object({
  id: Id,
  schedule_id: Id,
  group_id: Id,
  group_name: z.string(),
  user_id: Id,
  user_name: z.string(),
  position: z.string(),
  version: z.number().check(z.int()),
});
export type Assignment = z.infer<typeof Assignment>;

export const AssignmentInput = z.object({ group_id: Id, user_id: Id, position: Label(40) });
export type AssignmentInput = z.input<typeof AssignmentInput>;

export const StaffingMinimum = z.object({
  /** Null: across every group. */
  group_id: z.nullable(Id),
  shift_type_id: Id,
  /** Null: any position. */
  position: z.nullable(z.string()),
  minimum: z.number().check(z.int(), z.gte(1, 'Use at least 1'), z.lte(200, 'Use at most 200')),
});
export type StaffingMinimum = z.infer<typeof StaffingMinimum>;
export const StaffingMinimumsInput = z.object({ minimums: z.array(StaffingMinimum).check(z.maxLength(300, 'Use at most 300 minimums')) });
export type StaffingMinimumsInput = z.input<typeof StaffingMinimumsInput>;

export const GenerateShiftsInput = z
  .object({
    from: IsoDate,
    to: IsoDate,
    /** Replace the rotation's shifts already in the range that nobody changed by hand. */
    replace: z._default(z.boolean(), false),
  })
  .check(z.refine((r) => r.to >= r.from, { path: ['to'], message: 'End on or after the start' }));
export type GenerateShiftsInput = z.input<typeof GenerateShiftsInput>;
export const GenerateShiftsResult = z.object({
  created: z.number().check(z.int()),
  skipped: z.number().check(z.int()),
  replaced: z.number().check(z.int()),
});

// ---------------------------------------------------------------- shifts and the roster

export const Shift = z.object({
  id: Id,
  user_id: Id,
  user_name: z.string(),
  group_id: z.nullable(z.string()),
  group_name: z.nullable(z.string()),
  shift_type_id: Id,
  code: z.string(),
  color: z.string(),
  counts_toward_staffing: z.boolean(),
  position: z.string(),
  /** The agency-local date it starts on. */
  date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Its real length (7 or 9 on the nights the clocks change). */
  hours: z.number(),
  status: z.enum(SHIFT_STATUSES),
  note: z.string(),
  version: z.number().check(z.int()),
});
export type Shift = z.infer<typeof Shift>;

/** One shift type on one date (and group, when minimums are per group): who is on, against the minimum. */
export const Coverage = z.object({
  date: z.string(),
  shift_type_id: Id,
  group_id: z.nullable(z.string()),
  position: z.nullable(z.string()),
  scheduled: z.number().check(z.int()),
  minimum: z.number().check(z.int()),
  state: z.enum(COVERAGE_STATES),
});
export type Coverage = z.infer<typeof Coverage>;

export const DayNote = z.object({
  date: z.string(),
  note: z.string(),
  officer_in_charge_id: z.nullable(z.string()),
  officer_in_charge_name: z.nullable(z.string()),
  version: z.number().check(z.int()),
});
export type DayNote = z.infer<typeof DayNote>;
export const DayNoteInput = z.object({ note: LongText(1000), officer_in_charge_id: z.nullable(Id) });
export type DayNoteInput = z.input<typeof DayNoteInput>;
export const DateParams = z.object({ date: IsoDate });

export const RosterQuery = z
  .object({
    from: IsoDate,
    to: IsoDate,
    /** Only my shifts. */
    mine: z.optional(z.enum(['true', 'false'])),
    group_id: z.optional(Id),
    position: z.optional(z.string().check(z.maxLength(40))),
  })
  .check(
    z.refine((q) => q.to >= q.from, { path: ['to'], message: 'End on or after the start' }),
    z.refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, { path: ['to'], message: 'Show at most 62 days at once' }),
  );
export type RosterQuery = z.input<typeof RosterQuery>;

export const Roster = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  shifts: z.array(Shift),
  coverage: z.array(Coverage),
  day_notes: z.array(DayNote),
  /** Approved time off in the range (who is off, not why). */
  time_off: z.array(z.object({ user_id: Id, user_name: z.string(), starts_on: z.string(), ends_on: z.string(), type_name: z.string() })),
});
export type Roster = z.infer<typeof Roster>;

/** What the calendar and the scheduler pick from: the set-up, the people on the schedule and the settings that show. */
export const ScheduleSetup = z.object({
  timezone: z.string(),
  week_starts_on: z.number().check(z.int()),
  positions: z.array(z.string()),
  shift_types: z.array(ShiftType),
  schedules: z.array(Schedule),
  groups: z.array(Group),
  assignments: z.array(Assignment),
  minimums: z.array(StaffingMinimum),
  rules: ScheduleSettings.shape.rules,
});
export type ScheduleSetup = z.infer<typeof ScheduleSetup>;

/** A rule a change breaks, and what the rule does about it. */
export const RuleFinding = z.object({ rule: z.enum(RULE_KEYS), action: z.enum(RULE_ACTIONS), message: z.string() });
export type RuleFinding = z.infer<typeof RuleFinding>;

export const ShiftPlacement = z.object({
  user_id: Id,
  shift_type_id: Id,
  date: IsoDate,
  position: Label(40),
  group_id: z.nullable(Id),
});
export type ShiftPlacement = z.input<typeof ShiftPlacement>;

/** What the scheduler confirmed: having seen the warnings, and an override's reason for a rule that needs one. */
const Confirmation = {
  /** Why (kept in the shift's history). */
  reason: Reason,
  /** The warnings were shown and the scheduler goes ahead. */
  acknowledge_warnings: z._default(z.boolean(), false),
  /** Why a rule that needs a supervisor's override is overridden. */
  override_reason: z._default(LongText(300), ''),
};

export const CheckShiftInput = z.extend(ShiftPlacement, { shift_id: z.optional(Id) });
export type CheckShiftInput = z.input<typeof CheckShiftInput>;
export const CheckShiftResult = z.object({
  findings: z.array(RuleFinding),
  /** The staffing this change leaves, for the shifts it touches. */
  coverage: z.array(Coverage),
});
export type CheckShiftResult = z.infer<typeof CheckShiftResult>;

export const CreateShiftInput = z.extend(ShiftPlacement, Confirmation);
export type CreateShiftInput = z.input<typeof CreateShiftInput>;

export const UpdateShiftInput = z.object({
  user_id: z.optional(Id),
  shift_type_id: z.optional(Id),
  date: z.optional(IsoDate),
  position: z.optional(Label(40)),
  status: z.optional(z.enum(SHIFT_STATUSES.filter((s): s is Exclude<ShiftStatus, 'time_off'> => s !== 'time_off'))),
  note: z.optional(LongText(300)),
  ...Confirmation,
});
export type UpdateShiftInput = z.input<typeof UpdateShiftInput>;

export const RemoveShiftInput = z.object({ reason: Reason });

export const ShiftChange = z.object({
  id: Id,
  at: z.string(),
  actor_name: z.string(),
  action: z.string(),
  summary: z.string(),
  reason: z.string(),
});
export type ShiftChange = z.infer<typeof ShiftChange>;

export const HistoryQuery = z.object({
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
  user_id: z.optional(Id),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
});
export const ScheduleChange = z.extend(ShiftChange, {
  shift_id: z.nullable(z.string()),
  shift_date: z.nullable(z.string()),
  user_name: z.nullable(z.string()),
});
export type ScheduleChange = z.infer<typeof ScheduleChange>;
export const ScheduleHistory = z.object({
  items: z.array(ScheduleChange),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});

export const HoursQuery = z
  .object({ from: IsoDate, to: IsoDate })
  .check(z.refine((q) => q.to >= q.from, { path: ['to'], message: 'End on or after the start' }));

// ---------------------------------------------------------------- time off

export const TimeOffType = z.object({
  id: Id,
  name: z.string(),
  /** Hours credited to each person each month. */
  accrual_hours_per_month: z.number(),
  /** What a balance may carry into a new year (the rest lapses when January's accrual runs). */
  max_carry_over_hours: z.number(),
  archived: z.boolean(),
  version: z.number().check(z.int()),
});
export type TimeOffType = z.infer<typeof TimeOffType>;
export const TimeOffTypeInput = z.object({
  name: Label(40),
  accrual_hours_per_month: z.number().check(z.gte(0, 'Use 0 or more hours'), z.lte(200, 'Use at most 200 hours')),
  max_carry_over_hours: Hours,
  archived: z.optional(z.boolean()),
});
export type TimeOffTypeInput = z.input<typeof TimeOffTypeInput>;

export const TimeOffBalance = z.object({
  type_id: Id,
  type_name: z.string(),
  /** Accrued less approved time off. */
  balance_hours: z.number(),
  /** Asked for and not decided yet. */
  pending_hours: z.number(),
});
export type TimeOffBalance = z.infer<typeof TimeOffBalance>;
export const BalancesQuery = z.object({ user_id: z.optional(Id) });

export const TimeOffRequest = z.object({
  id: Id,
  user_id: Id,
  user_name: z.string(),
  type_id: Id,
  type_name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The hours of the shifts it takes off (or the hours asked for when no shift falls in it). */
  hours: z.number(),
  note: z.string(),
  status: z.enum(TIME_OFF_STATUSES),
  decided_by_name: z.nullable(z.string()),
  decided_at: z.nullable(z.string()),
  decision_note: z.string(),
  created_at: z.string(),
  version: z.number().check(z.int()),
});
export type TimeOffRequest = z.infer<typeof TimeOffRequest>;

export const TimeOffInput = z
  .object({
    type_id: Id,
    starts_on: IsoDate,
    ends_on: IsoDate,
    /** Hours asked for when no scheduled shift falls in the dates (a training day off); otherwise the shifts' hours. */
    hours: z.optional(z.number().check(z.gte(0, 'Use 0 or more hours'), z.lte(744, 'Use at most 744 hours'))),
    note: z._default(LongText(500), ''),
  })
  .check(
    z.refine((r) => r.ends_on >= r.starts_on, { path: ['ends_on'], message: 'End on or after the first day' }),
    z.refine((r) => Date.parse(r.ends_on) - Date.parse(r.starts_on) <= 30 * 86_400_000, {
      path: ['ends_on'],
      message: 'Ask for at most 31 days at once',
    }),
  );
export type TimeOffInput = z.input<typeof TimeOffInput>;

export const TimeOffPreview = z.object({
  hours: z.number(),
  shifts: z.array(z.extend(Shift, { leaves_short: z.boolean() })),
  blocked: z.array(BlockedDate),
  /** Dates where the daily cap of people off is already reached. */
  capped_dates: z.array(z.string()),
  balance_hours: z.number(),
  balance_after_hours: z.number(),
});
export type TimeOffPreview = z.infer<typeof TimeOffPreview>;

export const ListTimeOffQuery = z.object({
  status: z.optional(z.enum(TIME_OFF_STATUSES)),
  /** Everyone's (needs scheduling:pto.manage), or only mine. */
  scope: z._default(z.enum(['mine', 'all']), 'mine'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
});
export type ListTimeOffQuery = z.input<typeof ListTimeOffQuery>;
export const TimeOffPage = z.object({
  items: z.array(TimeOffRequest),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});

export const DecideTimeOffInput = z.object({ decision: z.enum(['approve', 'deny']), note: z._default(LongText(500), '') });
export type DecideTimeOffInput = z.input<typeof DecideTimeOffInput>;

export const AccrualInput = z.object({ month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month (YYYY-MM)')) });
export const AccrualResult = z.object({ credited: z.number().check(z.int()), lapsed: z.number().check(z.int()), already: z.boolean() });

// ---------------------------------------------------------------- calendar feed and home

export const CalendarFeed = z.object({
  /** The private address calendars subscribe to; null until made. */
  url: z.nullable(z.string()),
  created_at: z.nullable(z.string()),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;
export const FeedParams = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/, 'Not a feed address')) });

export const ScheduleHome = z.object({
  next_shifts: z.array(Shift),
  my_pending_time_off: z.number().check(z.int()),
  /** For scheduling:pto.manage: requests waiting for a decision. */
  time_off_to_decide: z.number().check(z.int()),
  /** For the scheduler: shifts below minimum in the next 14 days. */
  gaps_ahead: z.number().check(z.int()),
  /** All-calls sent to me that still take answers and wait for mine (core/contracts/schedule-allcall.ts). */
  open_allcalls_for_me: z._default(z.number().check(z.int()), 0),
  /** Trades waiting for me: to accept or decline as the colleague asked, and (scheduling:modification.manage) accepted ones to decide. */
  trades_waiting: z.object({ to_answer: z.number().check(z.int()), to_decide: z.number().check(z.int()) }),
  /** Overtime for me: open shifts I may still sign up for, and offers waiting for my answer (core/contracts/schedule-overtime.ts). */
  overtime_for_me: z.object({ open: z.number().check(z.int()), offers: z.number().check(z.int()) }),
});
export type ScheduleHome = z.infer<typeof ScheduleHome>;

// ---------------------------------------------------------------- the endpoints

const viewer = { permission: 'scheduling:view', module: 'schedule' } as const;
const timeOffManager = { permission: 'scheduling:pto.manage', module: 'schedule' } as const;
const setUp = { permission: 'admin:access', module: 'schedule' } as const;
/** The scheduling admin area (/schedule/admin): all five of its permissions, as its guard (spec section 5). */
export const SCHEDULING_ADMIN_PERMISSIONS = [
  'scheduling:ot.manage',
  'scheduling:ot.create',
  'scheduling:pto.manage',
  'scheduling:modification.manage',
  'scheduling:allcall',
] as const satisfies readonly Permission[];
const scheduler = { permission: 'scheduling:modification.manage', also: SCHEDULING_ADMIN_PERMISSIONS, module: 'schedule' } as const;

export const scheduleApi = defineApi('schedule', '/rest/v1/schedule', {
  home: { method: 'GET', path: '/home', access: viewer, response: ScheduleHome },
  setup: { method: 'GET', path: '/setup', access: viewer, response: ScheduleSetup },
  roster: { method: 'GET', path: '/roster', access: viewer, query: RosterQuery, response: Roster },
  getShift: { method: 'GET', path: '/shifts/:id', access: viewer, params: IdParams, response: Shift, versioned: true },
  shiftHistory: { method: 'GET', path: '/shifts/:id/history', access: viewer, params: IdParams, response: z.array(ShiftChange) },

  // The scheduler's changes (/schedule/admin).
  checkShift: { method: 'POST', path: '/shifts/check', access: scheduler, body: CheckShiftInput, response: CheckShiftResult },
  createShift: { method: 'POST', path: '/shifts', access: scheduler, body: CreateShiftInput, response: Shift, idempotent: true },
  updateShift: {
    method: 'PATCH',
    path: '/shifts/:id',
    access: scheduler,
    params: IdParams,
    body: UpdateShiftInput,
    response: Shift,
    versioned: true,
  },
  removeShift: {
    method: 'POST',
    path: '/shifts/:id/remove',
    access: scheduler,
    params: IdParams,
    body: RemoveShiftInput,
    response: null,
    versioned: true,
  },
  generateShifts: {
    method: 'POST',
    path: '/groups/:id/generate',
    access: scheduler,
    params: IdParams,
    body: GenerateShiftsInput,
    response: GenerateShiftsResult,
  },
  saveDayNote: { method: 'PUT', path: '/day-notes/:date', access: scheduler, params: DateParams, body: DayNoteInput, response: DayNote },
  history: { method: 'GET', path: '/history', access: scheduler, query: HistoryQuery, response: ScheduleHistory },
  exportHours: { method: 'GET', path: '/hours.csv', access: scheduler, query: HoursQuery, response: 'csv' },

  // Time off.
  timeOffTypes: { method: 'GET', path: '/time-off/types', access: viewer, response: z.array(TimeOffType) },
  balances: { method: 'GET', path: '/time-off/balances', access: viewer, query: BalancesQuery, response: z.array(TimeOffBalance) },
  listTimeOff: { method: 'GET', path: '/time-off/requests', access: viewer, query: ListTimeOffQuery, response: TimeOffPage },
  previewTimeOff: { method: 'POST', path: '/time-off/preview', access: viewer, body: TimeOffInput, response: TimeOffPreview },
  requestTimeOff: {
    method: 'POST',
    path: '/time-off/requests',
    access: viewer,
    body: TimeOffInput,
    response: TimeOffRequest,
    idempotent: true,
  },
  getTimeOff: {
    method: 'GET',
    path: '/time-off/requests/:id',
    access: viewer,
    params: IdParams,
    response: TimeOffRequest,
    versioned: true,
  },
  cancelTimeOff: {
    method: 'POST',
    path: '/time-off/requests/:id/cancel',
    access: viewer,
    params: IdParams,
    response: TimeOffRequest,
    versioned: true,
  },
  decideTimeOff: {
    method: 'POST',
    path: '/time-off/requests/:id/decide',
    access: timeOffManager,
    params: IdParams,
    body: DecideTimeOffInput,
    response: TimeOffRequest,
    versioned: true,
  },
  runAccrual: { method: 'POST', path: '/time-off/accruals', access: timeOffManager, body: AccrualInput, response: AccrualResult },

  // The calendar feed: made and revoked by its owner; read by calendar apps with the secret in its address.
  getFeed: { method: 'GET', path: '/feed', access: viewer, response: CalendarFeed },
  makeFeed: { method: 'POST', path: '/feed', access: viewer, response: CalendarFeed },
  revokeFeed: { method: 'DELETE', path: '/feed', access: viewer, response: null },
  feed: { method: 'GET', path: '/feeds/:token/shifts.ics', access: { public: true }, params: FeedParams, response: 'file' },

  // Set-up (/admin/modules/schedule…).
  getSettings: { method: 'GET', path: '/admin/settings', access: setUp, response: ScheduleSettings },
  updateSettings: { method: 'PUT', path: '/admin/settings', access: setUp, body: UpdateScheduleSettingsInput, response: ScheduleSettings },
  createShiftType: {
    method: 'POST',
    path: '/admin/shift-types',
    access: setUp,
    body: ShiftTypeInput,
    response: ShiftType,
    idempotent: true,
  },
  updateShiftType: {
    method: 'PATCH',
    path: '/admin/shift-types/:id',
    access: setUp,
    params: IdParams,
    body: ShiftTypeInput,
    response: ShiftType,
    versioned: true,
  },
  createSchedule: { method: 'POST', path: '/admin/schedules', access: setUp, body: ScheduleInput, response: Schedule, idempotent: true },
  updateSchedule: {
    method: 'PATCH',
    path: '/admin/schedules/:id',
    access: setUp,
    params: IdParams,
    body: ScheduleInput,
    response: Schedule,
    versioned: true,
  },
  createGroup: { method: 'POST', path: '/admin/groups', access: setUp, body: GroupInput, response: Group, idempotent: true },
  updateGroup: {
    method: 'PATCH',
    path: '/admin/groups/:id',
    access: setUp,
    params: IdParams,
    body: GroupInput,
    response: Group,
    versioned: true,
  },
  createAssignment: {
    method: 'POST',
    path: '/admin/assignments',
    access: setUp,
    body: AssignmentInput,
    response: Assignment,
    idempotent: true,
  },
  updateAssignment: {
    method: 'PATCH',
    path: '/admin/assignments/:id',
    access: setUp,
    params: IdParams,
    body: AssignmentInput,
    response: Assignment,
    versioned: true,
  },
  removeAssignment: { method: 'DELETE', path: '/admin/assignments/:id', access: setUp, params: IdParams, response: null, versioned: true },
  saveMinimums: { method: 'PUT', path: '/admin/minimums', access: setUp, body: StaffingMinimumsInput, response: z.array(StaffingMinimum) },
  createTimeOffType: {
    method: 'POST',
    path: '/admin/time-off-types',
    access: setUp,
    body: TimeOffTypeInput,
    response: TimeOffType,
    idempotent: true,
  },
  updateTimeOffType: {
    method: 'PATCH',
    path: '/admin/time-off-types/:id',
    access: setUp,
    params: IdParams,
    body: TimeOffTypeInput,
    response: TimeOffType,
    versioned: true,
  },
});
