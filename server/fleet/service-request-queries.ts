import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { inFixed, qualified, totalColumn, totalOfPage, type Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { userNameOf } from '../platform/people.ts';
import { vendorNameOf } from './vendor-queries.ts';
import type { ListServiceRequestsQuery } from '../../core/contracts/fleet.ts';
import { serviceRequestEvents, serviceRequests, vehicles, workOrders } from './schema.ts';
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

/** Closed requests (completed, declined) wait for nothing (the expression of the queue's indexes, schema.ts). */
const closedLast = sql`(${serviceRequests.status} in ('completed', 'declined'))`;
/**
 * Open or in progress: not closed, written as the indexes' own expression `is false` (`= false` or
 * `not` would be rewritten to `status <> all (…)`, which no index holds). The active queue then reads
 * its page in order from `service_requests_open_first_idx` (or the priority or due index), however
 * many closed requests the agency has, and its generic plan is as good as one made for its values:
 * with the statuses as parameters it was planned again on every request (0.57 ms of the database's time).
 */
const isActive = sql`${closedLast} is false`;
/** Most urgent first (the expression of `service_requests_priority_idx`). */
const urgency = sql`(case ${serviceRequests.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end)`;

type ServiceRequestListQuery = ListServiceRequestsQuery & { reportedBy?: string | undefined };

/** The queue's filter, with placeholders for its values (`listServiceRequests`). */
function requestFilter(query: ServiceRequestListQuery): SQL {
  const conditions: Array<SQL | undefined> = [eq(serviceRequests.agencyId, sql.placeholder('agencyId'))];
  if (query.status === 'active') conditions.push(isActive);
  else if (query.status) conditions.push(eq(serviceRequests.status, sql.placeholder('status')));
  if (query.priority) conditions.push(eq(serviceRequests.priority, sql.placeholder('priority')));
  if (query.vehicle_id) conditions.push(eq(serviceRequests.vehicleId, sql.placeholder('vehicleId')));
  if (query.category) conditions.push(eq(serviceRequests.category, sql.placeholder('category')));
  if (query.assignee_id) conditions.push(eq(serviceRequests.assigneeId, sql.placeholder('assigneeId')));
  if (query.reportedBy) conditions.push(eq(serviceRequests.reportedBy, sql.placeholder('reportedBy')));
  return and(...conditions)!;
}

/** What changes the queue's statement: which filters it has (active, or one status), and its order. */
const requestListShape = (query: ServiceRequestListQuery) =>
  [
    query.status === 'active' ? 'active' : query.status ? 'status' : '',
    query.priority ? 'p' : '',
    query.vehicle_id ? 'v' : '',
    query.category ? 'c' : '',
    query.assignee_id ? 'a' : '',
    query.reportedBy ? 'r' : '',
    query.order,
  ].join('/');

const requestCount = reusedStatement(requestListShape, (tx, query: ServiceRequestListQuery) =>
  tx.select({ n: count() }).from(serviceRequests).where(requestFilter(query)),
);

const requestPage = reusedStatement(requestListShape, (tx, query: ServiceRequestListQuery) => {
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
  const total = totalColumn(tx.select({ n: count() }).from(serviceRequests).where(requestFilter(query)));
  return tx
    .select({ ...getTableColumns(serviceRequests), ...serviceRequestExtraColumns(), page_total: total })
    .from(serviceRequests)
    .where(requestFilter(query))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
});

export async function listServiceRequests(tx: Tx, agencyId: string, query: ServiceRequestListQuery) {
  const offset = (query.page - 1) * query.page_size;
  const values = {
    agencyId,
    status: query.status,
    priority: query.priority,
    vehicleId: query.vehicle_id,
    category: query.category,
    assigneeId: query.assignee_id,
    reportedBy: query.reportedBy,
    limit: query.page_size,
    offset,
  };
  return totalOfPage(await requestPage(tx, query, values), offset, () => requestCount(tx, query, values));
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
        inFixed(serviceRequests.status, ['open', 'in_progress']),
        sql`${serviceRequests.id} <> ${exceptId}`,
      ),
    );
  return row?.n ?? 0;
}

