import {
  CorrectFuelEntryInput as CorrectSchema,
  FuelEntryInput as CreateSchema,
  type CorrectFuelEntryInput,
  type FuelEntry,
  type FuelEntryInput,
  type ListFuelEntriesQuery,
} from '../../core/contracts/fleet-records.ts';
import type { Page } from '../../core/contracts/admin.ts';
import { economyUnitOf, type FillEconomy, type FuelUnit } from '../../core/fleet/fuel-economy.ts';
import { formatCents } from '../../core/fleet/work-order-totals.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { addDays, dayEnd, dayStart, localDate } from './agency-days.ts';
import {
  findFuelEntry,
  fuelEntriesIn,
  insertFuelEntry,
  listFuelEntries,
  updateFuelEntryRow,
  type FuelWindow,
  type ListedFuelEntry,
} from './fuel-queries.ts';
import { economyCacheOf, economyOf } from './fuel-economy-cache.ts';
import { fleetSettingsOf } from './settings.ts';
import { findVehicle, highestOdometerReading, insertVehicleEvent, raiseOdometer, updateVehicleRow } from './vehicle-queries.ts';
import { findVendor } from './vendor-queries.ts';

/**
 * The fuel log (issue 22, point 5): an officer logs a fill-up from the phone (through the outbox, so a
 * retry never logs twice); the fleet office lists, corrects (versioned) and voids entries with a reason.
 * Each full fill's economy and any outlier are worked out from the vehicle's valid fills
 * (core/fleet/fuel-economy.ts) in the agency's unit, and kept per vehicle while its fills are unchanged (fuel-economy-cache.ts).
 */

/** An entry as the API gives it; `unit` is the agency's, the one its economy was worked out in. */
function present(row: ListedFuelEntry, economy: Map<string, FillEconomy>, unit: FuelUnit): FuelEntry {
  const { entry } = row;
  const figures = entry.voidedAt ? null : economy.get(entry.id);
  return {
    id: entry.id,
    vehicle_id: entry.vehicleId,
    unit_number: row.unitNumber,
    filled_at: entry.filledAt.toISOString(),
    quantity: entry.quantityThousandths / 1000,
    unit: entry.unit,
    total_cents: entry.totalCents,
    odometer: entry.odometer,
    full_tank: entry.fullTank,
    vendor_id: entry.vendorId,
    vendor_name: row.vendorName,
    entered_by_name: row.enteredByName,
    economy: figures?.economy ?? null,
    economy_unit: economyUnitOf(unit),
    outlier: figures?.outlier ?? null,
    voided_at: entry.voidedAt?.toISOString() ?? null,
    void_reason: entry.voidReason,
    version: entry.version,
  };
}

/**
 * The entry as the API gives it. After a change in the same transaction (`changed`), its vehicle's
 * economy is worked out afresh: the change raises the vehicle's fuel version only at the commit.
 */
async function presentOne(tx: Tx, ctx: RequestContext, id: string, changed = true): Promise<FuelEntry> {
  const row = await findFuelEntry(tx, ctx.scope.agencyId, id);
  if (!row) throw new AppError('not_found', 'Fuel entry not found');
  const unit = fleetSettingsOf(ctx.sysConfig).fuel_unit;
  return present(
    row,
    await economyOf(changed ? null : economyCacheOf(ctx.services), tx, ctx.scope.agencyId, [row.entry.vehicleId], unit),
    unit,
  );
}

/** The vendor named must be an active one of the agency (one already on the entry stays). */
async function checkVendor(tx: Tx, agencyId: string, vendorId: string | null | undefined, already: string | null) {
  if (!vendorId || vendorId === already) return;
  if (!(await findVendor(tx, agencyId, vendorId))?.active) throw validationError({ vendor_id: 'Choose one of the active vendors' });
}

function audited(entry: { quantityThousandths: number; unit: string; totalCents: number; odometer: number; fullTank: boolean }) {
  return {
    quantity: entry.quantityThousandths / 1000,
    unit: entry.unit,
    total_cents: entry.totalCents,
    odometer: entry.odometer,
    full_tank: entry.fullTank,
  };
}

/**
 * A fill-up's reading moves the car's odometer on as any other reading does, with its odometer event (the
 * fill-up its source); a lower one is kept as typed on the entry and flagged as an outlier, never refused,
 * since the phone may have sent it from the outbox long after.
 */
