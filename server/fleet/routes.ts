import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../core/contracts/admin.ts';
import {
  ChangeVehicleStatusInput,
  CreateServiceRequestInput,
  FleetDashboard,
  FleetHome,
  FleetIdParams,
  FleetSettings,
  ListMaintenanceQuery,
  ListServiceRequestsQuery,
  MaintenanceIntervalInput,
  MaintenanceItem,
  UpdateMaintenanceIntervalInput,
  ListSquadChecksQuery,
  ListVehiclesQuery,
  RecordOdometerInput,
  ReviewSquadCheckInput,
  SaveDraftInput,
  SearchUsersQuery,
  SetVehiclePhotoInput,
  UserOption,
  ServiceRequest,
  SquadCheckDetail,
  SquadCheckForm,
  SquadCheckSubmission,
  SubmitSquadCheckInput,
  Template,
  TemplateInput,
  TimelinePage,
  TimelineQuery,
  UpdateFleetSettingsInput,
  UpdateServiceRequestInput,
  UpdateVehicleInput,
  Vehicle,
  VehicleInput,
} from '../../core/contracts/fleet.ts';
import { requestContext } from '../platform/context.ts';
import { idempotentCreate } from '../platform/idempotency.ts';
import type { Services } from '../platform/services.ts';
import { expectedVersion, setEtag } from '../platform/versioning.ts';
import { fleetDashboard, fleetHome } from './overview.ts';
import { addMaintenanceInterval, listAgencyMaintenance, updateMaintenanceInterval } from './maintenance.ts';
import { createServiceRequest, getServiceRequest, listMyServiceRequests, listServiceRequestQueue, updateServiceRequest } from './service-requests.ts';
import { fleetSettingsOf, updateFleetSettings } from './settings.ts';
import { getSquadCheck, listSquadChecks, reviewSquadCheck, saveSquadCheckDraft, squadCheckForm, submitSquadCheck } from './squad-checks.ts';
import { createTemplate, getTemplate, listAgencyTemplates, setTemplateRetired, updateTemplate } from './templates.ts';
import { searchAgencyUsers } from './people.ts';
import { changeVehicleStatus, createVehicle, exportVehicles, getVehicle, listAgencyVehicles, recordOdometerReading, setVehiclePhoto, updateVehicle, vehicleTimeline } from './vehicles.ts';

const fleet = (permission: 'authenticated' | 'fleet:admin' | 'fleet:squadcheck.submit' | 'fleet:servicerequest.submit') =>
  ({ access: { permission, module: 'fleet' } }) as const;
const tags = ['fleet'];

