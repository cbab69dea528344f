import { and, eq } from 'drizzle-orm';
import type { TemplateSection } from '../../core/contracts/fleet.ts';
import { evaluateAnswers } from '../../core/fleet/squad-check-rules.ts';
import type { Tx } from '../platform/database.ts';
import type { BenchAgency, BenchPerson } from '../platform/modules.ts';
import { sampleAnswers } from './sample-answers.ts';
import { SAMPLE_VEHICLE_MODELS, sampleUnitNumber } from './sample-vehicles.ts';
import { squadCheckTemplateVersions } from './schema.ts';

/**
 * Fleet's part of the bench dataset (bench/bench-data.ts, issue 8): per agency 40 vehicles, their
 * squad checks and service requests over the history, three maintenance intervals per car, and the
 * audit entries those left. Squad-check results come from evaluateAnswers() against the agency's
 * template version, request numbers in order from the agency's counter, as the API would make them.
 *
 * Realistic rates: a car is squad-checked at the start of the first shift on the days it is used (in
 * service cars ~85 % of days, spares and specialty cars less), ~1.5 % of checks find a non-critical
 * problem; each car gets a service request about once a month.
 */

export const VEHICLES_PER_AGENCY = 40;
/** Share of days an in-service car is used (and so squad-checked at the start of its first shift). */
export const DAILY_CHECK_RATE = 0.85;
export const FAILED_CHECK_RATE = 0.015;
/** Service requests per car per month. */
export const REQUESTS_PER_VEHICLE_MONTH = 1;

const REQUEST_KINDS = [
  { category: 'oil_change', description: 'Oil change due' },
  { category: 'tires', description: 'Front tires worn, pulls to the right' },
  { category: 'brakes', description: 'Brakes squeal when stopping' },
  { category: 'emergency_equipment', description: 'Rear light bar flickers, passenger side' },
  { category: 'body_damage', description: 'Scrape on the rear bumper' },
  { category: 'electrical', description: 'MDT mount loose, screen goes dark over bumps' },
  { category: 'inspection', description: 'Annual inspection' },
  { category: 'other', description: 'Passenger door lock sticks' },
];
const VENDORS = ['City Garage', 'County Fleet Services', 'Tire & Auto Center', 'Upfit Electronics', 'Old Town Motors'];
/** Share of the days a car is used on which it is also filled up. */
export const FUEL_RATE = 0.17;
const DAY = 86_400_000;

type Row = Record<string, unknown>;

