import { and, eq } from 'drizzle-orm';
import type {
  DecideTimeOffInput,
  ListTimeOffQuery,
  Shift,
  TimeOffBalance,
  TimeOffInput,
  TimeOffPreview,
  TimeOffRequest,
} from '../../core/contracts/schedule.ts';
import {
  AccrualInput,
  DecideTimeOffInput as DecideSchema,
  ListTimeOffQuery as ListSchema,
  TimeOffInput as TimeOffSchema,
} from '../../core/contracts/schedule.ts';
import { computeCoverage, datesFrom } from '../../core/schedule/schedule-rules.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { peopleWithPermission } from '../platform/people.ts';
import { tell } from '../platform/notices.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { staleVersion } from '../platform/versioning.ts';
import { timeOffRequests } from './schema.ts';
import { scheduleSettingsOf } from './settings.ts';
import * as setupQueries from './setup-queries.ts';
import { rosterChanged } from './live.ts';
import * as shiftQueries from './shift-queries.ts';
import * as q from './time-off-queries.ts';

/**
 * Time off: balances from the ledger, requests with a staffing-impact preview, the daily cap and blocked
 * dates, decisions by scheduling:pto.manage. An approval takes the person's shifts in the dates off
 * (status time_off, so the staffing gap shows) and takes the hours from the balance; cancelling an
 * approved request gives both back.
 */

const round = (hours: number) => Math.round(hours * 100) / 100;
const notFound = () => new AppError('not_found', 'The time-off request was not found');

export function balances(ctx: RequestContext, userId: string | undefined): Promise<TimeOffBalance[]> {
  const whose = userId ?? ctx.scope.userId;
  if (whose !== ctx.scope.userId && !holds(ctx, 'scheduling:pto.manage'))
    throw new AppError('forbidden', 'You may see only your own balances (Approve time off)');
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const types = (await setupQueries.listTimeOffTypes(tx, agencyId)).filter((type) => !type.archived);
    const { balance, pending } = await q.balancesOf(tx, agencyId, whose);
    return types.map((type) => ({
      type_id: type.id,
      type_name: type.name,
      balance_hours: round(balance.get(type.id) ?? 0),
      pending_hours: round(pending.get(type.id) ?? 0),
    }));
  });
}

interface Impact {
  hours: number;
  shifts: Array<Shift & { leaves_short: boolean }>;
  blocked: Array<{ date: string; reason: string }>;
  capped: string[];
  balance: number;
}

/** What a request would do: the shifts it takes off (and which leave their shift below minimum), blocked and capped dates, the balance. */
async function impactOf(
  tx: Tx,
  ctx: RequestContext,
  userId: string,
  input: { type_id: string; starts_on: string; ends_on: string; hours?: number | undefined },
): Promise<Impact> {
  const agencyId = ctx.scope.agencyId;
  const type = await setupQueries.findTimeOffType(tx, agencyId, input.type_id);
  if (!type || type.archived) throw validationError({ type_id: 'Choose a type of time off' });
  const settings = scheduleSettingsOf(ctx.sysConfig);
  const everyone = await shiftQueries.shiftsOnDates(tx, agencyId, input.starts_on, input.ends_on);
  const mine = everyone.filter((shift) => shift.user_id === userId && shift.status === 'scheduled');
  const minimums = await setupQueries.listMinimums(tx, agencyId);
  const without = everyone.filter((shift) => !(shift.user_id === userId));
  const coverageAfter = computeCoverage(datesFrom(input.starts_on, input.ends_on), minimums, without);
  const shifts = mine.map((shift) => ({
    ...shift,
    leaves_short: coverageAfter.some(
      (c) =>
        c.date === shift.date &&
        c.shift_type_id === shift.shift_type_id &&
        (c.group_id === null || c.group_id === shift.group_id) &&
        (c.position === null || c.position === shift.position) &&
        c.state === 'short',
    ),
  }));
  const blocked = settings.time_off.blocked_dates.filter((b) => b.date >= input.starts_on && b.date <= input.ends_on);
  const cap = settings.time_off.daily_cap;
  const off = cap > 0 ? await q.peopleOffByDate(tx, agencyId, input.starts_on, input.ends_on, userId) : new Map<string, number>();
  const capped =
    cap > 0
      ? [...off]
          .filter(([, people]) => people >= cap)
          .map(([date]) => date)
          .sort()
      : [];
  const { balance } = await q.balancesOf(tx, agencyId, userId);
  const hours = shifts.length > 0 ? round(shifts.reduce((sum, shift) => sum + shift.hours, 0)) : round(input.hours ?? 0);
  return { hours, shifts, blocked, capped, balance: round(balance.get(type.id) ?? 0) };
}

