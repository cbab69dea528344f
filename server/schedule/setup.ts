import { and, eq } from 'drizzle-orm';
import type {
  Assignment,
  AssignmentInput,
  Group,
  GroupInput,
  Schedule,
  ScheduleInput,
  ScheduleSetup,
  ShiftType,
  ShiftTypeInput,
  StaffingMinimum,
  StaffingMinimumsInput,
  TimeOffType,
  TimeOffTypeInput,
} from '../../core/contracts/schedule.ts';
import {
  AssignmentInput as AssignmentSchema,
  GroupInput as GroupSchema,
  ScheduleInput as ScheduleSchema,
  ShiftTypeInput as ShiftTypeSchema,
  StaffingMinimumsInput as MinimumsSchema,
  TimeOffTypeInput as TimeOffTypeSchema,
} from '../../core/contracts/schedule.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { findPerson } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { staleVersion } from '../platform/versioning.ts';
import { scheduleAssignments, scheduleGroups, schedules, scheduleShiftTypes, timeOffTypes } from './schema.ts';
import { scheduleSettingsOf, timezoneOf } from './settings.ts';
import * as q from './setup-queries.ts';

/** Set-up (/admin/modules/schedule…): shift types, schedules, groups with rotations, assignments, minimums, time-off types. */

const notFound = (what: string) => new AppError('not_found', `${what} was not found`);

/** What the calendar, the scheduler and the set-up pages pick from. */
export function scheduleSetup(ctx: RequestContext): Promise<ScheduleSetup> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const settings = scheduleSettingsOf(ctx.sysConfig);
    return {
      timezone: timezoneOf(ctx),
      week_starts_on: settings.week_starts_on,
      positions: settings.positions,
      shift_types: (await q.listShiftTypes(tx, agencyId)).map(q.toShiftType),
      schedules: await q.listSchedules(tx, agencyId),
      groups: await q.listGroups(tx, agencyId),
      assignments: await q.listAssignments(tx, agencyId),
      minimums: await q.listMinimums(tx, agencyId),
      rules: settings.rules,
    };
  });
}

// ---------------------------------------------------------------- shift types

export function createShiftType(ctx: RequestContext, input: ShiftTypeInput): Promise<ShiftType> {
  const values = ShiftTypeSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    if (await q.shiftTypeCodeTaken(tx, agencyId, values.code)) throw validationError({ code: 'Another shift type has this code' });
    const [row] = await tx
      .insert(scheduleShiftTypes)
      .values({
        agencyId,
        code: values.code,
        name: values.name,
        color: values.color,
        startTime: values.start_time,
        endTime: values.end_time,
        countsTowardStaffing: values.counts_toward_staffing,
        archived: values.archived ?? false,
      })
      .returning();
    const shiftType = q.toShiftType(row!);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.shift_type_created',
      entityType: 'schedule_shift_type',
      entityId: shiftType.id,
      summary: `Added the shift type ${shiftType.code} (${shiftType.name})`,
      after: shiftType,
    });
    return shiftType;
  });
}

export function updateShiftType(ctx: RequestContext, id: string, version: number, input: ShiftTypeInput): Promise<ShiftType> {
  const values = ShiftTypeSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findShiftType(tx, agencyId, id);
    if (!before) throw notFound('The shift type');
    if (await q.shiftTypeCodeTaken(tx, agencyId, values.code, id)) throw validationError({ code: 'Another shift type has this code' });
    // Shifts already placed keep their instants: changing the times applies to shifts placed from now on.
    const row = await updateAtVersion(
      tx,
      scheduleShiftTypes,
      and(eq(scheduleShiftTypes.agencyId, agencyId), eq(scheduleShiftTypes.id, id)),
      version,
      {
        code: values.code,
        name: values.name,
        color: values.color,
        startTime: values.start_time,
        endTime: values.end_time,
        countsTowardStaffing: values.counts_toward_staffing,
        archived: values.archived ?? before.archived,
      },
    );
    if (!row) throw staleVersion('shift type');
    const shiftType = q.toShiftType(row);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.shift_type_changed',
      entityType: 'schedule_shift_type',
      entityId: id,
      summary: `Changed the shift type ${shiftType.code} (${shiftType.name})`,
      before: q.toShiftType(before),
      after: shiftType,
    });
    return shiftType;
  });
}

