import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { OvertimeStatus } from '../../core/contracts/schedule.ts';
import { inFixed, inIdList, qualified, uuidList, type Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { userNameOf } from '../platform/people.ts';
import {
  overtimeOffers,
  overtimeShifts,
  overtimeSignups,
  scheduleAssignments,
  scheduleGroups,
  schedulePeople,
  scheduleShifts,
  scheduleShiftTypes,
} from './schema.ts';

/** The overtime module's reads and writes (server/schedule/overtime.ts holds the rules). */

export type OvertimeRow = Awaited<ReturnType<typeof selectOvertime>>[number];

function selectOvertime(tx: Tx) {
  return tx
    .select({
      ot: overtimeShifts,
      code: scheduleShiftTypes.code,
      shiftName: scheduleShiftTypes.name,
      color: scheduleShiftTypes.color,
      groupName: scheduleGroups.name,
      createdByName: userNameOf(overtimeShifts.agencyId, overtimeShifts.createdBy),
      signups: sql<number>`(select count(*)::int from ${overtimeSignups} s where s.agency_id = ${qualified(overtimeShifts.agencyId)}
        and s.overtime_id = ${qualified(overtimeShifts.id)} and s.status <> 'withdrawn')`,
    })
    .from(overtimeShifts)
    .innerJoin(
      scheduleShiftTypes,
      and(eq(scheduleShiftTypes.agencyId, overtimeShifts.agencyId), eq(scheduleShiftTypes.id, overtimeShifts.shiftTypeId)),
    )
    .leftJoin(scheduleGroups, and(eq(scheduleGroups.agencyId, overtimeShifts.agencyId), eq(scheduleGroups.id, overtimeShifts.groupId)));
}

export async function findOvertime(tx: Tx, agencyId: string, id: string, options: { lock?: boolean } = {}) {
  if (options.lock)
    await tx
      .select({ id: overtimeShifts.id })
      .from(overtimeShifts)
      .where(and(eq(overtimeShifts.agencyId, agencyId), eq(overtimeShifts.id, id)))
      .for('update');
  const [row] = await selectOvertime(tx).where(and(eq(overtimeShifts.agencyId, agencyId), eq(overtimeShifts.id, id)));
  return row;
}

const overtimeList = reusedStatement(
  (view: 'open' | 'closed') => view,
  (tx, view) => {
    const open: OvertimeStatus[] = ['open', 'offering'];
    const today = sql.placeholder('today');
    return selectOvertime(tx)
      .where(
        and(
          eq(overtimeShifts.agencyId, sql.placeholder('agencyId')),
          view === 'open'
            ? and(inFixed(overtimeShifts.status, open), gte(overtimeShifts.date, today))
            : and(
                gte(overtimeShifts.date, sql.placeholder('since')),
                sql`(${overtimeShifts.status} not in ('open', 'offering') or ${overtimeShifts.date} < ${today})`,
              ),
        ),
      )
      .orderBy(view === 'open' ? asc(overtimeShifts.date) : desc(overtimeShifts.date), asc(overtimeShifts.startsAt))
      .limit(200);
  },
);

/** Open shifts (still taking sign-ups or offering), or the closed ones of the last 60 days, soonest first. */
export async function listOvertime(tx: Tx, agencyId: string, view: 'open' | 'closed', today: string, since: string) {
  return overtimeList(tx, view, { agencyId, today, since });
}

/** The shifts the person signed up for or was offered, from `since` on: their ids first, through the person's own rows. */
export async function overtimeOf(tx: Tx, agencyId: string, userId: string, since: string) {
  const signed = await tx
    .select({ id: overtimeSignups.overtimeId })
    .from(overtimeSignups)
    .where(and(eq(overtimeSignups.agencyId, agencyId), eq(overtimeSignups.userId, userId)));
  const offered = await tx
    .select({ id: overtimeOffers.overtimeId })
    .from(overtimeOffers)
    .where(and(eq(overtimeOffers.agencyId, agencyId), eq(overtimeOffers.userId, userId), ne(overtimeOffers.status, 'waiting')));
  const ids = [...new Set([...signed, ...offered].map((row) => row.id))];
  if (ids.length === 0) return [];
  // At most the person's shifts of 60 days: sorted here, latest first.
  const rows = await selectOvertime(tx).where(
    and(eq(overtimeShifts.agencyId, agencyId), inArray(overtimeShifts.id, ids), gte(overtimeShifts.date, since)),
  );
  return rows.sort((a, b) => b.ot.date.localeCompare(a.ot.date) || a.ot.startsAt.getTime() - b.ot.startsAt.getTime());
}

const signupsOfShifts = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select({
        overtimeId: overtimeSignups.overtimeId,
        userId: overtimeSignups.userId,
        name: userNameOf(overtimeSignups.agencyId, overtimeSignups.userId),
        status: overtimeSignups.status,
        skipReason: overtimeSignups.skipReason,
        signedUpAt: overtimeSignups.signedUpAt,
        seniorityDate: schedulePeople.seniorityDate,
      })
      .from(overtimeSignups)
      .leftJoin(
        schedulePeople,
        and(eq(schedulePeople.agencyId, overtimeSignups.agencyId), eq(schedulePeople.userId, overtimeSignups.userId)),
      )
      .where(and(eq(overtimeSignups.agencyId, sql.placeholder('agencyId')), inIdList(overtimeSignups.overtimeId, 'ids')))
      .orderBy(asc(overtimeSignups.signedUpAt)),
);