export function previewTimeOff(ctx: RequestContext, input: TimeOffInput): Promise<TimeOffPreview> {
  const values = TimeOffSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const impact = await impactOf(tx, ctx, ctx.scope.userId, values);
    return {
      hours: impact.hours,
      shifts: impact.shifts,
      blocked: impact.blocked,
      capped_dates: impact.capped,
      balance_hours: impact.balance,
      balance_after_hours: round(impact.balance - impact.hours),
    };
  });
}

function refusalOf(impact: Impact): Record<string, string> | null {
  if (impact.blocked.length)
    return { starts_on: `Time off cannot be taken on ${impact.blocked.map((b) => `${b.date} (${b.reason})`).join(', ')}` };
  if (impact.capped.length) return { starts_on: `The most people who may be off is already reached on ${impact.capped.join(', ')}` };
  if (impact.hours <= 0) return { hours: 'No shift of yours falls in these dates: enter the hours you ask for' };
  return null;
}

export function requestTimeOff(ctx: RequestContext, input: TimeOffInput): Promise<TimeOffRequest> {
  const values = TimeOffSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const impact = await impactOf(tx, ctx, ctx.scope.userId, values);
    const refusal = refusalOf(impact);
    if (refusal) throw validationError(refusal, 'This time off cannot be asked for');
    const [row] = await tx
      .insert(timeOffRequests)
      .values({
        agencyId,
        userId: ctx.scope.userId,
        typeId: values.type_id,
        startsOn: values.starts_on,
        endsOn: values.ends_on,
        hours: impact.hours,
        note: values.note,
      })
      .returning({ id: timeOffRequests.id });
    const request = (await q.findRequest(tx, agencyId, row!.id))!;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.time_off_requested',
      entityType: 'schedule_time_off',
      entityId: request.id,
      summary: `${request.user_name} asked for ${request.type_name} from ${request.starts_on} to ${request.ends_on} (${request.hours} h)`,
      after: request,
    });
    for (const manager of await peopleWithPermission(tx, agencyId, 'scheduling:pto.manage'))
      await tell(tx, ctx, manager.id, {
        kind: 'schedule.time_off_requested',
        title: `${request.user_name} asks for ${request.type_name.toLowerCase()} from ${request.starts_on} to ${request.ends_on}`,
        body: `${request.hours} h${impact.shifts.some((s) => s.leaves_short) ? '; some shifts would fall below minimum staffing' : ''}. ${request.note}`.trim(),
        link: '/schedule?tab=time_off',
      });
    return request;
  });
}

export function listTimeOff(ctx: RequestContext, query: ListTimeOffQuery) {
  const values = ListSchema.parse(query);
  if (values.scope === 'all' && !holds(ctx, 'scheduling:pto.manage'))
    throw new AppError('forbidden', 'You may see only your own requests (Approve time off)');
  return inAgency(ctx, async (tx) => {
    const { items, total } = await q.listRequests(tx, ctx.scope.agencyId, {
      userId: values.scope === 'mine' ? ctx.scope.userId : undefined,
      status: values.status,
      page: values.page,
    });
    return { items, total, page: values.page, page_size: q.TIME_OFF_PAGE_SIZE };
  });
}