// ---------------------------------------------------------------- schedules

export function createSchedule(ctx: RequestContext, input: ScheduleInput): Promise<Schedule> {
  const values = ScheduleSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const [row] = await tx
      .insert(schedules)
      .values({ agencyId, name: values.name, startsOn: values.starts_on, endsOn: values.ends_on, archived: values.archived ?? false })
      .returning();
    const schedule = q.toSchedule(row!, 0);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.schedule_created',
      entityType: 'schedule',
      entityId: schedule.id,
      summary: `Added the schedule ${schedule.name} (${schedule.starts_on} to ${schedule.ends_on})`,
      after: schedule,
    });
    return schedule;
  });
}

export function updateSchedule(ctx: RequestContext, id: string, version: number, input: ScheduleInput): Promise<Schedule> {
  const values = ScheduleSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findSchedule(tx, agencyId, id);
    if (!before) throw notFound('The schedule');
    const row = await updateAtVersion(tx, schedules, and(eq(schedules.agencyId, agencyId), eq(schedules.id, id)), version, {
      name: values.name,
      startsOn: values.starts_on,
      endsOn: values.ends_on,
      archived: values.archived ?? before.archived,
    });
    if (!row) throw staleVersion('schedule');
    const schedule = (await q.listSchedules(tx, agencyId)).find((s) => s.id === id)!;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.schedule_changed',
      entityType: 'schedule',
      entityId: id,
      summary: `Changed the schedule ${schedule.name}`,
      before: q.toSchedule(before, schedule.group_count),
      after: schedule,
    });
    return schedule;
  });
}

// ---------------------------------------------------------------- groups

async function groupProblems(tx: Tx, agencyId: string, values: GroupInput): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  if (!(await q.findSchedule(tx, agencyId, values.schedule_id))) problems.schedule_id = 'Choose a schedule';
  if (values.supervisor_id && !(await findPerson(tx, agencyId, values.supervisor_id)))
    problems.supervisor_id = 'Choose a person of your agency';
  if (values.rotation && !(await q.findShiftType(tx, agencyId, values.rotation.shift_type_id)))
    problems['rotation.shift_type_id'] = 'Choose a shift type';
  return problems;
}

export function createGroup(ctx: RequestContext, input: GroupInput): Promise<Group> {
  const values = GroupSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const problems = await groupProblems(tx, agencyId, values);
    if (Object.keys(problems).length) throw validationError(problems);
    const [row] = await tx
      .insert(scheduleGroups)
      .values({
        agencyId,
        scheduleId: values.schedule_id,
        name: values.name,
        supervisorId: values.supervisor_id,
        rotation: values.rotation,
      })
      .returning({ id: scheduleGroups.id });
    const group = (await q.findGroup(tx, agencyId, row!.id))!;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.group_created',
      entityType: 'schedule_group',
      entityId: group.id,
      summary: `Added the group ${group.name}`,
      after: group,
    });
    return group;
  });
}

export function updateGroup(ctx: RequestContext, id: string, version: number, input: GroupInput): Promise<Group> {
  const values = GroupSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findGroup(tx, agencyId, id);
    if (!before) throw notFound('The group');
    const problems = await groupProblems(tx, agencyId, values);
    if (Object.keys(problems).length) throw validationError(problems);
    const row = await updateAtVersion(tx, scheduleGroups, and(eq(scheduleGroups.agencyId, agencyId), eq(scheduleGroups.id, id)), version, {
      scheduleId: values.schedule_id,
      name: values.name,
      supervisorId: values.supervisor_id,
      rotation: values.rotation,
    });
    if (!row) throw staleVersion('group');
    const group = (await q.findGroup(tx, agencyId, id))!;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.group_changed',
      entityType: 'schedule_group',
      entityId: id,
      summary: `Changed the group ${group.name}`,
      before,
      after: group,
    });
    return group;
  });
}