/** Writes the agency's fleet for the bench, inside the agency's transaction (ServerModule.seedBench). */
export async function seedBenchFleet(tx: Tx, bench: BenchAgency): Promise<void> {
  const { agencyId, now, days, activity } = bench;
  const rand = bench.random;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const [version] = await tx
    .select()
    .from(squadCheckTemplateVersions)
    .where(and(eq(squadCheckTemplateVersions.agencyId, agencyId)));
  const sections = version!.sections as TemplateSection[];

  const active = bench.people.filter((u) => u.status === 'active');
  const officers = active.filter((u) => ['officer', 'sergeant', 'field-training-officer', 'trainee'].includes(u.role));
  const managers = active.filter((u) => u.role === 'fleet-manager');

  // --- vehicles, with a year of squad checks and odometer readings
  const start = new Date(now.getTime() - days * DAY);
  const vehicles: Row[] = [];
  const events: Row[] = [];
  const submissions: Row[] = [];
  const intervals: Row[] = [];
  const requests: Row[] = [];
  const requestEvents: Row[] = [];
  const fuel: Row[] = [];
  const vendors: Row[] = VENDORS.map((name, index) => ({
    agency_id: agencyId,
    id: crypto.randomUUID(),
    name,
    phone: `(555) 010-${String(1000 + index).slice(-4)}`,
    active: index < VENDORS.length - 1,
  }));
  const vendorIds = vendors.filter((v) => v.active).map((v) => v.id as string);
  const dateIn = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  for (let i = 0; i < VEHICLES_PER_AGENCY; i += 1) {
    const spec = SAMPLE_VEHICLE_MODELS[i % SAMPLE_VEHICLE_MODELS.length]!;
    const id = crypto.randomUUID();
    const unit = sampleUnitNumber(spec.type, i);
    const retired = i === VEHICLES_PER_AGENCY - 1;
    const outOfService = i === 7 || i === 19;
    const usage =
      activity * (spec.type === 'transport' || spec.type === 'unmarked' ? 0.5 : spec.type === 'motorcycle' ? 0.4 : DAILY_CHECK_RATE);
    const assigned = officers[i % officers.length]!;
    let odometer = 5_000 + Math.floor(rand() * 60_000);
    const createdAt = new Date(start.getTime() - 30 * DAY);
    events.push({
      agency_id: agencyId,
      vehicle_id: id,
      kind: 'odometer',
      odometer,
      reason: 'Added to the fleet',
      source: 'manual',
      actor_id: managers[0]!.id,
      at: createdAt,
    });
    bench.audit({
      at: createdAt,
      actor: managers[0]!,
      action: 'vehicle.created',
      entityType: 'vehicle',
      entityId: id,
      summary: `Added unit ${unit}`,
      after: { unit_number: unit, make: spec.make, model: spec.model },
    });
    let lastCheck: Date | null = null;
    const lastDay = retired ? Math.max(0, days - 60) : days;
    for (let day = 0; day < lastDay; day += 1) {
      if (rand() >= usage) continue;
      const checker = rand() < 0.6 ? assigned : pick(officers);
      // The start of a shift: 06:00–08:00 or 18:00–20:00 UTC-ish.
      const submittedAt = new Date(start.getTime() + day * DAY + (rand() < 0.7 ? 6 : 18) * 3_600_000 + Math.floor(rand() * 2 * 3_600_000));
      odometer += 40 + Math.floor(rand() * 120);
      const failing = rand() < FAILED_CHECK_RATE ? pick(['camera', 'first_aid', 'fuel', 'extinguisher'] as const) : null;
      const answers = sampleAnswers(sections, {
        odometer,
        failing: failing ? { itemId: failing, note: 'Reported to the fleet office', number: 15 } : undefined,
        number: () => 40 + Math.floor(rand() * 60),
      });
      const { failed, errors } = evaluateAnswers(sections, answers);
      if (Object.keys(errors).length > 0) throw new Error(`Bench answers do not fit the template: ${JSON.stringify(errors)}`);
      const subId = crypto.randomUUID();
      const age = (now.getTime() - submittedAt.getTime()) / DAY;
      const reviewed = age > 7 ? managers[day % managers.length]! : null;
      submissions.push({
        agency_id: agencyId,
        id: subId,
        vehicle_id: id,
        template_version_id: version!.id,
        officer_id: checker.id,
        status: reviewed ? 'approved' : 'submitted',
        answers,
        failed_items: failed,
        failed_count: failed.length,
        odometer,
        took_out_of_service: false,
        submitted_at: submittedAt,
        reviewed_by: reviewed?.id ?? null,
        reviewed_at: reviewed ? new Date(submittedAt.getTime() + 2 * DAY) : null,
        review_note: null,
        version: reviewed ? 2 : 1,
      });
      events.push({
        agency_id: agencyId,
        vehicle_id: id,
        kind: 'odometer',
        odometer,
        source: 'squad_check',
        actor_id: checker.id,
        at: submittedAt,
      });
      bench.audit({
        at: submittedAt,
        actor: checker,
        action: 'squad_check.submitted',
        entityType: 'squad_check',
        entityId: subId,
        summary: `Squad check of unit ${unit}: ${failed.length === 0 ? 'all passed' : `${failed.length} failed`}`,
        after: { failed_items: failed.map((f) => f.item_id), odometer },
      });
      if (reviewed)
        bench.audit({
          at: new Date(submittedAt.getTime() + 2 * DAY),
          actor: reviewed,
          action: 'squad_check.approved',
          entityType: 'squad_check',
          entityId: subId,
          summary: 'Approved a squad check',
          after: { note: null },
        });
      lastCheck = submittedAt;
      // A fill-up about every sixth day the car is used, mostly to the brim.
      if (rand() < FUEL_RATE)
        fuel.push({
          agency_id: agencyId,
          id: crypto.randomUUID(),
          vehicle_id: id,
          filled_at: new Date(submittedAt.getTime() + 3_600_000),
          quantity_thousandths: 9_000 + Math.floor(rand() * 9_000),
          unit: 'gallon',
          total_cents: 2_800 + Math.floor(rand() * 3_000),
          odometer,
          full_tank: rand() < 0.9,
          vendor_id: rand() < 0.8 ? pick(vendorIds) : null,
          entered_by: checker.id,
          created_at: submittedAt,
          updated_at: submittedAt,
        });
    }
    // About one service request a month per car, spread over the year.
    const requestCount = Math.round(((12 * days) / 365) * REQUESTS_PER_VEHICLE_MONTH * activity * (retired ? 0.8 : 1) + rand());
    for (let r = 0; r < requestCount; r += 1) {
      const createdAtR = new Date(start.getTime() + Math.floor(rand() * days * DAY));
      const age = (now.getTime() - createdAtR.getTime()) / DAY;
      const kind = pick(REQUEST_KINDS);
      const reporter = pick(officers);
      const status =
        age > 14 ? (rand() < 0.9 ? 'completed' : 'declined') : age > 3 ? pick(['in_progress', 'completed', 'open'] as const) : 'open';
      const oos = (outOfService && age < 10 && status !== 'completed' && status !== 'declined') || false;
      requests.push({
        agency_id: agencyId,
        id: crypto.randomUUID(),
        number: 0,
        vehicle_id: id,
        category: kind.category,
        description: kind.description,
        drivable: !oos,
        status,
        out_of_service: oos,
        cost_cents: status === 'completed' ? 5_000 + Math.floor(rand() * 80_000) : null,
        vendor_id: status === 'completed' ? pick(vendorIds) : null,
        reported_by: reporter.id,
        squad_check_id: null,
        squad_check_item_id: null,
        photo_ids: [],
        completed_at: status === 'completed' ? new Date(createdAtR.getTime() + 3 * DAY) : null,
        version: status === 'open' ? 1 : status === 'in_progress' ? 2 : 3,
        created_at: createdAtR,
        updated_at: status === 'open' ? createdAtR : new Date(createdAtR.getTime() + (status === 'in_progress' ? DAY : 3 * DAY)),
        unit,
        reporter,
      });
    }
    const status = retired ? 'retired' : outOfService ? 'out_of_service' : 'in_service';
    if (status !== 'in_service') {
      const at = new Date(now.getTime() - (retired ? 60 : 2) * DAY);
      const reason = retired ? 'Replaced by a new car' : 'Not drivable: brakes';
      events.push({
        agency_id: agencyId,
        vehicle_id: id,
        kind: 'status',
        from_status: 'in_service',
        to_status: status,
        reason,
        source: 'manual',
        actor_id: managers[0]!.id,
        at,
      });
      bench.audit({
        at,
        actor: managers[0]!,
        action: 'vehicle.status_changed',
        entityType: 'vehicle',
        entityId: id,
        summary: `Unit ${unit}: in service → ${status.replaceAll('_', ' ')} (${reason})`,
        before: { status: 'in_service' },
        after: { status, reason },
      });
    }
    vehicles.push({
      agency_id: agencyId,
      id,
      unit_number: unit,
      vehicle_type: spec.type,
      make: spec.make,
      model: spec.model,
      year: 2018 + (i % 7),
      vin: null,
      plate: `PD ${4100 + i * 13}`,
      plate_state: 'IL',
      status,
      status_reason: status === 'in_service' ? null : retired ? 'Replaced by a new car' : 'Not drivable: brakes',
      odometer,
      assigned_user_id: assigned.id,
      assigned_group: i % 5 === 0 ? 'Traffic' : null,
      equipment: ['Light bar', 'Siren', 'Mobile radio', 'In-car camera'],
      notes: null,
      photo_key: null,
      last_squad_check_at: lastCheck,
      // Papers renewed on a yearly cycle spread over the fleet, so some lapse within the month.
      registration_expires_on: dateIn(((i * 37) % 400) - 20),
      insurance_expires_on: dateIn(((i * 53) % 365) + 5),
      inspection_expires_on: i % 4 === 0 ? dateIn(((i * 29) % 300) - 10) : null,
      version: 1,
      created_at: createdAt,
      updated_at: lastCheck ?? createdAt,
    });
    for (const [category, miles, days] of [
      ['oil_change', 5_000, null],
      ['tires', 40_000, null],
      ['inspection', null, 365],
    ] as const) {
      const lastDoneAt = new Date(now.getTime() - Math.floor(rand() * (days ?? 120)) * DAY);
      intervals.push({
        agency_id: agencyId,
        id: crypto.randomUUID(),
        vehicle_id: id,
        category,
        every_miles: miles,
        every_days: days,
        last_done_at: lastDoneAt,
        last_done_odometer: Math.max(0, odometer - Math.floor(rand() * (miles ?? 8_000))),
        active: true,
        version: 1,
        created_at: createdAt,
        updated_at: lastDoneAt,
      });
    }
  }
  await bench.insert('vendors', vendors);
  await bench.insert('vehicles', vehicles);
  await bench.insert('fuel_entries', fuel);

  // Request numbers in order of creation, from the agency's counter, as nextNumber() hands them out.
  requests.sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());
  requests.forEach((r, index) => {
    r.number = index + 1;
    const created = r.created_at as Date;
    const reporter = r.reporter as BenchPerson;
    const manager = managers[index % managers.length]!;
    requestEvents.push({
      agency_id: agencyId,
      request_id: r.id,
      from_status: null,
      to_status: 'open',
      note: null,
      actor_id: reporter.id,
      at: created,
    });
    bench.audit({
      at: created,
      actor: reporter,
      action: 'service_request.created',
      entityType: 'service_request',
      entityId: r.id as string,
      summary: `Service request #${index + 1} for unit ${String(r.unit)}`,
      after: { category: r.category, drivable: r.drivable },
    });
    const moves: Array<[string, string, number, string | null]> = [];
    if (r.status !== 'open') moves.push(['open', 'in_progress', DAY, 'Booked with the shop']);
    if (r.status === 'completed' || r.status === 'declined')
      moves.push(['in_progress', r.status as string, 3 * DAY, r.status === 'completed' ? 'Done' : 'Not needed']);
    for (const [from, to, after, note] of moves) {
      const at = new Date(created.getTime() + after);
      requestEvents.push({ agency_id: agencyId, request_id: r.id, from_status: from, to_status: to, note, actor_id: manager.id, at });
      bench.audit({
        at,
        actor: manager,
        action: 'service_request.status_changed',
        entityType: 'service_request',
        entityId: r.id as string,
        summary: `Service request #${index + 1}: ${from} → ${to}`,
        before: { status: from },
        after: { status: to },
      });
    }
    delete r.unit;
    delete r.reporter;
  });
  await bench.insert('service_requests', requests);
  await bench.setCounter('service_request', requests.length);
  // Most completed requests have their work order: parts and labour that add up to the request's cost.
  const workOrders: Array<Record<string, unknown>> = [];
  const workOrderLines: Array<Record<string, unknown>> = [];
  const clerk = managers[0] ?? officers[0]!;
  for (const r of requests) {
    if (r.status !== 'completed' || rand() < 0.3) continue;
    const id = crypto.randomUUID();
    const total = r.cost_cents as number;
    const labourCents = Math.round(total * 0.4);
    const partsCents = total - labourCents;
    workOrders.push({
      agency_id: agencyId,
      id,
      number: workOrders.length + 1,
      service_request_id: r.id,
      vehicle_id: r.vehicle_id,
      vendor_id: r.vendor_id,
      parts_cents: partsCents,
      labour_cents: labourCents,
      tax_cents: 0,
      total_cents: total,
      attachment_ids: [],
      created_by: clerk.id,
      created_at: r.completed_at,
      updated_at: r.completed_at,
    });
    workOrderLines.push(
      {
        agency_id: agencyId,
        work_order_id: id,
        position: 1,
        kind: 'part',
        description: 'Parts',
        quantity_hundredths: 100,
        unit_cost_cents: partsCents,
        total_cents: partsCents,
      },
      {
        agency_id: agencyId,
        work_order_id: id,
        position: 2,
        kind: 'labour',
        description: 'Labour',
        quantity_hundredths: 100,
        unit_cost_cents: labourCents,
        total_cents: labourCents,
      },
    );
  }
  await bench.insert('work_orders', workOrders);
  await bench.insert('work_order_lines', workOrderLines);
  await bench.setCounter('work_order', workOrders.length);
  await bench.insert('service_request_events', requestEvents);
  await bench.insert('squad_check_submissions', submissions);
  events.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
  await bench.insert('vehicle_events', events);
  await bench.insert('maintenance_intervals', intervals);
}
