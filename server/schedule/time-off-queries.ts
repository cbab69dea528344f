import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TimeOffRequest } from '../../core/contracts/schedule.ts';
import type { Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import { timeOffLedger, timeOffRequests, timeOffTypes } from './schema.ts';

/** Time-off requests and the balance ledger. */

const requestColumns = {
  request: timeOffRequests,
  userName: userNameOf(timeOffRequests.agencyId, timeOffRequests.userId),
  typeName: timeOffTypes.name,
  decidedByName: userNameOf(timeOffRequests.agencyId, timeOffRequests.decidedBy),
};

function toRequest(row: {
  request: typeof timeOffRequests.$inferSelect;
  userName: string;
  typeName: string;
  decidedByName: string | null;
}): TimeOffRequest {
  const r = row.request;
  return {
    id: r.id,
    user_id: r.userId,
    user_name: row.userName,
    type_id: r.typeId,
    type_name: row.typeName,
    starts_on: r.startsOn,
    ends_on: r.endsOn,
    hours: Number(r.hours),
    note: r.note,
    status: r.status,
    decided_by_name: row.decidedByName,
    decided_at: r.decidedAt?.toISOString() ?? null,
    decision_note: r.decisionNote,
    created_at: r.createdAt.toISOString(),
    version: r.version,
  };
}

function selectRequests(tx: Tx) {
  return tx
    .select(requestColumns)
    .from(timeOffRequests)
    .innerJoin(timeOffTypes, and(eq(timeOffTypes.agencyId, timeOffRequests.agencyId), eq(timeOffTypes.id, timeOffRequests.typeId)));
}

export async function findRequest(tx: Tx, agencyId: string, id: string): Promise<TimeOffRequest | undefined> {
  const [row] = await selectRequests(tx).where(and(eq(timeOffRequests.agencyId, agencyId), eq(timeOffRequests.id, id)));
  return row ? toRequest(row) : undefined;
}

export const TIME_OFF_PAGE_SIZE = 25;

export async function listRequests(
  tx: Tx,
  agencyId: string,
  query: { userId?: string; status?: TimeOffRequest['status']; page: number },
): Promise<{ items: TimeOffRequest[]; total: number }> {
  const where = and(
    eq(timeOffRequests.agencyId, agencyId),
    query.userId ? eq(timeOffRequests.userId, query.userId) : undefined,
    query.status ? eq(timeOffRequests.status, query.status) : undefined,
  );
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(timeOffRequests).where(where);
  const rows = await selectRequests(tx)
    .where(where)
    .orderBy(query.status === 'pending' ? timeOffRequests.startsOn : desc(timeOffRequests.startsOn), desc(timeOffRequests.createdAt))
    .limit(TIME_OFF_PAGE_SIZE)
    .offset((query.page - 1) * TIME_OFF_PAGE_SIZE);
  return { items: rows.map(toRequest), total: Number(total) };
}

export async function countRequests(tx: Tx, agencyId: string, status: TimeOffRequest['status'], userId?: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(timeOffRequests)
    .where(
      and(
        eq(timeOffRequests.agencyId, agencyId),
        eq(timeOffRequests.status, status),
        userId ? eq(timeOffRequests.userId, userId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** How many people have approved time off on each of these dates (for the daily cap). */
export async function peopleOffByDate(
  tx: Tx,
  agencyId: string,
  from: string,
  to: string,
  exceptUserId: string,
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ userId: timeOffRequests.userId, startsOn: timeOffRequests.startsOn, endsOn: timeOffRequests.endsOn })
    .from(timeOffRequests)
    .where(
      and(
        eq(timeOffRequests.agencyId, agencyId),
        eq(timeOffRequests.status, 'approved'),
        lte(timeOffRequests.startsOn, to),
        gte(timeOffRequests.endsOn, from),
      ),
    );
  const byDate = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.userId === exceptUserId) continue;
    for (let date = row.startsOn < from ? from : row.startsOn; date <= row.endsOn && date <= to; date = nextDay(date)) {
      const people = byDate.get(date) ?? new Set<string>();
      people.add(row.userId);
      byDate.set(date, people);
    }
  }
  return new Map([...byDate].map(([date, people]) => [date, people.size]));
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Balances per type for a person: the ledger's sum, and what pending requests would take. */
export async function balancesOf(tx: Tx, agencyId: string, userId: string) {
  const ledger = await tx
    .select({ typeId: timeOffLedger.typeId, hours: sql<string>`sum(${timeOffLedger.hours})` })
    .from(timeOffLedger)
    .where(and(eq(timeOffLedger.agencyId, agencyId), eq(timeOffLedger.userId, userId)))
    .groupBy(timeOffLedger.typeId);
  const pending = await tx
    .select({ typeId: timeOffRequests.typeId, hours: sql<string>`sum(${timeOffRequests.hours})` })
    .from(timeOffRequests)
    .where(and(eq(timeOffRequests.agencyId, agencyId), eq(timeOffRequests.userId, userId), eq(timeOffRequests.status, 'pending')))
    .groupBy(timeOffRequests.typeId);
  return {
    balance: new Map(ledger.map((row) => [row.typeId, Number(row.hours)])),
    pending: new Map(pending.map((row) => [row.typeId, Number(row.hours)])),
  };
}

export async function addLedgerEntries(tx: Tx, rows: Array<typeof timeOffLedger.$inferInsert>): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx.insert(timeOffLedger).values(rows).onConflictDoNothing().returning({ id: timeOffLedger.id });
  return inserted.length;
}

/** Each person's balance of each type, for the year-end lapse. */
export async function allBalances(tx: Tx, agencyId: string, typeIds: string[]) {
  if (typeIds.length === 0) return [];
  const rows = await tx
    .select({ userId: timeOffLedger.userId, typeId: timeOffLedger.typeId, hours: sql<string>`sum(${timeOffLedger.hours})` })
    .from(timeOffLedger)
    .where(and(eq(timeOffLedger.agencyId, agencyId), inArray(timeOffLedger.typeId, typeIds)))
    .groupBy(timeOffLedger.userId, timeOffLedger.typeId);
  return rows.map((row) => ({ userId: row.userId, typeId: row.typeId, hours: Number(row.hours) }));
}

export async function ledgerEntryExists(tx: Tx, agencyId: string, entry: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: timeOffLedger.id })
    .from(timeOffLedger)
    .where(and(eq(timeOffLedger.agencyId, agencyId), eq(timeOffLedger.entry, entry)))
    .limit(1);
  return row !== undefined;
}