/** Someone else's request is found only by a time-off manager (to others it does not exist). */
async function visibleRequest(tx: Tx, ctx: RequestContext, id: string): Promise<TimeOffRequest> {
  const request = await q.findRequest(tx, ctx.scope.agencyId, id);
  if (!request || (request.user_id !== ctx.scope.userId && !holds(ctx, 'scheduling:pto.manage'))) throw notFound();
  return request;
}

export function getTimeOff(ctx: RequestContext, id: string): Promise<TimeOffRequest> {
  return inAgency(ctx, (tx) => visibleRequest(tx, ctx, id));
}

export function decideTimeOff(ctx: RequestContext, id: string, version: number, input: DecideTimeOffInput): Promise<TimeOffRequest> {
  const values = DecideSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await visibleRequest(tx, ctx, id);
    if (before.status !== 'pending') throw new AppError('conflict', `This request was already ${before.status}`);
    if (values.decision === 'deny' && values.note.trim() === '') throw validationError({ note: 'Say why it is denied' });
    let shiftIds: string[] = [];
    if (values.decision === 'approve') {
      const impact = await impactOf(tx, ctx, before.user_id, {
        type_id: before.type_id,
        starts_on: before.starts_on,
        ends_on: before.ends_on,
        hours: before.hours,
      });
      if (impact.blocked.length || impact.capped.length) throw new AppError('conflict', Object.values(refusalOf(impact)!)[0]!);
      shiftIds = impact.shifts.map((shift) => shift.id);
    }
    const row = await updateAtVersion(
      tx,
      timeOffRequests,
      and(eq(timeOffRequests.agencyId, agencyId), eq(timeOffRequests.id, id)),
      version,
      {
        status: values.decision === 'approve' ? 'approved' : 'denied',
        decidedBy: ctx.scope.userId,
        decidedAt: new Date(),
        decisionNote: values.note,
      },
    );
    if (!row) throw staleVersion('time-off request');
    if (values.decision === 'approve') {
      await shiftQueries.setShiftsStatus(tx, agencyId, shiftIds, 'time_off', id);
      await q.addLedgerEntries(tx, [
        { agencyId, userId: before.user_id, typeId: before.type_id, hours: -before.hours, entry: `request:${id}` },
      ]);
      if (shiftIds.length)
        await shiftQueries.recordShiftChange(tx, {
          agencyId,
          shiftId: null,
          userId: before.user_id,
          shiftDate: before.starts_on,
          actorId: ctx.scope.userId,
          action: 'time_off',
          summary: `${before.user_name}'s ${shiftIds.length} ${shiftIds.length === 1 ? 'shift' : 'shifts'} from ${before.starts_on} to ${before.ends_on} taken off for approved ${before.type_name.toLowerCase()}`,
          reason: values.note,
        });
    }
    const request = (await q.findRequest(tx, agencyId, id))!;
    const verb = values.decision === 'approve' ? 'approved' : 'denied';
    if (values.decision === 'approve') await rosterChanged(tx, ctx, request.starts_on, request.ends_on);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: `schedule.time_off_${verb}`,
      entityType: 'schedule_time_off',
      entityId: id,
      summary: `${verb[0]!.toUpperCase()}${verb.slice(1)} ${request.user_name}'s ${request.type_name.toLowerCase()} from ${request.starts_on} to ${request.ends_on}`,
      before,
      after: request,
    });
    await tell(tx, ctx, request.user_id, {
      kind: `schedule.time_off_${verb}`,
      title: `Your ${request.type_name.toLowerCase()} from ${request.starts_on} to ${request.ends_on} was ${verb}`,
      body: values.note ? `${request.decided_by_name}: ${values.note}` : `Decided by ${request.decided_by_name}.`,
      link: '/schedule',
    });
    return request;
  });
}

