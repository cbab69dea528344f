import { and, eq } from 'drizzle-orm';
import type {
  CheckShiftInput,
  CheckShiftResult,
  CreateShiftInput,
  DayNote,
  DayNoteInput,
  GenerateShiftsInput,
  Roster,
  RosterQuery,
  RuleFinding,
  Shift,
  ShiftChange,
  UpdateShiftInput,
} from '../../core/contracts/schedule.ts';
import {
  CreateShiftInput as CreateShiftSchema,
  GenerateShiftsInput as GenerateSchema,
  HistoryQuery,
  HoursQuery,
  RosterQuery as RosterSchema,
  SHIFT_STATUS_LABELS,
  UpdateShiftInput as UpdateShiftSchema,
} from '../../core/contracts/schedule.ts';
import { toCsv } from '../../core/csv.ts';
import {
  addDays,
  computeCoverage,
  datesFrom,
  ruleFindings,
  rotationDates,
  shiftInstants,
  strictestAction,
  type StaffedShift,
} from '../../core/schedule/schedule-rules.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { KeptJson } from '../platform/kept-json.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { tell } from '../platform/notices.ts';
import { findPerson } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { staleVersion } from '../platform/versioning.ts';
import { scheduleShifts } from './schema.ts';
import { agencyToday, scheduleSettingsOf, timezoneOf } from './settings.ts';
import * as setupQueries from './setup-queries.ts';
import { rosterChanged } from './live.ts';
import { rosterCacheOf, type RosterDays } from './roster-cache.ts';
import * as q from './shift-queries.ts';

/** The roster and "my schedule", the scheduler's changes with their rule checks and history, rotations, day notes and hours. */

const HOUR_MS = 3_600_000;
const notFound = () => new AppError('not_found', 'The shift was not found');

/** The answer of each kept roster with no filter, as bytes (the time zone it was written with beside it). */
const keptAnswers = new WeakMap<RosterDays, { timezone: string; body: Buffer }>();

/** Everyone's roster of these dates, written once per kept roster and time zone, then sent as it is (platform/kept-json.ts). */
function wholeRoster(days: RosterDays, from: string, to: string, timezone: string): KeptJson<Roster> {
  let kept = keptAnswers.get(days);
  if (kept?.timezone !== timezone) {
    const answer: Roster = {
      from,
      to,
      timezone,
      shifts: days.shifts,
      coverage: days.coverage,
      day_notes: days.day_notes,
      time_off: days.time_off,
    };
    kept = { timezone, body: Buffer.from(JSON.stringify(answer)) };
    keptAnswers.set(days, kept);
  }
  return new KeptJson(kept.body);
}

export function roster(ctx: RequestContext, query: RosterQuery): Promise<Roster | KeptJson<Roster>> {
  const { from, to, mine, group_id: groupId, position } = RosterSchema.parse(query);
  const me = mine === 'true' ? ctx.scope.userId : undefined;
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    // Everyone's roster of these dates, kept while nothing on it changes (roster-cache.ts); the filters are this request's.
    const days = await rosterCacheOf(ctx.services).get(tx, agencyId, from, to, () => rosterDays(tx, agencyId, from, to));
    const filtered = me !== undefined || groupId !== undefined || position !== undefined;
    if (!filtered) return wholeRoster(days, from, to, timezoneOf(ctx));
    return {
      from,
      to,
      timezone: timezoneOf(ctx),
      shifts: days.shifts.filter(
        (shift) => (!me || shift.user_id === me) && (!groupId || shift.group_id === groupId) && (!position || shift.position === position),
      ),
      // Coverage counts every shift of the dates, whatever the filters; a group's is against its minimums and the agency-wide ones.
      coverage: me
        ? []
        : groupId
          ? computeCoverage(
              datesFrom(from, to),
              days.minimums.filter((m) => m.group_id === null || m.group_id === groupId),
              days.shifts,
            )
          : days.coverage,
      day_notes: days.day_notes,
      time_off: me ? days.time_off.filter((off) => off.user_id === me) : days.time_off,
    };
  });
}

/** Everything of the agency's roster from `from` to `to`, before any request's filters. */
async function rosterDays(tx: Tx, agencyId: string, from: string, to: string): Promise<RosterDays> {
  const shifts = await q.shiftsOnDates(tx, agencyId, from, to);
  const minimums = await setupQueries.listMinimums(tx, agencyId);
  return {
    shifts,
    minimums,
    coverage: computeCoverage(datesFrom(from, to), minimums, shifts),
    day_notes: await q.dayNotesBetween(tx, agencyId, from, to),
    time_off: await q.approvedTimeOffBetween(tx, agencyId, from, to),
  };
}