async function raiseFromFill(tx: Tx, ctx: RequestContext, vehicleId: string, reading: number, entryId: string, reason?: string) {
  const agencyId = ctx.scope.agencyId;
  if (!(await raiseOdometer(tx, agencyId, vehicleId, reading))) return;
  await insertVehicleEvent(tx, {
    agencyId,
    vehicleId,
    kind: 'odometer',
    odometer: reading,
    reason: reason ?? null,
    source: 'fuel',
    sourceId: entryId,
    actorId: ctx.scope.userId,
  });
}

/**
 * After the office corrects or voids an entry: a higher corrected reading moves the car on; when the entry
 * had set the car's odometer (a slip like 100,000 for 10,000 would block every squad check, which refuses
 * a reading below the car's), the odometer goes back to the highest reading left from all its sources.
 */
async function settleOdometer(tx: Tx, ctx: RequestContext, vehicleId: string, entryId: string, was: number, now: number | null) {
  const agencyId = ctx.scope.agencyId;
  const vehicle = await findVehicle(tx, agencyId, vehicleId);
  if (!vehicle) return;
  const reason = now === null ? 'Fuel entry voided' : 'Fuel entry corrected';
  if (now !== null && now > vehicle.odometer) return raiseFromFill(tx, ctx, vehicleId, now, entryId, reason);
  if (was < vehicle.odometer) return;
  const highest = await highestOdometerReading(tx, agencyId, vehicleId);
  if (highest === null || highest >= vehicle.odometer) return;
  await updateVehicleRow(tx, agencyId, vehicleId, null, { odometer: highest });
  await insertVehicleEvent(tx, {
    agencyId,
    vehicleId,
    kind: 'odometer',
    odometer: highest,
    reason,
    source: 'fuel',
    sourceId: entryId,
    actorId: ctx.scope.userId,
  });
}

/** An officer logs a fill-up of a car in service (or out of it), in the unit typed (the agency's if none is said). */
export function createFuelEntry(ctx: RequestContext, raw: FuelEntryInput): Promise<FuelEntry> {
  return inAgency(ctx, async (tx) => {
    const input = CreateSchema.parse(raw);
    const agencyId = ctx.scope.agencyId;
    const vehicle = await findVehicle(tx, agencyId, input.vehicle_id);
    if (!vehicle) throw validationError({ vehicle_id: 'Choose one of the agency’s vehicles' });
    if (vehicle.status === 'retired') throw validationError({ vehicle_id: `Unit ${vehicle.unitNumber} is retired` });
    if (Date.parse(input.filled_at) > Date.now() + 10 * 60_000) throw validationError({ filled_at: 'That is in the future' });
    await checkVendor(tx, agencyId, input.vendor_id, null);
    const row = await insertFuelEntry(tx, {
      agencyId,
      vehicleId: vehicle.id,
      filledAt: new Date(input.filled_at),
      quantityThousandths: Math.round(input.quantity * 1000),
      // The unit it was typed in (the phone says so): an outbox fill-up sent later is not read in another.
      unit: input.unit ?? fleetSettingsOf(ctx.sysConfig).fuel_unit,
      totalCents: input.total_cents,
      odometer: input.odometer,
      fullTank: input.full_tank,
      vendorId: input.vendor_id ?? null,
      enteredBy: ctx.scope.userId,
    });
    // A higher reading moves the car's odometer on; a lower one is kept as typed and flagged as an outlier.
    await raiseFromFill(tx, ctx, vehicle.id, input.odometer, row.id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fuel_entry.created',
      entityType: 'fuel_entry',
      entityId: row.id,
      summary: `Fuel for unit ${vehicle.unitNumber}: ${input.quantity} ${row.unit === 'litre' ? 'L' : 'gal'}, ${formatCents(input.total_cents)}`,
      after: audited(row),
    });
    return presentOne(tx, ctx, row.id);
  });
}

export function getFuelEntry(ctx: RequestContext, id: string): Promise<FuelEntry> {
  return inAgency(ctx, (tx) => presentOne(tx, ctx, id, false));
}

/** How far back the outliers look when no dates are given (each is judged against its car's whole log). */
export const OUTLIER_DAYS = 365;

/**
 * The office's list: newest first, by vehicle and agency dates; `outliers` keeps only the flagged ones,
 * of the last 12 months unless dates are given.
 */
