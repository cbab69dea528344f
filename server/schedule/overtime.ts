import { and, eq, sql } from 'drizzle-orm';
import type {
  CreateOvertimeInput,
  OvertimeCandidate,
  OvertimeDetail,
  OvertimeListQuery,
  OvertimeShift,
  OvertimeTotals,
  OvertimeTotalsQuery,
  SchedulePerson,
  StaffingGap,
  UpdateSchedulePersonInput,
} from '../../core/contracts/schedule-overtime.ts';
import {
  CreateOvertimeInput as CreateSchema,
  DecisionInput,
  OvertimeListQuery as ListSchema,
  OvertimeTotalsQuery as TotalsSchema,
  SKIP_REASON_LABELS,
  UpdateSchedulePersonInput as UpdatePersonSchema,
} from '../../core/contracts/schedule-overtime.ts';
import type { OvertimePeriod, OvertimeRule, SkipReason } from '../../core/contracts/schedule.ts';
import { toCsv } from '../../core/csv.ts';
import { addDays, computeCoverage, datesFrom, hoursBetween, shiftInstants } from '../../core/schedule/schedule-rules.ts';
import type { SysConfig } from '../../core/contracts/agency.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import { queryRows, type Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { peopleWithPermission } from '../platform/people.ts';
import { publish } from '../platform/realtime.ts';
import { REALTIME_TOPICS } from '../../core/contracts/realtime.ts';
import { tell, tellPeople } from '../platform/notices.ts';
import type { Services } from '../platform/services.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { staleVersion } from '../platform/versioning.ts';
import * as q from './overtime-queries.ts';
import { overtimeOffers, overtimeShifts, overtimeSignups, schedulePeople, scheduleShifts } from './schema.ts';
import { agencyToday, scheduleSettingsOf, timezoneOf } from './settings.ts';
import * as setupQueries from './setup-queries.ts';
import { afterChange, findingsFor } from './shifts.ts';
import * as shiftQueries from './shift-queries.ts';

/**
 * Overtime: open shifts, sign-ups awarded by the agency's rule, and one-at-a-time offers.
 *
 * The order: "first come" by sign-up time; "seniority" by seniority date (earliest first, none last);
 * "fewest hours" by overtime hours in the period (month, quarter or year, the agency's setting) the
 * open shift falls in, then sign-up time. Whoever cannot take the
 * shift is passed over with the reason everyone sees: not qualified (holds the position in no group),
 * on approved time off, already scheduled then, or against the conflict rules (rest between shifts,
 * maximum hours; any finding passes over, since an automatic award should not make a warned case).
 *
 * An offer goes to one officer at a time in that order (every active officer holding the position,
 * those who signed up first), each for the wait the shift was posted with. When it runs out a durable
 * job (server/platform/jobs.ts) moves it on; the records are the truth and the job only says when to
 * look, so a restart, a second server or a job run twice all end the same. Accepting locks the open
 * shift's row, so an acceptance racing the wait's end either lands before it or is told it ran out.
 */

export const OFFER_QUEUE = 'schedule.overtime-offer';
const SWEEP_QUEUE = 'schedule.overtime-sweep';
const notFound = () => new AppError('not_found', 'The open shift was not found');
const SYSTEM_USER = '00000000-0000-0000-0000-000000000000';

// ---------------------------------------------------------------- reading

function periodOf(date: string, period: OvertimePeriod): { from: string; to: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const firstMonth = period === 'month' ? month : period === 'quarter' ? Math.floor((month - 1) / 3) * 3 + 1 : 1;
  const months = period === 'month' ? 1 : period === 'quarter' ? 3 : 12;
  const from = `${year}-${String(firstMonth).padStart(2, '0')}-01`;
  const next = new Date(Date.UTC(year, firstMonth - 1 + months, 1)).toISOString().slice(0, 10);
  return { from, to: addDays(next, -1) };
}

function currentPeriod(ctx: Pick<RequestContext, 'sysConfig'>) {
  return periodOf(agencyToday(ctx), scheduleSettingsOf(ctx.sysConfig).overtime.period);
}

interface Contender {
  userId: string;
  name: string;
  seniorityDate: string | null;
  signedUpAt: Date | null;
  hours: number;
}

/** The rule's order; ties by sign-up time, then name. */
function ordered(rule: OvertimeRule, people: Contender[]): Contender[] {
  const time = (c: Contender) => c.signedUpAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
  const byTime = (a: Contender, b: Contender) => time(a) - time(b) || a.name.localeCompare(b.name);
  return [...people].sort((a, b) => {
    if (rule === 'seniority') {
      if (a.seniorityDate !== b.seniorityDate) {
        if (a.seniorityDate === null) return 1;
        if (b.seniorityDate === null) return -1;
        return a.seniorityDate.localeCompare(b.seniorityDate);
      }
    } else if (rule === 'fewest_hours' && a.hours !== b.hours) return a.hours - b.hours;
    return byTime(a, b);
  });
}