export function getShift(ctx: RequestContext, id: string): Promise<Shift> {
  return inAgency(ctx, async (tx) => {
    const shift = await q.findShift(tx, ctx.scope.agencyId, id);
    if (!shift) throw notFound();
    return shift;
  });
}

export function shiftHistory(ctx: RequestContext, id: string): Promise<ShiftChange[]> {
  return inAgency(ctx, async (tx) => {
    if (!(await q.findShift(tx, ctx.scope.agencyId, id))) throw notFound();
    return q.shiftChanges(tx, ctx.scope.agencyId, id);
  });
}

interface Placement {
  user_id: string;
  shift_type_id: string;
  date: string;
  position: string;
  group_id: string | null;
}

/** Checks a placement's references and works out its instants; field errors for what is not the agency's. */
export async function resolvePlacement(tx: Tx, ctx: RequestContext, placement: Placement) {
  const agencyId = ctx.scope.agencyId;
  const problems: Record<string, string> = {};
  const person = await findPerson(tx, agencyId, placement.user_id);
  if (!person) problems.user_id = 'Choose a person of your agency';
  const type = await setupQueries.findShiftType(tx, agencyId, placement.shift_type_id);
  if (!type || type.archived) problems.shift_type_id = 'Choose a shift type';
  if (placement.group_id && !(await setupQueries.findGroup(tx, agencyId, placement.group_id))) problems.group_id = 'Choose a group';
  if (!scheduleSettingsOf(ctx.sysConfig).positions.includes(placement.position)) problems.position = 'Choose one of the agency’s positions';
  if (Object.keys(problems).length) throw validationError(problems);
  const times = shiftInstants(placement.date, { start_time: type!.startTime, end_time: type!.endTime }, timezoneOf(ctx));
  return { person: person!, type: type!, ...times };
}

export async function findingsFor(
  tx: Tx,
  ctx: RequestContext,
  userId: string,
  times: { startsAt: Date; endsAt: Date; hours: number },
  exceptId?: string,
) {
  const rules = scheduleSettingsOf(ctx.sysConfig).rules;
  const reach = Math.max(rules.max_hours.days * 24, rules.min_rest.hours + 24) * HOUR_MS;
  const around = await q.workingShiftsBetween(
    tx,
    ctx.scope.agencyId,
    userId,
    new Date(times.startsAt.getTime() - reach),
    new Date(times.endsAt.getTime() + reach),
    exceptId,
  );
  return ruleFindings(
    times,
    around.map((s) => ({ id: s.id, startsAt: s.startsAt, endsAt: s.endsAt, hours: (s.endsAt.getTime() - s.startsAt.getTime()) / HOUR_MS })),
    rules,
  );
}

/** Refuses a change its rules do not allow as confirmed: blocked, an override without its reason, or warnings not acknowledged. */
function enforce(findings: RuleFinding[], confirmation: { acknowledge_warnings: boolean; override_reason: string }) {
  const strictest = strictestAction(findings);
  if (strictest === 'block')
    throw new AppError(
      'conflict',
      findings.find((f) => f.action === 'block')!.message.replace(/\.$/, '') + ': the agency’s rules do not allow this shift',
      {
        details: findings.map((f) => `${f.rule}: ${f.action}`).join(', '),
      },
    );
  if (strictest === 'approve' && confirmation.override_reason.trim() === '')
    throw validationError(
      { override_reason: `${findings.find((f) => f.action === 'approve')!.message} Give a reason to override the rule.` },
      'This change needs a supervisor’s override',
    );
  if (findings.length > 0 && !confirmation.acknowledge_warnings)
    throw validationError({ acknowledge_warnings: findings.map((f) => f.message).join(' ') }, 'Review the warnings before saving');
}

function describeFindings(findings: RuleFinding[], overrideReason: string): string {
  if (findings.length === 0) return '';
  const text = findings.map((f) => f.message).join(' ');
  return overrideReason ? `${text} Overridden: ${overrideReason}` : `${text} (acknowledged)`;
}

/** The staffing of this shift type on this date with the change, for the check's answer. */
export async function coverageAfter(
  tx: Tx,
  ctx: RequestContext,
  date: string,
  shiftTypeId: string,
  change: (shifts: StaffedShift[]) => StaffedShift[],
) {
  const agencyId = ctx.scope.agencyId;
  const minimums = (await setupQueries.listMinimums(tx, agencyId)).filter((m) => m.shift_type_id === shiftTypeId);
  const shifts = change(await q.shiftsOnDates(tx, agencyId, date, date));
  return computeCoverage([date], minimums, shifts);
}

