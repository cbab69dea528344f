import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListVendorsQuery } from '../../core/contracts/fleet-records.ts';
import { inSequence, qualified, type Tx } from '../platform/database.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { vendors } from './schema.ts';

/** The fleet module's database access to vendors. Every query filters by agency as well as running under row-level security. */

export type VendorRow = typeof vendors.$inferSelect;

/** A vendor's name for a row that points at one (null when it points at none). */
export function vendorNameOf(agencyId: AnyPgColumn, vendorId: AnyPgColumn): SQL<string | null> {
  return sql`(select ${vendors.name} from ${vendors} where ${vendors.agencyId} = ${qualified(agencyId)} and ${vendors.id} = ${qualified(vendorId)})`;
}

export async function findVendor(tx: Tx, agencyId: string, id: string): Promise<VendorRow | undefined> {
  const [row] = await tx
    .select()
    .from(vendors)
    .where(and(eq(vendors.agencyId, agencyId), eq(vendors.id, id)));
  return row;
}

/** The vendor of this name (any case), if the agency has one. */
export async function findVendorByName(tx: Tx, agencyId: string, name: string): Promise<VendorRow | undefined> {
  const [row] = await tx
    .select()
    .from(vendors)
    .where(and(eq(vendors.agencyId, agencyId), sql`lower(${vendors.name}) = lower(${name})`));
  return row;
}

export async function insertVendor(tx: Tx, values: typeof vendors.$inferInsert): Promise<VendorRow> {
  const [row] = await tx.insert(vendors).values(values).returning();
  return row!;
}

export function updateVendorRow(tx: Tx, agencyId: string, id: string, version: number, values: Partial<typeof vendors.$inferInsert>) {
  return updateAtVersion(tx, vendors, and(eq(vendors.agencyId, agencyId), eq(vendors.id, id)), version, values);
}

/** A page of the agency's vendors by name (the active ones by default), with how many match. */
export async function listVendors(tx: Tx, agencyId: string, query: ListVendorsQuery) {
  const conditions: SQL[] = [eq(vendors.agencyId, agencyId)];
  if (query.status !== 'all') conditions.push(eq(vendors.active, query.status === 'active'));
  if (query.q) conditions.push(ilike(vendors.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`));
  const matching = and(...conditions);
  const where = query.include ? or(matching, and(eq(vendors.agencyId, agencyId), eq(vendors.id, query.include))) : matching;
  const [rows, [total]] = await inSequence([
    () =>
      tx
        .select()
        .from(vendors)
        .where(where)
        .orderBy(desc(vendors.active), asc(vendors.name), asc(vendors.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
    () => tx.select({ n: count() }).from(vendors).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The agency's active vendors by name, id and name only (an officer's fuel form). */
export function activeVendorNames(tx: Tx, agencyId: string) {
  return tx
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.agencyId, agencyId), eq(vendors.active, true)))
    .orderBy(asc(vendors.name))
    .limit(500);
}
