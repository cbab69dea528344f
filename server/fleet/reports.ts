import type { CostOfOwnership, FleetReport, PeriodQuery } from '../../core/contracts/fleet-records.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { addDays, dayEnd, dayStart, localDate } from './agency-days.ts';
import { checksIn, completedCosts, fuelCosts, odometerSpans, statusChanges, vehicleUnits, type Period } from './report-queries.ts';
import { fleetSettingsOf } from './settings.ts';
import { findVehicle } from './vehicle-queries.ts';

/**
 * What the fleet cost and how it was used over a period of the agency's days (issue 22, point 5): each
 * vehicle's cost of ownership (completed requests' costs, which are their work orders' totals, and
 * fuel; per mile from the period's odometer readings), cost by category and month, downtime from the
 * vehicles' status changes, and squad checks done against due per week.
 */

type VehicleCost = Omit<CostOfOwnership, 'from' | 'to'>;

/** The longest period a report covers (the contract checks it when both ends are given; here, after the defaults). */
const MAX_PERIOD_MS = 3 * 366 * 86_400_000;

/** The period's first and last day: the year to date unless given; at most three years once filled in. */
function daysOf(ctx: RequestContext, query: PeriodQuery) {
  const today = localDate(new Date(), ctx.sysConfig.general_settings.timezone);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? to.slice(0, 4) + '-01-01';
  if (Date.parse(to) - Date.parse(from) > MAX_PERIOD_MS) throw validationError({ 'querystring.from': 'Choose at most three years' });
  return { from, to };
}

function periodOf(ctx: RequestContext, days: { from: string; to: string }, vehicleId?: string): Period {
  const timeZone = ctx.sysConfig.general_settings.timezone;
  return { from: dayStart(days.from, timeZone), to: dayEnd(days.to, timeZone), vehicleId };
}

async function vehicleCosts(tx: Tx, agencyId: string, period: Period, units: Map<string, string>): Promise<VehicleCost[]> {
  const [repairs, fuel, spans] = [
    await completedCosts(tx, agencyId, period),
    await fuelCosts(tx, agencyId, period),
    await odometerSpans(tx, agencyId, period),
  ];
  const costs = new Map<string, { maintenance: number; fuel: number }>();
  const of = (id: string) => costs.get(id) ?? costs.set(id, { maintenance: 0, fuel: 0 }).get(id)!;
  for (const row of repairs) of(row.vehicleId).maintenance += row.cents ?? 0;
  for (const row of fuel) of(row.vehicleId).fuel += row.cents;
  if (period.vehicleId) of(period.vehicleId);
  return [...costs.entries()]
    .map(([vehicleId, cost]) => {
      const span = spans.get(vehicleId);
      const miles = span ? span.high - span.low : null;
      const total = cost.maintenance + cost.fuel;
      return {
        vehicle_id: vehicleId,
        unit_number: units.get(vehicleId) ?? '',
        maintenance_cents: cost.maintenance,
        fuel_cents: cost.fuel,
        total_cents: total,
        miles,
        cost_per_mile_cents: miles ? Math.round((total / miles) * 100) / 100 : null,
      };
    })
    .sort((a, b) => b.total_cents - a.total_cents || a.unit_number.localeCompare(b.unit_number));
}

/** A vehicle's cost of ownership over the period. */
export function costOfOwnership(ctx: RequestContext, vehicleId: string, query: PeriodQuery): Promise<CostOfOwnership> {
  return inAgency(ctx, async (tx) => {
    const vehicle = await findVehicle(tx, ctx.scope.agencyId, vehicleId);
    if (!vehicle) throw new AppError('not_found', 'Vehicle not found');
    const days = daysOf(ctx, query);
    const [cost] = await vehicleCosts(tx, ctx.scope.agencyId, periodOf(ctx, days, vehicleId), new Map([[vehicle.id, vehicle.unitNumber]]));
    return { ...cost!, ...days };
  });
}

/** Days out of service in [from, to), per vehicle, walked from its status changes (before the period: its status then). */
function downtime(changes: Awaited<ReturnType<typeof statusChanges>>, period: Period) {
  const byVehicle = new Map<string, typeof changes>();
  for (const change of changes) byVehicle.set(change.vehicleId, [...(byVehicle.get(change.vehicleId) ?? []), change]);
  const days = new Map<string, number>();
  for (const [vehicleId, list] of byVehicle) {
    let out = false;
    let since = period.from.getTime();
    let total = 0;
    for (const change of list) {
      const at = Math.max(change.at.getTime(), period.from.getTime());
      if (out) total += at - since;
      out = change.toStatus === 'out_of_service';
      since = at;
    }
    if (out) total += Math.min(Date.now(), period.to.getTime()) - since;
    if (total > 0) days.set(vehicleId, Math.round((total / 86_400_000) * 10) / 10);
  }
  return days;
}

