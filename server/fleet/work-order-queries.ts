import { and, asc, count, desc, eq, inArray, sum } from 'drizzle-orm';
import type { Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { serviceRequests, vehicles, workOrderLines, workOrders } from './schema.ts';
import { type TimelineWindow, windowConditions } from './vehicle-queries.ts';
import { vendorNameOf } from './vendor-queries.ts';

/** The fleet module's database access to work orders and their lines. Every query filters by agency as well as running under row-level security. */

export type WorkOrderRow = typeof workOrders.$inferSelect;
export type WorkOrderLineRow = typeof workOrderLines.$inferSelect;

export async function insertWorkOrder(tx: Tx, values: typeof workOrders.$inferInsert): Promise<WorkOrderRow> {
  const [row] = await tx.insert(workOrders).values(values).returning();
  return row!;
}

export function updateWorkOrderRow(tx: Tx, agencyId: string, id: string, version: number, values: Partial<typeof workOrders.$inferInsert>) {
  return updateAtVersion(tx, workOrders, and(eq(workOrders.agencyId, agencyId), eq(workOrders.id, id)), version, values);
}

/** A work order with its request's number and status, its unit number and who started it. */
export async function findWorkOrder(tx: Tx, agencyId: string, where: { id: string } | { serviceRequestId: string }) {
  const [row] = await tx
    .select({
      order: workOrders,
      requestNumber: serviceRequests.number,
      requestStatus: serviceRequests.status,
      unitNumber: vehicles.unitNumber,
      createdByName: userNameOf(workOrders.agencyId, workOrders.createdBy),
      vendorName: vendorNameOf(workOrders.agencyId, workOrders.vendorId),
    })
    .from(workOrders)
    .innerJoin(serviceRequests, and(eq(serviceRequests.agencyId, workOrders.agencyId), eq(serviceRequests.id, workOrders.serviceRequestId)))
    .innerJoin(vehicles, and(eq(vehicles.agencyId, workOrders.agencyId), eq(vehicles.id, workOrders.vehicleId)))
    .where(
      and(
        eq(workOrders.agencyId, agencyId),
        'id' in where ? eq(workOrders.id, where.id) : eq(workOrders.serviceRequestId, where.serviceRequestId),
      ),
    );
  return row;
}
export type FoundWorkOrder = NonNullable<Awaited<ReturnType<typeof findWorkOrder>>>;

export function linesOfWorkOrder(tx: Tx, agencyId: string, workOrderId: string): Promise<WorkOrderLineRow[]> {
  return tx
    .select()
    .from(workOrderLines)
    .where(and(eq(workOrderLines.agencyId, agencyId), eq(workOrderLines.workOrderId, workOrderId)))
    .orderBy(asc(workOrderLines.position));
}

/** Puts `lines` in place of the work order's lines (a save sends them all, in order). */
export async function replaceWorkOrderLines(
  tx: Tx,
  agencyId: string,
  workOrderId: string,
  lines: Array<Omit<typeof workOrderLines.$inferInsert, 'agencyId' | 'workOrderId' | 'position'>>,
) {
  await tx.delete(workOrderLines).where(and(eq(workOrderLines.agencyId, agencyId), eq(workOrderLines.workOrderId, workOrderId)));
  if (lines.length > 0)
    await tx.insert(workOrderLines).values(lines.map((line, position) => ({ ...line, agencyId, workOrderId, position })));
}

/** Each of these requests' work order (id, number, total), by request id. */
export async function workOrdersOfRequests(tx: Tx, agencyId: string, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, { id: string; number: number; total_cents: number }>();
  const rows = await tx
    .select({ id: workOrders.id, number: workOrders.number, total: workOrders.totalCents, requestId: workOrders.serviceRequestId })
    .from(workOrders)
    .where(and(eq(workOrders.agencyId, agencyId), inArray(workOrders.serviceRequestId, requestIds)));
  return new Map(rows.map((row) => [row.requestId, { id: row.id, number: row.number, total_cents: row.total }]));
}

/** A vehicle's work orders for its timeline, newest first, with who started each and its request's number. */
export function workOrdersOfVehicle(tx: Tx, agencyId: string, vehicleId: string, window: TimelineWindow) {
  return tx
    .select({
      id: workOrders.id,
      number: workOrders.number,
      vendorName: vendorNameOf(workOrders.agencyId, workOrders.vendorId),
      totalCents: workOrders.totalCents,
      createdAt: workOrders.createdAt,
      requestId: workOrders.serviceRequestId,
      requestNumber: serviceRequests.number,
      requestStatus: serviceRequests.status,
      completedAt: serviceRequests.completedAt,
      createdByName: userNameOf(workOrders.agencyId, workOrders.createdBy),
    })
    .from(workOrders)
    .innerJoin(serviceRequests, and(eq(serviceRequests.agencyId, workOrders.agencyId), eq(serviceRequests.id, workOrders.serviceRequestId)))
    .where(and(eq(workOrders.agencyId, agencyId), eq(workOrders.vehicleId, vehicleId), ...windowConditions(workOrders.createdAt, window)))
    .orderBy(desc(workOrders.createdAt))
    .limit(window.limit);
}

/** What a vehicle's completed service requests cost, and how many there are. */
export async function completedCostOfVehicle(tx: Tx, agencyId: string, vehicleId: string) {
  const [row] = await tx
    .select({ cents: sum(serviceRequests.costCents), requests: count() })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.agencyId, agencyId), eq(serviceRequests.vehicleId, vehicleId), eq(serviceRequests.status, 'completed')));
  return { cents: Number(row?.cents ?? 0), requests: row?.requests ?? 0 };
}
