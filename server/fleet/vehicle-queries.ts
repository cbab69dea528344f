import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { fieldsOf, qualified, totalColumn, totalOfPage, type Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import type { ListVehiclesQuery } from '../../core/contracts/fleet.ts';
import { fuelEntries, serviceRequests, squadCheckSubmissions, vehicleEvents, vehicles } from './schema.ts';
import { users } from '../db/schema.ts';
import { userNameOf } from '../platform/people.ts';
import { containsPattern } from '../platform/text-search.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';

/** The fleet module's database access to vehicles and their history. Every query filters by agency as well as running under row-level security. */

export type VehicleRow = typeof vehicles.$inferSelect;

/** Each sort of the list, as the vehicle's field it orders by. */
const SORT_KEY = {
  unit_number: 'unitNumber',
  vehicle_type: 'vehicleType',
  status: 'status',
  odometer: 'odometer',
  year: 'year',
  make: 'make',
} as const satisfies Record<ListVehiclesQuery['sort'], keyof VehicleRow>;

/** How many of the agency's vehicles are in each status, in one pass. */
export async function countVehiclesByStatus(tx: Tx, agencyId: string): Promise<Record<(typeof vehicles.$inferSelect)['status'], number>> {
  const rows = await tx
    .select({ status: vehicles.status, n: count() })
    .from(vehicles)
    .where(eq(vehicles.agencyId, agencyId))
    .groupBy(vehicles.status);
  const counts = { in_service: 0, out_of_service: 0, retired: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * The list's filter, with placeholders for its values (given by `listVehicles`): the agency, and the
 * status, type and words when the query has them.
 */
function vehicleFilter(query: ListVehiclesQuery): SQL {
  const conditions: Array<SQL | undefined> = [eq(vehicles.agencyId, sql.placeholder('agencyId'))];
  if (query.status) conditions.push(eq(vehicles.status, sql.placeholder('status')));
  if (query.vehicle_type) conditions.push(eq(vehicles.vehicleType, sql.placeholder('vehicleType')));
  if (query.q) {
    const pattern = sql.placeholder('pattern');
    conditions.push(
      or(
        ilike(vehicles.unitNumber, pattern),
        ilike(vehicles.plate, pattern),
        ilike(vehicles.vin, pattern),
        ilike(vehicles.make, pattern),
        ilike(vehicles.model, pattern),
      ),
    );
  }
  return and(...conditions)!;
}

const VEHICLE_KEYS = Object.keys(getTableColumns(vehicles)) as Array<keyof VehicleRow>;

/** What changes the list's statement: which filters it has, and its order. */
const vehicleListShape = (query: ListVehiclesQuery) =>
  `${query.status ? 's' : ''}${query.vehicle_type ? 't' : ''}${query.q ? 'q' : ''}/${query.sort}/${query.order}`;

const vehicleCount = reusedStatement(vehicleListShape, (tx, query: ListVehiclesQuery) =>
  tx.select({ n: count() }).from(vehicles).where(vehicleFilter(query)),
);

const vehiclePage = reusedStatement(vehicleListShape, (tx, query: ListVehiclesQuery) => {
  const direction = query.order === 'desc' ? desc : asc;
  // The page as it always was (its plan unchanged), then each of its vehicles' labels, read by the
  // statement around it for the page's rows only: one round trip where there were two. The outer
  // ORDER BY keeps the page's order (a subquery's is not the statement's); it sorts the page alone.
  const page = tx
    .select({ ...getTableColumns(vehicles), page_total: totalColumn(tx.select({ n: count() }).from(vehicles).where(vehicleFilter(query))) })
    .from(vehicles)
    .where(vehicleFilter(query))
    .orderBy(direction(vehicles[SORT_KEY[query.sort]]), asc(vehicles.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return tx
    .select({
      ...fieldsOf(page, VEHICLE_KEYS),
      assignedName: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.agencyId} = ${qualified(vehicles.agencyId, 'page')} and ${users.id} = ${qualified(vehicles.assignedUserId, 'page')})`,
      openRequests: openRequestsOf(qualified(vehicles.agencyId, 'page'), qualified(vehicles.id, 'page')),
      page_total: page.page_total,
    })
    .from(page)
    .orderBy(direction(page[SORT_KEY[query.sort]]), asc(page.id))
    .limit(sql.placeholder('limit'));
});

export async function listVehicles(tx: Tx, agencyId: string, query: ListVehiclesQuery) {
  const offset = (query.page - 1) * query.page_size;
  const values = {
    agencyId,
    status: query.status,
    vehicleType: query.vehicle_type,
    pattern: query.q ? containsPattern(query.q) : undefined,
    limit: query.page_size,
    offset,
  };
  return totalOfPage(await vehiclePage(tx, query, values), offset, () => vehicleCount(tx, query, values));
}

export async function findVehicle(tx: Tx, agencyId: string, vehicleId: string): Promise<VehicleRow | undefined> {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.id, vehicleId)));
  return row;
}

export async function insertVehicle(tx: Tx, values: typeof vehicles.$inferInsert): Promise<VehicleRow> {
  const [row] = await tx.insert(vehicles).values(values).returning();
  return row!;
}

export function updateVehicleRow(
  tx: Tx,
  agencyId: string,
  vehicleId: string,
  version: number | null,
  values: Partial<typeof vehicles.$inferInsert>,
) {
  return updateAtVersion(tx, vehicles, and(eq(vehicles.agencyId, agencyId), eq(vehicles.id, vehicleId)), version, values);
}

/** Sets a higher odometer reading; false when the vehicle already reads as much or more. */
export async function raiseOdometer(tx: Tx, agencyId: string, vehicleId: string, reading: number): Promise<boolean> {
  const raised = await updateAtVersion(
    tx,
    vehicles,
    and(eq(vehicles.agencyId, agencyId), eq(vehicles.id, vehicleId), lt(vehicles.odometer, reading)),
    null,
    { odometer: reading },
  );
  return raised !== null;
}

/**
 * The highest reading a vehicle has from every source its odometer comes from: the odometer events (added
 * to the fleet, manual, squad checks, service requests) and the fuel log's valid entries as they now read
 * (the events a fill-up wrote keep the reading as first typed, so they are left out for the entry itself).
 */
export async function highestOdometerReading(tx: Tx, agencyId: string, vehicleId: string): Promise<number | null> {
  const [events] = await tx
    .select({ reading: sql<number | null>`max(${vehicleEvents.odometer})` })
    .from(vehicleEvents)
    .where(
      and(
        eq(vehicleEvents.agencyId, agencyId),
        eq(vehicleEvents.vehicleId, vehicleId),
        eq(vehicleEvents.kind, 'odometer'),
        sql`${vehicleEvents.source} <> 'fuel'`,
      ),
    );
  const [fills] = await tx
    .select({ reading: sql<number | null>`max(${fuelEntries.odometer})` })
    .from(fuelEntries)
    .where(and(eq(fuelEntries.agencyId, agencyId), eq(fuelEntries.vehicleId, vehicleId), isNull(fuelEntries.voidedAt)));
  const readings = [events?.reading, fills?.reading].flatMap((value) => (value === null || value === undefined ? [] : [Number(value)]));
  return readings.length ? Math.max(...readings) : null;
}

/** The vehicle row, locked until the transaction ends: status decisions must not race. */
export async function lockVehicle(tx: Tx, agencyId: string, vehicleId: string) {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.id, vehicleId)))
    .for('update');
  return row;
}

/** How the vehicle last went out of service (manual, squad check or service request). */
export async function lastOutOfServiceCause(tx: Tx, agencyId: string, vehicleId: string) {
  const [row] = await tx
    .select({ source: vehicleEvents.source, sourceId: vehicleEvents.sourceId })
    .from(vehicleEvents)
    .where(
      and(
        eq(vehicleEvents.agencyId, agencyId),
        eq(vehicleEvents.vehicleId, vehicleId),
        eq(vehicleEvents.kind, 'status'),
        eq(vehicleEvents.toStatus, 'out_of_service'),
      ),
    )
    .orderBy(desc(vehicleEvents.at), desc(vehicleEvents.id))
    .limit(1);
  return row;
}

export async function insertVehicleEvent(tx: Tx, values: typeof vehicleEvents.$inferInsert) {
  await tx.insert(vehicleEvents).values(values);
}

/** Which of a vehicle's timeline rows to read: newest first, before and/or from an instant, at most `limit`. */
export interface TimelineWindow {
  before?: Date | undefined;
  from?: Date | undefined;
  limit: number;
}

/** A window's bounds on `column`, each where the window has it: a time, or a placeholder for one (a reused statement). */
export function windowConditions(
  column: Parameters<typeof lt>[0],
  window: { before?: Date | SQLWrapper | undefined; from?: Date | SQLWrapper | undefined },
) {
  return [window.before ? lt(column, window.before) : undefined, window.from ? gte(column, window.from) : undefined];
}

/** Vehicles in service with no squad check since `since`. */
export async function vehiclesNotCheckedSince(tx: Tx, agencyId: string, since: Date) {
  return tx
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.agencyId, agencyId),
        eq(vehicles.status, 'in_service'),
        or(isNull(vehicles.lastSquadCheckAt), lt(vehicles.lastSquadCheckAt, since)),
      ),
    )
    .orderBy(asc(vehicles.unitNumber));
}

/** Vehicles assigned to the user, then those they checked or reported on recently. */
export async function vehiclesOfOfficer(tx: Tx, agencyId: string, userId: string, limit: number) {
  // The union of two index lookups (assigned to them, checked by them lately), so the few cars found are
  // read by id, not every car of the agency filtered (query-plans test).
  const assigned = tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.assignedUserId, userId)));
  const recent = tx
    .select({ id: squadCheckSubmissions.vehicleId })
    .from(squadCheckSubmissions)
    .where(
      and(
        eq(squadCheckSubmissions.agencyId, agencyId),
        eq(squadCheckSubmissions.officerId, userId),
        gte(squadCheckSubmissions.submittedAt, new Date(Date.now() - 30 * 86_400_000)),
      ),
    );
  return tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), inArray(vehicles.id, union(assigned, recent))))
    .orderBy(desc(sql`coalesce(${vehicles.assignedUserId} = ${userId}, false)`), asc(vehicles.unitNumber))
    .limit(limit);
}

/** How many open or in-progress service requests a vehicle has (its agency and id as the outer statement names them). */
function openRequestsOf(agencyId: SQLWrapper, vehicleId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*) from ${serviceRequests} where ${serviceRequests.agencyId} = ${agencyId} and ${serviceRequests.vehicleId} = ${vehicleId} and ${serviceRequests.status} in ('open', 'in_progress'))`.mapWith(
    Number,
  );
}

/** Each vehicle's unit number, assigned person's name and open service requests. */
export async function vehicleLabels(tx: Tx, agencyId: string, vehicleIds: string[]) {
  if (vehicleIds.length === 0) return new Map<string, { unitNumber: string; assignedName: string | null; openRequests: number }>();
  const rows = await tx
    .select({
      id: vehicles.id,
      unitNumber: vehicles.unitNumber,
      assignedName: userNameOf(vehicles.agencyId, vehicles.assignedUserId),
      openRequests: openRequestsOf(qualified(vehicles.agencyId), qualified(vehicles.id)),
    })
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), inArray(vehicles.id, vehicleIds)));
  return new Map(rows.map((r) => [r.id, r]));
}
