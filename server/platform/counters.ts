import { sql } from 'drizzle-orm';
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
