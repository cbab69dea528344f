import { sendNotices } from '../platform/notices.ts';
import {
  SERVICE_REQUEST_TRANSITIONS,
  CreateServiceRequestInput as CreateSchema,
  type CreateServiceRequestInput,
  type ListServiceRequestsQuery,
  type ServiceRequest,
  type UpdateServiceRequestInput,
} from '../../core/contracts/fleet.ts';
import type { Page } from '../../core/contracts/admin.ts';
import { hasPermission } from '../../core/permissions.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { resetMaintenance } from './maintenance-queries.ts';
import { ownUploads } from '../platform/attachments.ts';
import { nextNumber } from '../platform/counters.ts';
import { findPerson, peopleWithPermission } from '../platform/people.ts';
import {
  findServiceRequest,
  insertServiceRequest,
  insertServiceRequestEvent,
  listServiceRequests,
  otherOutOfServiceRequests,
  serviceRequestLabels,
  updateServiceRequestRow,
  serviceRequestExtras,
  type ServiceRequestExtras,
  type ServiceRequestRow,
} from './service-request-queries.ts';
import { findSubmission } from './squad-check-queries.ts';
import { findVendor } from './vendor-queries.ts';
import { workOrdersOfRequests } from './work-order-queries.ts';
import { lastOutOfServiceCause, lockVehicle } from './vehicle-queries.ts';
import { fleetSettingsOf } from './settings.ts';
import { setVehicleStatus } from './vehicles.ts';

async function present(tx: Tx, agencyId: string, rows: ServiceRequestRow[]): Promise<ServiceRequest[]> {
  const extras = await serviceRequestExtras(
    tx,
    agencyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    presentRequest({
      ...row,
      unitNumber: '',
      reporterName: '',
      assigneeName: null,
      vendorName: null,
      history: [],
      workOrder: null,
      ...extras.get(row.id),
    }),
  );
}

/** A request as the API answers it, from its row and its extras (a list reads them with its page). */
function presentRequest(row: ServiceRequestRow & ServiceRequestExtras): ServiceRequest {
  return {
    id: row.id,
    number: row.number,
    vehicle_id: row.vehicleId,
    unit_number: row.unitNumber,
    category: row.category,
    description: row.description,
    drivable: row.drivable,
    status: row.status,
    out_of_service: row.outOfService,
    cost_cents: row.costCents,
    vendor_id: row.vendorId,
    vendor_name: row.vendorId ? row.vendorName : null,
    priority: row.priority,
    assignee_id: row.assigneeId,
    assignee_name: row.assigneeId ? row.assigneeName : null,
    due_on: row.dueOn,
    reported_by_id: row.reportedBy,
    reported_by_name: row.reporterName,
    squad_check_id: row.squadCheckId,
    photo_ids: row.photoIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    events: row.history.map((e) => ({
      // PostgreSQL writes a timestamp in JSON to the microsecond, with its offset; the API's are ISO in UTC to the millisecond.
      at: new Date(e.at).toISOString(),
      from_status: e.from_status as ServiceRequest['status'] | null,
      to_status: e.to_status as ServiceRequest['status'],
      note: e.note,
      actor_name: e.actor_name,
    })),
    work_order: row.workOrder,
    version: row.version,
  };
}

const canManage = (ctx: RequestContext) =>
  hasPermission(
    { agency_id: ctx.scope.agencyId, account_type: ctx.scope.accountType, roles: ctx.scope.roles, permissions: ctx.scope.permissions },
    'fleet:admin',
  );

/** An officer reports a problem with a vehicle; one that cannot be driven goes out of service at once. */
export function createServiceRequest(ctx: RequestContext, raw: CreateServiceRequestInput): Promise<ServiceRequest> {
  return inAgency(ctx, (tx) => openServiceRequest(tx, ctx, raw));
}