function toOvertimeShift(ctx: RequestContext, row: q.OvertimeRow, extras: Partial<OvertimeShift> = {}): OvertimeShift {
  const ot = row.ot;
  return {
    id: ot.id,
    shift_type_id: ot.shiftTypeId,
    code: row.code,
    shift_name: row.shiftName,
    color: row.color,
    group_id: ot.groupId,
    group_name: row.groupName,
    position: ot.position,
    date: ot.date,
    starts_at: ot.startsAt.toISOString(),
    ends_at: ot.endsAt.toISOString(),
    hours: hoursBetween(ot.startsAt, ot.endsAt),
    slots: ot.slots,
    note: ot.note,
    rule: ot.rule,
    mode: ot.mode,
    signup_deadline: ot.signupDeadline.toISOString(),
    offer_wait_minutes: ot.offerWaitMinutes,
    status: ot.status,
    from_gap: ot.fromGap,
    created_by_name: row.createdByName,
    signups: row.signups,
    awarded: [],
    mine: null,
    can_sign_up: false,
    cannot_sign_up_reason: null,
    version: ot.version,
    ...extras,
  };
}

/** Whether the caller could sign up now, and if not the reason shown on the button's place. */
function signUpState(ot: q.OvertimeRow['ot'], mine: OvertimeShift['mine'], now: Date): { can: boolean; reason: string | null } {
  if (ot.mode !== 'signup') return { can: false, reason: 'Offered to one officer at a time' };
  if (ot.status !== 'open') return { can: false, reason: 'No longer open' };
  if (ot.signupDeadline <= now) return { can: false, reason: 'Sign-ups have closed' };
  if (mine && mine.status === 'signed_up') return { can: false, reason: 'You signed up' };
  return { can: true, reason: null };
}

async function describeMany(tx: Tx, ctx: RequestContext, rows: q.OvertimeRow[]): Promise<OvertimeShift[]> {
  const agencyId = ctx.scope.agencyId;
  const ids = rows.map((row) => row.ot.id);
  const signups = Map.groupBy(await q.signupsOf(tx, agencyId, ids), (s) => s.overtimeId);
  const offers = Map.groupBy(await q.offersOf(tx, agencyId, ids), (o) => o.overtimeId);
  const now = new Date();
  return rows.map((row) => {
    const own = signups.get(row.ot.id) ?? [];
    const turns = offers.get(row.ot.id) ?? [];
    const awarded = [
      ...own.filter((s) => s.status === 'awarded').map((s) => ({ user_id: s.userId, name: s.name })),
      ...turns.filter((o) => o.status === 'accepted').map((o) => ({ user_id: o.userId, name: o.name })),
    ];
    const myOffer = turns.find((o) => o.userId === ctx.scope.userId && o.status !== 'waiting');
    const mySignup = own.find((s) => s.userId === ctx.scope.userId);
    const mine: OvertimeShift['mine'] = myOffer
      ? { status: myOffer.status, skip_reason: myOffer.skipReason, expires_at: myOffer.expiresAt?.toISOString() ?? null }
      : mySignup
        ? { status: mySignup.status, skip_reason: mySignup.skipReason, expires_at: null }
        : null;
    const state = signUpState(row.ot, mine, now);
    return toOvertimeShift(ctx, row, { awarded, mine, can_sign_up: state.can, cannot_sign_up_reason: state.reason });
  });
}

async function detail(tx: Tx, ctx: RequestContext, id: string): Promise<OvertimeDetail> {
  const agencyId = ctx.scope.agencyId;
  const row = await q.findOvertime(tx, agencyId, id);
  if (!row) throw notFound();
  const [shift] = await describeMany(tx, ctx, [row]);
  const period = periodOf(row.ot.date, scheduleSettingsOf(ctx.sysConfig).overtime.period);
  let order: OvertimeCandidate[];
  if (row.ot.mode === 'offer' && row.ot.status !== 'open') {
    const turns = await q.offersOf(tx, agencyId, [id]);
    const hours = await q.overtimeHours(
      tx,
      agencyId,
      period.from,
      period.to,
      turns.map((t) => t.userId),
    );
    order = turns.map((turn, index) => ({
      user_id: turn.userId,
      name: turn.name,
      place: index + 1,
      status: turn.status,
      skip_reason: turn.skipReason,
      signed_up_at: null,
      seniority_date: turn.seniorityDate,
      overtime_hours: hours.get(turn.userId)?.hours ?? 0,
      offered_at: turn.offeredAt?.toISOString() ?? null,
      expires_at: turn.expiresAt?.toISOString() ?? null,
    }));
  } else {
    const signups = (await q.signupsOf(tx, agencyId, [id])).filter((s) => s.status !== 'withdrawn');
    const hours = await q.overtimeHours(
      tx,
      agencyId,
      period.from,
      period.to,
      signups.map((s) => s.userId),
    );
    const contenders = ordered(
      row.ot.rule,
      signups.map((s) => ({
        userId: s.userId,
        name: s.name,
        seniorityDate: s.seniorityDate,
        signedUpAt: s.signedUpAt,
        hours: hours.get(s.userId)?.hours ?? 0,
      })),
    );
    order = contenders.map((c, index) => {
      const signup = signups.find((s) => s.userId === c.userId)!;
      return {
        user_id: c.userId,
        name: c.name,
        place: index + 1,
        status: signup.status,
        skip_reason: signup.skipReason,
        signed_up_at: signup.signedUpAt.toISOString(),
        seniority_date: c.seniorityDate,
        overtime_hours: c.hours,
        offered_at: null,
        expires_at: null,
      };
    });
  }
  return { ...shift!, order };
}

