import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Assignment, Group, Schedule, ShiftType, StaffingMinimum, TimeOffType } from '../../core/contracts/schedule.ts';
import { crossesMidnight, nominalHours } from '../../core/schedule/schedule-rules.ts';
import { qualified, type Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import { scheduleAssignments, scheduleGroups, scheduleMinimums, schedules, scheduleShiftTypes, timeOffTypes } from './schema.ts';

/** The set-up records: shift types, schedules, groups, assignments, minimums and time-off types. */

export type ShiftTypeRow = typeof scheduleShiftTypes.$inferSelect;

export function toShiftType(row: ShiftTypeRow): ShiftType {
  const clock = { start_time: row.startTime, end_time: row.endTime };
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    color: row.color,
    start_time: row.startTime,
    end_time: row.endTime,
    crosses_midnight: crossesMidnight(clock),
    hours: nominalHours(clock),
    counts_toward_staffing: row.countsTowardStaffing,
    archived: row.archived,
    version: row.version,
  };
}

export async function listShiftTypes(tx: Tx, agencyId: string): Promise<ShiftTypeRow[]> {
  return tx
    .select()
    .from(scheduleShiftTypes)
    .where(eq(scheduleShiftTypes.agencyId, agencyId))
    .orderBy(asc(scheduleShiftTypes.startTime), asc(scheduleShiftTypes.code));
}

export async function findShiftType(tx: Tx, agencyId: string, id: string): Promise<ShiftTypeRow | undefined> {
  const [row] = await tx
    .select()
    .from(scheduleShiftTypes)
    .where(and(eq(scheduleShiftTypes.agencyId, agencyId), eq(scheduleShiftTypes.id, id)));
  return row;
}

export async function shiftTypeCodeTaken(tx: Tx, agencyId: string, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: scheduleShiftTypes.id })
    .from(scheduleShiftTypes)
    .where(and(eq(scheduleShiftTypes.agencyId, agencyId), eq(scheduleShiftTypes.code, code)));
  return row !== undefined && row.id !== exceptId;
}

export async function listSchedules(tx: Tx, agencyId: string): Promise<Schedule[]> {
  const groupCount = tx
    .select({ scheduleId: scheduleGroups.scheduleId, n: count().as('n') })
    .from(scheduleGroups)
    .where(eq(scheduleGroups.agencyId, agencyId))
    .groupBy(scheduleGroups.scheduleId)
    .as('group_count');
  const rows = await tx
    .select({ schedule: schedules, n: groupCount.n })
    .from(schedules)
    .leftJoin(groupCount, eq(groupCount.scheduleId, schedules.id))
    .where(eq(schedules.agencyId, agencyId))
    .orderBy(asc(schedules.archived), asc(schedules.startsOn), asc(schedules.name));
  return rows.map(({ schedule, n }) => toSchedule(schedule, Number(n ?? 0)));
}

export function toSchedule(row: typeof schedules.$inferSelect, groupCount: number): Schedule {
  return {
    id: row.id,
    name: row.name,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    archived: row.archived,
    group_count: groupCount,
    version: row.version,
  };
}

export async function findSchedule(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.agencyId, agencyId), eq(schedules.id, id)));
  return row;
}

const groupColumns = {
  group: scheduleGroups,
  supervisorName: userNameOf(scheduleGroups.agencyId, scheduleGroups.supervisorId),
  members: sql<number>`(select count(*)::int from ${scheduleAssignments} a where a.agency_id = ${qualified(scheduleGroups.agencyId)} and a.group_id = ${qualified(scheduleGroups.id)})`,
};

function toGroup({
  group,
  supervisorName,
  members,
}: {
  group: typeof scheduleGroups.$inferSelect;
  supervisorName: string | null;
  members: number;
}): Group {
  return {
    id: group.id,
    schedule_id: group.scheduleId,
    name: group.name,
    supervisor_id: group.supervisorId,
    supervisor_name: supervisorName,
    rotation: group.rotation,
    member_count: Number(members),
    version: group.version,
  };
}

export async function listGroups(tx: Tx, agencyId: string): Promise<Group[]> {
  const rows = await tx
    .select(groupColumns)
    .from(scheduleGroups)
    .where(eq(scheduleGroups.agencyId, agencyId))
    .orderBy(asc(scheduleGroups.name));
  return rows.map(toGroup);
}

export async function findGroup(tx: Tx, agencyId: string, id: string): Promise<Group | undefined> {
  const [row] = await tx
    .select(groupColumns)
    .from(scheduleGroups)
    .where(and(eq(scheduleGroups.agencyId, agencyId), eq(scheduleGroups.id, id)));
  return row ? toGroup(row) : undefined;
}

const assignmentColumns = {
  assignment: scheduleAssignments,
  scheduleId: scheduleGroups.scheduleId,
  groupName: scheduleGroups.name,
  userName: userNameOf(scheduleAssignments.agencyId, scheduleAssignments.userId),
};

function toAssignment(row: {
  assignment: typeof scheduleAssignments.$inferSelect;
  scheduleId: string;
  groupName: string;
  userName: string;
}): Assignment {
  return {
    id: row.assignment.id,
    schedule_id: row.scheduleId,
    group_id: row.assignment.groupId,
    group_name: row.groupName,
    user_id: row.assignment.userId,
    user_name: row.userName,
    position: row.assignment.position,
    version: row.assignment.version,
  };
}

