import { toCsv } from '../../core/csv.ts';
import type {
  ListVehiclesQuery,
  TimelineEntry,
  TimelinePage,
  TimelineQuery,
  Vehicle,
  VehicleInput,
  VehicleStatus,
} from '../../core/contracts/fleet.ts';
import { UpdateVehicleInput, VehicleInput as VehicleInputSchema } from '../../core/contracts/fleet.ts';
import { odometerBackwardsMessage } from '../../core/fleet/odometer.ts';
import type { Page } from '../../core/contracts/admin.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { fleetSettingsOf } from './settings.ts';
import { findOwnUpload } from '../platform/attachments.ts';
import { findPerson } from '../platform/people.ts';
import { TIMELINE_SOURCES, timelineOfVehicle, type TimelineRow } from './timeline-queries.ts';
import { formatCents, workOrderLabel } from '../../core/fleet/work-order-totals.ts';
import {
  findVehicle,
  insertVehicle,
  insertVehicleEvent,
  listVehicles,
  raiseOdometer,
  updateVehicleRow,
  vehicleLabels,
  type VehicleRow,
} from './vehicle-queries.ts';
import type { z } from 'zod';

/** A vehicle row with what its answer names beside it: the assigned person's name and its open service requests. */
export type LabelledVehicleRow = VehicleRow & { assignedName: string | null; openRequests: number };

export async function presentVehicles(tx: Tx, agencyId: string, rows: VehicleRow[]): Promise<Vehicle[]> {
  const labels = await vehicleLabels(
    tx,
    agencyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    presentVehicle({ ...row, assignedName: labels.get(row.id)?.assignedName ?? null, openRequests: labels.get(row.id)?.openRequests ?? 0 }),
  );
}

export function presentVehicle(row: LabelledVehicleRow): Vehicle {
  return {
    id: row.id,
    unit_number: row.unitNumber,
    vehicle_type: row.vehicleType,
    make: row.make,
    model: row.model,
    year: row.year,
    vin: row.vin,
    plate: row.plate,
    plate_state: row.plateState,
    status: row.status,
    status_reason: row.statusReason,
    odometer: row.odometer,
    assigned_user_id: row.assignedUserId,
    assigned_user_name: row.assignedName,
    assigned_group: row.assignedGroup,
    equipment: row.equipment,
    notes: row.notes,
    // photo_key holds the storage object id of the photo (set through setVehiclePhoto).
    photo_id: row.photoKey,
    photo_url: row.photoKey ? `/storage/v1/object/${row.photoKey}` : null,
    last_squad_check_at: row.lastSquadCheckAt?.toISOString() ?? null,
    registration_expires_on: row.registrationExpiresOn,
    insurance_expires_on: row.insuranceExpiresOn,
    inspection_expires_on: row.inspectionExpiresOn,
    open_service_requests: row.openRequests,
    version: row.version,
  };
}

export async function loadVehicle(tx: Tx, ctx: RequestContext, vehicleId: string): Promise<Vehicle> {
  const row = await findVehicle(tx, ctx.scope.agencyId, vehicleId);
  if (!row) throw new AppError('not_found', 'Vehicle not found');
  return (await presentVehicles(tx, ctx.scope.agencyId, [row]))[0]!;
}

function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function checkReferences(
  tx: Tx,
  ctx: RequestContext,
  input: { vehicle_type?: string | undefined; assigned_user_id?: string | null | undefined },
) {
  const settings = fleetSettingsOf(ctx.sysConfig);
  if (input.vehicle_type !== undefined && !settings.vehicle_types.some((t) => t.key === input.vehicle_type))
    throw validationError({ vehicle_type: 'Choose one of the agency’s vehicle types' });
  if (input.assigned_user_id && !(await findPerson(tx, ctx.scope.agencyId, input.assigned_user_id)))
    throw validationError({ assigned_user_id: 'That person is not in your agency' });
}