export function listOvertime(ctx: RequestContext, query: OvertimeListQuery): Promise<OvertimeShift[]> {
  const { view } = ListSchema.parse(query);
  return inAgency(ctx, async (tx) => {
    const today = agencyToday(ctx);
    const since = addDays(today, -60);
    const rows =
      view === 'mine'
        ? await q.overtimeOf(tx, ctx.scope.agencyId, ctx.scope.userId, since)
        : await q.listOvertime(tx, ctx.scope.agencyId, view, today, since);
    return describeMany(tx, ctx, rows);
  });
}

export function getOvertime(ctx: RequestContext, id: string): Promise<OvertimeDetail> {
  return inAgency(ctx, (tx) => detail(tx, ctx, id));
}

/** Staffing gaps in the next 28 days, with how many open shifts are already posted for each. */
export function staffingGaps(ctx: RequestContext): Promise<StaffingGap[]> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const from = agencyToday(ctx);
    const to = addDays(from, 27);
    const minimums = await setupQueries.listMinimums(tx, agencyId);
    if (minimums.length === 0) return [];
    const shifts = await shiftQueries.shiftsOnDates(tx, agencyId, from, to);
    const short = computeCoverage(datesFrom(from, to), minimums, shifts).filter((c) => c.state === 'short');
    const types = new Map((await setupQueries.listShiftTypes(tx, agencyId)).map((type) => [type.id, type]));
    const groups = new Map<string, string>();
    for (const gap of short)
      if (gap.group_id && !groups.has(gap.group_id))
        groups.set(gap.group_id, (await setupQueries.findGroup(tx, agencyId, gap.group_id))?.name ?? '');
    const posted = await q.openPostedFor(tx, agencyId, from, to);
    return short.map((gap) => ({
      date: gap.date,
      shift_type_id: gap.shift_type_id,
      code: types.get(gap.shift_type_id)?.code ?? '',
      shift_name: types.get(gap.shift_type_id)?.name ?? '',
      group_id: gap.group_id,
      group_name: gap.group_id ? (groups.get(gap.group_id) ?? null) : null,
      position: gap.position,
      scheduled: gap.scheduled,
      minimum: gap.minimum,
      posted: posted.filter(
        (p) =>
          p.date === gap.date &&
          p.shiftTypeId === gap.shift_type_id &&
          (gap.group_id === null || p.groupId === gap.group_id) &&
          (gap.position === null || p.position === gap.position),
      ).length,
    }));
  });
}

// ---------------------------------------------------------------- eligibility

/** Why this person cannot take this shift now, or null when they can. */
async function skipReason(tx: Tx, ctx: RequestContext, ot: q.OvertimeRow['ot'], userId: string): Promise<SkipReason | null> {
  const agencyId = ctx.scope.agencyId;
  if (!(await q.holdsPosition(tx, agencyId, userId, ot.position))) return 'not_qualified';
  if ((await shiftQueries.approvedTimeOffBetween(tx, agencyId, ot.date, ot.date, userId)).length > 0) return 'time_off';
  const times = { startsAt: ot.startsAt, endsAt: ot.endsAt, hours: hoursBetween(ot.startsAt, ot.endsAt) };
  const findings = await findingsFor(tx, ctx, userId, times);
  if (findings.some((f) => f.rule === 'overlap')) return 'already_scheduled';
  if (findings.some((f) => f.rule === 'min_rest')) return 'rest_rule';
  if (findings.some((f) => f.rule === 'max_hours')) return 'max_hours';
  return null;
}

const when = (ot: Pick<q.OvertimeRow['ot'], 'date'>, row: Pick<q.OvertimeRow, 'code'>) => `${row.code} on ${ot.date}`;

/** Places the awarded shift (marked overtime) with its history, audit and the officer's notice. */
async function placeShift(tx: Tx, ctx: RequestContext, row: q.OvertimeRow, userId: string, how: string): Promise<boolean> {
  const ot = row.ot;
  const [placed] = await tx
    .insert(scheduleShifts)
    .values({
      agencyId: ctx.scope.agencyId,
      userId,
      groupId: ot.groupId,
      shiftTypeId: ot.shiftTypeId,
      position: ot.position,
      date: ot.date,
      startsAt: ot.startsAt,
      endsAt: ot.endsAt,
      overtime: true,
      note: ot.note.slice(0, 300),
    })
    .onConflictDoNothing()
    .returning({ id: scheduleShifts.id });
  if (!placed) return false;
  const shift = (await shiftQueries.findShift(tx, ctx.scope.agencyId, placed.id))!;
  await afterChange(tx, ctx, shift, {
    action: 'assigned',
    summary: `Overtime ${when(ot, row)} as ${ot.position} to ${shift.user_name} (${how})`,
    reason: '',
    notice: `You have overtime: ${when(ot, row)} as ${ot.position}`,
  });
  return true;
}

/** Tells every open overtime screen of the agency (realtime/v1) that this open shift changed, once `tx` commits. */
function overtimeChanged(tx: Tx, agencyId: string, id: string): Promise<void> {
  return publish(tx, agencyId, REALTIME_TOPICS.scheduleOvertime, { permission: 'scheduling:view', module: 'schedule' }, { id });
}