export async function listAssignments(tx: Tx, agencyId: string, where?: { groupId?: string; userId?: string }): Promise<Assignment[]> {
  const rows = await tx
    .select(assignmentColumns)
    .from(scheduleAssignments)
    .innerJoin(
      scheduleGroups,
      and(eq(scheduleGroups.agencyId, scheduleAssignments.agencyId), eq(scheduleGroups.id, scheduleAssignments.groupId)),
    )
    .where(
      and(
        eq(scheduleAssignments.agencyId, agencyId),
        where?.groupId ? eq(scheduleAssignments.groupId, where.groupId) : undefined,
        where?.userId ? eq(scheduleAssignments.userId, where.userId) : undefined,
      ),
    )
    .orderBy(asc(scheduleGroups.name), asc(scheduleAssignments.position));
  return rows.map(toAssignment).sort((a, b) => a.group_name.localeCompare(b.group_name) || a.user_name.localeCompare(b.user_name));
}

export async function findAssignment(tx: Tx, agencyId: string, id: string): Promise<Assignment | undefined> {
  const [row] = await tx
    .select(assignmentColumns)
    .from(scheduleAssignments)
    .innerJoin(
      scheduleGroups,
      and(eq(scheduleGroups.agencyId, scheduleAssignments.agencyId), eq(scheduleGroups.id, scheduleAssignments.groupId)),
    )
    .where(and(eq(scheduleAssignments.agencyId, agencyId), eq(scheduleAssignments.id, id)));
  return row ? toAssignment(row) : undefined;
}

/** The person's assignment in a group of the same schedule as `groupId`, if any (one group per schedule). */
export async function assignmentInSchedule(tx: Tx, agencyId: string, scheduleId: string, userId: string) {
  const [row] = await tx
    .select({ id: scheduleAssignments.id })
    .from(scheduleAssignments)
    .innerJoin(
      scheduleGroups,
      and(eq(scheduleGroups.agencyId, scheduleAssignments.agencyId), eq(scheduleGroups.id, scheduleAssignments.groupId)),
    )
    .where(
      and(eq(scheduleAssignments.agencyId, agencyId), eq(scheduleGroups.scheduleId, scheduleId), eq(scheduleAssignments.userId, userId)),
    );
  return row;
}

export async function listMinimums(tx: Tx, agencyId: string): Promise<StaffingMinimum[]> {
  const rows = await tx.select().from(scheduleMinimums).where(eq(scheduleMinimums.agencyId, agencyId));
  return rows.map((row) => ({ group_id: row.groupId, shift_type_id: row.shiftTypeId, position: row.position, minimum: row.minimum }));
}

export async function replaceMinimums(tx: Tx, agencyId: string, minimums: readonly StaffingMinimum[]): Promise<void> {
  await tx.delete(scheduleMinimums).where(eq(scheduleMinimums.agencyId, agencyId));
  if (minimums.length)
    await tx
      .insert(scheduleMinimums)
      .values(
        minimums.map((m) => ({ agencyId, shiftTypeId: m.shift_type_id, groupId: m.group_id, position: m.position, minimum: m.minimum })),
      );
}

/** Which of these ids are the agency's shift types and groups (another agency's ids are simply absent). */
export async function existingIds(tx: Tx, agencyId: string, shiftTypeIds: string[], groupIds: string[]) {
  const types = shiftTypeIds.length
    ? await tx
        .select({ id: scheduleShiftTypes.id })
        .from(scheduleShiftTypes)
        .where(and(eq(scheduleShiftTypes.agencyId, agencyId), inArray(scheduleShiftTypes.id, shiftTypeIds)))
    : [];
  const groups = groupIds.length
    ? await tx
        .select({ id: scheduleGroups.id })
        .from(scheduleGroups)
        .where(and(eq(scheduleGroups.agencyId, agencyId), inArray(scheduleGroups.id, groupIds)))
    : [];
  return { shiftTypes: new Set(types.map((t) => t.id)), groups: new Set(groups.map((g) => g.id)) };
}

export type TimeOffTypeRow = typeof timeOffTypes.$inferSelect;

export function toTimeOffType(row: TimeOffTypeRow): TimeOffType {
  return {
    id: row.id,
    name: row.name,
    accrual_hours_per_month: Number(row.accrualHoursPerMonth),
    max_carry_over_hours: Number(row.maxCarryOverHours),
    archived: row.archived,
    version: row.version,
  };
}

export async function listTimeOffTypes(tx: Tx, agencyId: string): Promise<TimeOffTypeRow[]> {
  return tx.select().from(timeOffTypes).where(eq(timeOffTypes.agencyId, agencyId)).orderBy(asc(timeOffTypes.name));
}

export async function findTimeOffType(tx: Tx, agencyId: string, id: string): Promise<TimeOffTypeRow | undefined> {
  const [row] = await tx
    .select()
    .from(timeOffTypes)
    .where(and(eq(timeOffTypes.agencyId, agencyId), eq(timeOffTypes.id, id)));
  return row;
}

export async function timeOffTypeNameTaken(tx: Tx, agencyId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: timeOffTypes.id })
    .from(timeOffTypes)
    .where(and(eq(timeOffTypes.agencyId, agencyId), sql`lower(${timeOffTypes.name}) = lower(${name})`));
  return row !== undefined && row.id !== exceptId;
}
