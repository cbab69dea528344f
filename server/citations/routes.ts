import type { FastifyInstance } from 'fastify';
import { citationsApi } from '../../core/contracts/citations.ts';
import { csvFile, registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import {
  amendCitation,
  citationsHome,
  exportCitations,
  getCitation,
  getCopy,
  listCitations,
  requestVoid,
  voidCitation,
} from './citations.ts';
import { citationStats, courtExport, markFiled } from './court.ts';
import { citationsSetup, getCitationsSettings, updateCitationsSettings } from './settings.ts';
import { createStatute, importStatutes, listStatutes, updateStatute } from './statutes.ts';
import { createStop, discardStop, getStop, issueStop, saveStop, validateStop } from './stops.ts';

/** The handlers of citationsApi (core/contracts/citations.ts): one use case each. */
export async function citationsRoutes(app: FastifyInstance, services: Services) {
  await registerApi(app, services, citationsApi, {
    home: (ctx) => citationsHome(ctx),
    setup: (ctx) => citationsSetup(ctx),
    listStatutes: (ctx, { query }) => listStatutes(ctx, query),

    createStop: (ctx, { body }) => createStop(ctx, body),
    getStop: (ctx, { params }) => getStop(ctx, params.id),
    saveStop: (ctx, { params, version, body }) => saveStop(ctx, params.id, version, body),
    validateStop: (ctx, { params, version, body }) => validateStop(ctx, params.id, version, body),
    discardStop: (ctx, { params, version }) => discardStop(ctx, params.id, version),
    issueStop: (ctx, { params, version, body }) => issueStop(ctx, params.id, version, body),

    listCitations: (ctx, { query }) => listCitations(ctx, query),
    exportCitations: async (ctx, { query }) => csvFile('citations', await exportCitations(ctx, query)),
    getCitation: (ctx, { params }) => getCitation(ctx, params.id),
    getCopy: (ctx, { params }) => getCopy(ctx, params.id, params.copy),
    amendCitation: (ctx, { params, version, body }) => amendCitation(ctx, params.id, version, body),
    requestVoid: (ctx, { params, version, body }) => requestVoid(ctx, params.id, version, body.reason),
    voidCitation: (ctx, { params, version, body }) => voidCitation(ctx, params.id, version, body.reason),

    courtExport: async (ctx, { query }) => csvFile('court-export', await courtExport(ctx, query)),
    markFiled: (ctx, { body }) => markFiled(ctx, body.citation_ids),
    stats: (ctx, { query }) => citationStats(ctx, query),

    getSettings: async (ctx) => getCitationsSettings(ctx),
    updateSettings: (ctx, { body }) => updateCitationsSettings(ctx, body),
    createStatute: (ctx, { body }) => createStatute(ctx, body),
    updateStatute: (ctx, { params, version, body }) => updateStatute(ctx, params.id, version, body),
    importStatutes: (ctx, { body }) => importStatutes(ctx, body),
  });
}