export function listAgencyVehicles(ctx: RequestContext, query: ListVehiclesQuery): Promise<Page<Vehicle>> {
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await listVehicles(tx, ctx.scope.agencyId, query);
    return { items: rows.map(presentVehicle), total, page: query.page, page_size: query.page_size };
  });
}

/**
 * A vehicle as another module may name it (the manifest's recordReadChecks): every fleet user sees the
 * agency's vehicles (GET /vehicles lists them all to officers, who pick one for a squad check or a
 * service request), so whoever the fleet module lets in sees it; null when the agency has no such vehicle.
 */
export async function vehicleSeenBy(tx: Tx, ctx: RequestContext, vehicleId: string): Promise<{ label: string } | null> {
  const row = await findVehicle(tx, ctx.scope.agencyId, vehicleId);
  return row ? { label: `Unit ${row.unitNumber} · ${row.year} ${row.make} ${row.model}` } : null;
}

export function getVehicle(ctx: RequestContext, vehicleId: string): Promise<Vehicle> {
  return inAgency(ctx, (tx) => loadVehicle(tx, ctx, vehicleId));
}

export function createVehicle(ctx: RequestContext, raw: VehicleInput): Promise<Vehicle> {
  return inAgency(ctx, (tx) => insertNewVehicle(tx, ctx, raw));
}

async function insertNewVehicle(tx: Tx, ctx: RequestContext, raw: VehicleInput): Promise<Vehicle> {
  const input = VehicleInputSchema.parse(raw);
  await checkReferences(tx, ctx, input);
  let row: VehicleRow;
  try {
    row = await insertVehicle(tx, {
      agencyId: ctx.scope.agencyId,
      unitNumber: input.unit_number,
      vehicleType: input.vehicle_type,
      make: input.make,
      model: input.model,
      year: input.year,
      vin: input.vin ?? null,
      plate: input.plate ?? null,
      plateState: input.plate_state ?? null,
      odometer: input.odometer,
      assignedUserId: input.assigned_user_id ?? null,
      assignedGroup: input.assigned_group ?? null,
      equipment: input.equipment,
      notes: input.notes ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ unit_number: `Unit ${input.unit_number} already exists` });
    throw error;
  }
  await insertVehicleEvent(tx, {
    agencyId: ctx.scope.agencyId,
    vehicleId: row.id,
    kind: 'odometer',
    odometer: input.odometer,
    reason: 'Added to the fleet',
    actorId: ctx.scope.userId,
  });
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: 'vehicle.created',
    entityType: 'vehicle',
    entityId: row.id,
    summary: `Added unit ${row.unitNumber}`,
    after: input,
  });
  return loadVehicle(tx, ctx, row.id);
}

export function updateVehicle(
  ctx: RequestContext,
  vehicleId: string,
  version: number,
  input: z.infer<typeof UpdateVehicleInput>,
): Promise<Vehicle> {
  return inAgency(ctx, async (tx) => {
    const before = await loadVehicle(tx, ctx, vehicleId);
    if (before.version !== version) throw staleVersion('vehicle');
    await checkReferences(tx, ctx, input);
    const changes: Parameters<typeof updateVehicleRow>[4] = {};
    if (input.unit_number !== undefined) changes.unitNumber = input.unit_number;
    if (input.vehicle_type !== undefined) changes.vehicleType = input.vehicle_type;
    if (input.make !== undefined) changes.make = input.make;
    if (input.model !== undefined) changes.model = input.model;
    if (input.year !== undefined) changes.year = input.year;
    if (input.vin !== undefined) changes.vin = input.vin;
    if (input.plate !== undefined) changes.plate = input.plate;
    if (input.plate_state !== undefined) changes.plateState = input.plate_state;
    if (input.assigned_user_id !== undefined) changes.assignedUserId = input.assigned_user_id;
    if (input.assigned_group !== undefined) changes.assignedGroup = input.assigned_group;
    if (input.equipment !== undefined) changes.equipment = input.equipment;
    if (input.notes !== undefined) changes.notes = input.notes;
    try {
      if (!(await updateVehicleRow(tx, ctx.scope.agencyId, vehicleId, version, changes))) throw staleVersion('vehicle');
    } catch (error) {
      if (isUniqueViolation(error)) throw validationError({ unit_number: `Unit ${input.unit_number} already exists` });
      throw error;
    }
    const after = await loadVehicle(tx, ctx, vehicleId);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'vehicle.updated',
      entityType: 'vehicle',
      entityId: vehicleId,
      summary: `Changed unit ${after.unit_number}`,
      before,
      after,
    });
    return after;
  });
}