/** The sign-ups of these shifts, earliest first. */
export async function signupsOf(tx: Tx, agencyId: string, overtimeIds: string[]) {
  if (overtimeIds.length === 0) return [];
  return signupsOfShifts(tx, undefined, { agencyId, ids: uuidList(overtimeIds) });
}

const offersOfShifts = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select({
        overtimeId: overtimeOffers.overtimeId,
        userId: overtimeOffers.userId,
        name: userNameOf(overtimeOffers.agencyId, overtimeOffers.userId),
        turn: overtimeOffers.turn,
        status: overtimeOffers.status,
        skipReason: overtimeOffers.skipReason,
        offeredAt: overtimeOffers.offeredAt,
        expiresAt: overtimeOffers.expiresAt,
        seniorityDate: schedulePeople.seniorityDate,
      })
      .from(overtimeOffers)
      .leftJoin(schedulePeople, and(eq(schedulePeople.agencyId, overtimeOffers.agencyId), eq(schedulePeople.userId, overtimeOffers.userId)))
      .where(and(eq(overtimeOffers.agencyId, sql.placeholder('agencyId')), inIdList(overtimeOffers.overtimeId, 'ids')))
      .orderBy(asc(overtimeOffers.turn)),
);

/** The offers of these shifts, in their turns' order. */
export async function offersOf(tx: Tx, agencyId: string, overtimeIds: string[]) {
  if (overtimeIds.length === 0) return [];
  return offersOfShifts(tx, undefined, { agencyId, ids: uuidList(overtimeIds) });
}

/** The people who hold `position` in any group, with their seniority date: who an offer goes round. */
export async function qualifiedPeople(tx: Tx, agencyId: string, position: string) {
  return tx
    .selectDistinct({
      userId: scheduleAssignments.userId,
      name: userNameOf(scheduleAssignments.agencyId, scheduleAssignments.userId),
      seniorityDate: schedulePeople.seniorityDate,
    })
    .from(scheduleAssignments)
    .leftJoin(
      schedulePeople,
      and(eq(schedulePeople.agencyId, scheduleAssignments.agencyId), eq(schedulePeople.userId, scheduleAssignments.userId)),
    )
    .where(
      and(
        eq(scheduleAssignments.agencyId, agencyId),
        eq(scheduleAssignments.position, position),
        sql`exists (select 1 from users u where u.agency_id = ${scheduleAssignments.agencyId} and u.id = ${scheduleAssignments.userId} and u.status = 'active')`,
      ),
    );
}

