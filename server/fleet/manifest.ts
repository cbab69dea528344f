import { fleetApi, FleetSettings } from '../../core/contracts/fleet.ts';
import { storageApi } from '../../core/contracts/storage.ts';
import type { ServerModule } from '../platform/modules.ts';
import { solidPng } from '../platform/sample-images.ts';
import { sampleAnswers } from './sample-answers.ts';
import { seedBenchFleet } from './bench-seed.ts';
import { seedDemoFleet } from './demo-seed.ts';
import { fleetTables } from './schema.ts';
import { fleetRoutes } from './routes.ts';
import { fleetRecordsRoutes } from './records-routes.ts';
import { fleetJobs } from './documents.ts';
import { fleetRecordsApi } from '../../core/contracts/fleet-records.ts';
import { seedFleetDefaults } from './templates.ts';
import { serviceRequestSeenBy } from './service-requests.ts';
import { vehicleSeenBy } from './vehicles.ts';

const PNG = solidPng(2, 2, [30, 90, 200]);

/** Fleet: vehicles, squad checks, service requests, maintenance (core/contracts/fleet.ts). */
export const fleetModule: ServerModule = {
  name: 'fleet',
  apis: [fleetApi, fleetRecordsApi],
  routes: async (app, services) => {
    await fleetRoutes(app, services);
    await fleetRecordsRoutes(app, services);
  },
  tables: fleetTables,
  settings: { key: 'fleet_settings', schema: FleetSettings },
  // Every agency starts with the police squad-check template, so officers can check a car on day one.
  onAgencyCreated: async (tx, agencyId) => {
    await seedFleetDefaults(tx, agencyId);
  },
  jobs: fleetJobs,
  seedDemo: seedDemoFleet,
  seedBench: seedBenchFleet,
  fileReaders: { fleet: ['fleet:admin'], signature: ['fleet:admin'] },
  fileUploaders: {
    fleet: ['fleet:squadcheck.submit', 'fleet:servicerequest.submit', 'fleet:admin'],
    signature: ['fleet:squadcheck.submit', 'fleet:admin'],
  },
  // What a task's link may point at: a vehicle every fleet user sees, a service request its reporter and the office see.
  recordReadChecks: { vehicle: vehicleSeenBy, service_request: serviceRequestSeenBy },
  async sweepFixtures(call) {
    const vehicle = await call(fleetApi.createVehicle, {
      body: { unit_number: 'B-1', vehicle_type: 'patrol', make: 'Ford', model: 'Explorer', year: 2024, odometer: 100 },
    });
    const form = await call(fleetApi.getSquadCheckForm, { params: { id: vehicle.id } });
    const check = await call(fleetApi.submitSquadCheck, {
      body: {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers: sampleAnswers(form.template.sections, { odometer: 1000, fileId: '00000000-0000-4000-8000-000000000000' }),
      },
    });
    const request = await call(fleetApi.createServiceRequest, {
      body: { vehicle_id: vehicle.id, category: 'tires', description: 'Front left tire low', drivable: true },
    });
    const file = await call(storageApi.upload, { query: { purpose: 'fleet' }, body: PNG, headers: { 'content-type': 'image/png' } });
    const vendor = await call(fleetRecordsApi.createVendor, { body: { name: 'City Tire & Auto', phone: '(555) 201-4410' } });
    const workOrder = await call(fleetApi.createWorkOrder, {
      params: { id: request.id },
      body: {
        vendor_id: vendor.id,
        lines: [{ kind: 'part', description: 'Tire', quantity: 1, unit_cost_cents: 14_900 }],
        tax_rate: 8.25,
        attachment_ids: [file.id],
      },
    });
    const interval = await call(fleetApi.addMaintenance, {
      params: { id: vehicle.id },
      body: { category: 'oil_change', every_miles: 5000 },
    });
    const fuel = await call(fleetRecordsApi.createFuelEntry, {
      body: {
        vehicle_id: vehicle.id,
        filled_at: new Date().toISOString(),
        quantity: 14.2,
        total_cents: 4_890,
        odometer: 1_100,
        full_tank: true,
        vendor_id: vendor.id,
      },
    });
    return [vehicle.id, form.template.id, check.id, request.id, interval.id, file.id, workOrder.id, vendor.id, fuel.id];
  },
};