// ---------------------------------------------------------------- assignments

async function assignmentProblems(tx: Tx, ctx: RequestContext, values: AssignmentInput, exceptId?: string) {
  const agencyId = ctx.scope.agencyId;
  const problems: Record<string, string> = {};
  const group = await q.findGroup(tx, agencyId, values.group_id);
  if (!group) problems.group_id = 'Choose a group';
  if (!(await findPerson(tx, agencyId, values.user_id))) problems.user_id = 'Choose a person of your agency';
  if (!scheduleSettingsOf(ctx.sysConfig).positions.includes(values.position)) problems.position = 'Choose one of the agency’s positions';
  if (group && !problems.user_id) {
    const existing = await q.assignmentInSchedule(tx, agencyId, group.schedule_id, values.user_id);
    if (existing && existing.id !== exceptId) problems.user_id = 'They are already in a group of this schedule';
  }
  return problems;
}

export function createAssignment(ctx: RequestContext, input: AssignmentInput): Promise<Assignment> {
  const values = AssignmentSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const problems = await assignmentProblems(tx, ctx, values);
    if (Object.keys(problems).length) throw validationError(problems);
    const [row] = await tx
      .insert(scheduleAssignments)
      .values({ agencyId, groupId: values.group_id, userId: values.user_id, position: values.position })
      .returning({ id: scheduleAssignments.id });
    const assignment = (await q.findAssignment(tx, agencyId, row!.id))!;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.assignment_created',
      entityType: 'schedule_assignment',
      entityId: assignment.id,
      summary: `Put ${assignment.user_name} in ${assignment.group_name} as ${assignment.position}`,
      after: assignment,
    });
    return assignment;
  });
}

export function updateAssignment(ctx: RequestContext, id: string, version: number, input: AssignmentInput): Promise<Assignment> {
  const values = AssignmentSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findAssignment(tx, agencyId, id);
    if (!before) throw notFound('The assignment');
    const problems = await assignmentProblems(tx, ctx, values, id);
    if (Object.keys(problems).length) throw validationError(problems);
    const row = await updateAtVersion(
      tx,
      scheduleAssignments,
      and(eq(scheduleAssignments.agencyId, agencyId), eq(scheduleAssignments.id, id)),
      version,
      { groupId: values.group_id, userId: values.user_id, position: values.position },
    );
    if (!row) throw staleVersion('assignment');
    const assignment = (await q.findAssignment(tx, agencyId, id))!;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.assignment_changed',
      entityType: 'schedule_assignment',
      entityId: id,
      summary: `Moved ${assignment.user_name} to ${assignment.group_name} as ${assignment.position}`,
      before,
      after: assignment,
    });
    return assignment;
  });
}

/** Takes a person out of a group; their shifts already placed stay (the scheduler removes them if they should go). */
export function removeAssignment(ctx: RequestContext, id: string, version: number): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findAssignment(tx, agencyId, id);
    if (!before) throw notFound('The assignment');
    const deleted = await tx
      .delete(scheduleAssignments)
      .where(and(eq(scheduleAssignments.agencyId, agencyId), eq(scheduleAssignments.id, id), eq(scheduleAssignments.version, version)))
      .returning({ id: scheduleAssignments.id });
    if (deleted.length === 0) throw staleVersion('assignment');
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.assignment_removed',
      entityType: 'schedule_assignment',
      entityId: id,
      summary: `Took ${before.user_name} out of ${before.group_name}`,
      before,
    });
  });
}

// ---------------------------------------------------------------- minimums

