import type { FastifyInstance } from 'fastify';
import { fleetRecordsApi } from '../../core/contracts/fleet-records.ts';
import { registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { listExpiringDocuments, setVehicleDocuments } from './documents.ts';
import { correctFuelEntry, createFuelEntry, getFuelEntry, listAgencyFuelEntries, voidFuelEntry } from './fuel.ts';
import { costOfOwnership, fleetReport } from './reports.ts';
import { createVendor, getVendor, listAgencyVendors, listFuelVendors, updateVendor } from './vendors.ts';

/** The handlers of fleetRecordsApi (core/contracts/fleet-records.ts): one use case each. */
export function fleetRecordsRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, fleetRecordsApi, {
    createFuelEntry: (ctx, { body }) => createFuelEntry(ctx, body),
    listFuelVendors: (ctx) => listFuelVendors(ctx),

    listVendors: (ctx, { query }) => listAgencyVendors(ctx, query),
    createVendor: (ctx, { body }) => createVendor(ctx, body),
    getVendor: (ctx, { params }) => getVendor(ctx, params.id),
    updateVendor: (ctx, { params, version, body }) => updateVendor(ctx, params.id, version, body),

    listFuelEntries: (ctx, { query }) => listAgencyFuelEntries(ctx, query),
    getFuelEntry: (ctx, { params }) => getFuelEntry(ctx, params.id),
    correctFuelEntry: (ctx, { params, version, body }) => correctFuelEntry(ctx, params.id, version, body),
    voidFuelEntry: (ctx, { params, version, body }) => voidFuelEntry(ctx, params.id, version, body.reason),

    setVehicleDocuments: (ctx, { params, version, body }) => setVehicleDocuments(ctx, params.id, version, body),
    listExpiringDocuments: (ctx, { query }) => listExpiringDocuments(ctx, query.within_days),
    getCostOfOwnership: (ctx, { params, query }) => costOfOwnership(ctx, params.id, query),
    getFleetReport: (ctx, { query }) => fleetReport(ctx, query),
  });
}
