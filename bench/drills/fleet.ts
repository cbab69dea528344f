/** The fleet API calls the drills write and read with (core/contracts/fleet.ts). */
import type { Page } from '../../core/contracts/admin.ts';
import type { SquadCheckForm, SquadCheckSubmission, Vehicle } from '../../core/contracts/fleet.ts';
import { passingAnswers } from '../../server/test-support/fleet-samples.ts';
import { call, jsonOf } from './http.ts';

export interface CheckTarget {
  vehicle: Vehicle;
  form: SquadCheckForm;
}

/** Vehicles the officer can check (not retired), each with its squad-check form. */
export async function checkTargets(baseUrl: string, officerToken: string, count: number): Promise<CheckTarget[]> {
  const page = jsonOf<Page<Vehicle>>(
    await call(baseUrl, '/rest/v1/fleet/vehicles?page_size=200', { token: officerToken, timeoutMs: 30_000 }),
    'Vehicle list',
  );
  const vehicles = page.items.filter((v) => v.status !== 'retired').slice(0, count);
  if (vehicles.length < count) throw new Error(`The demo fleet has ${vehicles.length} usable vehicles; the drill needs ${count}`);
  const targets: CheckTarget[] = [];
  for (const vehicle of vehicles) {
    const form = jsonOf<SquadCheckForm>(
      await call(baseUrl, `/rest/v1/fleet/squad-checks/form/${vehicle.id}`, { token: officerToken, timeoutMs: 30_000 }),
      'Squad-check form',
    );
    targets.push({ vehicle, form });
  }
  return targets;
}

/**
 * A passing squad check whose odometer reading identifies it: the drills give each submission its
 * own reading (above the car's, rising), so a duplicate shows as two submissions with one reading.
 */
export function submissionBody(target: CheckTarget, odometer: number) {
  return {
    vehicle_id: target.vehicle.id,
    template_version_id: target.form.template.version_id,
    answers: passingAnswers(target.form.template.sections, odometer),
  };
}

/** Every squad check of a vehicle, as the fleet office lists them (all, not only failures). */
export async function squadChecksOf(baseUrl: string, managerToken: string, vehicleId: string): Promise<SquadCheckSubmission[]> {
  const all: SquadCheckSubmission[] = [];
  for (let page = 1; ; page += 1) {
    const result = jsonOf<Page<SquadCheckSubmission>>(
      await call(baseUrl, `/rest/v1/fleet/admin/squad-checks?failures=all&vehicle_id=${vehicleId}&page_size=200&page=${page}`, {
        token: managerToken,
        timeoutMs: 60_000,
      }),
      'Squad-check list',
    );
    all.push(...result.items);
    if (all.length >= result.total || result.items.length === 0) return all;
  }
}
