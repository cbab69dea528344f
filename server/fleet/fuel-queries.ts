import { and, asc, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { inIdList, pageWithTotal, uuidList, type Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { fuelEntries, vehicles } from './schema.ts';
import { vendorNameOf } from './vendor-queries.ts';

/** The fleet module's database access to the fuel log. Every query filters by agency as well as running under row-level security. */

export type FuelEntryRow = typeof fuelEntries.$inferSelect;

const LISTED = {
  entry: fuelEntries,
  unitNumber: vehicles.unitNumber,
  vendorName: vendorNameOf(fuelEntries.agencyId, fuelEntries.vendorId),
  enteredByName: userNameOf(fuelEntries.agencyId, fuelEntries.enteredBy),
};
export type ListedFuelEntry = { entry: FuelEntryRow; unitNumber: string; vendorName: string | null; enteredByName: string };

export async function insertFuelEntry(tx: Tx, values: typeof fuelEntries.$inferInsert): Promise<FuelEntryRow> {
  const [row] = await tx.insert(fuelEntries).values(values).returning();
  return row!;
}

export function updateFuelEntryRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number,
  values: Partial<typeof fuelEntries.$inferInsert>,
) {
  return updateAtVersion(tx, fuelEntries, and(eq(fuelEntries.agencyId, agencyId), eq(fuelEntries.id, id)), version, values);
}

export async function findFuelEntry(tx: Tx, agencyId: string, id: string): Promise<ListedFuelEntry | undefined> {
  const [row] = await tx
    .select(LISTED)
    .from(fuelEntries)
    .innerJoin(vehicles, and(eq(vehicles.agencyId, fuelEntries.agencyId), eq(vehicles.id, fuelEntries.vehicleId)))
    .where(and(eq(fuelEntries.agencyId, agencyId), eq(fuelEntries.id, id)));
  return row;
}

export interface FuelWindow {
  vehicleId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  voided: 'exclude' | 'include';
}

function conditionsOf(agencyId: string, window: FuelWindow): SQL[] {
  const conditions: SQL[] = [eq(fuelEntries.agencyId, agencyId)];
  if (window.vehicleId) conditions.push(eq(fuelEntries.vehicleId, window.vehicleId));
  if (window.from) conditions.push(gte(fuelEntries.filledAt, window.from));
  if (window.to) conditions.push(lt(fuelEntries.filledAt, window.to));
  if (window.voided === 'exclude') conditions.push(isNull(fuelEntries.voidedAt));
  return conditions;
}

/** A page of the log, newest fill first, with how many entries match (one statement: pageWithTotal). */
export async function listFuelEntries(tx: Tx, agencyId: string, window: FuelWindow, page: { limit: number; offset: number }) {
  const where = and(...conditionsOf(agencyId, window));
  const { rows, total } = await pageWithTotal(tx.select({ n: count() }).from(fuelEntries).where(where), page.offset, (pageTotal) =>
    tx
      .select({ ...LISTED, page_total: pageTotal })
      .from(fuelEntries)
      .innerJoin(vehicles, and(eq(vehicles.agencyId, fuelEntries.agencyId), eq(vehicles.id, fuelEntries.vehicleId)))
      .where(where)
      .orderBy(desc(fuelEntries.filledAt), desc(fuelEntries.id))
      .limit(page.limit)
      .offset(page.offset),
  );
  return { rows: rows as ListedFuelEntry[], total };
}

const fillsOfVehicleList = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select({
        id: fuelEntries.id,
        vehicleId: fuelEntries.vehicleId,
        filledAt: fuelEntries.filledAt,
        odometer: fuelEntries.odometer,
        quantityThousandths: fuelEntries.quantityThousandths,
        unit: fuelEntries.unit,
        fullTank: fuelEntries.fullTank,
      })
      .from(fuelEntries)
      .where(
        and(eq(fuelEntries.agencyId, sql.placeholder('agencyId')), inIdList(fuelEntries.vehicleId, 'ids'), isNull(fuelEntries.voidedAt)),
      )
      // The order the economy takes them in (core/fleet/fuel-economy.ts), so its sort finds them sorted.
      .orderBy(asc(fuelEntries.vehicleId), asc(fuelEntries.filledAt), asc(fuelEntries.odometer)),
);

/** The valid fills of these vehicles (what each one's economy and median are worked out from), a vehicle's together, earliest first. */
export function fillsOfVehicles(tx: Tx, agencyId: string, vehicleIds: string[]) {
  if (vehicleIds.length === 0) return Promise.resolve([]);
  return fillsOfVehicleList(tx, undefined, { agencyId, ids: uuidList(vehicleIds) });
}

/** The valid fills in the window (the outlier filter's candidates), newest first. */
export function fuelEntriesIn(tx: Tx, agencyId: string, window: FuelWindow) {
  return tx
    .select(LISTED)
    .from(fuelEntries)
    .innerJoin(vehicles, and(eq(vehicles.agencyId, fuelEntries.agencyId), eq(vehicles.id, fuelEntries.vehicleId)))
    .where(and(...conditionsOf(agencyId, window)))
    .orderBy(desc(fuelEntries.filledAt), desc(fuelEntries.id)) as Promise<ListedFuelEntry[]>;
}
