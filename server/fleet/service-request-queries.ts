import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { pageWithTotal, type Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import { vendorNameOf } from './vendor-queries.ts';
import type { ListServiceRequestsQuery } from '../../core/contracts/fleet.ts';
import { serviceRequestEvents, serviceRequests, vehicles } from './schema.ts';
import { type TimelineWindow, windowConditions } from './vehicle-queries.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';

/** The fleet module's database access to service requests and their events. Every query filters by agency as well as running under row-level security. */

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;

export async function insertServiceRequest(tx: Tx, values: typeof serviceRequests.$inferInsert): Promise<ServiceRequestRow> {
  const [row] = await tx.insert(serviceRequests).values(values).returning();
  return row!;
}

export async function findServiceRequest(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.agencyId, agencyId), eq(serviceRequests.id, id)));
  return row;
}

export function updateServiceRequestRow(
  tx: Tx,
  agencyId: string,
  id: string,
  /** null: whatever its version (a change the system makes itself, such as the cost following its work order). */
  version: number | null,
  values: Partial<typeof serviceRequests.$inferInsert>,
) {
  return updateAtVersion(tx, serviceRequests, and(eq(serviceRequests.agencyId, agencyId), eq(serviceRequests.id, id)), version, values);
}

export async function insertServiceRequestEvent(tx: Tx, values: typeof serviceRequestEvents.$inferInsert) {
  await tx.insert(serviceRequestEvents).values(values);
}

/** The events of some requests, each with its actor's name (one join, whatever the page size). */
export async function eventsOfRequests(tx: Tx, agencyId: string, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  const rows = await tx
    .select({ event: serviceRequestEvents, actorName: userNameOf(serviceRequestEvents.agencyId, serviceRequestEvents.actorId) })
    .from(serviceRequestEvents)
    .where(and(eq(serviceRequestEvents.agencyId, agencyId), inArray(serviceRequestEvents.requestId, requestIds)))
    .orderBy(asc(serviceRequestEvents.at), asc(serviceRequestEvents.id));
  return rows.map((r) => ({ ...r.event, actorName: r.actorName }));
}

/** Closed requests (completed, declined) wait for nothing (the expression of the queue's indexes, schema.ts). */
const closedLast = sql`(${serviceRequests.status} in ('completed', 'declined'))`;
/** Most urgent first (the expression of `service_requests_priority_idx`). */
const urgency = sql`(case ${serviceRequests.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end)`;

export async function listServiceRequests(tx: Tx, agencyId: string, query: ListServiceRequestsQuery & { reportedBy?: string }) {
  const conditions: Array<SQL | undefined> = [eq(serviceRequests.agencyId, agencyId)];
  if (query.status === 'active') conditions.push(inArray(serviceRequests.status, ['open', 'in_progress']));
  else if (query.status) conditions.push(eq(serviceRequests.status, query.status));
  if (query.priority) conditions.push(eq(serviceRequests.priority, query.priority));
  if (query.vehicle_id) conditions.push(eq(serviceRequests.vehicleId, query.vehicle_id));
  if (query.category) conditions.push(eq(serviceRequests.category, query.category));
  if (query.assignee_id) conditions.push(eq(serviceRequests.assigneeId, query.assignee_id));
  if (query.reportedBy) conditions.push(eq(serviceRequests.reportedBy, query.reportedBy));
  const where = and(...conditions);
  // Waiting longest first (the default), most urgent or soonest due: in a list of every status the
  // closed requests come after the open ones, since they wait for nothing (newest first is plain date
  // order; an officer's own list stays in date order, as its index has it). Each order has its index.
  const order: SQL[] = [
    ...(query.order !== 'newest' && query.status === undefined && !query.reportedBy ? [asc(closedLast)] : []),
    ...(query.order === 'priority' ? [asc(urgency)] : []),
    ...(query.order === 'due' ? [asc(serviceRequests.dueOn)] : []),
    query.order === 'newest' ? desc(serviceRequests.createdAt) : asc(serviceRequests.createdAt),
    asc(serviceRequests.number),
  ];
  const offset = (query.page - 1) * query.page_size;
  return pageWithTotal(tx.select({ n: count() }).from(serviceRequests).where(where), offset, (total) =>
    tx
      .select({ ...getTableColumns(serviceRequests), page_total: total })
      .from(serviceRequests)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset(offset),
  );
}

/** A vehicle's latest service requests for its timeline, with the reporter's name. */
export async function requestsOfVehicle(tx: Tx, agencyId: string, vehicleId: string, window: TimelineWindow) {
  return tx
    .select({
      id: serviceRequests.id,
      number: serviceRequests.number,
      status: serviceRequests.status,
      description: serviceRequests.description,
      createdAt: serviceRequests.createdAt,
      reporterName: userNameOf(serviceRequests.agencyId, serviceRequests.reportedBy),
    })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.agencyId, agencyId),
        eq(serviceRequests.vehicleId, vehicleId),
        ...windowConditions(serviceRequests.createdAt, window),
      ),
    )
    .orderBy(desc(serviceRequests.createdAt))
    .limit(window.limit);
}

/** Requests raised from these squad checks (the one a critical failure opened first), oldest first. */
export async function requestsOfSquadChecks(tx: Tx, agencyId: string, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  return tx
    .select({
      id: serviceRequests.id,
      number: serviceRequests.number,
      status: serviceRequests.status,
      squadCheckId: serviceRequests.squadCheckId,
      squadCheckItemId: serviceRequests.squadCheckItemId,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.agencyId, agencyId), inArray(serviceRequests.squadCheckId, submissionIds)))
    .orderBy(asc(serviceRequests.number));
}

/** Open requests that hold a vehicle out of service, other than `exceptId`. */
export async function otherOutOfServiceRequests(tx: Tx, agencyId: string, vehicleId: string, exceptId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.agencyId, agencyId),
        eq(serviceRequests.vehicleId, vehicleId),
        eq(serviceRequests.outOfService, true),
        inArray(serviceRequests.status, ['open', 'in_progress']),
        sql`${serviceRequests.id} <> ${exceptId}`,
      ),
    );
  return row?.n ?? 0;
}

/** Each service request's unit number, reporter's name and assignee's name. */
export async function serviceRequestLabels(tx: Tx, agencyId: string, requestIds: string[]) {
  if (requestIds.length === 0)
    return new Map<string, { unitNumber: string; reporterName: string; assigneeName: string | null; vendorName: string | null }>();
  const rows = await tx
    .select({
      id: serviceRequests.id,
      unitNumber: vehicles.unitNumber,
      reporterName: userNameOf(serviceRequests.agencyId, serviceRequests.reportedBy),
      assigneeName: userNameOf(serviceRequests.agencyId, serviceRequests.assigneeId),
      vendorName: vendorNameOf(serviceRequests.agencyId, serviceRequests.vendorId),
    })
    .from(serviceRequests)
    .innerJoin(vehicles, and(eq(vehicles.agencyId, serviceRequests.agencyId), eq(vehicles.id, serviceRequests.vehicleId)))
    .where(and(eq(serviceRequests.agencyId, agencyId), inArray(serviceRequests.id, requestIds)));
  return new Map(rows.map((r) => [r.id, r]));
}
