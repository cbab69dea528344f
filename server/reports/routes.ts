import type { FastifyInstance } from 'fastify';
import { reportsApi, reportsFunctionsApi } from '../../core/contracts/reports.ts';
import { csvFile, registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { listAttachments } from './attachments.ts';
import {
  addSupplement,
  approveReport,
  createReport,
  exportReports,
  getReport,
  listReports,
  reportsHome,
  returnReport,
  saveReport,
  submitReport,
} from './reports.ts';
import { aiDraftingStatus, draftNarrative, getAiDraft, useAiDraft } from './draft-narrative.ts';
import { getReportsSettings, updateReportsSettings } from './settings.ts';
import { listReportTypes } from './templates.ts';
import { createTemplate, getTemplate, listTemplates, updateTemplate } from './templates.ts';

/** The handlers of reportsApi and reportsFunctionsApi (core/contracts/reports.ts): one use case each. */
export async function reportsRoutes(app: FastifyInstance, services: Services) {
  await registerApi(app, services, reportsFunctionsApi, {
    draftNarrative: (ctx, { body }) => draftNarrative(ctx, body),
  });
  await registerApi(app, services, reportsApi, {
    home: (ctx) => reportsHome(ctx),
    listReports: (ctx, { query }) => listReports(ctx, query),
    exportReports: async (ctx, { query }) => csvFile('reports', await exportReports(ctx, query)),
    createReport: (ctx, { body }) => createReport(ctx, body),
    getReport: (ctx, { params }) => getReport(ctx, params.id),
    listAttachments: (ctx, { params }) => listAttachments(ctx, params.id),
    saveReport: (ctx, { params, version, body }) => saveReport(ctx, params.id, version, body),
    submitReport: (ctx, { params, version, body }) => submitReport(ctx, params.id, version, body),
    returnReport: (ctx, { params, version, body }) => returnReport(ctx, params.id, version, body),
    approveReport: (ctx, { params, version }) => approveReport(ctx, params.id, version),
    addSupplement: (ctx, { params }) => addSupplement(ctx, params.id),

    aiStatus: async (ctx) => aiDraftingStatus(ctx),
    getAiDraft: (ctx, { params }) => getAiDraft(ctx, params.id),
    useAiDraft: (ctx, { params, body }) => useAiDraft(ctx, params.id, body.signature),

    listTemplates: (ctx) => listTemplates(ctx),
    getTemplate: (ctx, { params }) => getTemplate(ctx, params.id),
    createTemplate: (ctx, { body }) => createTemplate(ctx, body),
    updateTemplate: (ctx, { params, version, body }) => updateTemplate(ctx, params.id, version, body),

    listTypes: (ctx) => listReportTypes(ctx),
    getSettings: async (ctx) => getReportsSettings(ctx),
    updateSettings: (ctx, { body }) => updateReportsSettings(ctx, body),
  });
}