export function checkShift(ctx: RequestContext, input: CheckShiftInput): Promise<CheckShiftResult> {
  return inAgency(ctx, async (tx) => {
    const placement = { ...input, group_id: input.group_id ?? null };
    const resolved = await resolvePlacement(tx, ctx, placement);
    const findings = await findingsFor(tx, ctx, input.user_id, resolved, input.shift_id);
    const candidate: StaffedShift = { ...placement, status: 'scheduled', counts_toward_staffing: resolved.type.countsTowardStaffing };
    const coverage = await coverageAfter(tx, ctx, input.date, input.shift_type_id, (shifts) => [
      ...shifts.filter((shift) => !('id' in shift) || shift.id !== input.shift_id),
      candidate,
    ]);
    return { findings, coverage };
  });
}

export async function afterChange(
  tx: Tx,
  ctx: RequestContext,
  shift: Shift,
  change: { action: string; summary: string; reason: string; before?: Shift | null; notice: string },
) {
  const agencyId = ctx.scope.agencyId;
  const dates = [shift.date, change.before?.date ?? shift.date].sort();
  await rosterChanged(tx, ctx, dates[0]!, dates[1]);
  await q.recordShiftChange(tx, {
    agencyId,
    shiftId: change.action === 'removed' ? null : shift.id,
    userId: shift.user_id,
    shiftDate: shift.date,
    actorId: ctx.scope.userId,
    action: change.action,
    summary: change.summary,
    reason: change.reason,
    before: change.before ?? null,
    after: change.action === 'removed' ? null : shift,
  });
  await recordAudit(tx, agencyId, ctx.actor, {
    action: `schedule.shift_${change.action}`,
    entityType: 'schedule_shift',
    entityId: shift.id,
    summary: change.summary,
    before: change.before ?? null,
    after: change.action === 'removed' ? null : shift,
  });
  await tell(tx, ctx, shift.user_id, {
    kind: 'schedule.shift_changed',
    title: change.notice,
    body: [change.summary, change.reason ? `Why: ${change.reason}` : ''].filter(Boolean).join('\n'),
    link: '/schedule',
  });
}

const shiftLabel = (shift: Pick<Shift, 'code' | 'date' | 'user_name'>) => `${shift.user_name}, ${shift.code} on ${shift.date}`;

export function createShift(ctx: RequestContext, input: CreateShiftInput): Promise<Shift> {
  const values = CreateShiftSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const resolved = await resolvePlacement(tx, ctx, values);
    const findings = await findingsFor(tx, ctx, values.user_id, resolved);
    enforce(findings, values);
    const [row] = await tx
      .insert(scheduleShifts)
      .values({
        agencyId,
        userId: values.user_id,
        groupId: values.group_id,
        shiftTypeId: values.shift_type_id,
        position: values.position,
        date: values.date,
        startsAt: resolved.startsAt,
        endsAt: resolved.endsAt,
      })
      .onConflictDoNothing()
      .returning({ id: scheduleShifts.id });
    if (!row) throw new AppError('conflict', `${resolved.person.name} already works ${resolved.type.code} on ${values.date}`);
    const shift = (await q.findShift(tx, agencyId, row.id))!;
    await afterChange(tx, ctx, shift, {
      action: 'assigned',
      summary: `Assigned ${shiftLabel(shift)} as ${shift.position}`,
      reason: [values.reason, describeFindings(findings, values.override_reason)].filter(Boolean).join(' '),
      notice: `You have a new shift: ${shift.code} on ${shift.date}`,
    });
    return shift;
  });
}

