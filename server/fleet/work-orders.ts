import {
  VEHICLE_COSTS_WORK_ORDERS,
  WorkOrderInput as WorkOrderSchema,
  type VehicleCosts,
  type WorkOrder,
  type WorkOrderInput,
} from '../../core/contracts/fleet.ts';
import { formatCents, lineTotalCents, workOrderLabel, workOrderTotals } from '../../core/fleet/work-order-totals.ts';
import { describeFiles, ownUploads } from '../platform/attachments.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { nextNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { findServiceRequest, updateServiceRequestRow } from './service-request-queries.ts';
import { findVehicle } from './vehicle-queries.ts';
import { findVendor } from './vendor-queries.ts';
import {
  completedCostOfVehicle,
  findWorkOrder,
  insertWorkOrder,
  linesOfWorkOrder,
  replaceWorkOrderLines,
  updateWorkOrderRow,
  workOrdersOfVehicle,
  type FoundWorkOrder,
} from './work-order-queries.ts';

/**
 * Work orders (issue 22, point 4): the work done on a service request and what it cost. One per request:
 * the request is what the office queues, assigns and completes, so its work order's total is what
 * completing it costs. The server works the totals out from the lines (any totals a client sends are
 * dropped by the contract) and keeps them; a completed request's cost follows its work order.
 */

type ParsedInput = ReturnType<typeof WorkOrderSchema.parse>;

async function present(tx: Tx, agencyId: string, found: FoundWorkOrder): Promise<WorkOrder> {
  const { order } = found;
  const lines = await linesOfWorkOrder(tx, agencyId, order.id);
  const files = await describeFiles(tx, agencyId, order.attachmentIds);
  return {
    id: order.id,
    number: order.number,
    service_request_id: order.serviceRequestId,
    service_request_number: found.requestNumber,
    request_status: found.requestStatus,
    vehicle_id: order.vehicleId,
    unit_number: found.unitNumber,
    vendor_id: order.vendorId,
    vendor_name: found.vendorName,
    lines: lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      part_number: line.partNumber,
      quantity: line.quantityHundredths / 100,
      unit_cost_cents: line.unitCostCents,
      total_cents: line.totalCents,
    })),
    tax_rate: order.taxRateThousandths / 1000,
    tax_labour: order.taxLabour,
    parts_cents: order.partsCents,
    labour_cents: order.labourCents,
    subtotal_cents: order.partsCents + order.labourCents,
    tax_cents: order.taxCents,
    total_cents: order.totalCents,
    notes: order.notes,
    attachments: files.map((file) => ({ id: file.id, name: file.name, content_type: file.contentType, size: file.size })),
    created_by_name: found.createdByName,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    version: order.version,
  };
}

/** The row's money and lines from what the office entered, worked out here (the form's figures are only a preview). */
function amountsOf(input: ParsedInput) {
  const totals = workOrderTotals(input);
  return {
    row: {
      vendorId: input.vendor_id ?? null,
      taxRateThousandths: Math.round(input.tax_rate * 1000),
      taxLabour: input.tax_labour,
      partsCents: totals.parts_cents,
      labourCents: totals.labour_cents,
      taxCents: totals.tax_cents,
      totalCents: totals.total_cents,
      notes: input.notes ?? null,
      attachmentIds: input.attachment_ids,
    },
    lines: input.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      partNumber: line.part_number ?? null,
      quantityHundredths: Math.round(line.quantity * 100),
      unitCostCents: line.unit_cost_cents,
      totalCents: lineTotalCents(line.quantity, line.unit_cost_cents),
    })),
    totals,
  };
}

/**
 * Attachments must be files the agency stored: ones already on the work order stay; a new one must be
 * the caller's own upload (never another agency's, nor a colleague's they happened to see the id of).
 */
async function checkAttachments(tx: Tx, ctx: RequestContext, ids: string[], already: readonly string[]) {
  const added = ids.filter((id) => !already.includes(id));
  const stored = await ownUploads(tx, ctx.scope.agencyId, ctx.scope.userId, added);
  const missing = added.findIndex((id) => !stored.has(id));
  if (missing >= 0) throw validationError({ attachment_ids: 'A file was not saved; attach it again' });
}

/** The vendor must be one of the agency's active ones (a retired one already on the order stays). */
async function checkVendor(tx: Tx, agencyId: string, vendorId: string | null | undefined, already: string | null) {
  if (!vendorId || vendorId === already) return;
  if (!(await findVendor(tx, agencyId, vendorId))?.active) throw validationError({ vendor_id: 'Choose one of the active vendors' });
}

/** What the audit keeps of a work order: its money, vendor, lines and files. */
function audited(row: { vendorId: string | null; taxRateThousandths: number; totalCents: number; attachmentIds: string[] }, lines: number) {
  return {
    vendor_id: row.vendorId,
    tax_rate: row.taxRateThousandths / 1000,
    total_cents: row.totalCents,
    lines,
    attachment_ids: row.attachmentIds,
  };
}