/** Opens a request inside the caller's transaction (a squad check's critical failure opens one). */
export async function openServiceRequest(tx: Tx, ctx: RequestContext, raw: CreateServiceRequestInput): Promise<ServiceRequest> {
  const input = CreateSchema.parse(raw);
  const vehicle = await lockVehicle(tx, ctx.scope.agencyId, input.vehicle_id);
  if (!vehicle) throw validationError({ vehicle_id: 'Choose a vehicle of your agency' });
  if (vehicle.status === 'retired') throw validationError({ vehicle_id: `Unit ${vehicle.unitNumber} is retired` });
  if (!fleetSettingsOf(ctx.sysConfig).service_categories.some((c) => c.key === input.category))
    throw validationError({ category: 'Choose one of the categories' });
  // Photos must be files the requester uploaded (never another agency's, nor a colleague's).
  const stored = await ownUploads(tx, ctx.scope.agencyId, ctx.scope.userId, input.photo_ids);
  if (!input.photo_ids.every((id) => stored.has(id))) throw validationError({ photo_ids: 'A photo was not saved; add it again' });
  if (input.squad_check_id) {
    const check = await findSubmission(tx, ctx.scope.agencyId, input.squad_check_id);
    if (!check || check.vehicleId !== vehicle.id) throw validationError({ squad_check_id: 'That squad check is not of this vehicle' });
  }
  const row = await insertServiceRequest(tx, {
    agencyId: ctx.scope.agencyId,
    number: await nextNumber(tx, ctx.scope.agencyId, 'service_request'),
    vehicleId: vehicle.id,
    category: input.category,
    description: input.description,
    drivable: input.drivable,
    outOfService: !input.drivable,
    reportedBy: ctx.scope.userId,
    squadCheckId: input.squad_check_id ?? null,
    squadCheckItemId: input.squad_check_item_id ?? null,
    photoIds: input.photo_ids,
  });
  await insertServiceRequestEvent(tx, {
    agencyId: ctx.scope.agencyId,
    requestId: row.id,
    toStatus: 'open',
    note: null,
    actorId: ctx.scope.userId,
  });
  if (!input.drivable)
    await setVehicleStatus(
      tx,
      ctx,
      vehicle,
      'out_of_service',
      input.squad_check_id
        ? `${input.description.slice(0, 300)} (service request #${row.number})`
        : `Reported not drivable (service request #${row.number})`,
      { kind: 'service_request', id: row.id },
    );
  const title = `Service request #${row.number} for unit ${vehicle.unitNumber}${input.drivable ? '' : ' (not drivable)'}`;
  const managers = await peopleWithPermission(tx, ctx.scope.agencyId, 'fleet:admin');
  await sendNotices(
    tx,
    ctx.scope.agencyId,
    managers
      .filter((manager) => manager.id !== ctx.scope.userId)
      .map((manager) => ({
        userId: manager.id,
        notice: {
          kind: 'fleet.service_request.created',
          title,
          body: input.description.slice(0, 300),
          link: '/fleet/admin/servicerequest',
        },
        mail: {
          to: manager.email,
          subject: title,
          text: [
            `Hello ${manager.name},`,
            '',
            `A new service request for unit ${vehicle.unitNumber}:`,
            '',
            input.description,
            '',
            `Work it at ${ctx.services.config.publicUrl}/fleet/admin/servicerequest`,
          ].join('\n'),
        },
      })),
  );
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: 'service_request.created',
    entityType: 'service_request',
    entityId: row.id,
    summary: `Service request #${row.number} for unit ${vehicle.unitNumber}`,
    after: { category: input.category, drivable: input.drivable },
  });
  return (await present(tx, ctx.scope.agencyId, [row]))[0]!;
}

export function listMyServiceRequests(ctx: RequestContext, query: ListServiceRequestsQuery): Promise<Page<ServiceRequest>> {
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await listServiceRequests(tx, ctx.scope.agencyId, { ...query, reportedBy: ctx.scope.userId });
    return { items: rows.map(presentRequest), total, page: query.page, page_size: query.page_size };
  });
}

export function listServiceRequestQueue(ctx: RequestContext, query: ListServiceRequestsQuery): Promise<Page<ServiceRequest>> {
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await listServiceRequests(tx, ctx.scope.agencyId, query);
    return { items: rows.map(presentRequest), total, page: query.page, page_size: query.page_size };
  });
}

/** The request if the caller may see it: its reporter and the fleet office do; for anyone else it is as if it did not exist. */
async function visibleServiceRequest(tx: Tx, ctx: RequestContext, id: string): Promise<ServiceRequestRow | null> {
  const row = await findServiceRequest(tx, ctx.scope.agencyId, id);
  return row && (row.reportedBy === ctx.scope.userId || canManage(ctx)) ? row : null;
}

/** The reporter and the fleet office see a request; anyone else gets 404, as if it did not exist. */
export function getServiceRequest(ctx: RequestContext, id: string): Promise<ServiceRequest> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleServiceRequest(tx, ctx, id);
    if (!row) throw new AppError('not_found', 'Service request not found');
    return (await present(tx, ctx.scope.agencyId, [row]))[0]!;
  });
}