/**
 * Sets the vehicle's photo to an image the agency uploaded through storage/v1, or clears it (null),
 * against the version the office saw. Another agency's file reads as not found, like its records.
 */
export function setVehiclePhoto(ctx: RequestContext, vehicleId: string, version: number, photoId: string | null): Promise<Vehicle> {
  return inAgency(ctx, async (tx) => {
    const before = await findVehicle(tx, ctx.scope.agencyId, vehicleId);
    if (!before) throw new AppError('not_found', 'Vehicle not found');
    if (before.version !== version) throw staleVersion('vehicle');
    if (photoId !== null && photoId !== before.photoKey) {
      const file = await findOwnUpload(tx, ctx.scope.agencyId, ctx.scope.userId, photoId);
      if (!file) throw new AppError('not_found', 'File not found');
      if (!file.contentType.startsWith('image/')) throw validationError({ photo_id: 'The photo must be a PNG, JPEG or WebP image' });
    }
    if (before.photoKey === photoId) return loadVehicle(tx, ctx, vehicleId);
    if (!(await updateVehicleRow(tx, ctx.scope.agencyId, vehicleId, version, { photoKey: photoId }))) throw staleVersion('vehicle');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: photoId ? 'vehicle.photo_changed' : 'vehicle.photo_removed',
      entityType: 'vehicle',
      entityId: vehicleId,
      summary: `${photoId ? (before.photoKey ? 'Replaced' : 'Added') : 'Removed'} the photo of unit ${before.unitNumber}`,
      before: { photo_id: before.photoKey },
      after: { photo_id: photoId },
    });
    return loadVehicle(tx, ctx, vehicleId);
  });
}

/** A status change, by hand or caused by a squad check or service request; recorded on the vehicle's timeline. */
export async function setVehicleStatus(
  tx: Tx,
  ctx: RequestContext,
  vehicle: { id: string; status: VehicleStatus; unitNumber: string },
  status: VehicleStatus,
  reason: string,
  source: { kind: 'manual' | 'squad_check' | 'service_request'; id?: string },
) {
  if (vehicle.status === status) return;
  await updateVehicleRow(tx, ctx.scope.agencyId, vehicle.id, null, { status, statusReason: status === 'in_service' ? null : reason });
  await insertVehicleEvent(tx, {
    agencyId: ctx.scope.agencyId,
    vehicleId: vehicle.id,
    kind: 'status',
    fromStatus: vehicle.status,
    toStatus: status,
    reason,
    source: source.kind,
    sourceId: source.id ?? null,
    actorId: ctx.scope.userId,
  });
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: 'vehicle.status_changed',
    entityType: 'vehicle',
    entityId: vehicle.id,
    summary: `Unit ${vehicle.unitNumber}: ${vehicle.status.replaceAll('_', ' ')} → ${status.replaceAll('_', ' ')} (${reason})`,
    before: { status: vehicle.status },
    after: { status, reason },
  });
}

