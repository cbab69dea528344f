import { and, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { TradeStatus } from '../../core/contracts/schedule.ts';
import { OPEN_TRADE_STATUSES } from '../../core/contracts/schedule-trades.ts';
import type { Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { scheduleShifts, scheduleTrades } from './schema.ts';

/** Trades: the only code that reads or writes schedule_trades. */

export type TradeRow = typeof scheduleTrades.$inferSelect;
export interface TradeRecord {
  row: TradeRow;
  requesterName: string;
  recipientName: string;
  arrangedByName: string | null;
  decidedByName: string | null;
}

const tradeColumns = {
  row: scheduleTrades,
  requesterName: userNameOf(scheduleTrades.agencyId, scheduleTrades.requesterId),
  recipientName: userNameOf(scheduleTrades.agencyId, scheduleTrades.recipientId),
  arrangedByName: userNameOf(scheduleTrades.agencyId, scheduleTrades.arrangedBy),
  decidedByName: userNameOf(scheduleTrades.agencyId, scheduleTrades.decidedBy),
};

export const TRADES_PAGE_SIZE = 25;

export async function insertTrade(tx: Tx, values: typeof scheduleTrades.$inferInsert): Promise<string> {
  const [row] = await tx.insert(scheduleTrades).values(values).returning({ id: scheduleTrades.id });
  return row!.id;
}

export async function findTrade(tx: Tx, agencyId: string, id: string): Promise<TradeRecord | undefined> {
  const [row] = await tx
    .select(tradeColumns)
    .from(scheduleTrades)
    .where(and(eq(scheduleTrades.agencyId, agencyId), eq(scheduleTrades.id, id)));
  return row;
}

/** A page of trades, newest first: someone's (as requester, recipient or arranger), or everyone's. */
export async function listTrades(
  tx: Tx,
  agencyId: string,
  query: { participantId?: string; status?: TradeStatus; excludeParticipantId?: string; page: number },
): Promise<{ rows: TradeRecord[]; total: number }> {
  const conditions: SQL[] = [eq(scheduleTrades.agencyId, agencyId)];
  if (query.participantId)
    conditions.push(
      or(
        eq(scheduleTrades.requesterId, query.participantId),
        eq(scheduleTrades.recipientId, query.participantId),
        eq(scheduleTrades.arrangedBy, query.participantId),
      )!,
    );
  if (query.excludeParticipantId)
    conditions.push(ne(scheduleTrades.requesterId, query.excludeParticipantId), ne(scheduleTrades.recipientId, query.excludeParticipantId));
  if (query.status) conditions.push(eq(scheduleTrades.status, query.status));
  const where = and(...(conditions as [SQL, ...SQL[]]));
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(scheduleTrades).where(where);
  const rows = await tx
    .select(tradeColumns)
    .from(scheduleTrades)
    .where(where)
    .orderBy(desc(scheduleTrades.createdAt), desc(scheduleTrades.id))
    .limit(TRADES_PAGE_SIZE)
    .offset((query.page - 1) * TRADES_PAGE_SIZE);
  return { rows, total: Number(total) };
}

/** Trades waiting for this person to answer as the colleague asked. */
export async function countToAnswer(tx: Tx, agencyId: string, userId: string): Promise<number> {
  const [{ total } = { total: 0 }] = await tx
    .select({ total: count() })
    .from(scheduleTrades)
    .where(and(eq(scheduleTrades.agencyId, agencyId), eq(scheduleTrades.recipientId, userId), eq(scheduleTrades.status, 'proposed')));
  return Number(total);
}

/** Accepted trades waiting for a supervisor's decision, leaving out those the supervisor is part of. */
export async function countToDecide(tx: Tx, agencyId: string, supervisorId: string): Promise<number> {
  const [{ total } = { total: 0 }] = await tx
    .select({ total: count() })
    .from(scheduleTrades)
    .where(
      and(
        eq(scheduleTrades.agencyId, agencyId),
        eq(scheduleTrades.status, 'accepted'),
        ne(scheduleTrades.requesterId, supervisorId),
        ne(scheduleTrades.recipientId, supervisorId),
      ),
    );
  return Number(total);
}

/** Open trades (proposed or accepted) holding any of these shifts, other than `exceptId`. */
export async function openTradesOnShifts(tx: Tx, agencyId: string, shiftIds: string[], exceptId?: string): Promise<TradeRow[]> {
  if (shiftIds.length === 0) return [];
  return tx
    .select()
    .from(scheduleTrades)
    .where(
      and(
        eq(scheduleTrades.agencyId, agencyId),
        inArray(scheduleTrades.status, [...OPEN_TRADE_STATUSES]),
        or(inArray(scheduleTrades.shiftId, shiftIds), inArray(scheduleTrades.recipientShiftId, shiftIds)),
        exceptId ? ne(scheduleTrades.id, exceptId) : undefined,
      ),
    );
}

/** The shifts held by open trades among these, for the form's pickers. */
export async function shiftsInOpenTrades(tx: Tx, agencyId: string, shiftIds: string[]): Promise<Set<string>> {
  const rows = await openTradesOnShifts(tx, agencyId, shiftIds);
  return new Set(rows.flatMap((row) => [row.shiftId, row.recipientShiftId].filter((id): id is string => id !== null)));
}

/** Holds these shifts until the transaction ends, so an approval weighs and changes them as they are. */
export async function lockShifts(tx: Tx, agencyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: scheduleShifts.id })
    .from(scheduleShifts)
    .where(and(eq(scheduleShifts.agencyId, agencyId), inArray(scheduleShifts.id, ids)))
    .for('update');
}

/** Gives a shift to another person in a position, at the version the approval read (null when someone changed it first). */
export function handOverShift(tx: Tx, agencyId: string, id: string, version: number, to: { userId: string; position: string }) {
  return updateAtVersion(tx, scheduleShifts, and(eq(scheduleShifts.agencyId, agencyId), eq(scheduleShifts.id, id)), version, {
    userId: to.userId,
    position: to.position,
    // Changed by hand now: a regeneration of the rotation leaves it alone.
    fromRotation: false,
  });
}

/** Moves a trade from one status to the next, at `version` (null: whatever its version, for the colleague's answer, which carries none). */
export function updateTrade(
  tx: Tx,
  agencyId: string,
  id: string,
  from: TradeStatus,
  version: number | null,
  values: Partial<Pick<TradeRow, 'status' | 'acceptedAt' | 'decidedBy' | 'decidedAt' | 'decisionNote'>>,
) {
  return updateAtVersion(
    tx,
    scheduleTrades,
    and(eq(scheduleTrades.agencyId, agencyId), eq(scheduleTrades.id, id), eq(scheduleTrades.status, from)),
    version,
    values,
  );
}
