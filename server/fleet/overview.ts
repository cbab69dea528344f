import type { FleetDashboard, FleetHome } from '../../core/contracts/fleet.ts';
import { inSequence } from '../platform/database.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { listMyServiceRequests, listServiceRequestQueue } from './service-requests.ts';
import { fleetSettingsOf } from './settings.ts';
import { maintenanceList } from './maintenance.ts';
import { submissionsOfOfficerSince } from './squad-check-queries.ts';
import { countVehiclesByStatus, listVehicles, vehicleLabels, vehiclesNotCheckedSince, vehiclesOfOfficer } from './vehicle-queries.ts';
import { startOfAgencyToday } from './squad-checks.ts';
import { presentVehicle, presentVehicles } from './vehicles.ts';

/** /fleet for an officer: their vehicles, their open requests, what they checked today. */
export async function fleetHome(ctx: RequestContext): Promise<FleetHome> {
  const today = startOfAgencyToday(ctx);
  const [vehicles, checked] = await inAgency(ctx, async (tx) => {
    const rows = await vehiclesOfOfficer(tx, ctx.scope.agencyId, ctx.scope.userId, 10);
    const submissions = await submissionsOfOfficerSince(tx, ctx.scope.agencyId, ctx.scope.userId, today);
    const units = await vehicleLabels(tx, ctx.scope.agencyId, [...new Set(submissions.map((s) => s.vehicleId))]);
    const checkedToday = submissions.map((s) => ({
      vehicle_id: s.vehicleId,
      unit_number: units.get(s.vehicleId)?.unitNumber ?? '',
      submitted_at: s.submittedAt.toISOString(),
      failed: s.failedCount,
    }));
    return [await presentVehicles(tx, ctx.scope.agencyId, rows), checkedToday] as const;
  });
  // Two transactions of their own, so on PostgreSQL they run side by side.
  const [open, inProgress] = await Promise.all([
    listMyServiceRequests(ctx, { page: 1, page_size: 20, status: 'open', order: 'newest' }),
    listMyServiceRequests(ctx, { page: 1, page_size: 20, status: 'in_progress', order: 'newest' }),
  ]);
  return {
    vehicles,
    open_requests: [...open.items, ...inProgress.items],
    checked_today: checked,
    squad_check_required_before_shift: fleetSettingsOf(ctx.sysConfig).squad_check_required_before_shift,
  };
}

/** /fleet/admin: what needs the fleet office now. */
export async function fleetDashboard(ctx: RequestContext): Promise<FleetDashboard> {
  const today = startOfAgencyToday(ctx);
  const base = { page: 1, page_size: 200, sort: 'unit_number' as const, order: 'asc' as const };
  const { outOfService, notChecked, counts, maintenanceDue } = await inAgency(ctx, async (tx) => {
    const [oos, unchecked, byStatus] = await inSequence([
      () => listVehicles(tx, ctx.scope.agencyId, { ...base, status: 'out_of_service' }),
      () => vehiclesNotCheckedSince(tx, ctx.scope.agencyId, today),
      () => countVehiclesByStatus(tx, ctx.scope.agencyId),
    ]);
    return {
      outOfService: oos.rows.map(presentVehicle),
      notChecked: await presentVehicles(tx, ctx.scope.agencyId, unchecked),
      counts: { vehicles: byStatus.in_service + byStatus.out_of_service + byStatus.retired, ...byStatus },
      maintenanceDue: await maintenanceList(tx, ctx.scope.agencyId, { state: 'due' }),
    };
  });
  // Two transactions of their own, so on PostgreSQL they run side by side.
  const [open, inProgress] = await Promise.all([
    listServiceRequestQueue(ctx, { page: 1, page_size: 200, status: 'open', order: 'oldest' }),
    listServiceRequestQueue(ctx, { page: 1, page_size: 200, status: 'in_progress', order: 'oldest' }),
  ]);
  const waiting = [...open.items, ...inProgress.items].sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
  const age = (created: string) => (Date.now() - new Date(created).getTime()) / 86_400_000;
  return {
    out_of_service: outOfService,
    not_checked_today: notChecked,
    open_requests_by_age: {
      under_1_day: waiting.filter((r) => age(r.created_at) < 1).length,
      days_1_to_7: waiting.filter((r) => age(r.created_at) >= 1 && age(r.created_at) <= 7).length,
      over_7_days: waiting.filter((r) => age(r.created_at) > 7).length,
    },
    oldest_open_requests: waiting.slice(0, 10),
    maintenance_due: maintenanceDue,
    counts,
  };
}
