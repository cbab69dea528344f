import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { AllcallChannel, AllcallRecipient, AllcallSummary, AllcallVia, MyAllcall } from '../../core/contracts/schedule-allcall.ts';
import type { AllcallResponse } from '../../core/contracts/schedule.ts';
import { users } from '../db/schema.ts';
import { qualified, type Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import {
  scheduleAllcallRecipients,
  scheduleAllcalls,
  scheduleAssignments,
  scheduleGroups,
  schedulePeople,
  schedules,
  scheduleShifts,
  scheduleShiftTypes,
  timeOffRequests,
} from './schema.ts';

/** All-calls, who they asked and what they answered; the people a call can reach. */

export type AllcallRow = typeof scheduleAllcalls.$inferSelect;

/** A call still taking answers shows as `expired` once its replies close (nothing needs to run for that). */
export function effectiveStatus(row: Pick<AllcallRow, 'status' | 'closesAt'>, now = new Date()): AllcallRow['status'] {
  return row.status === 'open' && row.closesAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

const askedCount = sql<number>`(select count(*)::int from ${scheduleAllcallRecipients} r where r.agency_id = ${qualified(scheduleAllcalls.agencyId)} and r.allcall_id = ${qualified(scheduleAllcalls.id)})`;
const declinedCount = sql<number>`(select count(*)::int from ${scheduleAllcallRecipients} r where r.agency_id = ${qualified(scheduleAllcalls.agencyId)} and r.allcall_id = ${qualified(scheduleAllcalls.id)} and r.response = 'declined')`;

const summaryColumns = {
  call: scheduleAllcalls,
  code: scheduleShiftTypes.code,
  shiftName: scheduleShiftTypes.name,
  color: scheduleShiftTypes.color,
  filledByName: userNameOf(scheduleAllcalls.agencyId, scheduleAllcalls.filledBy),
  createdByName: userNameOf(scheduleAllcalls.agencyId, scheduleAllcalls.createdBy),
  asked: askedCount,
  declined: declinedCount,
};

type SummaryRow = {
  call: AllcallRow;
  code: string;
  shiftName: string;
  color: string;
  filledByName: string | null;
  createdByName: string;
  asked: number;
  declined: number;
};

function toSummary(row: SummaryRow, now = new Date()): AllcallSummary {
  const c = row.call;
  return {
    id: c.id,
    number: c.number,
    shift_type_id: c.shiftTypeId,
    code: row.code,
    shift_name: row.shiftName,
    color: row.color,
    position: c.position,
    date: c.date,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    note: c.note,
    status: effectiveStatus(c, now),
    closes_at: c.closesAt.toISOString(),
    filled_by_name: row.filledByName,
    filled_at: c.filledAt?.toISOString() ?? null,
    created_by_name: row.createdByName,
    created_at: c.createdAt.toISOString(),
    asked: Number(row.asked),
    declined: Number(row.declined),
    version: c.version,
  };
}

function selectSummaries(tx: Tx) {
  return tx
    .select(summaryColumns)
    .from(scheduleAllcalls)
    .innerJoin(
      scheduleShiftTypes,
      and(eq(scheduleShiftTypes.agencyId, scheduleAllcalls.agencyId), eq(scheduleShiftTypes.id, scheduleAllcalls.shiftTypeId)),
    );
}

export async function findSummary(tx: Tx, agencyId: string, id: string): Promise<(AllcallSummary & { row: AllcallRow }) | undefined> {
  const [row] = await selectSummaries(tx).where(and(eq(scheduleAllcalls.agencyId, agencyId), eq(scheduleAllcalls.id, id)));
  return row ? { ...toSummary(row), row: row.call } : undefined;
}

/** The call's row, locked until the transaction ends: answers to one call are taken one at a time. */
export async function lockCall(tx: Tx, agencyId: string, id: string): Promise<AllcallRow | undefined> {
  const [row] = await tx
    .select()
    .from(scheduleAllcalls)
    .where(and(eq(scheduleAllcalls.agencyId, agencyId), eq(scheduleAllcalls.id, id)))
    .for('update');
  return row;
}

export const ALLCALL_PAGE_SIZE = 25;

/** The agency's calls, those still taking answers first, then the latest shifts first. */
export async function listCalls(tx: Tx, agencyId: string, page: number): Promise<{ items: AllcallSummary[]; total: number }> {
  const now = new Date();
  const [{ total } = { total: 0 }] = await tx
    .select({ total: count() })
    .from(scheduleAllcalls)
    .where(eq(scheduleAllcalls.agencyId, agencyId));
  const rows = await selectSummaries(tx)
    .where(eq(scheduleAllcalls.agencyId, agencyId))
    .orderBy(
      sql`case when ${scheduleAllcalls.status} = 'open' and ${scheduleAllcalls.closesAt} > ${now} then 0 else 1 end`,
      desc(scheduleAllcalls.startsAt),
      desc(scheduleAllcalls.number),
    )
    .limit(ALLCALL_PAGE_SIZE)
    .offset((page - 1) * ALLCALL_PAGE_SIZE);
  return { items: rows.map((row) => toSummary(row, now)), total: Number(total) };
}

export async function recipientsOf(tx: Tx, agencyId: string, allcallId: string): Promise<AllcallRecipient[]> {
  const rows = await tx
    .select({ r: scheduleAllcallRecipients, name: userNameOf(scheduleAllcallRecipients.agencyId, scheduleAllcallRecipients.userId) })
    .from(scheduleAllcallRecipients)
    .where(and(eq(scheduleAllcallRecipients.agencyId, agencyId), eq(scheduleAllcallRecipients.allcallId, allcallId)));
  const order = { accepted: 0, too_late: 1, declined: 2 } as const;
  return rows
    .map(({ r, name }) => ({
      user_id: r.userId,
      name,
      channels: r.channels as AllcallChannel[],
      sms_last_digits: r.smsTo ? r.smsTo.slice(-4) : null,
      asked_at: r.askedAt.toISOString(),
      response: r.response,
      responded_at: r.respondedAt?.toISOString() ?? null,
      via: r.via as AllcallVia | null,
    }))
    .sort(
      (a, b) =>
        (a.response ? order[a.response] : 3) - (b.response ? order[b.response] : 3) ||
        (a.responded_at ?? '').localeCompare(b.responded_at ?? '') ||
        a.name.localeCompare(b.name),
    );
}

export async function findRecipient(tx: Tx, agencyId: string, allcallId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(scheduleAllcallRecipients)
    .where(
      and(
        eq(scheduleAllcallRecipients.agencyId, agencyId),
        eq(scheduleAllcallRecipients.allcallId, allcallId),
        eq(scheduleAllcallRecipients.userId, userId),
      ),
    );
  return row;
}

export async function insertCall(tx: Tx, row: typeof scheduleAllcalls.$inferInsert): Promise<string> {
  const [made] = await tx.insert(scheduleAllcalls).values(row).returning({ id: scheduleAllcalls.id });
  return made!.id;
}

export async function insertRecipients(tx: Tx, rows: Array<typeof scheduleAllcallRecipients.$inferInsert>): Promise<void> {
  if (rows.length > 0) await tx.insert(scheduleAllcallRecipients).values(rows);
}

export async function setCall(tx: Tx, agencyId: string, id: string, values: Partial<typeof scheduleAllcalls.$inferInsert>): Promise<void> {
  await tx
    .update(scheduleAllcalls)
    .set({ ...values, version: sql`${scheduleAllcalls.version} + 1`, updatedAt: new Date() })
    .where(and(eq(scheduleAllcalls.agencyId, agencyId), eq(scheduleAllcalls.id, id)));
}

export async function setResponse(
  tx: Tx,
  agencyId: string,
  allcallId: string,
  userId: string,
  response: AllcallResponse,
  via: AllcallVia,
): Promise<void> {
  await tx
    .update(scheduleAllcallRecipients)
    .set({ response, via, respondedAt: new Date() })
    .where(
      and(
        eq(scheduleAllcallRecipients.agencyId, agencyId),
        eq(scheduleAllcallRecipients.allcallId, allcallId),
        eq(scheduleAllcallRecipients.userId, userId),
      ),
    );
}

/**
 * The calls sent to a person whose shift has not ended (open ones first): the panel of urgent calls,
 * which keeps showing a call filled or closed until its shift is over.
 */
export async function callsForPerson(tx: Tx, agencyId: string, userId: string, now = new Date()): Promise<MyAllcall[]> {
  const rows = await tx
    .select({ ...summaryColumns, response: scheduleAllcallRecipients.response })
    .from(scheduleAllcallRecipients)
    .innerJoin(
      scheduleAllcalls,
      and(eq(scheduleAllcalls.agencyId, scheduleAllcallRecipients.agencyId), eq(scheduleAllcalls.id, scheduleAllcallRecipients.allcallId)),
    )
    .innerJoin(
      scheduleShiftTypes,
      and(eq(scheduleShiftTypes.agencyId, scheduleAllcalls.agencyId), eq(scheduleShiftTypes.id, scheduleAllcalls.shiftTypeId)),
    )
    .where(
      and(eq(scheduleAllcallRecipients.agencyId, agencyId), eq(scheduleAllcallRecipients.userId, userId), gt(scheduleAllcalls.endsAt, now)),
    )
    .orderBy(asc(scheduleAllcalls.startsAt))
    .limit(20);
  return rows
    .map((row) => {
      const { asked: _asked, declined: _declined, created_by_name: _by, ...summary } = toSummary(row, now);
      return { ...summary, my_response: row.response, mine: row.call.filledBy === userId };
    })
    .sort((a, b) => Number(b.status === 'open') - Number(a.status === 'open') || a.starts_at.localeCompare(b.starts_at));
}

/** How many calls sent to a person still take answers and were not answered by them (home's line). */
export async function openCallsForPerson(tx: Tx, agencyId: string, userId: string, now = new Date()): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(scheduleAllcallRecipients)
    .innerJoin(
      scheduleAllcalls,
      and(eq(scheduleAllcalls.agencyId, scheduleAllcallRecipients.agencyId), eq(scheduleAllcalls.id, scheduleAllcallRecipients.allcallId)),
    )
    .where(
      and(
        eq(scheduleAllcallRecipients.agencyId, agencyId),
        eq(scheduleAllcallRecipients.userId, userId),
        sql`${scheduleAllcallRecipients.response} is null`,
        eq(scheduleAllcalls.status, 'open'),
        gt(scheduleAllcalls.closesAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Someone the filter reaches: their assignment on a schedule in force on the date, tier and how to reach them. */
export interface Candidate {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  position: string;
  groupId: string;
  tier: number;
}

/**
 * The active people assigned, on a schedule in force on `date`, to a group and position of the filter
 * (empty: any), in a tier of it; one entry per person (their first matching assignment). Reads the
 * platform's users table for the phone a text goes to, which people.ts does not carry.
 */
export async function candidates(
  tx: Tx,
  agencyId: string,
  filter: { date: string; groupIds: string[]; positions: string[]; tiers: number[] },
): Promise<Candidate[]> {
  const tier = sql<number>`coalesce(${schedulePeople.allCallTier}, 1)`;
  const rows = await tx
    .select({
      userId: scheduleAssignments.userId,
      name: users.name,
      email: users.email,
      phone: users.phone,
      position: scheduleAssignments.position,
      groupId: scheduleAssignments.groupId,
      tier,
    })
    .from(scheduleAssignments)
    .innerJoin(
      scheduleGroups,
      and(eq(scheduleGroups.agencyId, scheduleAssignments.agencyId), eq(scheduleGroups.id, scheduleAssignments.groupId)),
    )
    .innerJoin(schedules, and(eq(schedules.agencyId, scheduleGroups.agencyId), eq(schedules.id, scheduleGroups.scheduleId)))
    .innerJoin(users, and(eq(users.agencyId, scheduleAssignments.agencyId), eq(users.id, scheduleAssignments.userId)))
    .leftJoin(
      schedulePeople,
      and(eq(schedulePeople.agencyId, scheduleAssignments.agencyId), eq(schedulePeople.userId, scheduleAssignments.userId)),
    )
    .where(
      and(
        eq(scheduleAssignments.agencyId, agencyId),
        eq(users.status, 'active'),
        eq(schedules.archived, false),
        lte(schedules.startsOn, filter.date),
        gte(schedules.endsOn, filter.date),
        filter.groupIds.length ? inArray(scheduleAssignments.groupId, filter.groupIds) : undefined,
        filter.positions.length ? inArray(scheduleAssignments.position, filter.positions) : undefined,
        filter.tiers.length ? inArray(tier, filter.tiers) : undefined,
      ),
    )
    .orderBy(asc(tier), asc(users.name), asc(scheduleAssignments.userId));
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.userId) && seen.add(row.userId)).map((row) => ({ ...row, tier: Number(row.tier) }));
}

/** Of these people, who works a shift overlapping the window (scheduled, not off). */
export async function workingDuring(tx: Tx, agencyId: string, userIds: string[], startsAt: Date, endsAt: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ userId: scheduleShifts.userId })
    .from(scheduleShifts)
    .where(
      and(
        eq(scheduleShifts.agencyId, agencyId),
        inArray(scheduleShifts.userId, userIds),
        eq(scheduleShifts.status, 'scheduled'),
        lt(scheduleShifts.startsAt, endsAt),
        gt(scheduleShifts.endsAt, startsAt),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** Of these people, who has approved time off on the date. */
export async function offOn(tx: Tx, agencyId: string, userIds: string[], date: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ userId: timeOffRequests.userId })
    .from(timeOffRequests)
    .where(
      and(
        eq(timeOffRequests.agencyId, agencyId),
        inArray(timeOffRequests.userId, userIds),
        eq(timeOffRequests.status, 'approved'),
        lte(timeOffRequests.startsOn, date),
        gte(timeOffRequests.endsOn, date),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** A person's name and how to reach them (any status), for a text answer. */
export async function contactOf(tx: Tx, agencyId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email, status: users.status, accountType: users.accountType })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)));
  return row;
}

/** The names of these groups, for the board. */
export async function groupNames(tx: Tx, agencyId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ name: scheduleGroups.name })
    .from(scheduleGroups)
    .where(and(eq(scheduleGroups.agencyId, agencyId), inArray(scheduleGroups.id, ids)))
    .orderBy(asc(scheduleGroups.name));
  return rows.map((row) => row.name);
}
