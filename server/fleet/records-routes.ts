import type { FastifyInstance } from 'fastify';
import { fleetRecordsApi } from '../../core/contracts/fleet-records.ts';
import { registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { createVendor, getVendor, listAgencyVendors, updateVendor } from './vendors.ts';

/** The handlers of fleetRecordsApi (core/contracts/fleet-records.ts): one use case each. */
export function fleetRecordsRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, fleetRecordsApi, {
    listVendors: (ctx, { query }) => listAgencyVendors(ctx, query),
    createVendor: (ctx, { body }) => createVendor(ctx, body),
    getVendor: (ctx, { params }) => getVendor(ctx, params.id),
    updateVendor: (ctx, { params, version, body }) => updateVendor(ctx, params.id, version, body),
  });
}