async function tellManagers(tx: Tx, ctx: RequestContext, title: string, body: string, link: string) {
  await tellPeople(tx, ctx, await peopleWithPermission(tx, ctx.scope.agencyId, 'scheduling:ot.manage'), {
    kind: 'schedule.overtime',
    title,
    body,
    link,
  });
}

// ---------------------------------------------------------------- posting, sign-up, award

export function createOvertime(ctx: RequestContext, input: CreateOvertimeInput): Promise<OvertimeDetail> {
  const values = CreateSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const problems: Record<string, string> = {};
    const type = await setupQueries.findShiftType(tx, agencyId, values.shift_type_id);
    if (!type || type.archived) problems.shift_type_id = 'Choose a shift type';
    if (values.group_id && !(await setupQueries.findGroup(tx, agencyId, values.group_id))) problems.group_id = 'Choose a group';
    if (!scheduleSettingsOf(ctx.sysConfig).positions.includes(values.position)) problems.position = 'Choose one of the agency’s positions';
    if (values.date < agencyToday(ctx)) problems.date = 'Choose today or a later date';
    const times = type ? shiftInstants(values.date, { start_time: type.startTime, end_time: type.endTime }, timezoneOf(ctx)) : null;
    const deadline = new Date(values.signup_deadline);
    if (times && values.mode === 'signup' && deadline >= times.startsAt)
      problems.signup_deadline = 'Close sign-ups before the shift starts';
    if (values.mode === 'signup' && deadline <= new Date()) problems.signup_deadline = 'Close sign-ups later than now';
    if (Object.keys(problems).length) throw validationError(problems);
    const [created] = await tx
      .insert(overtimeShifts)
      .values({
        agencyId,
        shiftTypeId: values.shift_type_id,
        groupId: values.group_id,
        position: values.position,
        date: values.date,
        startsAt: times!.startsAt,
        endsAt: times!.endsAt,
        slots: values.slots,
        note: values.note,
        rule: values.rule ?? scheduleSettingsOf(ctx.sysConfig).overtime.rule,
        mode: values.mode,
        signupDeadline: values.mode === 'signup' ? deadline : times!.startsAt,
        offerWaitMinutes: values.offer_wait_minutes ?? scheduleSettingsOf(ctx.sysConfig).overtime.offer_wait_minutes,
        fromGap: values.from_gap,
        createdBy: ctx.scope.userId,
      })
      .returning({ id: overtimeShifts.id });
    const result = await detail(tx, ctx, created!.id);
    await overtimeChanged(tx, agencyId, result.id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.overtime_posted',
      entityType: 'schedule_overtime',
      entityId: result.id,
      summary: `Posted overtime ${result.code} on ${result.date} as ${result.position} (${result.slots} needed)`,
      after: result,
    });
    return result;
  });
}

export function cancelOvertime(ctx: RequestContext, id: string, version: number, input: unknown): Promise<OvertimeDetail> {
  const { note } = DecisionInput.parse(input ?? {});
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findOvertime(tx, agencyId, id, { lock: true });
    if (!before) throw notFound();
    if (before.ot.status !== 'open' && before.ot.status !== 'offering')
      throw new AppError('conflict', `This open shift is already ${before.ot.status}`);
    const updated = await updateAtVersion(
      tx,
      overtimeShifts,
      and(eq(overtimeShifts.agencyId, agencyId), eq(overtimeShifts.id, id)),
      version,
      {
        status: 'cancelled',
        closedAt: new Date(),
      },
    );
    if (!updated) throw staleVersion('open shift');
    await tx
      .update(overtimeOffers)
      .set({ status: 'expired', answeredAt: new Date() })
      .where(and(eq(overtimeOffers.agencyId, agencyId), eq(overtimeOffers.overtimeId, id), eq(overtimeOffers.status, 'offered')));
    const people = [
      ...(await q.signupsOf(tx, agencyId, [id])).filter((s) => s.status === 'signed_up').map((s) => s.userId),
      ...(await q.offersOf(tx, agencyId, [id])).filter((o) => o.status === 'offered').map((o) => o.userId),
    ];
    for (const userId of people)
      await tell(tx, ctx, userId, {
        kind: 'schedule.overtime',
        title: `Overtime ${when(before.ot, before)} was cancelled`,
        body: note ? `Why: ${note}` : 'The open shift is no longer needed.',
        link: '/schedule/overtime',
      });
    const result = await detail(tx, ctx, id);
    await overtimeChanged(tx, agencyId, id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.overtime_cancelled',
      entityType: 'schedule_overtime',
      entityId: id,
      summary: `Cancelled overtime ${when(before.ot, before)}${note ? `: ${note}` : ''}`,
      before: toOvertimeShift(ctx, before),
      after: result,
    });
    return result;
  });
}

