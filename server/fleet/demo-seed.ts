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
import { insertServiceRequest, insertServiceRequestEvent, updateServiceRequestRow } from './service-request-queries.ts';
import { insertWorkOrder, replaceWorkOrderLines } from './work-order-queries.ts';
import { lineTotalCents, workOrderTotals } from '../../core/fleet/work-order-totals.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { textPdf } from '../platform/sample-images.ts';
import { insertSubmission } from './squad-check-queries.ts';
import { findTemplateVersions } from './template-queries.ts';
import { insertMaintenance } from './maintenance-queries.ts';
import { insertVehicle, insertVehicleEvent, updateVehicleRow } from './vehicle-queries.ts';
import { seedDemoFuelAndPapers, seedDemoVendors } from './demo-records.ts';

/**
 * A small, believable fleet for a demo agency: cars, a few days of squad checks, requests in every state,
 * and the completed ones' work orders (parts, labour, sales tax, an invoice), so vehicles show their costs.
 */
export async function seedDemoFleet(tx: Tx, { agencyId, size, storeFile }: DemoAgency) {
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
    /** A completed request's closing note and its work order (its total is the request's cost). */
    closing?: string;
    workOrder?: { lines: DemoLine[]; taxLabour?: boolean; notes?: string; invoice?: string[] };
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
      closing: 'Two front tires replaced',
      workOrder: {
        lines: [
          { kind: 'part', description: 'Pursuit tire 245/55R18', partNumber: 'GY-EPT-24555', quantity: 2, unitCostCents: 18_450 },
          { kind: 'part', description: 'TPMS valve stems', partNumber: 'TPMS-VS2', quantity: 2, unitCostCents: 1_250 },
          { kind: 'labour', description: 'Mount, balance and alignment check', quantity: 1.5, unitCostCents: 9_500 },
        ],
        notes: 'Old tires recycled by the shop. Rears at 6/32", due in about 8,000 miles.',
        invoice: [
          'City Tire & Auto, invoice 88213',
          '2 pursuit tires 245/55R18, 2 TPMS valve stems',
          'Mount, balance, alignment check: 1.5 h',
        ],
      },
    },
    {
      vehicle: vehicles[0],
      category: 'brakes',
      description: 'Brakes grind when stopping from speed',
      status: 'completed',
      age: 41,
      priority: 'high',
      works: 'manager',
      closing: 'Front pads and rotors replaced in-house',
      workOrder: {
        lines: [
          { kind: 'part', description: 'Front brake pads, severe duty', partNumber: 'PD-1414-SD', quantity: 1, unitCostCents: 12_999 },
          { kind: 'part', description: 'Front rotors', partNumber: 'RT-55190', quantity: 2, unitCostCents: 9_875 },
          { kind: 'part', description: 'Brake fluid DOT 3, quart', quantity: 1, unitCostCents: 1_199 },
          { kind: 'labour', description: 'Replace pads and rotors, bleed brakes', quantity: 2.25, unitCostCents: 7_800 },
        ],
        notes: 'Rear pads at 5 mm.',
      },
    },
    {
      vehicle: vehicles[3],
      category: 'emergency_equipment',
      description: 'Siren speaker dead on the driver side',
      status: 'completed',
      age: 27,
      priority: 'high',
      works: 'Tri-County Emergency Upfitters',
      closing: 'Siren speaker and its wiring replaced',
      workOrder: {
        lines: [
          { kind: 'part', description: '100 W siren speaker', partNumber: 'SS-100W', quantity: 1, unitCostCents: 21_900 },
          { kind: 'part', description: 'Speaker bracket', quantity: 1, unitCostCents: 3_450 },
          { kind: 'labour', description: 'Replace speaker, re-run the wiring through the firewall', quantity: 1.75, unitCostCents: 11_500 },
        ],
        taxLabour: true,
        invoice: ['Tri-County Emergency Upfitters, invoice TC-40417', '100 W siren speaker and bracket', 'Labour 1.75 h'],
      },
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
  const vendorIds = await seedDemoVendors(tx, agencyId);
  const vendorOf = (works: string | undefined) => (works && works !== 'manager' ? (vendorIds.get(works) ?? null) : null);
  // The county's sales tax on parts, which each new work order starts with.
  const sysConfig = await lockSysConfig(tx, agencyId);
  await writeSysConfig(tx, agencyId, {
    ...sysConfig,
    fleet_settings: { ...sysConfig.fleet_settings, work_order_tax_rate: DEMO_TAX_RATE },
  });
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
      ...(assigneeId ? { assigneeId } : { vendorId: vendorOf(r.works) }),
      ...(r.dueInDays !== undefined ? { dueOn: new Date(Date.now() + r.dueInDays * day).toISOString().slice(0, 10) } : {}),
      category: r.category,
      description: r.description,
      drivable: true,
      status: r.status,
      reportedBy: r.vehicle.assignedUserId!,
      createdAt: created,
      updatedAt: created,
      ...(r.status === 'completed' ? { completedAt: new Date(created.getTime() + 2 * day) } : {}),
    });
    if (r.workOrder) {
      const managerId = managers[0]?.id ?? r.vehicle.assignedUserId!;
      const invoiceId =
        r.workOrder.invoice && storeFile
          ? await storeFile({
              data: textPdf(r.workOrder.invoice[0]!, r.workOrder.invoice.slice(1)),
              contentType: 'application/pdf',
              purpose: 'fleet',
              createdBy: managerId,
              name: `${r.workOrder.invoice[0]!.split(', ').pop()}.pdf`,
            })
          : null;
      const cost = await seedWorkOrder(tx, agencyId, {
        request,
        createdBy: managerId,
        vendorId: vendorOf(r.works),
        taxRate: DEMO_TAX_RATE,
        at: new Date(created.getTime() + 1.5 * day),
        attachmentIds: invoiceId ? [invoiceId] : [],
        ...r.workOrder,
      });
      await updateServiceRequestRow(tx, agencyId, request.id, null, { costCents: cost });
    }
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
        note: r.closing ?? null,
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
        `Unit ${r.vehicle.unitNumber}.${r.closing ? ` Note from the fleet office: ${r.closing}` : ''}`,
        '/fleet',
      );
  }
  await seedDemoFuelAndPapers(tx, agencyId, vehicles, vendorIds, managers[0]?.id ?? officers[0]!.id);
}

