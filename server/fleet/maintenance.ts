import { maintenanceState, type MaintenanceIntervalInput, type MaintenanceItem } from '../../core/contracts/fleet.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { findMaintenance, insertMaintenance, listMaintenance, updateMaintenanceRow, type MaintenanceRow } from './maintenance-queries.ts';
import { findVehicle } from './vehicle-queries.ts';
import { fleetSettingsOf } from './settings.ts';

function present(row: MaintenanceRow, vehicle: { unitNumber: string; odometer: number }, now = new Date()): MaintenanceItem {
  const state = maintenanceState({
    everyMiles: row.everyMiles,
    everyDays: row.everyDays,
    lastDoneAt: row.lastDoneAt,
    lastDoneOdometer: row.lastDoneOdometer,
    odometer: vehicle.odometer,
    now,
  });
  return {
    id: row.id,
    vehicle_id: row.vehicleId,
    unit_number: vehicle.unitNumber,
    category: row.category,
    every_miles: row.everyMiles,
    every_days: row.everyDays,
    last_done_at: row.lastDoneAt.toISOString(),
    last_done_odometer: row.lastDoneOdometer,
    next_due_odometer: state.nextDueOdometer,
    next_due_at: state.nextDueAt?.toISOString() ?? null,
    miles_left: state.milesLeft,
    days_left: state.daysLeft,
    state: state.state,
    active: row.active,
    version: row.version,
  };
}

/** Intervals that are due soon or overdue (or all), most urgent first; retired vehicles and switched-off intervals left out of "due". */
export async function maintenanceList(
  tx: Tx,
  agencyId: string,
  filter: { state: 'due' | 'overdue' | 'all'; vehicle_id?: string | undefined },
): Promise<MaintenanceItem[]> {
  const rows = await listMaintenance(tx, agencyId, filter.vehicle_id);
  const items = rows
    .filter((r) => filter.state === 'all' || (r.interval.active && r.vehicleStatus !== 'retired'))
    .map((r) => present(r.interval, r));
  const wanted =
    filter.state === 'all' ? items : items.filter((i) => (filter.state === 'overdue' ? i.state === 'overdue' : i.state !== 'ok'));
  const urgency = (i: MaintenanceItem) => Math.min(i.miles_left === null ? Infinity : i.miles_left / 50, i.days_left ?? Infinity);
  return wanted.sort((a, b) => urgency(a) - urgency(b));
}

export function listAgencyMaintenance(ctx: RequestContext, filter: { state: 'due' | 'overdue' | 'all'; vehicle_id?: string | undefined }) {
  return inAgency(ctx, (tx) => maintenanceList(tx, ctx.scope.agencyId, filter));
}

export function addMaintenanceInterval(ctx: RequestContext, vehicleId: string, input: MaintenanceIntervalInput): Promise<MaintenanceItem> {
  return inAgency(ctx, (tx) => insertNewInterval(tx, ctx, vehicleId, input));
}

async function insertNewInterval(
  tx: Tx,
  ctx: RequestContext,
  vehicleId: string,
  input: MaintenanceIntervalInput,
): Promise<MaintenanceItem> {
  const vehicle = await findVehicle(tx, ctx.scope.agencyId, vehicleId);
  if (!vehicle) throw new AppError('not_found', 'Vehicle not found');
  if (!fleetSettingsOf(ctx.sysConfig).service_categories.some((c) => c.key === input.category))
    throw validationError({ category: 'Choose one of the service categories' });
  const existing = (await listMaintenance(tx, ctx.scope.agencyId, vehicleId)).find((r) => r.interval.category === input.category);
  if (existing) throw validationError({ category: `Unit ${vehicle.unitNumber} already has an interval for this service; change that one` });
  const row = await insertMaintenance(tx, {
    agencyId: ctx.scope.agencyId,
    vehicleId,
    category: input.category,
    everyMiles: input.every_miles ?? null,
    everyDays: input.every_days ?? null,
    lastDoneAt: input.last_done_at ? new Date(input.last_done_at) : new Date(),
    lastDoneOdometer: input.last_done_odometer ?? vehicle.odometer,
  });
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: 'maintenance.created',
    entityType: 'maintenance_interval',
    entityId: row.id,
    summary: `Scheduled ${input.category} for unit ${vehicle.unitNumber}`,
    after: input,
  });
  return present(row, vehicle);
}

export function updateMaintenanceInterval(
  ctx: RequestContext,
  id: string,
  version: number,
  input: { every_miles?: number | null | undefined; every_days?: number | null | undefined; active?: boolean | undefined },
): Promise<MaintenanceItem> {
  return inAgency(ctx, async (tx) => {
    const before = await findMaintenance(tx, ctx.scope.agencyId, id);
    if (!before) throw new AppError('not_found', 'Maintenance interval not found');
    const everyMiles = input.every_miles !== undefined ? input.every_miles : before.everyMiles;
    const everyDays = input.every_days !== undefined ? input.every_days : before.everyDays;
    if (!everyMiles && !everyDays) throw validationError({ every_miles: 'Give an interval in miles, days or both' });
    const row = await updateMaintenanceRow(tx, ctx.scope.agencyId, id, version, {
      everyMiles,
      everyDays,
      ...(input.active !== undefined ? { active: input.active } : {}),
    });
    if (!row) throw staleVersion('maintenance interval');
    const vehicle = (await findVehicle(tx, ctx.scope.agencyId, row.vehicleId))!;
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'maintenance.updated',
      entityType: 'maintenance_interval',
      entityId: id,
      summary: `Changed the ${row.category} interval of unit ${vehicle.unitNumber}`,
      before: { every_miles: before.everyMiles, every_days: before.everyDays, active: before.active },
      after: { every_miles: row.everyMiles, every_days: row.everyDays, active: row.active },
    });
    return present(row, vehicle);
  });
}
