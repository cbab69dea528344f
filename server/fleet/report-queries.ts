import { and, asc, eq, gte, isNull, lt, max, min, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/database.ts';
import { fuelEntries, serviceRequests, squadCheckSubmissions, vehicleEvents, vehicles } from './schema.ts';

/**
 * The fleet report's and the cost of ownership's reads (issue 22, point 5), each over a period of
 * instants [from, to) and optionally one vehicle. Every query filters by agency as well as running
 * under row-level security, and reads through an index led by the agency.
 */

export interface Period {
  from: Date;
  to: Date;
  vehicleId?: string | undefined;
}

function scoped(agencyColumn: AnyPgColumn, agencyId: string, rest: SQL[]) {
  return and(eq(agencyColumn, agencyId), ...rest);
}

/** Completed service requests of the period: their category, when completed and what they cost. */
export function completedCosts(tx: Tx, agencyId: string, period: Period) {
  const conditions: SQL[] = [
    eq(serviceRequests.status, 'completed'),
    gte(serviceRequests.completedAt, period.from),
    lt(serviceRequests.completedAt, period.to),
  ];
  if (period.vehicleId) conditions.push(eq(serviceRequests.vehicleId, period.vehicleId));
  return tx
    .select({
      vehicleId: serviceRequests.vehicleId,
      category: serviceRequests.category,
      at: serviceRequests.completedAt,
      cents: serviceRequests.costCents,
    })
    .from(serviceRequests)
    .where(scoped(serviceRequests.agencyId, agencyId, conditions));
}

/** Valid fuel bought in the period: per fill, when and what it cost. */
export function fuelCosts(tx: Tx, agencyId: string, period: Period) {
  const conditions: SQL[] = [gte(fuelEntries.filledAt, period.from), lt(fuelEntries.filledAt, period.to), isNull(fuelEntries.voidedAt)];
  if (period.vehicleId) conditions.push(eq(fuelEntries.vehicleId, period.vehicleId));
  return tx
    .select({ vehicleId: fuelEntries.vehicleId, at: fuelEntries.filledAt, cents: fuelEntries.totalCents })
    .from(fuelEntries)
    .where(scoped(fuelEntries.agencyId, agencyId, conditions));
}

/** The lowest and highest odometer reading per vehicle in the period (readings and fills). */
export async function odometerSpans(tx: Tx, agencyId: string, period: Period) {
  const readings: SQL[] = [eq(vehicleEvents.kind, 'odometer'), gte(vehicleEvents.at, period.from), lt(vehicleEvents.at, period.to)];
  if (period.vehicleId) readings.push(eq(vehicleEvents.vehicleId, period.vehicleId));
  const fills: SQL[] = [gte(fuelEntries.filledAt, period.from), lt(fuelEntries.filledAt, period.to), isNull(fuelEntries.voidedAt)];
  if (period.vehicleId) fills.push(eq(fuelEntries.vehicleId, period.vehicleId));
  const fromEvents = await tx
    .select({ vehicleId: vehicleEvents.vehicleId, low: min(vehicleEvents.odometer), high: max(vehicleEvents.odometer) })
    .from(vehicleEvents)
    .where(scoped(vehicleEvents.agencyId, agencyId, readings))
    .groupBy(vehicleEvents.vehicleId);
  const fromFills = await tx
    .select({ vehicleId: fuelEntries.vehicleId, low: min(fuelEntries.odometer), high: max(fuelEntries.odometer) })
    .from(fuelEntries)
    .where(scoped(fuelEntries.agencyId, agencyId, fills))
    .groupBy(fuelEntries.vehicleId);
  const spans = new Map<string, { low: number; high: number }>();
  for (const row of [...fromEvents, ...fromFills]) {
    if (row.low === null || row.high === null) continue;
    const span = spans.get(row.vehicleId);
    spans.set(row.vehicleId, { low: Math.min(span?.low ?? row.low, row.low), high: Math.max(span?.high ?? row.high, row.high) });
  }
  return spans;
}

/** Status changes up to the period's end, per vehicle in order (downtime is walked from them). */
export function statusChanges(tx: Tx, agencyId: string, period: Period) {
  const conditions: SQL[] = [eq(vehicleEvents.kind, 'status'), lt(vehicleEvents.at, period.to)];
  if (period.vehicleId) conditions.push(eq(vehicleEvents.vehicleId, period.vehicleId));
  return tx
    .select({
      vehicleId: vehicleEvents.vehicleId,
      fromStatus: vehicleEvents.fromStatus,
      toStatus: vehicleEvents.toStatus,
      at: vehicleEvents.at,
    })
    .from(vehicleEvents)
    .where(scoped(vehicleEvents.agencyId, agencyId, conditions))
    .orderBy(asc(vehicleEvents.vehicleId), asc(vehicleEvents.at));
}

/** Squad checks submitted in the period: which vehicle and when. */
export function checksIn(tx: Tx, agencyId: string, period: Period) {
  return tx
    .select({ vehicleId: squadCheckSubmissions.vehicleId, at: squadCheckSubmissions.submittedAt })
    .from(squadCheckSubmissions)
    .where(
      scoped(squadCheckSubmissions.agencyId, agencyId, [
        gte(squadCheckSubmissions.submittedAt, period.from),
        lt(squadCheckSubmissions.submittedAt, period.to),
      ]),
    );
}

/** The agency's vehicles (unit number, status), for the report's names and the checks due. */
export function vehicleUnits(tx: Tx, agencyId: string) {
  return tx
    .select({ id: vehicles.id, unitNumber: vehicles.unitNumber, status: vehicles.status, createdAt: vehicles.createdAt })
    .from(vehicles)
    .where(eq(vehicles.agencyId, agencyId))
    .orderBy(asc(vehicles.unitNumber));
}