const DEMO_TAX_RATE = 8.25;

type DemoLine = { kind: 'part' | 'labour'; description: string; partNumber?: string; quantity: number; unitCostCents: number };

/** A completed request's work order as the office would have kept it; answers its total (the request's cost). */
async function seedWorkOrder(
  tx: Tx,
  agencyId: string,
  order: {
    request: { id: string; vehicleId: string };
    createdBy: string;
    vendorId: string | null;
    taxRate: number;
    taxLabour?: boolean;
    notes?: string;
    at: Date;
    attachmentIds: string[];
    lines: DemoLine[];
  },
): Promise<number> {
  const taxLabour = order.taxLabour ?? false;
  const totals = workOrderTotals({
    lines: order.lines.map((line) => ({ kind: line.kind, quantity: line.quantity, unit_cost_cents: line.unitCostCents })),
    tax_rate: order.taxRate,
    tax_labour: taxLabour,
  });
  const row = await insertWorkOrder(tx, {
    agencyId,
    number: await nextNumber(tx, agencyId, 'work_order'),
    serviceRequestId: order.request.id,
    vehicleId: order.request.vehicleId,
    vendorId: order.vendorId,
    taxRateThousandths: Math.round(order.taxRate * 1000),
    taxLabour,
    partsCents: totals.parts_cents,
    labourCents: totals.labour_cents,
    taxCents: totals.tax_cents,
    totalCents: totals.total_cents,
    notes: order.notes ?? null,
    attachmentIds: order.attachmentIds,
    createdBy: order.createdBy,
    createdAt: order.at,
    updatedAt: order.at,
  });
  await replaceWorkOrderLines(
    tx,
    agencyId,
    row.id,
    order.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      partNumber: line.partNumber ?? null,
      quantityHundredths: Math.round(line.quantity * 100),
      unitCostCents: line.unitCostCents,
      totalCents: lineTotalCents(line.quantity, line.unitCostCents),
    })),
  );
  return totals.total_cents;
}