export function updateShift(ctx: RequestContext, id: string, version: number, input: UpdateShiftInput): Promise<Shift> {
  const values = UpdateShiftSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findShift(tx, agencyId, id);
    if (!before) throw notFound();
    if (before.status === 'time_off')
      throw new AppError('conflict', 'This shift is taken off by approved time off: cancel the time off to change it');
    const placement = {
      user_id: values.user_id ?? before.user_id,
      shift_type_id: values.shift_type_id ?? before.shift_type_id,
      date: values.date ?? before.date,
      position: values.position ?? before.position,
      group_id: before.group_id,
    };
    const moved =
      placement.user_id !== before.user_id ||
      placement.shift_type_id !== before.shift_type_id ||
      placement.date !== before.date ||
      placement.position !== before.position;
    const status = values.status ?? before.status;
    const resolved = await resolvePlacement(tx, ctx, placement);
    // Rules weigh a shift that works: one moved, or one back from sick or leave.
    const findings =
      status === 'scheduled' && (moved || before.status !== 'scheduled') ? await findingsFor(tx, ctx, placement.user_id, resolved, id) : [];
    enforce(findings, values);
    const row = await updateAtVersion(tx, scheduleShifts, and(eq(scheduleShifts.agencyId, agencyId), eq(scheduleShifts.id, id)), version, {
      userId: placement.user_id,
      shiftTypeId: placement.shift_type_id,
      date: placement.date,
      position: placement.position,
      startsAt: resolved.startsAt,
      endsAt: resolved.endsAt,
      status,
      note: values.note ?? before.note,
      fromRotation: false,
    }).catch((error: unknown) => {
      if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505')
        throw new AppError('conflict', `${resolved.person.name} already works ${resolved.type.code} on ${placement.date}`);
      throw error;
    });
    if (!row) throw staleVersion('shift');
    const shift = (await q.findShift(tx, agencyId, id))!;
    const what = moved
      ? `Moved ${shiftLabel(before)} to ${shiftLabel(shift)} as ${shift.position}`
      : status !== before.status
        ? `Marked ${shiftLabel(shift)} ${SHIFT_STATUS_LABELS[status].toLowerCase()}`
        : `Changed the note of ${shiftLabel(shift)}`;
    const reason = [values.reason, describeFindings(findings, values.override_reason)].filter(Boolean).join(' ');
    await afterChange(tx, ctx, shift, {
      action: moved ? 'moved' : status !== before.status ? 'status_changed' : 'noted',
      summary: what,
      reason,
      before,
      notice: moved
        ? `Your shift changed: ${shift.code} on ${shift.date}`
        : `Your ${shift.code} shift on ${shift.date}: ${SHIFT_STATUS_LABELS[status]}`,
    });
    if (placement.user_id !== before.user_id)
      await tell(tx, ctx, before.user_id, {
        kind: 'schedule.shift_changed',
        title: `Your ${before.code} shift on ${before.date} was given to ${shift.user_name}`,
        body: reason ? `Why: ${reason}` : what,
        link: '/schedule',
      });
    return shift;
  });
}

export function removeShift(ctx: RequestContext, id: string, version: number, reason: string): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findShift(tx, agencyId, id);
    if (!before) throw notFound();
    const deleted = await tx
      .delete(scheduleShifts)
      .where(and(eq(scheduleShifts.agencyId, agencyId), eq(scheduleShifts.id, id), eq(scheduleShifts.version, version)))
      .returning({ id: scheduleShifts.id });
    if (deleted.length === 0) throw staleVersion('shift');
    await afterChange(tx, ctx, before, {
      action: 'removed',
      summary: `Took ${shiftLabel(before)} off the schedule`,
      reason,
      before,
      notice: `Your ${before.code} shift on ${before.date} was removed`,
    });
  });
}

/** Places the group's members on the days its rotation works, within the schedule's dates. */
export function generateShifts(ctx: RequestContext, groupId: string, input: GenerateShiftsInput) {
  const values = GenerateSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const group = await setupQueries.findGroup(tx, agencyId, groupId);
    if (!group) throw new AppError('not_found', 'The group was not found');
    if (!group.rotation) throw validationError({ rotation: 'Give the group a rotation first' }, 'This group has no rotation');
    const schedule = (await setupQueries.findSchedule(tx, agencyId, group.schedule_id))!;
    const from = values.from > schedule.startsOn ? values.from : schedule.startsOn;
    const to = values.to < schedule.endsOn ? values.to : schedule.endsOn;
    if (from > to) throw validationError({ from: `Choose dates within the schedule (${schedule.startsOn} to ${schedule.endsOn})` });
    if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000) throw validationError({ to: 'Generate at most a year at once' });
    const type = (await setupQueries.findShiftType(tx, agencyId, group.rotation.shift_type_id))!;
    const members = await setupQueries.listAssignments(tx, agencyId, { groupId });
    const replaced = values.replace ? await q.deleteRotationShifts(tx, agencyId, groupId, from, to) : 0;
    const dates = rotationDates(group.rotation, from, to);
    const timeZone = timezoneOf(ctx);
    const clock = { start_time: type.startTime, end_time: type.endTime };
    const timesByDate = new Map(dates.map((date) => [date, shiftInstants(date, clock, timeZone)]));
    const rows = members.flatMap((member) =>
      dates.map((date) => {
        const times = timesByDate.get(date)!;
        return {
          agencyId,
          userId: member.user_id,
          groupId,
          shiftTypeId: type.id,
          position: member.position,
          date,
          startsAt: times.startsAt,
          endsAt: times.endsAt,
          fromRotation: true,
        };
      }),
    );
    const created = await q.insertShifts(tx, rows);
    const result = { created, skipped: rows.length - created, replaced };
    if (created > 0 || replaced > 0) await rosterChanged(tx, ctx, from, to);
    const summary = `Generated ${created} ${type.code} shifts for ${group.name} from ${from} to ${to}${replaced ? ` (replacing ${replaced})` : ''}`;
    await q.recordShiftChange(tx, {
      agencyId,
      shiftId: null,
      userId: null,
      shiftDate: from,
      actorId: ctx.scope.userId,
      action: 'generated',
      summary,
      reason: '',
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.rotation_generated',
      entityType: 'schedule_group',
      entityId: groupId,
      summary,
      after: { from, to, ...result },
    });
    return result;
  });
}