/** Each service request's unit number, reporter's name and assignee's name. */
/** A request's labels, as columns of a query of `service_requests`: its vehicle's unit and the names it refers to. */
function serviceRequestLabelColumns() {
  return {
    unitNumber: sql<string>`coalesce((select ${vehicles.unitNumber} from ${vehicles} where ${vehicles.agencyId} = ${qualified(serviceRequests.agencyId)} and ${vehicles.id} = ${qualified(serviceRequests.vehicleId)}), '')`,
    reporterName: sql<string>`coalesce(${userNameOf(serviceRequests.agencyId, serviceRequests.reportedBy)}, '')`,
    assigneeName: userNameOf(serviceRequests.agencyId, serviceRequests.assigneeId),
    vendorName: vendorNameOf(serviceRequests.agencyId, serviceRequests.vendorId),
  };
}

export type ServiceRequestLabels = { unitNumber: string; reporterName: string; assigneeName: string | null; vendorName: string | null };

/** One change of a request's status, as its history column has it (`at` as PostgreSQL writes a timestamp in JSON). */
export type ServiceRequestEventJson = {
  at: string;
  from_status: string | null;
  to_status: string;
  note: string | null;
  actor_name: string | null;
};

/**
 * What a request is answered with besides its row, as columns of a query of `service_requests`: its
 * labels, its history (oldest first) and its work order. A page of requests reads them in its own
 * statement, where they were three statements more, each naming every request of the page.
 */
function serviceRequestExtraColumns() {
  return {
    ...serviceRequestLabelColumns(),
    history: sql<
      ServiceRequestEventJson[]
    >`(select coalesce(json_agg(json_build_object('at', ${serviceRequestEvents.at}, 'from_status', ${serviceRequestEvents.fromStatus}, 'to_status', ${serviceRequestEvents.toStatus}, 'note', ${serviceRequestEvents.note}, 'actor_name', ${userNameOf(serviceRequestEvents.agencyId, serviceRequestEvents.actorId)}) order by ${serviceRequestEvents.at}, ${serviceRequestEvents.id}), '[]'::json) from ${serviceRequestEvents} where ${serviceRequestEvents.agencyId} = ${qualified(serviceRequests.agencyId)} and ${serviceRequestEvents.requestId} = ${qualified(serviceRequests.id)})`,
    workOrder: sql<{
      id: string;
      number: number;
      total_cents: number;
    } | null>`(select json_build_object('id', ${workOrders.id}, 'number', ${workOrders.number}, 'total_cents', ${workOrders.totalCents}) from ${workOrders} where ${workOrders.agencyId} = ${qualified(serviceRequests.agencyId)} and ${workOrders.serviceRequestId} = ${qualified(serviceRequests.id)})`,
  };
}

export type ServiceRequestExtras = ServiceRequestLabels & {
  history: ServiceRequestEventJson[];
  workOrder: { id: string; number: number; total_cents: number } | null;
};

/** The extras of the given requests, in one statement. */
export async function serviceRequestExtras(tx: Tx, agencyId: string, requestIds: string[]): Promise<Map<string, ServiceRequestExtras>> {
  if (requestIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: serviceRequests.id, ...serviceRequestExtraColumns() })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.agencyId, agencyId), inArray(serviceRequests.id, requestIds)));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function serviceRequestLabels(tx: Tx, agencyId: string, requestIds: string[]): Promise<Map<string, ServiceRequestLabels>> {
  if (requestIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: serviceRequests.id, ...serviceRequestLabelColumns() })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.agencyId, agencyId), inArray(serviceRequests.id, requestIds)));
  return new Map(rows.map((r) => [r.id, r]));
}