export function changeVehicleStatus(ctx: RequestContext, vehicleId: string, status: VehicleStatus, reason: string): Promise<Vehicle> {
  return inAgency(ctx, async (tx) => {
    const row = await findVehicle(tx, ctx.scope.agencyId, vehicleId);
    if (!row) throw new AppError('not_found', 'Vehicle not found');
    await setVehicleStatus(tx, ctx, row, status, reason, { kind: 'manual' });
    return loadVehicle(tx, ctx, vehicleId);
  });
}

/** A newer odometer reading; readings never go backwards (a lower one is refused with the current value). */
export async function recordOdometer(
  tx: Tx,
  ctx: RequestContext,
  vehicle: VehicleRow,
  reading: number,
  source: { kind: 'manual' | 'squad_check' | 'service_request'; id?: string },
  field = 'reading',
) {
  if (reading === vehicle.odometer) return;
  // Raise only if not already higher, in one statement, so two readings arriving together cannot move it backwards.
  if (!(await raiseOdometer(tx, ctx.scope.agencyId, vehicle.id, reading))) {
    const current = (await findVehicle(tx, ctx.scope.agencyId, vehicle.id))!;
    if (current.odometer === reading) return;
    throw validationError({ [field]: odometerBackwardsMessage(current.odometer) });
  }
  await insertVehicleEvent(tx, {
    agencyId: ctx.scope.agencyId,
    vehicleId: vehicle.id,
    kind: 'odometer',
    odometer: reading,
    source: source.kind,
    sourceId: source.id ?? null,
    actorId: ctx.scope.userId,
  });
}

export function recordOdometerReading(ctx: RequestContext, vehicleId: string, reading: number): Promise<Vehicle> {
  return inAgency(ctx, async (tx) => {
    const row = await findVehicle(tx, ctx.scope.agencyId, vehicleId);
    if (!row) throw new AppError('not_found', 'Vehicle not found');
    await recordOdometer(tx, ctx, row, reading, { kind: 'manual' });
    return loadVehicle(tx, ctx, vehicleId);
  });
}

/** How a timeline row reads, by where it comes from. */
const TIMELINE_ENTRY: { [S in TimelineRow['source']]: (row: Extract<TimelineRow, { source: S }>) => TimelineEntry } = {
  event: ({ at, detail: e, actorName }) => ({
    at: at.toISOString(),
    kind: e.kind,
    summary:
      e.kind === 'status'
        ? `${(e.from_status ?? '').replaceAll('_', ' ')} → ${(e.to_status ?? '').replaceAll('_', ' ')}: ${e.reason ?? ''}`
        : `Odometer ${e.odometer?.toLocaleString('en-US')} mi`,
    actor_name: actorName,
    ref_id: e.source_id,
  }),
  squad_check: ({ at, id, detail: c, actorName }) => ({
    at: at.toISOString(),
    kind: 'squad_check',
    summary:
      c.failed_count > 0 ? `Squad check with ${c.failed_count} failed item${c.failed_count === 1 ? '' : 's'}` : 'Squad check, all passed',
    actor_name: actorName,
    ref_id: id,
  }),
  service_request: ({ at, id, detail: r, actorName }) => ({
    at: at.toISOString(),
    kind: 'service_request',
    summary: `Service request #${r.number} (${r.status.replaceAll('_', ' ')}): ${r.description.slice(0, 120)}`,
    actor_name: actorName,
    ref_id: id,
  }),
  work_order: ({ at, id, detail: w, actorName }) => ({
    at: at.toISOString(),
    kind: 'work_order',
    summary: `Work order ${workOrderLabel(w.number)} for request #${w.request_number} (${w.request_status.replaceAll('_', ' ')}): ${formatCents(w.total_cents)}${w.vendor_name ? `, ${w.vendor_name}` : ''}`,
    actor_name: actorName,
    ref_id: id,
  }),
};

/**
 * Everything that happened to a vehicle, newest first, a page at a time: status changes, odometer
 * readings, squad checks, service requests, work orders. A page never splits one instant (a failed check writes
 * its odometer reading, the status change and the request it opens at one time), so the next page,
 * which starts strictly before this one's last instant, loses nothing.
 */
