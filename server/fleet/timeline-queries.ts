import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { userNameOf } from '../platform/people.ts';
import { serviceRequests, squadCheckSubmissions, vehicleEvents, vehicles, workOrders } from './schema.ts';
import { type TimelineWindow, windowConditions } from './vehicle-queries.ts';
import { vendorNameOf } from './vendor-queries.ts';

/** A row of a vehicle's timeline, by where it comes from: when, which row, who, and that kind's own details. */
export type TimelineRow =
  | TimelineRowOf<
      'event',
      {
        kind: 'status' | 'odometer';
        from_status: string | null;
        to_status: string | null;
        reason: string | null;
        odometer: number | null;
        source_id: string | null;
      }
    >
  | TimelineRowOf<'squad_check', { failed_count: number }>
  | TimelineRowOf<'service_request', { number: number; status: string; description: string }>
  | TimelineRowOf<
      'work_order',
      { number: number; total_cents: number; vendor_name: string | null; request_number: number; request_status: string }
    >;

interface TimelineRowOf<S extends string, D> {
  source: S;
  at: Date;
  id: string;
  actorName: string | null;
  detail: D;
}

/** Which sources a timeline reads; a page lists rows of one instant in the reverse of this order. */
export const TIMELINE_SOURCES = ['event', 'squad_check', 'service_request', 'work_order'] as const;

/** The timeline's statement for a window's shape (which bounds it has), built once per connection. */
const timeline = reusedStatement(
  (window: TimelineWindow) => `${window.before ? 'b' : ''}${window.from ? 'f' : ''}`,
  (tx, window) => {
    const [agency, vehicle, limit] = [sql.placeholder('agencyId'), sql.placeholder('vehicleId'), sql.placeholder('limit')];
    // The window's bounds, where it has them, as placeholders.
    const bounds = { before: window.before && sql.placeholder('before'), from: window.from && sql.placeholder('from') };
    const source = (name: (typeof TIMELINE_SOURCES)[number] | 'vehicle') => sql<string>`${name}::text`;
    const events = tx
      .select({
        source: source('event'),
        at: vehicleEvents.at,
        id: sql<string>`${vehicleEvents.id}::text`,
        actorName: userNameOf(vehicleEvents.agencyId, vehicleEvents.actorId),
        detail: json(
          sql`'kind', ${vehicleEvents.kind}, 'from_status', ${vehicleEvents.fromStatus}, 'to_status', ${vehicleEvents.toStatus}, 'reason', ${vehicleEvents.reason}, 'odometer', ${vehicleEvents.odometer}, 'source_id', ${vehicleEvents.sourceId}`,
        ),
      })
      .from(vehicleEvents)
      .where(and(eq(vehicleEvents.agencyId, agency), eq(vehicleEvents.vehicleId, vehicle), ...windowConditions(vehicleEvents.at, bounds)))
      .orderBy(desc(vehicleEvents.at))
      .limit(limit);
    const squadChecks = tx
      .select({
        source: source('squad_check'),
        at: squadCheckSubmissions.submittedAt,
        id: sql<string>`${squadCheckSubmissions.id}::text`,
        actorName: userNameOf(squadCheckSubmissions.agencyId, squadCheckSubmissions.officerId),
        detail: json(sql`'failed_count', ${squadCheckSubmissions.failedCount}`),
      })
      .from(squadCheckSubmissions)
      .where(
        and(
          eq(squadCheckSubmissions.agencyId, agency),
          eq(squadCheckSubmissions.vehicleId, vehicle),
          ...windowConditions(squadCheckSubmissions.submittedAt, bounds),
        ),
      )
      .orderBy(desc(squadCheckSubmissions.submittedAt))
      .limit(limit);
    const requests = tx
      .select({
        source: source('service_request'),
        at: serviceRequests.createdAt,
        id: sql<string>`${serviceRequests.id}::text`,
        actorName: userNameOf(serviceRequests.agencyId, serviceRequests.reportedBy),
        // The timeline shows the first 120 characters; a description may hold thousands.
        detail: json(
          sql`'number', ${serviceRequests.number}, 'status', ${serviceRequests.status}, 'description', left(${serviceRequests.description}, 120)`,
        ),
      })
      .from(serviceRequests)
      .where(
        and(
          eq(serviceRequests.agencyId, agency),
          eq(serviceRequests.vehicleId, vehicle),
          ...windowConditions(serviceRequests.createdAt, bounds),
        ),
      )
      .orderBy(desc(serviceRequests.createdAt))
      .limit(limit);
    const orders = tx
      .select({
        source: source('work_order'),
        at: workOrders.createdAt,
        id: sql<string>`${workOrders.id}::text`,
        actorName: userNameOf(workOrders.agencyId, workOrders.createdBy),
        detail: json(
          sql`'number', ${workOrders.number}, 'total_cents', ${workOrders.totalCents}, 'vendor_name', ${vendorNameOf(workOrders.agencyId, workOrders.vendorId)}, 'request_number', ${serviceRequests.number}, 'request_status', ${serviceRequests.status}`,
        ),
      })
      .from(workOrders)
      .innerJoin(
        serviceRequests,
        and(eq(serviceRequests.agencyId, workOrders.agencyId), eq(serviceRequests.id, workOrders.serviceRequestId)),
      )
      .where(and(eq(workOrders.agencyId, agency), eq(workOrders.vehicleId, vehicle), ...windowConditions(workOrders.createdAt, bounds)))
      .orderBy(desc(workOrders.createdAt))
      .limit(limit);
    // The vehicle itself, so "no such vehicle" is told from "nothing happened to it" in the same trip.
    const vehicleRow = tx
      .select({
        source: source('vehicle'),
        at: vehicles.createdAt,
        id: sql<string>`${vehicles.id}::text`,
        actorName: sql<string | null>`null`,
        detail: json(sql``),
      })
      .from(vehicles)
      .where(and(eq(vehicles.agencyId, agency), eq(vehicles.id, vehicle)));
    return unionAll(events, squadChecks, requests, orders, vehicleRow);
  },
);

/**
 * A window of everything that happened to a vehicle, each source's newest `window.limit` rows, in one
 * statement (a round trip each was most of the timeline's cost: docs/decisions/013, fifteenth step);
 * null when the agency has no such vehicle. Each source's part is its own ORDER BY … LIMIT on its
 * vehicle index, as it was when each was a statement of its own.
 */
export async function timelineOfVehicle(
  tx: Tx,
  agencyId: string,
  vehicleId: string,
  window: TimelineWindow,
): Promise<TimelineRow[] | null> {
  const rows = await timeline(tx, window, {
    agencyId,
    vehicleId,
    limit: window.limit,
    before: window.before?.toISOString(),
    from: window.from?.toISOString(),
  });
  if (!rows.some((row) => row.source === 'vehicle')) return null;
  // The statement builds each source's detail as that source's columns above name them.
  return rows.filter((row) => row.source !== 'vehicle') as TimelineRow[];
}

/**
 * A JSON object of the given keys and values, typed loosely: TimelineRow says each source's shape.
 * `json`, not `jsonb`: the server only parses it, and building a jsonb value for each of a page's rows
 * was a fifth of the statement's execution.
 */
function json(pairs: SQL): SQL<unknown> {
  return sql<unknown>`json_build_object(${pairs})`;
}
