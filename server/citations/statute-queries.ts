import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CitationKind } from '../../core/contracts/citations.ts';
import type { Tx } from '../platform/database.ts';
import { containsPattern } from '../platform/text-search.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { citationStatutes } from './schema.ts';

/** The citations module's access to its statute library (the only place that queries it). */

export type StatuteRow = typeof citationStatutes.$inferSelect;

export function inForceOn(date: string): SQL {
  return sql`${lte(citationStatutes.effectiveFrom, date)} and (${isNull(citationStatutes.effectiveTo)} or ${gte(citationStatutes.effectiveTo, date)})`;
}

export async function listStatuteRows(
  tx: Tx,
  agencyId: string,
  filter: { q?: string | undefined; kind?: CitationKind | undefined; on?: string | undefined },
): Promise<StatuteRow[]> {
  return tx
    .select()
    .from(citationStatutes)
    .where(
      and(
        eq(citationStatutes.agencyId, agencyId),
        filter.on ? inForceOn(filter.on) : undefined,
        filter.kind ? sql`${citationStatutes.kinds} @> jsonb_build_array(${filter.kind}::text)` : undefined,
        filter.q
          ? or(
              sql`${citationStatutes.code} ilike ${containsPattern(filter.q)}`,
              sql`${citationStatutes.description} ilike ${containsPattern(filter.q)}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(citationStatutes.code), asc(citationStatutes.effectiveFrom));
}

/** Every statute of the agency (a library is at most a few hundred lines). */
export function allStatutes(tx: Tx, agencyId: string): Promise<StatuteRow[]> {
  return listStatuteRows(tx, agencyId, {});
}

export async function statutesByIds(tx: Tx, agencyId: string, ids: readonly string[]): Promise<StatuteRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(citationStatutes)
    .where(and(eq(citationStatutes.agencyId, agencyId), inArray(citationStatutes.id, [...new Set(ids)])));
}

export async function findStatute(tx: Tx, agencyId: string, id: string): Promise<StatuteRow | undefined> {
  const [row] = await tx
    .select()
    .from(citationStatutes)
    .where(and(eq(citationStatutes.agencyId, agencyId), eq(citationStatutes.id, id)));
  return row;
}

/** Inserts a statute; undefined when its code already has a version starting that day (or its id is taken). */
export async function insertStatute(tx: Tx, values: typeof citationStatutes.$inferInsert): Promise<StatuteRow | undefined> {
  const [row] = await tx.insert(citationStatutes).values(values).onConflictDoNothing().returning();
  return row;
}

export function updateStatuteRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number | null,
  values: Partial<typeof citationStatutes.$inferInsert>,
) {
  return updateAtVersion(tx, citationStatutes, and(eq(citationStatutes.agencyId, agencyId), eq(citationStatutes.id, id)), version, values);
}