/** A completed request costs what its work order totals: kept in step whenever the work order changes. */
async function followCost(tx: Tx, agencyId: string, requestId: string, totalCents: number) {
  const request = await findServiceRequest(tx, agencyId, requestId);
  if (request?.status === 'completed' && request.costCents !== totalCents)
    await updateServiceRequestRow(tx, agencyId, requestId, null, { costCents: totalCents });
}

/** Starts the work order of a request (one per request; a declined request has no work to record). */
export function createWorkOrder(ctx: RequestContext, requestId: string, raw: WorkOrderInput): Promise<WorkOrder> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const input = WorkOrderSchema.parse(raw);
    const request = await findServiceRequest(tx, agencyId, requestId);
    if (!request) throw new AppError('not_found', 'Service request not found');
    if (request.status === 'declined') throw validationError({ status: 'A declined request has no work to record; reopen it first' });
    const existing = await findWorkOrder(tx, agencyId, { serviceRequestId: requestId });
    if (existing)
      throw new AppError('conflict', `Request #${request.number} already has work order ${workOrderLabel(existing.order.number)}`, {
        hint: 'open it and edit it',
      });
    await checkAttachments(tx, ctx, input.attachment_ids, []);
    await checkVendor(tx, agencyId, input.vendor_id, null);
    const { row, lines, totals } = amountsOf(input);
    const created = await insertWorkOrder(tx, {
      ...row,
      agencyId,
      number: await nextNumber(tx, agencyId, 'work_order'),
      serviceRequestId: request.id,
      vehicleId: request.vehicleId,
      createdBy: ctx.scope.userId,
    });
    await replaceWorkOrderLines(tx, agencyId, created.id, lines);
    await followCost(tx, agencyId, request.id, totals.total_cents);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'work_order.created',
      entityType: 'work_order',
      entityId: created.id,
      summary: `Work order ${workOrderLabel(created.number)} for service request #${request.number}: ${formatCents(totals.total_cents)}`,
      after: audited(created, lines.length),
    });
    return present(tx, agencyId, (await findWorkOrder(tx, agencyId, { id: created.id }))!);
  });
}

export function getWorkOrder(ctx: RequestContext, id: string): Promise<WorkOrder> {
  return inAgency(ctx, async (tx) => {
    const found = await findWorkOrder(tx, ctx.scope.agencyId, { id });
    if (!found) throw new AppError('not_found', 'Work order not found');
    return present(tx, ctx.scope.agencyId, found);
  });
}

/** Saves the whole work order against the version the office saw (a stale one is 412, nothing saved). */
export function updateWorkOrder(ctx: RequestContext, id: string, version: number, raw: WorkOrderInput): Promise<WorkOrder> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const input = WorkOrderSchema.parse(raw);
    const before = await findWorkOrder(tx, agencyId, { id });
    if (!before) throw new AppError('not_found', 'Work order not found');
    if (before.order.version !== version) throw staleVersion('work order');
    await checkAttachments(tx, ctx, input.attachment_ids, before.order.attachmentIds);
    await checkVendor(tx, agencyId, input.vendor_id, before.order.vendorId);
    const linesBefore = await linesOfWorkOrder(tx, agencyId, id);
    const { row, lines, totals } = amountsOf(input);
    const updated = await updateWorkOrderRow(tx, agencyId, id, version, row);
    if (!updated) throw staleVersion('work order');
    await replaceWorkOrderLines(tx, agencyId, id, lines);
    await followCost(tx, agencyId, before.order.serviceRequestId, totals.total_cents);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'work_order.updated',
      entityType: 'work_order',
      entityId: id,
      summary: `Work order ${workOrderLabel(before.order.number)}: ${formatCents(before.order.totalCents)} → ${formatCents(totals.total_cents)}`,
      before: audited(before.order, linesBefore.length),
      after: audited(updated, lines.length),
    });
    return present(tx, agencyId, (await findWorkOrder(tx, agencyId, { id }))!);
  });
}

/** A vehicle's cost to date (its completed requests' costs) and its latest work orders. */
export function vehicleCosts(ctx: RequestContext, vehicleId: string): Promise<VehicleCosts> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    if (!(await findVehicle(tx, agencyId, vehicleId))) throw new AppError('not_found', 'Vehicle not found');
    const cost = await completedCostOfVehicle(tx, agencyId, vehicleId);
    const orders = await workOrdersOfVehicle(tx, agencyId, vehicleId, { limit: VEHICLE_COSTS_WORK_ORDERS });
    return {
      cost_to_date_cents: cost.cents,
      completed_requests: cost.requests,
      work_orders: orders.map((order) => ({
        id: order.id,
        number: order.number,
        service_request_id: order.requestId,
        service_request_number: order.requestNumber,
        request_status: order.requestStatus,
        vendor_name: order.vendorName,
        total_cents: order.totalCents,
        created_at: order.createdAt.toISOString(),
        completed_at: order.completedAt?.toISOString() ?? null,
      })),
    };
  });
}