/** Monday of the week `date` falls in. */
function weekOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export function fleetReport(ctx: RequestContext, asked: PeriodQuery): Promise<FleetReport> {
  const timeZone = ctx.sysConfig.general_settings.timezone;
  const query = daysOf(ctx, asked);
  const period = periodOf(ctx, query);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const vehicles = await vehicleUnits(tx, agencyId);
    const units = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.unitNumber]));
    const settings = fleetSettingsOf(ctx.sysConfig);

    // Cost by month and category: every month of the period, empty ones too, so the chart's axis is the period.
    const months = new Map<string, Record<string, number>>();
    for (let day = query.from; day <= query.to; day = addDays(day, 28)) months.set(day.slice(0, 7), {});
    months.set(query.to.slice(0, 7), {});
    const add = (at: Date, key: string, cents: number) => {
      const month = months.get(localDate(at, timeZone).slice(0, 7));
      if (month) month[key] = (month[key] ?? 0) + cents;
    };
    for (const row of await completedCosts(tx, agencyId, period)) if (row.at) add(row.at, row.category, row.cents ?? 0);
    for (const row of await fuelCosts(tx, agencyId, period)) add(row.at, 'fuel', row.cents);
    const used = new Set([...months.values()].flatMap((costs) => Object.keys(costs)));
    const categories = [
      ...settings.service_categories.filter((category) => used.has(category.key)),
      ...[...used]
        .filter((key) => key !== 'fuel' && !settings.service_categories.some((category) => category.key === key))
        .map((key) => ({ key, label: key.replaceAll('_', ' ') })),
      ...(used.has('fuel') ? [{ key: 'fuel', label: 'Fuel' }] : []),
    ];

    const changes = await statusChanges(tx, agencyId, period);
    const down = downtime(changes, period);

    // Checks: a vehicle checked on a day counts once; due is a check a day for each vehicle in service at
    // some time that day (from the day it was added), its status each day walked from its status changes
    // (before the first change, the status that change left; with none, today's).
    const checked = new Set<string>();
    for (const check of await checksIn(tx, agencyId, period)) checked.add(`${check.vehicleId} ${localDate(check.at, timeZone)}`);
    const changesOf = new Map<string, typeof changes>();
    for (const change of changes) changesOf.set(change.vehicleId, [...(changesOf.get(change.vehicleId) ?? []), change]);
    type Walk = { id: string; added: string; list: typeof changes; next: number; status: string | null };
    const fleet = vehicles.map((vehicle): Walk => {
      const list = changesOf.get(vehicle.id) ?? [];
      const status = list[0]?.fromStatus ?? vehicle.status;
      return {
        id: vehicle.id,
        added: localDate(vehicle.createdAt, timeZone),
        list,
        next: 0,
        status,
      };
    });
    const weeks = new Map<string, { completed: number; due: number }>();
    const today = localDate(new Date(), timeZone);
    for (let day = query.from, start = dayStart(day, timeZone).getTime(); day <= query.to && day <= today;) {
      const next = addDays(day, 1);
      const end = dayStart(next, timeZone).getTime();
      const week = weeks.get(weekOf(day)) ?? weeks.set(weekOf(day), { completed: 0, due: 0 }).get(weekOf(day))!;
      for (const vehicle of fleet) {
        while (vehicle.next < vehicle.list.length && vehicle.list[vehicle.next]!.at.getTime() < start)
          vehicle.status = vehicle.list[vehicle.next++]!.toStatus;
        if (vehicle.added > day) continue;
        let inService = vehicle.status === 'in_service';
        for (let i = vehicle.next; !inService && i < vehicle.list.length && vehicle.list[i]!.at.getTime() < end; i += 1)
          inService = vehicle.list[i]!.toStatus === 'in_service';
        if (!inService) continue;
        week.due += 1;
        if (checked.has(`${vehicle.id} ${day}`)) week.completed += 1;
      }
      day = next;
      start = end;
    }

    return {
      from: query.from,
      to: query.to,
      cost_by_month: [...months.entries()].map(([month, costs]) => ({ month, costs })),
      categories,
      downtime: [...down.entries()]
        .map(([vehicleId, days]) => ({ vehicle_id: vehicleId, unit_number: units.get(vehicleId) ?? '', days }))
        .sort((a, b) => b.days - a.days || a.unit_number.localeCompare(b.unit_number)),
      checks_by_week: [...weeks.entries()].map(([week, counts]) => ({ week, ...counts })),
      vehicles: await vehicleCosts(tx, agencyId, period, units),
    };
  });
}
