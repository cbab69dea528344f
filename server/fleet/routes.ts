import type { FastifyInstance } from 'fastify';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { csvFile, registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { addMaintenanceInterval, listAgencyMaintenance, updateMaintenanceInterval } from './maintenance.ts';
import { fleetDashboard, fleetHome } from './overview.ts';
import { searchAgencyUsers } from './people.ts';
import {
  createServiceRequest,
  getServiceRequest,
  listMyServiceRequests,
  listServiceRequestQueue,
  updateServiceRequest,
} from './service-requests.ts';
import { fleetSettingsOf, updateFleetSettings } from './settings.ts';
import { getSquadCheck, listSquadChecks, reviewSquadCheck, saveSquadCheckDraft, squadCheckForm, submitSquadCheck } from './squad-checks.ts';
import { createTemplate, getTemplate, listAgencyTemplates, setTemplateRetired, updateTemplate } from './templates.ts';
import {
  changeVehicleStatus,
  createVehicle,
  exportVehicles,
  getVehicle,
  listAgencyVehicles,
  recordOdometerReading,
  setVehiclePhoto,
  updateVehicle,
  vehicleTimeline,
} from './vehicles.ts';
import { createWorkOrder, getWorkOrder, updateWorkOrder, vehicleCosts } from './work-orders.ts';

/** The handlers of fleetApi (core/contracts/fleet.ts): one use case each. */
export function fleetRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, fleetApi, {
    home: (ctx) => fleetHome(ctx),
    listVehicles: (ctx, { query }) => listAgencyVehicles(ctx, query),
    getSettings: (ctx) => fleetSettingsOf(ctx.sysConfig),

    getSquadCheckForm: (ctx, { params }) => squadCheckForm(ctx, params.id),
    saveSquadCheckDraft: (ctx, { params, body }) => saveSquadCheckDraft(ctx, params.id, body.answers),
    submitSquadCheck: (ctx, { body }) => submitSquadCheck(ctx, body),

    createServiceRequest: (ctx, { body }) => createServiceRequest(ctx, body),
    listMyServiceRequests: (ctx, { query }) => listMyServiceRequests(ctx, query),
    getServiceRequest: (ctx, { params }) => getServiceRequest(ctx, params.id),

    getDashboard: (ctx) => fleetDashboard(ctx),
    updateSettings: (ctx, { body }) => updateFleetSettings(ctx, body),

    createVehicle: (ctx, { body }) => createVehicle(ctx, body),
    exportVehicles: async (ctx, { query }) => csvFile('vehicles', await exportVehicles(ctx, query)),
    getVehicle: (ctx, { params }) => getVehicle(ctx, params.id),
    updateVehicle: (ctx, { params, version, body }) => updateVehicle(ctx, params.id, version, body),
    setVehiclePhoto: (ctx, { params, version, body }) => setVehiclePhoto(ctx, params.id, version, body.photo_id),
    changeVehicleStatus: (ctx, { params, body }) => changeVehicleStatus(ctx, params.id, body.status, body.reason),
    recordOdometer: (ctx, { params, body }) => recordOdometerReading(ctx, params.id, body.reading),
    getVehicleCosts: (ctx, { params }) => vehicleCosts(ctx, params.id),
    getVehicleTimeline: (ctx, { params, query }) => vehicleTimeline(ctx, params.id, query),

    searchUsers: (ctx, { query }) => searchAgencyUsers(ctx, query),

    listMaintenance: (ctx, { query }) => listAgencyMaintenance(ctx, query),
    addMaintenance: (ctx, { params, body }) => addMaintenanceInterval(ctx, params.id, body),
    updateMaintenance: (ctx, { params, version, body }) => updateMaintenanceInterval(ctx, params.id, version, body),

    listServiceRequests: (ctx, { query }) => listServiceRequestQueue(ctx, query),
    updateServiceRequest: (ctx, { params, version, body }) => updateServiceRequest(ctx, params.id, version, body),

    createWorkOrder: (ctx, { params, body }) => createWorkOrder(ctx, params.id, body),
    getWorkOrder: (ctx, { params }) => getWorkOrder(ctx, params.id),
    updateWorkOrder: (ctx, { params, version, body }) => updateWorkOrder(ctx, params.id, version, body),

    listSquadChecks: (ctx, { query }) => listSquadChecks(ctx, query),
    getSquadCheck: (ctx, { params }) => getSquadCheck(ctx, params.id),
    reviewSquadCheck: (ctx, { params, version, body }) => reviewSquadCheck(ctx, params.id, version, body.decision, body.note),

    listTemplates: (ctx) => listAgencyTemplates(ctx),
    createTemplate: (ctx, { body }) => createTemplate(ctx, body),
    getTemplate: (ctx, { params }) => getTemplate(ctx, params.id),
    updateTemplate: (ctx, { params, version, body }) => updateTemplate(ctx, params.id, version, body),
    setTemplateRetired: (ctx, { params, body }) => setTemplateRetired(ctx, params.id, body.retired),
  });
}
