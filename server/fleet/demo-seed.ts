import { and, eq } from 'drizzle-orm';
import { sampleAnswers } from './sample-answers.ts';
import { SAMPLE_VEHICLE_MODELS, sampleUnitNumber } from './sample-vehicles.ts';
import type { TemplateSection } from '../../core/contracts/fleet.ts';
import { squadCheckTemplates } from './schema.ts';
import type { Tx } from '../platform/database.ts';
import type { DemoAgency } from '../platform/modules.ts';
import { evaluateAnswers } from '../../core/fleet/squad-check-rules.ts';
import { insertNotification } from '../platform/notices.ts';
import { nextNumber } from '../platform/counters.ts';
import { peopleOf, peopleWithPermission } from '../platform/people.ts';
import { insertServiceRequest, insertServiceRequestEvent } from './service-request-queries.ts';
import { insertSubmission } from './squad-check-queries.ts';
import { findTemplateVersions } from './template-queries.ts';
import { insertMaintenance } from './maintenance-queries.ts';
import { insertVehicle, insertVehicleEvent, updateVehicleRow } from './vehicle-queries.ts';

/** A small, believable fleet for a demo agency: cars, a few days of squad checks, requests in every state. */
export async function seedDemoFleet(tx: Tx, { agencyId, size }: DemoAgency) {
  const vehicleCount = size === 'large' ? 12 : 5;
  const officers = await peopleOf(tx, agencyId);
  const [template] = await tx
    .select()
    .from(squadCheckTemplates)
    .where(and(eq(squadCheckTemplates.agencyId, agencyId)));
  const [version] = await findTemplateVersions(tx, agencyId, [template!.currentVersionId!]);
  const sections = version!.sections as TemplateSection[];
  const day = 86_400_000;
  const vehicles = [];
  for (let i = 0; i < vehicleCount; i += 1) {
    const spec = SAMPLE_VEHICLE_MODELS[i % SAMPLE_VEHICLE_MODELS.length]!;
    const odometer = 18_000 + ((i * 7919) % 60_000);
    const vehicle = await insertVehicle(tx, {
      agencyId,
      unitNumber: sampleUnitNumber(spec.type, i),
      vehicleType: spec.type,
      make: spec.make,
      model: spec.model,
      year: 2019 + (i % 6),
      plate: `PD ${String(4100 + i * 13)}`,
      plateState: 'IL',
      odometer,
      equipment: [
        'Light bar',
        'Siren',
        'Mobile radio',
        ...(spec.type === 'transport' ? ['Prisoner partition'] : ['In-car camera', 'Rifle rack']),
      ],
      assignedUserId: officers[i % officers.length]!.id,
    });
    await insertVehicleEvent(tx, {
      agencyId,
      vehicleId: vehicle.id,
      kind: 'odometer',
      odometer,
      reason: 'Added to the fleet',
      at: new Date(Date.now() - 30 * day),
    });
    vehicles.push(vehicle);
  }
  // Three days of start-of-shift checks; one day a light bar failed on one car.
  for (let back = 3; back >= 1; back -= 1) {
    for (const [index, vehicle] of vehicles.entries()) {
      if ((index + back) % 4 === 0) continue; // not every car every day
      const failing = back === 2 && index === 1;
      const answers = sampleAnswers(sections, {
        odometer: vehicle.odometer + (4 - back) * 40,
        failing: failing ? { itemId: 'lightbar', note: 'Rear light bar flickers, passenger side' } : undefined,
        number: () => 75,
      });
      const { failed, odometer } = evaluateAnswers(sections, answers);
      const submittedAt = new Date(Date.now() - back * day);
      await updateVehicleRow(tx, agencyId, vehicle.id, null, { lastSquadCheckAt: submittedAt, ...(odometer ? { odometer } : {}) });
      await insertSubmission(tx, {
        agencyId,
        vehicleId: vehicle.id,
        templateVersionId: version!.id,
        officerId: vehicle.assignedUserId!,
        answers,
        failedItems: failed,
        failedCount: failed.length,
        odometer,
        submittedAt,
      });
    }
  }
  // Preventive maintenance on every car: oil every 5,000 miles or 180 days, tires every 40,000 miles,
  // the annual inspection. Most are fine; the first car's oil change is overdue, the fourth's is due
  // within the next few hundred miles, the fifth's inspection lapsed and the sixth's comes within days,
  // so the office's "maintenance due" card has what a real fleet's has.
  for (const [index, vehicle] of vehicles.entries()) {
    const oilMilesAgo = index === 0 ? 5_300 : index === 3 ? 4_650 : 800 + ((index * 997) % 2_600);
    const inspectionDaysAgo = index === 4 ? 380 : index === 5 ? 358 : 40 + ((index * 53) % 250);
    const intervals = [
      { category: 'oil_change', everyMiles: 5_000, everyDays: 180, milesAgo: oilMilesAgo, daysAgo: Math.min(170, 20 + index * 9) },
      { category: 'tires', everyMiles: 40_000, everyDays: null, milesAgo: 6_000 + ((index * 4_391) % 25_000), daysAgo: 200 },
      { category: 'inspection', everyMiles: null, everyDays: 365, milesAgo: 9_000, daysAgo: inspectionDaysAgo },
    ];
    for (const interval of intervals)
      await insertMaintenance(tx, {
        agencyId,
        vehicleId: vehicle.id,
        category: interval.category,
        everyMiles: interval.everyMiles,
        everyDays: interval.everyDays,
        lastDoneAt: new Date(Date.now() - interval.daysAgo * day),
        lastDoneOdometer: Math.max(0, vehicle.odometer - interval.milesAgo),
      });
  }
  // The queue as a fleet office keeps it: how urgent each is, who works it (the fleet manager or an
  // outside shop) and by when, one of them overdue.
  const requests: Array<{
    vehicle: (typeof vehicles)[number] | undefined;
    category: string;
    description: string;
    status: 'open' | 'in_progress' | 'completed';
    age: number;
    priority: 'low' | 'normal' | 'high' | 'urgent';
    works?: 'manager' | string;
    dueInDays?: number;
  }> = [
    {
      vehicle: vehicles[1],
      category: 'emergency_equipment',
      description: 'Rear light bar flickers, passenger side',
      status: 'in_progress',
      age: 2,
      priority: 'high',
      works: 'manager',
      dueInDays: 1,
    },
    {
      vehicle: vehicles[2],
      category: 'oil_change',
      description: 'Oil change due at next service',
      status: 'open',
      age: 5,
      priority: 'low',
      works: 'Riverside Quick Lube',
      dueInDays: 6,
    },
    {
      vehicle: vehicles[3],
      category: 'tires',
      description: 'Front tires worn to 3/32"',
      status: 'completed',
      age: 12,
      priority: 'normal',
      works: 'City Tire & Auto',
    },
    {
      vehicle: vehicles[0],
      category: 'body_damage',
      description: 'Scrape on rear bumper from parking garage pillar',
      status: 'open',
      age: 9,
      priority: 'normal',
      works: 'Main Street Collision',
      dueInDays: -2,
    },
    {
      vehicle: vehicles[4],
      category: 'brakes',
      description: 'Pulls to the left under hard braking',
      status: 'open',
      age: 0.25,
      priority: 'urgent',
    },
  ];
  const managers = await peopleWithPermission(tx, agencyId, 'fleet:admin');
  // What the bell would have said as these requests came and moved; older news already read.
  const notice = (userId: string, at: Date, kind: string, title: string, body: string, link: string) =>
    insertNotification(tx, {
      agencyId,
      userId,
      kind,
      title,
      body,
      link,
      createdAt: at,
      readAt: Date.now() - at.getTime() > 3 * day ? at : null,
    });
  for (const r of requests) {
    if (!r.vehicle) continue;
    const created = new Date(Date.now() - r.age * day);
    const assigneeId = r.works === 'manager' ? managers[0]?.id : undefined;
    const request = await insertServiceRequest(tx, {
      agencyId,
      number: await nextNumber(tx, agencyId, 'service_request'),
      vehicleId: r.vehicle.id,
      priority: r.priority,
      ...(assigneeId ? { assigneeId } : r.works && r.works !== 'manager' ? { vendor: r.works } : {}),
      ...(r.dueInDays !== undefined ? { dueOn: new Date(Date.now() + r.dueInDays * day).toISOString().slice(0, 10) } : {}),
      category: r.category,
      description: r.description,
      drivable: true,
      status: r.status,
      reportedBy: r.vehicle.assignedUserId!,
      createdAt: created,
      updatedAt: created,
      ...(r.status === 'completed' ? { completedAt: new Date(created.getTime() + 2 * day), costCents: 38_900 } : {}),
    });
    await insertServiceRequestEvent(tx, {
      agencyId,
      requestId: request.id,
      toStatus: 'open',
      actorId: r.vehicle.assignedUserId,
      at: created,
    });
    if (r.status !== 'open')
      await insertServiceRequestEvent(tx, {
        agencyId,
        requestId: request.id,
        fromStatus: 'open',
        toStatus: 'in_progress',
        note: 'Booked with the shop',
        at: new Date(created.getTime() + day / 2),
      });
    if (r.status === 'completed')
      await insertServiceRequestEvent(tx, {
        agencyId,
        requestId: request.id,
        fromStatus: 'in_progress',
        toStatus: 'completed',
        note: 'Two front tires replaced',
        at: new Date(created.getTime() + 2 * day),
      });
    for (const manager of managers)
      await notice(
        manager.id,
        created,
        'fleet.service_request.created',
        `Service request #${request.number} for unit ${r.vehicle.unitNumber}`,
        r.description,
        '/fleet/admin/servicerequest',
      );
    const reporter = r.vehicle.assignedUserId!;
    if (r.status !== 'open')
      await notice(
        reporter,
        new Date(created.getTime() + day / 2),
        'fleet.service_request.status',
        `Service request #${request.number} is in progress`,
        `Unit ${r.vehicle.unitNumber}. Note from the fleet office: Booked with the shop`,
        '/fleet',
      );
    if (r.status === 'completed')
      await notice(
        reporter,
        new Date(created.getTime() + 2 * day),
        'fleet.service_request.status',
        `Service request #${request.number} is completed`,
        `Unit ${r.vehicle.unitNumber}. Note from the fleet office: Two front tires replaced`,
        '/fleet',
      );
  }
}