export function saveMinimums(ctx: RequestContext, input: StaffingMinimumsInput): Promise<StaffingMinimum[]> {
  const { minimums } = MinimumsSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const positions = scheduleSettingsOf(ctx.sysConfig).positions;
    const known = await q.existingIds(
      tx,
      agencyId,
      minimums.map((m) => m.shift_type_id),
      minimums.flatMap((m) => (m.group_id ? [m.group_id] : [])),
    );
    const problems: Record<string, string> = {};
    const seen = new Set<string>();
    minimums.forEach((m, index) => {
      if (!known.shiftTypes.has(m.shift_type_id)) problems[`minimums.${index}.shift_type_id`] = 'Choose a shift type';
      if (m.group_id && !known.groups.has(m.group_id)) problems[`minimums.${index}.group_id`] = 'Choose a group';
      if (m.position !== null && !positions.includes(m.position))
        problems[`minimums.${index}.position`] = 'Choose one of the agency’s positions';
      const key = `${m.shift_type_id}|${m.group_id}|${m.position}`;
      if (seen.has(key)) problems[`minimums.${index}.minimum`] = 'This shift, group and position already has a minimum';
      seen.add(key);
    });
    if (Object.keys(problems).length) throw validationError(problems);
    const before = await q.listMinimums(tx, agencyId);
    await q.replaceMinimums(tx, agencyId, minimums);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.minimums_changed',
      entityType: 'module',
      entityId: 'schedule',
      summary: `Set minimum staffing (${minimums.length} ${minimums.length === 1 ? 'rule' : 'rules'})`,
      before: { minimums: before },
      after: { minimums },
    });
    return minimums;
  });
}

// ---------------------------------------------------------------- time-off types

export function listTimeOffTypes(ctx: RequestContext): Promise<TimeOffType[]> {
  return inAgency(ctx, async (tx) => (await q.listTimeOffTypes(tx, ctx.scope.agencyId)).map(q.toTimeOffType));
}

export function createTimeOffType(ctx: RequestContext, input: TimeOffTypeInput): Promise<TimeOffType> {
  const values = TimeOffTypeSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    if (await q.timeOffTypeNameTaken(tx, agencyId, values.name)) throw validationError({ name: 'Another time-off type has this name' });
    const [row] = await tx
      .insert(timeOffTypes)
      .values({
        agencyId,
        name: values.name,
        accrualHoursPerMonth: values.accrual_hours_per_month,
        maxCarryOverHours: values.max_carry_over_hours,
        archived: values.archived ?? false,
      })
      .returning();
    const type = q.toTimeOffType(row!);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.time_off_type_created',
      entityType: 'schedule_time_off_type',
      entityId: type.id,
      summary: `Added the time-off type ${type.name}`,
      after: type,
    });
    return type;
  });
}

export function updateTimeOffType(ctx: RequestContext, id: string, version: number, input: TimeOffTypeInput): Promise<TimeOffType> {
  const values = TimeOffTypeSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await q.findTimeOffType(tx, agencyId, id);
    if (!before) throw notFound('The time-off type');
    if (await q.timeOffTypeNameTaken(tx, agencyId, values.name, id)) throw validationError({ name: 'Another time-off type has this name' });
    const row = await updateAtVersion(tx, timeOffTypes, and(eq(timeOffTypes.agencyId, agencyId), eq(timeOffTypes.id, id)), version, {
      name: values.name,
      accrualHoursPerMonth: values.accrual_hours_per_month,
      maxCarryOverHours: values.max_carry_over_hours,
      archived: values.archived ?? before.archived,
    });
    if (!row) throw staleVersion('time-off type');
    const type = q.toTimeOffType(row);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.time_off_type_changed',
      entityType: 'schedule_time_off_type',
      entityId: id,
      summary: `Changed the time-off type ${type.name}`,
      before: q.toTimeOffType(before),
      after: type,
    });
    return type;
  });
}

/** Every new agency starts with the usual time-off types (it edits or archives them). */
export async function seedTimeOffTypes(tx: Tx, agencyId: string): Promise<void> {
  await tx
    .insert(timeOffTypes)
    .values([
      { agencyId, name: 'Vacation', accrualHoursPerMonth: 10, maxCarryOverHours: 80 },
      { agencyId, name: 'Comp time', accrualHoursPerMonth: 0, maxCarryOverHours: 120 },
      { agencyId, name: 'Sick', accrualHoursPerMonth: 8, maxCarryOverHours: 480 },
      { agencyId, name: 'Personal', accrualHoursPerMonth: 2, maxCarryOverHours: 0 },
    ])
    .onConflictDoNothing();
}