export function signUp(ctx: RequestContext, id: string): Promise<OvertimeDetail> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await q.findOvertime(tx, agencyId, id);
    if (!row) throw notFound();
    const ot = row.ot;
    if (ot.mode !== 'signup') throw new AppError('conflict', 'This shift is offered to one officer at a time; wait for your turn');
    if (ot.status !== 'open') throw new AppError('conflict', `This open shift is already ${ot.status}`);
    if (ot.signupDeadline <= new Date()) throw new AppError('conflict', 'Sign-ups for this shift have closed');
    if (!(await q.holdsPosition(tx, agencyId, ctx.scope.userId, ot.position)))
      throw new AppError('conflict', `You hold no ${ot.position} position, which this shift needs`);
    await tx
      .insert(overtimeSignups)
      .values({ agencyId, overtimeId: id, userId: ctx.scope.userId })
      .onConflictDoUpdate({
        target: [overtimeSignups.agencyId, overtimeSignups.overtimeId, overtimeSignups.userId],
        set: { status: 'signed_up', signedUpAt: sql`now()`, skipReason: null, decidedAt: null },
        setWhere: sql`${overtimeSignups.status} = 'withdrawn'`,
      });
    await overtimeChanged(tx, agencyId, id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.overtime_signed_up',
      entityType: 'schedule_overtime',
      entityId: id,
      summary: `Signed up for overtime ${when(ot, row)}`,
    });
    return detail(tx, ctx, id);
  });
}

export function withdraw(ctx: RequestContext, id: string): Promise<OvertimeDetail> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await q.findOvertime(tx, agencyId, id);
    if (!row) throw notFound();
    if (row.ot.status !== 'open') throw new AppError('conflict', `This open shift is already ${row.ot.status}; ask a supervisor instead`);
    const [changed] = await tx
      .update(overtimeSignups)
      .set({ status: 'withdrawn' })
      .where(
        and(
          eq(overtimeSignups.agencyId, agencyId),
          eq(overtimeSignups.overtimeId, id),
          eq(overtimeSignups.userId, ctx.scope.userId),
          eq(overtimeSignups.status, 'signed_up'),
        ),
      )
      .returning({ userId: overtimeSignups.userId });
    if (!changed) throw new AppError('conflict', 'You are not signed up for this shift');
    await overtimeChanged(tx, agencyId, id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.overtime_withdrawn',
      entityType: 'schedule_overtime',
      entityId: id,
      summary: `Withdrew from overtime ${when(row.ot, row)}`,
    });
    return detail(tx, ctx, id);
  });
}

/** Awards the shift to the first eligible sign-ups in the rule's order; the others are passed over with their reason. */
export function award(ctx: RequestContext, id: string, version: number): Promise<OvertimeDetail> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await q.findOvertime(tx, agencyId, id, { lock: true });
    if (!row) throw notFound();
    const ot = row.ot;
    if (ot.version !== version) throw staleVersion('open shift');
    if (ot.mode !== 'signup' || ot.status !== 'open') throw new AppError('conflict', 'Only an open shift taking sign-ups can be awarded');
    const order = (await detail(tx, ctx, id)).order.filter((c) => c.status === 'signed_up');
    if (order.length === 0) throw new AppError('conflict', 'Nobody has signed up yet');
    let awarded = 0;
    const now = new Date();
    for (const candidate of order) {
      const reason = awarded < ot.slots ? await skipReason(tx, ctx, ot, candidate.user_id) : null;
      const taken =
        awarded < ot.slots && reason === null && (await placeShift(tx, ctx, row, candidate.user_id, `by ${ot.rule.replace('_', ' ')}`));
      if (taken) awarded += 1;
      const skip = taken ? null : awarded < ot.slots ? (reason ?? 'already_scheduled') : null;
      await tx
        .update(overtimeSignups)
        .set({ status: taken ? 'awarded' : 'passed', skipReason: skip, decidedAt: now })
        .where(
          and(eq(overtimeSignups.agencyId, agencyId), eq(overtimeSignups.overtimeId, id), eq(overtimeSignups.userId, candidate.user_id)),
        );
      if (!taken)
        await tell(tx, ctx, candidate.user_id, {
          kind: 'schedule.overtime',
          title: `Overtime ${when(ot, row)} went to someone else`,
          body: skip ? `You were passed over: ${SKIP_REASON_LABELS[skip].toLowerCase()}.` : 'Every place was filled before your turn.',
          link: '/schedule/overtime',
        });
    }
    await tx
      .update(overtimeShifts)
      .set({ status: awarded > 0 ? 'awarded' : 'unfilled', closedAt: now, version: sql`${overtimeShifts.version} + 1`, updatedAt: now })
      .where(and(eq(overtimeShifts.agencyId, agencyId), eq(overtimeShifts.id, id)));
    const result = await detail(tx, ctx, id);
    await overtimeChanged(tx, agencyId, id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.overtime_awarded',
      entityType: 'schedule_overtime',
      entityId: id,
      summary: awarded
        ? `Awarded overtime ${when(ot, row)} to ${result.awarded.map((a) => a.name).join(', ')}`
        : `No one eligible for overtime ${when(ot, row)}`,
      before: toOvertimeShift(ctx, row),
      after: result,
    });
    return result;
  });
}

// ---------------------------------------------------------------- one at a time