export async function holdsPosition(tx: Tx, agencyId: string, userId: string, position: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: scheduleAssignments.id })
    .from(scheduleAssignments)
    .where(
      and(eq(scheduleAssignments.agencyId, agencyId), eq(scheduleAssignments.userId, userId), eq(scheduleAssignments.position, position)),
    )
    .limit(1);
  return row !== undefined;
}

/** Overtime hours and shifts per person worked (or scheduled) from `from` to `to`. */
export async function overtimeHours(tx: Tx, agencyId: string, from: string, to: string, userIds?: string[]) {
  if (userIds && userIds.length === 0) return new Map<string, { hours: number; shifts: number; name: string }>();
  const rows = await tx
    .select({
      userId: scheduleShifts.userId,
      name: userNameOf(scheduleShifts.agencyId, scheduleShifts.userId),
      hours: sql<number>`coalesce(sum(extract(epoch from ${scheduleShifts.endsAt} - ${scheduleShifts.startsAt}) / 3600), 0)::float`,
      shifts: sql<number>`count(*)::int`,
    })
    .from(scheduleShifts)
    .where(
      and(
        eq(scheduleShifts.agencyId, agencyId),
        eq(scheduleShifts.overtime, true),
        ne(scheduleShifts.status, 'time_off'),
        gte(scheduleShifts.date, from),
        lte(scheduleShifts.date, to),
        userIds ? inArray(scheduleShifts.userId, userIds) : undefined,
      ),
    )
    .groupBy(scheduleShifts.agencyId, scheduleShifts.userId);
  return new Map(rows.map((row) => [row.userId, { hours: Math.round(row.hours * 100) / 100, shifts: row.shifts, name: row.name }]));
}

export async function openPostedFor(tx: Tx, agencyId: string, from: string, to: string) {
  return tx
    .select({
      date: overtimeShifts.date,
      shiftTypeId: overtimeShifts.shiftTypeId,
      groupId: overtimeShifts.groupId,
      position: overtimeShifts.position,
    })
    .from(overtimeShifts)
    .where(
      and(
        eq(overtimeShifts.agencyId, agencyId),
        inFixed(overtimeShifts.status, ['open', 'offering']),
        gte(overtimeShifts.date, from),
        lte(overtimeShifts.date, to),
      ),
    );
}

/** Open shifts the person may still sign up for (home's card), soonest first. */
export async function openForSignUp(tx: Tx, agencyId: string, userId: string, now: Date, limit: number) {
  return (
    selectOvertime(tx)
      .where(
        and(
          eq(overtimeShifts.agencyId, agencyId),
          eq(overtimeShifts.status, 'open'),
          eq(overtimeShifts.mode, 'signup'),
          gte(overtimeShifts.signupDeadline, now),
          sql`not exists (select 1 from ${overtimeSignups} s where s.agency_id = ${overtimeShifts.agencyId} and s.overtime_id = ${overtimeShifts.id} and s.user_id = ${userId} and s.status <> 'withdrawn')`,
          sql`exists (select 1 from ${scheduleAssignments} a where a.agency_id = ${overtimeShifts.agencyId} and a.user_id = ${userId} and a.position = ${overtimeShifts.position})`,
        ),
      )
      // By date first, as the status index keeps them: the soonest open shifts without sorting them all.
      .orderBy(asc(overtimeShifts.date), asc(overtimeShifts.startsAt))
      .limit(limit)
  );
}

/** Offers waiting for the person's answer now. */
export async function offersWaitingFor(tx: Tx, agencyId: string, userId: string, now: Date) {
  return tx
    .select({ overtimeId: overtimeOffers.overtimeId })
    .from(overtimeOffers)
    .where(
      and(
        eq(overtimeOffers.agencyId, agencyId),
        eq(overtimeOffers.userId, userId),
        eq(overtimeOffers.status, 'offered'),
        gte(overtimeOffers.expiresAt, now),
      ),
    );
}
