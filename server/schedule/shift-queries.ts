import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { DayNote, Shift, ShiftChange, ScheduleChange } from '../../core/contracts/schedule.ts';
import { hoursBetween } from '../../core/schedule/schedule-rules.ts';
import type { Tx } from '../platform/database.ts';
import { personJoin, userNameOf } from '../platform/people.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import {
  scheduleDayNotes,
  scheduleGroups,
  scheduleShiftChanges,
  scheduleShifts,
  scheduleShiftTypes,
  timeOffRequests,
  timeOffTypes,
} from './schema.ts';

/** Shifts, their change history and day notes: the roster's reads and the scheduler's writes. */

export type ShiftRow = typeof scheduleShifts.$inferSelect;

/** The columns of a shift that `toShift` reads (not its bookkeeping: the agency, the rotation and overtime flags, the times it was written). */
const shiftFields = {
  id: scheduleShifts.id,
  userId: scheduleShifts.userId,
  groupId: scheduleShifts.groupId,
  shiftTypeId: scheduleShifts.shiftTypeId,
  position: scheduleShifts.position,
  date: scheduleShifts.date,
  startsAt: scheduleShifts.startsAt,
  endsAt: scheduleShifts.endsAt,
  status: scheduleShifts.status,
  note: scheduleShifts.note,
  version: scheduleShifts.version,
};

/** What a shift shows of its type and its group. */
const typeAndGroup = {
  groupName: scheduleGroups.name,
  code: scheduleShiftTypes.code,
  color: scheduleShiftTypes.color,
  counts: scheduleShiftTypes.countsTowardStaffing,
};

type ShiftSelect = {
  shift: Pick<ShiftRow, keyof typeof shiftFields>;
  userName: string;
  groupName: string | null;
  code: string;
  color: string;
  counts: boolean;
};

export function toShift(row: ShiftSelect): Shift {
  const { shift } = row;
  return {
    id: shift.id,
    user_id: shift.userId,
    user_name: row.userName,
    group_id: shift.groupId,
    group_name: row.groupName,
    shift_type_id: shift.shiftTypeId,
    code: row.code,
    color: row.color,
    counts_toward_staffing: row.counts,
    position: shift.position,
    date: shift.date,
    starts_at: shift.startsAt.toISOString(),
    ends_at: shift.endsAt.toISOString(),
    hours: hoursBetween(shift.startsAt, shift.endsAt),
    status: shift.status,
    note: shift.note,
    version: shift.version,
  };
}

/** Shifts with their type, their group and the person's name (a join: a roster's many rows cost PostgreSQL less so than a lookup per row). */
function selectShifts(tx: Tx) {
  const person = personJoin('person', scheduleShifts.agencyId, scheduleShifts.userId);
  return tx
    .select({ shift: shiftFields, userName: person.name, ...typeAndGroup })
    .from(scheduleShifts)
    .innerJoin(person.table, person.on)
    .innerJoin(
      scheduleShiftTypes,
      and(eq(scheduleShiftTypes.agencyId, scheduleShifts.agencyId), eq(scheduleShiftTypes.id, scheduleShifts.shiftTypeId)),
    )
    .leftJoin(scheduleGroups, and(eq(scheduleGroups.agencyId, scheduleShifts.agencyId), eq(scheduleGroups.id, scheduleShifts.groupId)));
}

/** The shifts starting on a range of dates, everyone's or one person's: built once per connection (a month's roster is ~1,400 rows). */
const shiftsOfDates = reusedStatement(
  (person: boolean) => (person ? 'person' : 'all'),
  (tx, person) =>
    selectShifts(tx)
      .where(
        and(
          eq(scheduleShifts.agencyId, sql.placeholder('agencyId')),
          gte(scheduleShifts.date, sql.placeholder('from')),
          lte(scheduleShifts.date, sql.placeholder('to')),
          person ? eq(scheduleShifts.userId, sql.placeholder('userId')) : undefined,
        ),
      )
      .orderBy(asc(scheduleShifts.startsAt), asc(scheduleShiftTypes.code)),
);

/** Earliest first, then by the person's name (as people read a roster). */
const byStartThenName = (a: Shift, b: Shift) =>
  a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : a.user_name.localeCompare(b.user_name);

/** The shifts starting on the dates from `from` to `to` (agency-local), optionally one person's. */
export async function shiftsOnDates(tx: Tx, agencyId: string, from: string, to: string, userId?: string): Promise<Shift[]> {
  const rows = await shiftsOfDates(tx, userId !== undefined, { agencyId, from, to, userId });
  return rows.map(toShift).sort(byStartThenName);
}