/** /rest/v1/fleet: vehicles, squad checks, service requests (issue 7). */
export function fleetRoutes(services: Services) {
  const ctx = (request: FastifyRequest) => requestContext(services, request);

  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // E-mail queued by a fleet change (notifications) leaves once the change has committed.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.auth) void services.mailer.deliver(request.auth.scope.agencyId);
    });

    // --- every fleet user
    app.get('/home', { config: fleet('authenticated'), schema: { tags, response: { 200: FleetHome } } }, (request) => fleetHome(ctx(request)));
    app.get('/vehicles', { config: fleet('authenticated'), schema: { tags, querystring: ListVehiclesQuery, response: { 200: pageOf(Vehicle) } } }, (request) =>
      listAgencyVehicles(ctx(request), request.query),
    );
    app.get('/settings', { config: fleet('authenticated'), schema: { tags, response: { 200: FleetSettings } } }, async (request) => fleetSettingsOf(ctx(request).sysConfig));

    // --- squad checks (officers)
    app.get('/squad-checks/form/:id', { config: fleet('fleet:squadcheck.submit'), schema: { tags, params: FleetIdParams, response: { 200: SquadCheckForm } } }, (request) =>
      squadCheckForm(ctx(request), request.params.id),
    );
    app.put(
      '/squad-checks/drafts/:id',
      { config: fleet('fleet:squadcheck.submit'), schema: { tags, params: FleetIdParams, body: SaveDraftInput, response: { 200: z.object({ saved_at: z.string() }) } } },
      (request) => saveSquadCheckDraft(ctx(request), request.params.id, request.body.answers),
    );
    app.post('/squad-checks', { config: fleet('fleet:squadcheck.submit'), schema: { tags, body: SubmitSquadCheckInput, response: { 201: SquadCheckSubmission } } }, async (request, reply) => {
      const created = await idempotentCreate(ctx(request), request, async (tx) => ({ status: 201, body: await submitSquadCheck(tx, ctx(request), request.body) }));
      return reply.status(201).send(created.body);
    });

    // --- service requests (officers)
    app.post('/service-requests', { config: fleet('fleet:servicerequest.submit'), schema: { tags, body: CreateServiceRequestInput, response: { 201: ServiceRequest } } }, async (request, reply) => {
      const created = await idempotentCreate(ctx(request), request, async (tx) => ({ status: 201, body: await createServiceRequest(tx, ctx(request), request.body) }));
      return reply.status(201).send(created.body);
    });
    app.get('/service-requests/mine', { config: fleet('authenticated'), schema: { tags, querystring: ListServiceRequestsQuery, response: { 200: pageOf(ServiceRequest) } } }, (request) =>
      listMyServiceRequests(ctx(request), request.query),
    );
    app.get('/service-requests/:id', { config: fleet('authenticated'), schema: { tags, params: FleetIdParams, response: { 200: ServiceRequest } } }, async (request, reply) => {
      const found = await getServiceRequest(ctx(request), request.params.id);
      setEtag(reply, found.version);
      return found;
    });

    // --- the fleet office
    app.get('/admin/dashboard', { config: fleet('fleet:admin'), schema: { tags, response: { 200: FleetDashboard } } }, (request) => fleetDashboard(ctx(request)));
    app.put('/admin/settings', { config: fleet('fleet:admin'), schema: { tags, body: UpdateFleetSettingsInput, response: { 200: FleetSettings } } }, (request) =>
      updateFleetSettings(ctx(request), request.body),
    );

    app.post('/admin/vehicles', { config: fleet('fleet:admin'), schema: { tags, body: VehicleInput, response: { 201: Vehicle } } }, async (request, reply) => {
      const created = await idempotentCreate(ctx(request), request, async (tx) => ({ status: 201, body: await createVehicle(tx, ctx(request), request.body) }));
      return reply.status(201).send(created.body);
    });
    app.get('/admin/vehicles.csv', { config: fleet('fleet:admin'), schema: { tags, querystring: ListVehiclesQuery } }, async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vehicles-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(await exportVehicles(ctx(request), request.query)),
    );
    app.get('/admin/vehicles/:id', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, response: { 200: Vehicle } } }, async (request, reply) => {
      const vehicle = await getVehicle(ctx(request), request.params.id);
      setEtag(reply, vehicle.version);
      return vehicle;
    });
    app.patch('/admin/vehicles/:id', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: UpdateVehicleInput, response: { 200: Vehicle } } }, async (request, reply) => {
      const vehicle = await updateVehicle(ctx(request), request.params.id, expectedVersion(request), request.body);
      setEtag(reply, vehicle.version);
      return vehicle;
    });
    app.put('/admin/vehicles/:id/photo', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: SetVehiclePhotoInput, response: { 200: Vehicle } } }, async (request, reply) => {
      const vehicle = await setVehiclePhoto(ctx(request), request.params.id, expectedVersion(request), request.body.photo_id);
      setEtag(reply, vehicle.version);
      return vehicle;
    });
    app.post('/admin/vehicles/:id/status', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: ChangeVehicleStatusInput, response: { 200: Vehicle } } }, (request) =>
      changeVehicleStatus(ctx(request), request.params.id, request.body.status, request.body.reason),
    );
    app.post('/admin/vehicles/:id/odometer', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: RecordOdometerInput, response: { 200: Vehicle } } }, (request) =>
      recordOdometerReading(ctx(request), request.params.id, request.body.reading),
    );
    app.get('/admin/vehicles/:id/timeline', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, querystring: TimelineQuery, response: { 200: TimelinePage } } }, (request) =>
      vehicleTimeline(ctx(request), request.params.id, request.query),
    );

    app.get('/admin/users', { config: fleet('fleet:admin'), schema: { tags, querystring: SearchUsersQuery, response: { 200: z.array(UserOption) } } }, (request) =>
      searchAgencyUsers(ctx(request), request.query),
    );

    app.get('/admin/maintenance', { config: fleet('fleet:admin'), schema: { tags, querystring: ListMaintenanceQuery, response: { 200: z.array(MaintenanceItem) } } }, (request) =>
      listAgencyMaintenance(ctx(request), request.query),
    );
    app.post(
      '/admin/vehicles/:id/maintenance',
      { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: MaintenanceIntervalInput, response: { 201: MaintenanceItem } } },
      async (request, reply) => {
        const created = await idempotentCreate(ctx(request), request, async (tx) => ({ status: 201, body: await addMaintenanceInterval(tx, ctx(request), request.params.id, request.body) }));
        return reply.status(201).send(created.body);
      },
    );
    app.patch(
      '/admin/maintenance/:id',
      { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: UpdateMaintenanceIntervalInput, response: { 200: MaintenanceItem } } },
      async (request, reply) => {
        const updated = await updateMaintenanceInterval(ctx(request), request.params.id, expectedVersion(request), request.body);
        setEtag(reply, updated.version);
        return updated;
      },
    );

    app.get('/admin/service-requests', { config: fleet('fleet:admin'), schema: { tags, querystring: ListServiceRequestsQuery, response: { 200: pageOf(ServiceRequest) } } }, (request) =>
      listServiceRequestQueue(ctx(request), request.query),
    );
    app.patch(
      '/admin/service-requests/:id',
      { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: UpdateServiceRequestInput, response: { 200: ServiceRequest } } },
      async (request, reply) => {
        const updated = await updateServiceRequest(ctx(request), request.params.id, expectedVersion(request), request.body);
        setEtag(reply, updated.version);
        return updated;
      },
    );

    app.get('/admin/squad-checks', { config: fleet('fleet:admin'), schema: { tags, querystring: ListSquadChecksQuery, response: { 200: pageOf(SquadCheckSubmission) } } }, (request) =>
      listSquadChecks(ctx(request), request.query),
    );
    app.get('/admin/squad-checks/:id', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, response: { 200: SquadCheckDetail } } }, async (request, reply) => {
      const detail = await getSquadCheck(ctx(request), request.params.id);
      setEtag(reply, detail.version);
      return detail;
    });
    app.post('/admin/squad-checks/:id/review', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: ReviewSquadCheckInput, response: { 200: SquadCheckSubmission } } }, (request) =>
      reviewSquadCheck(ctx(request), request.params.id, expectedVersion(request), request.body.decision, request.body.note),
    );

    app.get('/admin/templates', { config: fleet('fleet:admin'), schema: { tags, response: { 200: z.array(Template) } } }, (request) => listAgencyTemplates(ctx(request)));
    app.post('/admin/templates', { config: fleet('fleet:admin'), schema: { tags, body: TemplateInput, response: { 201: Template } } }, async (request, reply) => {
      const created = await idempotentCreate(ctx(request), request, async (tx) => ({ status: 201, body: await createTemplate(tx, ctx(request), request.body) }));
      return reply.status(201).send(created.body);
    });
    app.get('/admin/templates/:id', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, response: { 200: Template } } }, async (request, reply) => {
      const template = await getTemplate(ctx(request), request.params.id);
      setEtag(reply, template.version);
      return template;
    });
    app.put('/admin/templates/:id', { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: TemplateInput, response: { 200: Template } } }, async (request, reply) => {
      const template = await updateTemplate(ctx(request), request.params.id, expectedVersion(request), request.body);
      setEtag(reply, template.version);
      return template;
    });
    app.post(
      '/admin/templates/:id/retire',
      { config: fleet('fleet:admin'), schema: { tags, params: FleetIdParams, body: z.object({ retired: z.boolean() }), response: { 200: Template } } },
      (request) => setTemplateRetired(ctx(request), request.params.id, request.body.retired),
    );
  };
}