/** A service request as another module may name it (the manifest's recordReadChecks), to those who may see it (getServiceRequest's rule). */
export async function serviceRequestSeenBy(tx: Tx, ctx: RequestContext, id: string): Promise<{ label: string } | null> {
  const row = await visibleServiceRequest(tx, ctx, id);
  if (!row) return null;
  const unit = (await serviceRequestLabels(tx, ctx.scope.agencyId, [row.id])).get(row.id)?.unitNumber ?? '';
  const category = fleetSettingsOf(ctx.sysConfig).service_categories.find((c) => c.key === row.category)?.label ?? row.category;
  return { label: `Service request #${row.number} · unit ${unit} · ${category}` };
}

/**
 * The fleet office works a request: open → in progress → completed or declined (and back to open),
 * each move recorded with its note; cost, priority, due date, who works it (someone of the fleet office,
 * who is told, or an outside vendor) and the out-of-service flag, which moves the vehicle out of
 * service and back when nothing else holds it. The reporter is told of each move.
 */
export function updateServiceRequest(
  ctx: RequestContext,
  id: string,
  version: number,
  input: UpdateServiceRequestInput,
): Promise<ServiceRequest> {
  return inAgency(ctx, async (tx) => {
    const before = await findServiceRequest(tx, ctx.scope.agencyId, id);
    if (!before) throw new AppError('not_found', 'Service request not found');
    if (before.version !== version) throw staleVersion('service request');
    const moving = input.status !== undefined && input.status !== before.status;
    if (moving && !SERVICE_REQUEST_TRANSITIONS[before.status].includes(input.status!))
      throw validationError({
        status: `A ${before.status.replaceAll('_', ' ')} request cannot become ${input.status!.replaceAll('_', ' ')}`,
      });
    if (moving && (input.status === 'declined' || input.status === 'open') && !input.note?.trim())
      throw validationError({ note: input.status === 'declined' ? 'Say why the request is declined' : 'Say why the request is reopened' });
    if (input.category && !fleetSettingsOf(ctx.sysConfig).service_categories.some((c) => c.key === input.category))
      throw validationError({ category: 'Choose one of the categories' });
    // Someone of the fleet office (an in-house mechanic) works it, or an outside vendor, never both: choosing one clears the other.
    const vendor = input.vendor_id;
    if (input.assignee_id && vendor) throw validationError({ assignee_id: 'Assign a person or a vendor, not both' });
    if (vendor && vendor !== before.vendorId && !(await findVendor(tx, ctx.scope.agencyId, vendor))?.active)
      throw validationError({ vendor_id: 'Choose one of the active vendors' });
    // The person who works it is one of the fleet office, who can open the queue it waits in.
    const assignee = input.assignee_id
      ? (await peopleWithPermission(tx, ctx.scope.agencyId, 'fleet:admin')).find((person) => person.id === input.assignee_id)
      : undefined;
    if (input.assignee_id && !assignee) throw validationError({ assignee_id: 'Choose someone of the fleet office (or name a vendor)' });
    const assigneeId = input.assignee_id !== undefined ? input.assignee_id : vendor ? null : before.assigneeId;
    const vendorAfter = vendor !== undefined ? vendor : input.assignee_id ? null : before.vendorId;
    // With a work order, the request costs what the work order totals (recorded when it is completed).
    const workOrder = (await workOrdersOfRequests(tx, ctx.scope.agencyId, [id])).get(id);
    if (workOrder && input.cost_cents !== undefined && input.cost_cents !== before.costCents)
      throw validationError({ cost_cents: 'The work order’s total is the cost; change it on the work order' });
    const status = input.status ?? before.status;
    const closed = status === 'completed' || status === 'declined';
    const outOfService = closed ? false : (input.out_of_service ?? before.outOfService);
    const updated = await updateServiceRequestRow(tx, ctx.scope.agencyId, id, version, {
      status,
      outOfService,
      ...(workOrder && moving && status === 'completed'
        ? { costCents: workOrder.total_cents }
        : input.cost_cents !== undefined && !workOrder
          ? { costCents: input.cost_cents }
          : {}),
      vendorId: vendorAfter,
      assigneeId,
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.priority !== undefined ? { priority: input.priority } : {}),
      ...(input.due_on !== undefined ? { dueOn: input.due_on } : {}),
      completedAt: status === 'completed' ? (before.completedAt ?? new Date()) : null,
    });
    if (!updated) throw staleVersion('service request');
    if (moving || input.note?.trim())
      await insertServiceRequestEvent(tx, {
        agencyId: ctx.scope.agencyId,
        requestId: id,
        fromStatus: before.status,
        toStatus: status,
        note: input.note?.trim() || null,
        actorId: ctx.scope.userId,
      });

    const vehicle = (await lockVehicle(tx, ctx.scope.agencyId, before.vehicleId))!;
    if (moving && status === 'completed') await resetMaintenance(tx, ctx.scope.agencyId, vehicle.id, updated.category, vehicle.odometer);
    if (outOfService && vehicle.status === 'in_service')
      await setVehicleStatus(tx, ctx, vehicle, 'out_of_service', `Service request #${before.number}`, { kind: 'service_request', id });
    // Back in service only when no open request holds the car and nobody took it out by hand.
    if (
      !outOfService &&
      before.outOfService &&
      vehicle.status === 'out_of_service' &&
      (await lastOutOfServiceCause(tx, ctx.scope.agencyId, vehicle.id))?.source !== 'manual' &&
      (await otherOutOfServiceRequests(tx, ctx.scope.agencyId, vehicle.id, id)) === 0
    )
      await setVehicleStatus(
        tx,
        ctx,
        vehicle,
        'in_service',
        `Service request #${before.number} ${status === 'completed' ? 'completed' : status === 'declined' ? 'declined' : 'cleared'}`,
        { kind: 'service_request', id },
      );

    if (assignee && assigneeId !== before.assigneeId && assignee.id !== ctx.scope.userId) {
      const subject = `Service request #${before.number} for unit ${vehicle.unitNumber} is assigned to you`;
      await sendNotices(tx, ctx.scope.agencyId, [
        {
          userId: assignee.id,
          notice: {
            kind: 'fleet.service_request.assigned',
            title: subject,
            body: before.description.slice(0, 300),
            link: `/fleet/admin/servicerequest?request=${id}`,
          },
          mail: {
            to: assignee.email,
            subject,
            text: [
              `Hello ${assignee.name},`,
              '',
              `The fleet office assigned service request #${before.number} for unit ${vehicle.unitNumber} to you:`,
              '',
              before.description,
              ...(updated.dueOn ? ['', `Due by ${updated.dueOn}.`] : []),
              '',
              `${ctx.services.config.publicUrl}/fleet/admin/servicerequest?request=${id}`,
            ].join('\n'),
          },
        },
      ]);
    }

    if (moving) {
      const reporter = await findPerson(tx, ctx.scope.agencyId, before.reportedBy);
      if (reporter && reporter.id !== ctx.scope.userId) {
        const title = `Service request #${before.number} is ${status.replaceAll('_', ' ')}`;
        const note = input.note?.trim() ? `Note from the fleet office: ${input.note.trim()}` : null;
        await sendNotices(tx, ctx.scope.agencyId, [
          {
            userId: reporter.id,
            notice: {
              kind: 'fleet.service_request.status',
              title,
              body: [`Unit ${vehicle.unitNumber}.`, ...(note ? [note] : [])].join(' '),
              link: '/fleet',
            },
            mail: {
              to: reporter.email,
              subject: title,
              text: [
                `Hello ${reporter.name},`,
                '',
                `Your service request #${before.number} for unit ${vehicle.unitNumber} is now ${status.replaceAll('_', ' ')}.`,
                ...(note ? ['', note] : []),
                '',
                `${ctx.services.config.publicUrl}/fleet`,
              ].join('\n'),
            },
          },
        ]);
      }
    }
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: moving ? 'service_request.status_changed' : 'service_request.updated',
      entityType: 'service_request',
      entityId: id,
      summary: `Service request #${before.number}: ${moving ? `${before.status} → ${status}` : 'updated'}`,
      before: {
        status: before.status,
        out_of_service: before.outOfService,
        cost_cents: before.costCents,
        vendor_id: before.vendorId,
        priority: before.priority,
        assignee_id: before.assigneeId,
        due_on: before.dueOn,
      },
      after: {
        status,
        out_of_service: outOfService,
        cost_cents: updated.costCents,
        vendor_id: updated.vendorId,
        priority: updated.priority,
        assignee_id: updated.assigneeId,
        due_on: updated.dueOn,
      },
    });
    return (await present(tx, ctx.scope.agencyId, [updated]))[0]!;
  });
}