export async function findShift(tx: Tx, agencyId: string, id: string): Promise<Shift | undefined> {
  const [row] = await selectShifts(tx).where(and(eq(scheduleShifts.agencyId, agencyId), eq(scheduleShifts.id, id)));
  return row ? toShift(row) : undefined;
}

/** A person's next working shifts from `after`: their ids by the person's index first, so the order is the index's. */
export async function nextShifts(tx: Tx, agencyId: string, userId: string, after: Date, limit: number): Promise<Shift[]> {
  const next = await tx
    .select({ id: scheduleShifts.id })
    .from(scheduleShifts)
    .where(
      and(
        eq(scheduleShifts.agencyId, agencyId),
        eq(scheduleShifts.userId, userId),
        // A shift is at most a day long: the index's range starts a day back, the end then decides.
        gt(scheduleShifts.startsAt, new Date(after.getTime() - 86_400_000)),
        gt(scheduleShifts.endsAt, after),
        eq(scheduleShifts.status, 'scheduled'),
      ),
    )
    .orderBy(asc(scheduleShifts.startsAt))
    .limit(limit);
  if (next.length === 0) return [];
  const rows = await selectShifts(tx).where(
    and(
      eq(scheduleShifts.agencyId, agencyId),
      inArray(
        scheduleShifts.id,
        next.map((row) => row.id),
      ),
    ),
  );
  return rows.map(toShift).sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** A person's working shifts that touch the window: what the conflict rules weigh a change against. */
export async function workingShiftsBetween(tx: Tx, agencyId: string, userId: string, from: Date, to: Date, exceptId?: string) {
  return tx
    .select({ id: scheduleShifts.id, startsAt: scheduleShifts.startsAt, endsAt: scheduleShifts.endsAt })
    .from(scheduleShifts)
    .where(
      and(
        eq(scheduleShifts.agencyId, agencyId),
        eq(scheduleShifts.userId, userId),
        eq(scheduleShifts.status, 'scheduled'),
        lt(scheduleShifts.startsAt, to),
        gt(scheduleShifts.endsAt, from),
        exceptId ? ne(scheduleShifts.id, exceptId) : undefined,
      ),
    );
}

export async function insertShifts(tx: Tx, rows: Array<typeof scheduleShifts.$inferInsert>): Promise<number> {
  if (rows.length === 0) return 0;
  let inserted = 0;
  // In slices, so a year of a large group stays within the statement's parameter limit.
  for (let index = 0; index < rows.length; index += 500) {
    const slice = rows.slice(index, index + 500);
    const done = await tx.insert(scheduleShifts).values(slice).onConflictDoNothing().returning({ id: scheduleShifts.id });
    inserted += done.length;
  }
  return inserted;
}

/** Deletes the group's shifts on these dates that its rotation made and nobody changed since. */
export async function deleteRotationShifts(tx: Tx, agencyId: string, groupId: string, from: string, to: string): Promise<number> {
  const deleted = await tx
    .delete(scheduleShifts)
    .where(
      and(
        eq(scheduleShifts.agencyId, agencyId),
        eq(scheduleShifts.groupId, groupId),
        eq(scheduleShifts.fromRotation, true),
        eq(scheduleShifts.status, 'scheduled'),
        gte(scheduleShifts.date, from),
        lte(scheduleShifts.date, to),
      ),
    )
    .returning({ id: scheduleShifts.id });
  return deleted.length;
}

export async function recordShiftChange(tx: Tx, row: typeof scheduleShiftChanges.$inferInsert): Promise<void> {
  await tx.insert(scheduleShiftChanges).values(row);
}

export async function shiftChanges(tx: Tx, agencyId: string, shiftId: string): Promise<ShiftChange[]> {
  const rows = await tx
    .select({ change: scheduleShiftChanges, actorName: userNameOf(scheduleShiftChanges.agencyId, scheduleShiftChanges.actorId) })
    .from(scheduleShiftChanges)
    .where(and(eq(scheduleShiftChanges.agencyId, agencyId), eq(scheduleShiftChanges.shiftId, shiftId)))
    .orderBy(desc(scheduleShiftChanges.at));
  return rows.map(({ change, actorName }) => ({
    id: change.id,
    at: change.at.toISOString(),
    actor_name: actorName,
    action: change.action,
    summary: change.summary,
    reason: change.reason,
  }));
}

export const HISTORY_PAGE_SIZE = 50;

export async function scheduleChanges(
  tx: Tx,
  agencyId: string,
  query: { from?: string; to?: string; userId?: string; page: number },
): Promise<{ items: ScheduleChange[]; total: number }> {
  const where = and(
    eq(scheduleShiftChanges.agencyId, agencyId),
    query.from ? gte(scheduleShiftChanges.shiftDate, query.from) : undefined,
    query.to ? lte(scheduleShiftChanges.shiftDate, query.to) : undefined,
    query.userId ? eq(scheduleShiftChanges.userId, query.userId) : undefined,
  );
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(scheduleShiftChanges).where(where);
  const rows = await tx
    .select({
      change: scheduleShiftChanges,
      actorName: userNameOf(scheduleShiftChanges.agencyId, scheduleShiftChanges.actorId),
      userName: userNameOf(scheduleShiftChanges.agencyId, scheduleShiftChanges.userId),
    })
    .from(scheduleShiftChanges)
    .where(where)
    .orderBy(desc(scheduleShiftChanges.at), desc(scheduleShiftChanges.id))
    .limit(HISTORY_PAGE_SIZE)
    .offset((query.page - 1) * HISTORY_PAGE_SIZE);
  return {
    total: Number(total),
    items: rows.map(({ change, actorName, userName }) => ({
      id: change.id,
      at: change.at.toISOString(),
      actor_name: actorName,
      action: change.action,
      summary: change.summary,
      reason: change.reason,
      shift_id: change.shiftId,
      shift_date: change.shiftDate,
      user_name: userName,
    })),
  };
}

export async function dayNotesBetween(tx: Tx, agencyId: string, from: string, to: string): Promise<DayNote[]> {
  const rows = await tx
    .select({ note: scheduleDayNotes, name: userNameOf(scheduleDayNotes.agencyId, scheduleDayNotes.officerInChargeId) })
    .from(scheduleDayNotes)
    .where(and(eq(scheduleDayNotes.agencyId, agencyId), gte(scheduleDayNotes.date, from), lte(scheduleDayNotes.date, to)))
    .orderBy(asc(scheduleDayNotes.date));
  return rows.map(({ note, name }) => ({
    date: note.date,
    note: note.note,
    officer_in_charge_id: note.officerInChargeId,
    officer_in_charge_name: name,
    version: note.version,
  }));
}

export async function upsertDayNote(tx: Tx, agencyId: string, date: string, note: string, officerInChargeId: string | null): Promise<void> {
  await tx
    .insert(scheduleDayNotes)
    .values({ agencyId, date, note, officerInChargeId })
    .onConflictDoUpdate({
      target: [scheduleDayNotes.agencyId, scheduleDayNotes.date],
      set: { note, officerInChargeId, version: sql`${scheduleDayNotes.version} + 1`, updatedAt: new Date() },
    });
}

/** Approved time off overlapping the dates: who is off (the roster shows it). */
export async function approvedTimeOffBetween(tx: Tx, agencyId: string, from: string, to: string, userId?: string) {
  const rows = await tx
    .select({
      userId: timeOffRequests.userId,
      userName: userNameOf(timeOffRequests.agencyId, timeOffRequests.userId),
      startsOn: timeOffRequests.startsOn,
      endsOn: timeOffRequests.endsOn,
      typeName: timeOffTypes.name,
    })
    .from(timeOffRequests)
    .innerJoin(timeOffTypes, and(eq(timeOffTypes.agencyId, timeOffRequests.agencyId), eq(timeOffTypes.id, timeOffRequests.typeId)))
    .where(
      and(
        eq(timeOffRequests.agencyId, agencyId),
        eq(timeOffRequests.status, 'approved'),
        lte(timeOffRequests.startsOn, to),
        gte(timeOffRequests.endsOn, from),
        userId ? eq(timeOffRequests.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(timeOffRequests.startsOn));
  return rows.map((r) => ({ user_id: r.userId, user_name: r.userName, starts_on: r.startsOn, ends_on: r.endsOn, type_name: r.typeName }));
}

/** Sets the status of these shifts (time off taking them, or its cancellation giving them back). */
export async function setShiftsStatus(
  tx: Tx,
  agencyId: string,
  ids: string[],
  status: ShiftRow['status'],
  timeOffId: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(scheduleShifts)
    .set({ status, timeOffId, version: sql`${scheduleShifts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(scheduleShifts.agencyId, agencyId), inArray(scheduleShifts.id, ids)));
}

export async function shiftsOfTimeOff(tx: Tx, agencyId: string, timeOffId: string) {
  return tx
    .select({ id: scheduleShifts.id, date: scheduleShifts.date })
    .from(scheduleShifts)
    .where(and(eq(scheduleShifts.agencyId, agencyId), eq(scheduleShifts.timeOffId, timeOffId)));
}