/** Starts the offer round: every active officer holding the position, those who signed up first, in the rule's order. */
export async function startOffers(ctx: RequestContext, id: string, version: number): Promise<OvertimeDetail> {
  const { result, due } = await inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await q.findOvertime(tx, agencyId, id, { lock: true });
    if (!row) throw notFound();
    const ot = row.ot;
    if (ot.version !== version) throw staleVersion('open shift');
    if (ot.status !== 'open') throw new AppError('conflict', `This open shift is already ${ot.status}`);
    const period = periodOf(ot.date, scheduleSettingsOf(ctx.sysConfig).overtime.period);
    const people = await q.qualifiedPeople(tx, agencyId, ot.position);
    const signups = new Map(
      (await q.signupsOf(tx, agencyId, [id])).filter((s) => s.status === 'signed_up').map((s) => [s.userId, s.signedUpAt]),
    );
    const hours = await q.overtimeHours(
      tx,
      agencyId,
      period.from,
      period.to,
      people.map((p) => p.userId),
    );
    const contenders = people.map((p) => ({
      userId: p.userId,
      name: p.name,
      seniorityDate: p.seniorityDate,
      signedUpAt: signups.get(p.userId) ?? null,
      hours: hours.get(p.userId)?.hours ?? 0,
    }));
    const round = [
      ...ordered(
        ot.rule,
        contenders.filter((c) => c.signedUpAt),
      ),
      ...ordered(
        ot.rule,
        contenders.filter((c) => !c.signedUpAt),
      ),
    ];
    if (round.length === 0) throw new AppError('conflict', `Nobody holds a ${ot.position} position to offer it to`);
    await tx
      .insert(overtimeOffers)
      .values(round.map((c, index) => ({ agencyId, overtimeId: id, userId: c.userId, turn: index + 1, status: 'waiting' as const })));
    await tx
      .update(overtimeShifts)
      .set({ status: 'offering', mode: 'offer', version: sql`${overtimeShifts.version} + 1`, updatedAt: new Date() })
      .where(and(eq(overtimeShifts.agencyId, agencyId), eq(overtimeShifts.id, id)));
    const due = await moveOn(tx, ctx, id);
    const result = await detail(tx, ctx, id);
    await overtimeChanged(tx, agencyId, id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.overtime_offers_started',
      entityType: 'schedule_overtime',
      entityId: id,
      summary: `Offering overtime ${when(ot, row)} one officer at a time (${round.length} in the order)`,
      after: result,
    });
    return { result, due };
  });
  await scheduleCheck(ctx.services, ctx.scope.agencyId, id, due);
  return result;
}

/**
 * Moves the round on: the offer whose wait has run out expires; the next turns are offered until one
 * can take it (the others skipped with their reason). Answers when the new offer runs out, or null
 * when the round is over (filled, or no one left: unfilled). The open shift's row is locked by the caller.
 */
async function moveOn(tx: Tx, ctx: RequestContext, id: string): Promise<Date | null> {
  const agencyId = ctx.scope.agencyId;
  const row = (await q.findOvertime(tx, agencyId, id))!;
  const ot = row.ot;
  if (ot.status !== 'offering') return null;
  const turns = await q.offersOf(tx, agencyId, [id]);
  const now = new Date();
  const current = turns.find((t) => t.status === 'offered');
  if (current) {
    if (current.expiresAt! > now) return current.expiresAt;
    await setTurn(tx, agencyId, id, current.userId, { status: 'expired', answeredAt: now });
    await tell(tx, ctx, current.userId, {
      kind: 'schedule.overtime',
      title: `The overtime offer for ${when(ot, row)} ran out`,
      body: 'It was offered to the next officer in the order.',
      link: '/schedule/overtime',
    });
  }
  const filled = turns.filter((t) => t.status === 'accepted').length;
  if (filled >= ot.slots) {
    await closeRound(tx, agencyId, id, 'awarded', now);
    return null;
  }
  for (const turn of turns.filter((t) => t.status === 'waiting')) {
    const reason = await skipReason(tx, ctx, ot, turn.userId);
    if (reason) {
      await setTurn(tx, agencyId, id, turn.userId, { status: 'skipped', skipReason: reason, answeredAt: now });
      continue;
    }
    const expiresAt = new Date(now.getTime() + ot.offerWaitMinutes * 60_000);
    await setTurn(tx, agencyId, id, turn.userId, { status: 'offered', offeredAt: now, expiresAt });
    await tell(tx, ctx, turn.userId, {
      kind: 'schedule.overtime',
      title: `Overtime offered to you: ${when(ot, row)} as ${ot.position}`,
      body: `It is yours if you accept within ${ot.offerWaitMinutes} minutes; after that it goes to the next officer.`,
      link: '/schedule/overtime',
    });
    return expiresAt;
  }
  await closeRound(tx, agencyId, id, filled > 0 ? 'awarded' : 'unfilled', now);
  if (filled === 0)
    await tellManagers(
      tx,
      ctx,
      `No one took overtime ${when(ot, row)}`,
      'Every officer in the order declined, let it run out or could not take it.',
      '/schedule/overtime',
    );
  return null;
}

async function setTurn(tx: Tx, agencyId: string, id: string, userId: string, values: Partial<typeof overtimeOffers.$inferInsert>) {
  await tx
    .update(overtimeOffers)
    .set(values)
    .where(and(eq(overtimeOffers.agencyId, agencyId), eq(overtimeOffers.overtimeId, id), eq(overtimeOffers.userId, userId)));
}

