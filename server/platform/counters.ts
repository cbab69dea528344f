import { and, eq, sql } from 'drizzle-orm';
import { agencyCounters } from '../db/schema.ts';
import type { Tx } from './database.ts';

/** The agency's next number of a sequence (service requests, later citations and cases): never reused, even after a rollback of a later change. */
export async function nextNumber(tx: Tx, agencyId: string, name: string): Promise<number> {
  const [row] = await tx
    .insert(agencyCounters)
    .values({ agencyId, name, value: 1 })
    .onConflictDoUpdate({ target: [agencyCounters.agencyId, agencyCounters.name], set: { value: sql`${agencyCounters.value} + 1` } })
    .returning({ value: agencyCounters.value });
  return row!.value;
}

/** The last number of a sequence given so far (0 before the first). */
export async function currentNumber(tx: Tx, agencyId: string, name: string): Promise<number> {
  const [row] = await tx
    .select({ value: agencyCounters.value })
    .from(agencyCounters)
    .where(and(eq(agencyCounters.agencyId, agencyId), eq(agencyCounters.name, name)));
  return row?.value ?? 0;
}

/**
 * Moves a sequence on so that the next number given is `next` (an agency starting on the numbers of
 * its paper books). Never back: answers false, changing nothing, when a number at or past `next` was
 * already given.
 */
export async function advanceCounter(tx: Tx, agencyId: string, name: string, next: number): Promise<boolean> {
  const [row] = await tx
    .insert(agencyCounters)
    .values({ agencyId, name, value: next - 1 })
    .onConflictDoUpdate({
      target: [agencyCounters.agencyId, agencyCounters.name],
      set: { value: next - 1 },
      setWhere: sql`${agencyCounters.value} < ${next - 1}`,
    })
    .returning({ value: agencyCounters.value });
  return row !== undefined;
}