export function vehicleTimeline(ctx: RequestContext, vehicleId: string, query: TimelineQuery = { limit: 50 }): Promise<TimelinePage> {
  const before = query.before ? new Date(query.before) : undefined;
  const limit = query.limit;
  const agencyId = ctx.scope.agencyId;
  return inAgency(ctx, async (tx) => {
    // Each source's newest `limit` rows before the page's start, with its people's names.
    const rows = await timelineOfVehicle(tx, agencyId, vehicleId, { before, limit });
    if (!rows) throw new AppError('not_found', 'Vehicle not found');
    const times = rows.map((row) => row.at.getTime()).sort((x, y) => y - x);
    // A source that gave `limit` rows may have more before its oldest; one that gave fewer has given all.
    const oldestOfFull = TIMELINE_SOURCES.flatMap((source) => {
      const ofSource = rows.filter((row) => row.source === source);
      return ofSource.length === limit ? [Math.min(...ofSource.map((row) => row.at.getTime()))] : [];
    });
    if (times.length <= limit && oldestOfFull.length === 0) return { items: presentTimeline(rows), next_before: null };
    // The page ends at the limit-th newest instant. A source cut at exactly that instant may hold more
    // of it (JavaScript times are to the millisecond): read the rest of that millisecond.
    const boundary = times[Math.min(limit, times.length) - 1]!;
    if (oldestOfFull.includes(boundary)) {
      const seen = new Set(rows.map((row) => `${row.source} ${row.id}`));
      const instant = await timelineOfVehicle(tx, agencyId, vehicleId, {
        from: new Date(boundary),
        before: new Date(boundary + 1),
        limit: 1000,
      });
      rows.push(...(instant ?? []).filter((row) => !seen.has(`${row.source} ${row.id}`)));
    }
    const items = presentTimeline(rows.filter((row) => row.at.getTime() >= boundary));
    return { items, next_before: new Date(boundary).toISOString() };
  });
}

/**
 * Newest first; rows of one instant with the later sources first (work orders, service requests, squad
 * checks, then status and odometer events), so what a failed check opened stands above the check, as
 * the page has listed them.
 */
function presentTimeline(rows: TimelineRow[]): TimelineEntry[] {
  const rank = (row: TimelineRow) => TIMELINE_SOURCES.indexOf(row.source);
  return (
    rows
      .toSorted((a, b) => b.at.getTime() - a.at.getTime() || rank(b) - rank(a))
      // TypeScript cannot pair a row's source with its own reader through the index; the map's type does.
      .map((row) => (TIMELINE_ENTRY[row.source] as (row: TimelineRow) => TimelineEntry)(row))
  );
}

export async function exportVehicles(ctx: RequestContext, query: ListVehiclesQuery): Promise<string> {
  const page = await listAgencyVehicles(ctx, { ...query, page: 1, page_size: 200 });
  const all = [...page.items];
  for (let p = 2; (p - 1) * 200 < page.total; p += 1)
    all.push(...(await listAgencyVehicles(ctx, { ...query, page: p, page_size: 200 })).items);
  const header = [
    'unit_number',
    'vehicle_type',
    'status',
    'make',
    'model',
    'year',
    'vin',
    'plate',
    'plate_state',
    'odometer',
    'assigned_to',
    'assigned_group',
    'last_squad_check_at',
    'open_service_requests',
  ];
  const rows = all.map((v) => [
    v.unit_number,
    v.vehicle_type,
    v.status,
    v.make,
    v.model,
    v.year,
    v.vin,
    v.plate,
    v.plate_state,
    v.odometer,
    v.assigned_user_name,
    v.assigned_group,
    v.last_squad_check_at,
    v.open_service_requests,
  ]);
  return toCsv(header, rows, 'always');
}