async function closeRound(tx: Tx, agencyId: string, id: string, status: 'awarded' | 'unfilled', now: Date) {
  await tx
    .update(overtimeShifts)
    .set({ status, closedAt: now, version: sql`${overtimeShifts.version} + 1`, updatedAt: now })
    .where(and(eq(overtimeShifts.agencyId, agencyId), eq(overtimeShifts.id, id)));
}

/** After the transaction: a durable job to look at the round again when the offer runs out. */
async function scheduleCheck(services: Services, agencyId: string, id: string, due: Date | null) {
  if (!due) return;
  await services.jobs.send(OFFER_QUEUE, { agency_id: agencyId, overtime_id: id }, { at: due, key: `${id}:${due.toISOString()}` });
}

export async function answerOffer(ctx: RequestContext, id: string, answer: 'accept' | 'decline'): Promise<OvertimeDetail> {
  const { result, due } = await inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await q.findOvertime(tx, agencyId, id, { lock: true });
    if (!row) throw notFound();
    const ot = row.ot;
    const mine = (await q.offersOf(tx, agencyId, [id])).find((t) => t.userId === ctx.scope.userId);
    const now = new Date();
    if (!mine || mine.status === 'waiting') throw new AppError('conflict', 'This shift has not been offered to you');
    if (mine.status !== 'offered' || ot.status !== 'offering')
      throw new AppError(
        'conflict',
        mine.status === 'expired' ? 'Your offer ran out; it went to the next officer' : `This offer is already ${mine.status}`,
      );
    if (mine.expiresAt! <= now) {
      // The wait ran out a moment ago and the job has not moved it on yet: it does now.
      const due = await moveOn(tx, ctx, id);
      await overtimeChanged(tx, agencyId, id);
      return { result: null, due, expired: true };
    }
    if (answer === 'accept') {
      const reason = await skipReason(tx, ctx, ot, ctx.scope.userId);
      if (reason) throw new AppError('conflict', `You cannot take this shift: ${SKIP_REASON_LABELS[reason].toLowerCase()}`);
      if (!(await placeShift(tx, ctx, row, ctx.scope.userId, 'accepted an offer')))
        throw new AppError('conflict', 'You cannot take this shift: you already work that shift type that day');
    }
    await setTurn(tx, agencyId, id, ctx.scope.userId, { status: answer === 'accept' ? 'accepted' : 'declined', answeredAt: now });
    await overtimeChanged(tx, agencyId, id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: answer === 'accept' ? 'schedule.overtime_offer_accepted' : 'schedule.overtime_offer_declined',
      entityType: 'schedule_overtime',
      entityId: id,
      summary: `${answer === 'accept' ? 'Accepted' : 'Declined'} the overtime offer for ${when(ot, row)}`,
    });
    const due = await moveOn(tx, ctx, id);
    if (answer === 'accept' && due === null)
      await tellManagers(tx, ctx, `Overtime ${when(ot, row)} is filled`, `${mine.name} accepted the offer.`, '/schedule/overtime');
    return { result: await detail(tx, ctx, id), due, expired: false };
  }).then(async (outcome) => {
    if (outcome.expired) {
      await scheduleCheck(ctx.services, ctx.scope.agencyId, id, outcome.due);
      throw new AppError('conflict', 'Your offer ran out; it went to the next officer');
    }
    return outcome as { result: OvertimeDetail; due: Date | null };
  });
  await scheduleCheck(ctx.services, ctx.scope.agencyId, id, due);
  return result;
}

/** For home: how many open shifts I may still sign up for, and how many offers wait for my answer. */
export async function overtimeForMe(tx: Tx, ctx: RequestContext): Promise<{ open: number; offers: number }> {
  const now = new Date();
  const open = await q.openForSignUp(tx, ctx.scope.agencyId, ctx.scope.userId, now, 50);
  const offers = await q.offersWaitingFor(tx, ctx.scope.agencyId, ctx.scope.userId, now);
  return { open: open.length, offers: offers.length };
}

// ---------------------------------------------------------------- totals

export function overtimeTotals(ctx: RequestContext, query: OvertimeTotalsQuery): Promise<OvertimeTotals> {
  const values = TotalsSchema.parse(query);
  const period = currentPeriod(ctx);
  const from = values.from ?? period.from;
  const to = values.to ?? period.to;
  if (from > to) throw validationError({ to: 'End on or after the start' });
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    // Everyone who could work overtime counts, with 0 when they worked none: that is what equalising weighs.
    const everyone = await q.overtimeHours(tx, agencyId, from, to);
    const manager = holds(ctx, 'scheduling:ot.manage');
    const qualified = await queryRows<{ user_id: string; name: string }>(
      tx,
      sql`select distinct a.user_id, u.name from schedule_assignments a join users u on u.agency_id = a.agency_id and u.id = a.user_id
          where a.agency_id = ${agencyId} and u.status = 'active'`,
    );
    const people = new Map<string, { name: string; hours: number; shifts: number }>();
    for (const person of qualified) people.set(person.user_id, { name: person.name, hours: 0, shifts: 0 });
    for (const [userId, total] of everyone) people.set(userId, total);
    const average = people.size ? [...people.values()].reduce((sum, p) => sum + p.hours, 0) / people.size : 0;
    const rows = [...people.entries()]
      .map(([userId, p]) => ({
        user_id: userId,
        name: p.name,
        shifts: p.shifts,
        hours: p.hours,
        difference: Math.round((p.hours - average) * 100) / 100,
      }))
      .sort((a, b) => a.hours - b.hours || a.name.localeCompare(b.name));
    // An officer sees where they stand against the average; the names of others are the managers'.
    const visible = manager ? rows : rows.filter((row) => row.user_id === ctx.scope.userId);
    return { from, to, average: Math.round(average * 100) / 100, people: visible };
  });
}