export function saveDayNote(ctx: RequestContext, date: string, input: DayNoteInput): Promise<DayNote> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    if (input.officer_in_charge_id && !(await findPerson(tx, agencyId, input.officer_in_charge_id)))
      throw validationError({ officer_in_charge_id: 'Choose a person of your agency' });
    const [before] = await q.dayNotesBetween(tx, agencyId, date, date);
    await q.upsertDayNote(tx, agencyId, date, input.note ?? '', input.officer_in_charge_id ?? null);
    const [note] = await q.dayNotesBetween(tx, agencyId, date, date);
    await rosterChanged(tx, ctx, date);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.day_note_saved',
      entityType: 'schedule_day',
      entityId: null,
      summary: `Saved the note of ${date}${note!.officer_in_charge_name ? ` (officer in charge ${note!.officer_in_charge_name})` : ''}`,
      before: before ?? null,
      after: note!,
    });
    if (note!.officer_in_charge_id && note!.officer_in_charge_id !== before?.officer_in_charge_id)
      await tell(tx, ctx, note!.officer_in_charge_id, {
        kind: 'schedule.officer_in_charge',
        title: `You are officer in charge on ${date}`,
        body: note!.note,
        link: '/schedule',
      });
    return note!;
  });
}

export function scheduleHistory(ctx: RequestContext, query: unknown) {
  const values = HistoryQuery.parse(query);
  return inAgency(ctx, async (tx) => {
    const { items, total } = await q.scheduleChanges(tx, ctx.scope.agencyId, {
      from: values.from,
      to: values.to,
      userId: values.user_id,
      page: values.page,
    });
    return { items, total, page: values.page, page_size: q.HISTORY_PAGE_SIZE };
  });
}

/** Hours per person, shift type and status over the dates, as CSV (payroll and the hours-by-type report). */
export function exportHours(ctx: RequestContext, query: unknown): Promise<string> {
  const { from, to } = HoursQuery.parse(query);
  return inAgency(ctx, async (tx) => {
    const shifts = await q.shiftsOnDates(tx, ctx.scope.agencyId, from, to);
    const totals = new Map<string, { name: string; group: string; code: string; status: string; shifts: number; hours: number }>();
    for (const shift of shifts) {
      const key = `${shift.user_id}|${shift.code}|${shift.status}`;
      const entry = totals.get(key) ?? {
        name: shift.user_name,
        group: shift.group_name ?? '',
        code: shift.code,
        status: SHIFT_STATUS_LABELS[shift.status],
        shifts: 0,
        hours: 0,
      };
      entry.shifts += 1;
      entry.hours += shift.hours;
      totals.set(key, entry);
    }
    const rows = [...totals.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code) || a.status.localeCompare(b.status))
      .map((t) => [t.name, t.group, t.code, t.status, t.shifts, Math.round(t.hours * 100) / 100, from, to]);
    return toCsv(['Name', 'Group', 'Shift type', 'Status', 'Shifts', 'Hours', 'From', 'To'], rows);
  });
}

/** The scheduler's look ahead: how many shift minimums fall short in the next 14 days. */
export async function gapsAhead(tx: Tx, ctx: RequestContext): Promise<number> {
  const from = agencyToday(ctx);
  const to = addDays(from, 13);
  const minimums = await setupQueries.listMinimums(tx, ctx.scope.agencyId);
  if (minimums.length === 0) return 0;
  const shifts = await q.shiftsOnDates(tx, ctx.scope.agencyId, from, to);
  return computeCoverage(datesFrom(from, to), minimums, shifts).filter((c) => c.state === 'short').length;
}