/** The person cancels their request (or a manager does); an approved one gives back its shifts and hours. */
export function cancelTimeOff(ctx: RequestContext, id: string, version: number): Promise<TimeOffRequest> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await visibleRequest(tx, ctx, id);
    if (before.status !== 'pending' && before.status !== 'approved')
      throw new AppError('conflict', `This request was already ${before.status}`);
    const row = await updateAtVersion(
      tx,
      timeOffRequests,
      and(eq(timeOffRequests.agencyId, agencyId), eq(timeOffRequests.id, id)),
      version,
      {
        status: 'cancelled',
      },
    );
    if (!row) throw staleVersion('time-off request');
    if (before.status === 'approved') {
      const shifts = await shiftQueries.shiftsOfTimeOff(tx, agencyId, id);
      await shiftQueries.setShiftsStatus(
        tx,
        agencyId,
        shifts.map((shift) => shift.id),
        'scheduled',
        null,
      );
      await q.addLedgerEntries(tx, [
        { agencyId, userId: before.user_id, typeId: before.type_id, hours: before.hours, entry: `cancel:${id}` },
      ]);
    }
    const request = (await q.findRequest(tx, agencyId, id))!;
    if (before.status === 'approved') await rosterChanged(tx, ctx, request.starts_on, request.ends_on);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.time_off_cancelled',
      entityType: 'schedule_time_off',
      entityId: id,
      summary: `Cancelled ${request.user_name}'s ${request.type_name.toLowerCase()} from ${request.starts_on} to ${request.ends_on}`,
      before,
      after: request,
    });
    await tell(tx, ctx, request.user_id, {
      kind: 'schedule.time_off_cancelled',
      title: `Your ${request.type_name.toLowerCase()} from ${request.starts_on} to ${request.ends_on} was cancelled`,
      body: before.status === 'approved' ? 'Your shifts in those dates are back on the schedule.' : '',
      link: '/schedule',
    });
    return request;
  });
}

/**
 * Credits a month's accrual to everyone on a schedule, once per person, type and month. January's run
 * first lets what is over each type's carry-over lapse.
 */
export function runAccrual(ctx: RequestContext, input: unknown) {
  const { month } = AccrualInput.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const types = (await setupQueries.listTimeOffTypes(tx, agencyId)).filter((type) => !type.archived);
    const people = [...new Set((await setupQueries.listAssignments(tx, agencyId)).map((a) => a.user_id))];
    const already = await q.ledgerEntryExists(tx, agencyId, `accrual:${month}`);
    let lapsed = 0;
    // Once per year, before January's credit: a repeated January run must not lapse the credit it just made.
    if (month.endsWith('-01') && !already) {
      const year = month.slice(0, 4);
      const over = (
        await q.allBalances(
          tx,
          agencyId,
          types.map((t) => t.id),
        )
      )
        .map((b) => ({ ...b, excess: round(b.hours - Number(types.find((t) => t.id === b.typeId)!.maxCarryOverHours)) }))
        .filter((b) => b.excess > 0);
      lapsed = await q.addLedgerEntries(
        tx,
        over.map((b) => ({ agencyId, userId: b.userId, typeId: b.typeId, hours: -b.excess, entry: `lapse:${year}` })),
      );
    }
    const credited = await q.addLedgerEntries(
      tx,
      people.flatMap((userId) =>
        types
          .filter((type) => Number(type.accrualHoursPerMonth) > 0)
          .map((type) => ({ agencyId, userId, typeId: type.id, hours: Number(type.accrualHoursPerMonth), entry: `accrual:${month}` })),
      ),
    );
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.time_off_accrued',
      entityType: 'module',
      entityId: 'schedule',
      summary: `Credited ${month}'s time-off accrual (${credited} ${credited === 1 ? 'balance' : 'balances'}${lapsed ? `, ${lapsed} over the carry-over lapsed` : ''})`,
      after: { month, credited, lapsed },
    });
    return { credited, lapsed, already: already && credited === 0 };
  });
}
