import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../platform/database.ts';
import { maintenanceIntervals, vehicles } from './schema.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';

/** The fleet module's database access to preventive maintenance intervals. Every query filters by agency as well as running under row-level security. */

export type MaintenanceRow = typeof maintenanceIntervals.$inferSelect;

export async function listMaintenance(tx: Tx, agencyId: string, vehicleId?: string) {
  return tx
    .select({
      interval: maintenanceIntervals,
      unitNumber: vehicles.unitNumber,
      odometer: vehicles.odometer,
      vehicleStatus: vehicles.status,
    })
    .from(maintenanceIntervals)
    .innerJoin(vehicles, and(eq(vehicles.agencyId, maintenanceIntervals.agencyId), eq(vehicles.id, maintenanceIntervals.vehicleId)))
    .where(and(eq(maintenanceIntervals.agencyId, agencyId), vehicleId ? eq(maintenanceIntervals.vehicleId, vehicleId) : undefined))
    .orderBy(asc(vehicles.unitNumber), asc(maintenanceIntervals.category));
}

export async function findMaintenance(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(maintenanceIntervals)
    .where(and(eq(maintenanceIntervals.agencyId, agencyId), eq(maintenanceIntervals.id, id)));
  return row;
}

export async function insertMaintenance(tx: Tx, values: typeof maintenanceIntervals.$inferInsert) {
  const [row] = await tx.insert(maintenanceIntervals).values(values).returning();
  return row!;
}

export function updateMaintenanceRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number | null,
  values: Partial<typeof maintenanceIntervals.$inferInsert>,
) {
  return updateAtVersion(
    tx,
    maintenanceIntervals,
    and(eq(maintenanceIntervals.agencyId, agencyId), eq(maintenanceIntervals.id, id)),
    version,
    values,
  );
}

/** Resets the interval of that kind on that vehicle (a completed service of the kind). */
export async function resetMaintenance(tx: Tx, agencyId: string, vehicleId: string, category: string, odometer: number) {
  return tx
    .update(maintenanceIntervals)
    .set({ lastDoneAt: new Date(), lastDoneOdometer: odometer, version: sql`${maintenanceIntervals.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(maintenanceIntervals.agencyId, agencyId),
        eq(maintenanceIntervals.vehicleId, vehicleId),
        eq(maintenanceIntervals.category, category),
        eq(maintenanceIntervals.active, true),
      ),
    )
    .returning({ id: maintenanceIntervals.id });
}