export function listAgencyFuelEntries(ctx: RequestContext, query: ListFuelEntriesQuery): Promise<Page<FuelEntry>> {
  const timeZone = ctx.sysConfig.general_settings.timezone;
  const from = query.from ?? (query.show === 'outliers' && !query.to ? addDays(localDate(new Date(), timeZone), -OUTLIER_DAYS) : undefined);
  const window: FuelWindow = {
    vehicleId: query.vehicle_id,
    from: from ? dayStart(from, timeZone) : undefined,
    to: query.to ? dayEnd(query.to, timeZone) : undefined,
    voided: query.show === 'voided' ? 'include' : 'exclude',
  };
  const unit = fleetSettingsOf(ctx.sysConfig).fuel_unit;
  const offset = (query.page - 1) * query.page_size;
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    if (query.show === 'outliers') {
      // An outlier is a judgement on the vehicle's whole log, so the window's fills are read and judged here.
      const rows = await fuelEntriesIn(tx, agencyId, window);
      const economy = await economyOf(
        economyCacheOf(ctx.services),
        tx,
        agencyId,
        rows.map((row) => row.entry.vehicleId),
        unit,
      );
      const flagged = rows.filter((row) => economy.get(row.entry.id)?.outlier);
      return {
        items: flagged.slice(offset, offset + query.page_size).map((row) => present(row, economy, unit)),
        total: flagged.length,
        page: query.page,
        page_size: query.page_size,
      };
    }
    const { rows, total } = await listFuelEntries(tx, agencyId, window, { limit: query.page_size, offset });
    const economy = await economyOf(
      economyCacheOf(ctx.services),
      tx,
      agencyId,
      rows.map((row) => row.entry.vehicleId),
      unit,
    );
    return { items: rows.map((row) => present(row, economy, unit)), total, page: query.page, page_size: query.page_size };
  });
}

/** The office corrects an entry (a typing slip), against the version it saw; a voided entry stays as it was. */
export function correctFuelEntry(ctx: RequestContext, id: string, version: number, raw: CorrectFuelEntryInput): Promise<FuelEntry> {
  return inAgency(ctx, async (tx) => {
    const input = CorrectSchema.parse(raw);
    const agencyId = ctx.scope.agencyId;
    const before = await findFuelEntry(tx, agencyId, id);
    if (!before) throw new AppError('not_found', 'Fuel entry not found');
    if (before.entry.version !== version) throw staleVersion('fuel entry');
    if (before.entry.voidedAt) throw validationError({ reason: 'A voided entry cannot be corrected' });
    await checkVendor(tx, agencyId, input.vendor_id, before.entry.vendorId);
    const updated = await updateFuelEntryRow(tx, agencyId, id, version, {
      filledAt: new Date(input.filled_at),
      quantityThousandths: Math.round(input.quantity * 1000),
      unit: input.unit ?? before.entry.unit,
      totalCents: input.total_cents,
      odometer: input.odometer,
      fullTank: input.full_tank,
      vendorId: input.vendor_id ?? null,
    });
    if (!updated) throw staleVersion('fuel entry');
    if (updated.odometer !== before.entry.odometer)
      await settleOdometer(tx, ctx, before.entry.vehicleId, id, before.entry.odometer, updated.odometer);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fuel_entry.corrected',
      entityType: 'fuel_entry',
      entityId: id,
      summary: `Corrected a fuel entry of unit ${before.unitNumber}`,
      before: audited(before.entry),
      after: audited(updated),
    });
    return presentOne(tx, ctx, id);
  });
}

/** Voids a mistaken entry with the reason (kept on record, left out of economy and costs). */
export function voidFuelEntry(ctx: RequestContext, id: string, version: number, reason: string): Promise<FuelEntry> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await findFuelEntry(tx, agencyId, id);
    if (!before) throw new AppError('not_found', 'Fuel entry not found');
    if (before.entry.version !== version) throw staleVersion('fuel entry');
    if (before.entry.voidedAt) throw validationError({ reason: 'This entry is already void' });
    const updated = await updateFuelEntryRow(tx, agencyId, id, version, {
      voidedAt: new Date(),
      voidedBy: ctx.scope.userId,
      voidReason: reason.trim(),
    });
    if (!updated) throw staleVersion('fuel entry');
    await settleOdometer(tx, ctx, before.entry.vehicleId, id, before.entry.odometer, null);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fuel_entry.voided',
      entityType: 'fuel_entry',
      entityId: id,
      summary: `Voided a fuel entry of unit ${before.unitNumber}: ${reason.trim()}`,
      before: audited(before.entry),
      after: { void_reason: reason.trim() },
    });
    return presentOne(tx, ctx, id);
  });
}