export async function overtimeTotalsCsv(ctx: RequestContext, query: OvertimeTotalsQuery): Promise<string> {
  const totals = await overtimeTotals(ctx, query);
  return toCsv(
    ['Name', 'Overtime shifts', 'Overtime hours', 'Difference from average', 'From', 'To'],
    totals.people.map((p) => [p.name, p.shifts, p.hours, p.difference, totals.from, totals.to]),
  );
}

// ---------------------------------------------------------------- people

export function schedulePeopleList(ctx: RequestContext): Promise<SchedulePerson[]> {
  return inAgency(ctx, async (tx) => {
    const rows = await queryRows<{
      user_id: string;
      name: string;
      positions: string[];
      seniority_date: string | null;
      all_call_tier: number | null;
      version: number | null;
    }>(
      tx,
      sql`select u.id as user_id, u.name, array_agg(distinct a.position order by a.position) as positions,
                 p.seniority_date, p.all_call_tier, p.version
            from schedule_assignments a
            join users u on u.agency_id = a.agency_id and u.id = a.user_id
            left join schedule_people p on p.agency_id = a.agency_id and p.user_id = a.user_id
           where a.agency_id = ${ctx.scope.agencyId} and u.status = 'active'
           group by u.id, u.name, p.seniority_date, p.all_call_tier, p.version
           order by u.name`,
    );
    return rows.map((row) => ({
      user_id: row.user_id,
      name: row.name,
      positions: row.positions,
      seniority_date: row.seniority_date,
      all_call_tier: row.all_call_tier ?? 1,
      version: row.version ?? 0,
    }));
  });
}

export function updateSchedulePerson(ctx: RequestContext, userId: string, input: UpdateSchedulePersonInput): Promise<SchedulePerson> {
  const values = UpdatePersonSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = (await schedulePeopleList({ ...ctx, tx })).find((person) => person.user_id === userId);
    if (!before) throw new AppError('not_found', 'The person was not found among the scheduled');
    await tx
      .insert(schedulePeople)
      .values({ agencyId, userId, seniorityDate: values.seniority_date, allCallTier: values.all_call_tier })
      .onConflictDoUpdate({
        target: [schedulePeople.agencyId, schedulePeople.userId],
        set: {
          seniorityDate: values.seniority_date,
          allCallTier: values.all_call_tier,
          version: sql`${schedulePeople.version} + 1`,
          updatedAt: new Date(),
        },
      });
    const after = (await schedulePeopleList({ ...ctx, tx })).find((person) => person.user_id === userId)!;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.person_updated',
      entityType: 'user',
      entityId: userId,
      summary: `${after.name}: seniority date ${after.seniority_date ?? 'none'}, all-call tier ${after.all_call_tier}`,
      before,
      after,
    });
    return after;
  });
}

// ---------------------------------------------------------------- the jobs

function systemContext(services: Services, agencyId: string, sysConfig: SysConfig): RequestContext {
  return {
    services,
    sysConfig,
    scope: {
      agencyId,
      userId: SYSTEM_USER,
      sessionId: SYSTEM_USER,
      accountType: 'full',
      roles: [],
      permissions: [],
      aal: 'aal1',
      secondFactorDue: false,
    },
    actor: { userId: null, email: null, origin: { ip: null, userAgent: null } },
  };
}

/** The job: looks at a round whose offer may have run out, and moves it on. */
async function checkRound(services: Services, agencyId: string, id: string): Promise<void> {
  const due = await services.database.withTenant(agencyId, async (tx) => {
    const sysConfig = await readSysConfig(tx, agencyId);
    if (!sysConfig) return null;
    const ctx = systemContext(services, agencyId, sysConfig);
    const row = await q.findOvertime(tx, agencyId, id, { lock: true });
    if (!row || row.ot.status !== 'offering') return null;
    const due = await moveOn(tx, { ...ctx, tx }, id);
    await overtimeChanged(tx, agencyId, id);
    return due;
  });
  if (due && due > new Date()) await scheduleCheck(services, agencyId, id, due);
}

export const overtimeJobs: readonly JobDefinition[] = [
  {
    queue: OFFER_QUEUE,
    handle: (services, data) => checkRound(services, String(data.agency_id), String(data.overtime_id)),
  },
  {
    // Every five minutes, and once at start: rounds whose offer ran out with no job to move them on
    // (one lost between a commit and its send, or queued while no server ran).
    queue: SWEEP_QUEUE,
    every: '*/5 * * * *',
    handle: async (services) => {
      const due = await services.database.scopedCall<{ agency_id: string; overtime_id: string }>(
        sql`select * from precinct_overtime_offers_due()`,
      );
      for (const round of due) await checkRound(services, round.agency_id, round.overtime_id);
    },
  },
];
