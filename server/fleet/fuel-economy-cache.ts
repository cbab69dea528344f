import { and, eq, sql } from 'drizzle-orm';
import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { convertQuantity, fuelEconomy, type FillEconomy, type FuelUnit } from '../../core/fleet/fuel-economy.ts';
import { inIdList, uuidList, type Tx } from '../platform/database.ts';
import { KeptByVersion, perServer } from '../platform/kept-by-version.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { fillsOfVehicles } from './fuel-queries.ts';

/** Each vehicle's fuel version (migration 0045; written only by its triggers, so not in schema.ts, as schedule_versions is not). */
const fuelVersions = pgTable('fuel_versions', {
  agencyId: uuid('agency_id').notNull(),
  vehicleId: uuid('vehicle_id').notNull(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

const versionsOfVehicles = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select({ vehicleId: fuelVersions.vehicleId, version: fuelVersions.version })
      .from(fuelVersions)
      .where(and(eq(fuelVersions.agencyId, sql.placeholder('agencyId')), inIdList(fuelVersions.vehicleId, 'ids'))),
);

/** A vehicle's fills' economy, by fill id. */
type VehicleEconomy = Map<string, FillEconomy>;

/** What the kept economies may hold in all, counted in fills (~100 bytes each): ~10 MB. */
const FILLS_KEPT = 100_000;
/** And at most this many vehicles' (in each unit an agency asked for). */
const VEHICLES_KEPT = 5_000;

/**
 * The economy this server worked out for each vehicle, in a unit, with the vehicle's fuel version read
 * before its fills (migration 0045: every change to its fills raises it at the commit). The fuel log's
 * page is most of an agency's cars, and each one's economy is its whole log worked through
 * (core/fleet/fuel-economy.ts); kept, a page reads one version per car instead.
 */
export const economyCacheOf = perServer(
  () => new KeptByVersion<VehicleEconomy>({ items: FILLS_KEPT, entries: VEHICLES_KEPT, sizeOf: (economy) => 1 + economy.size }),
);

export type EconomyCache = KeptByVersion<VehicleEconomy>;

/**
 * Each of these vehicles' fills' economy, in the agency's unit (entries kept in another unit converted),
 * kept in `cache`; with none (a transaction that changed fills, whose versions rise only at its commit),
 * all worked out from the fills.
 */
export async function economyOf(
  cache: EconomyCache | null,
  tx: Tx,
  agencyId: string,
  vehicleIds: string[],
  unit: FuelUnit,
): Promise<Map<string, FillEconomy>> {
  const result = new Map<string, FillEconomy>();
  const ids = [...new Set(vehicleIds)];
  if (ids.length === 0) return result;
  const versions = new Map(
    cache ? (await versionsOfVehicles(tx, undefined, { agencyId, ids: uuidList(ids) })).map((row) => [row.vehicleId, row.version]) : [],
  );
  const keyOf = (vehicleId: string) => `${agencyId}|${vehicleId}|${unit}`;
  const missing: string[] = [];
  for (const id of ids) {
    const kept = cache?.peek(keyOf(id), versions.get(id));
    if (kept) for (const [fill, economy] of kept) result.set(fill, economy);
    else missing.push(id);
  }
  if (missing.length === 0) return result;
  // The fills are read after the versions, so what is worked out from them is never older than the version it is kept with.
  const fills = await fillsOfVehicles(tx, agencyId, missing);
  const byVehicle = new Map<string, Array<(typeof fills)[number]>>(missing.map((id) => [id, []]));
  for (const fill of fills) byVehicle.get(fill.vehicleId)?.push(fill);
  for (const [vehicleId, list] of byVehicle) {
    const economy = fuelEconomy(
      list.map((fill) => ({
        id: fill.id,
        filled_at_ms: fill.filledAt.getTime(),
        odometer: fill.odometer,
        quantity: convertQuantity(fill.quantityThousandths / 1000, fill.unit, unit),
        full_tank: fill.fullTank,
      })),
      unit,
    );
    for (const [fill, value] of economy) result.set(fill, value);
    const version = versions.get(vehicleId);
    if (version !== undefined) cache?.keep(keyOf(vehicleId), version, economy);
  }
  return result;
}
