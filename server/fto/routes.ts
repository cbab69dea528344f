import type { FastifyInstance } from 'fastify';
import { ftoApi } from '../../core/contracts/fto.ts';
import { csvFile, registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import {
  acknowledgeAdvance,
  changeBinderPhase,
  createBinder,
  exportBinders,
  getBinder,
  listBinders,
  recommendAdvance,
  setBinderTrainers,
} from './binders.ts';
import { acknowledgeDor, amendDor, approveDor, completeDor, createDor, exportDors, getDor, listDors, saveDor } from './dors.ts';
import { ftoHome, searchFtoPeople } from './home.ts';
import { acknowledgePolicy, getPolicy, listPolicies, policyCompliance, remindPolicy } from './policies.ts';
import { addReference, listBinderReference, listProgramReference, retireReference } from './reference.ts';
import { getTasksheet, listTasksheets, signTask, withdrawSignoff } from './tasksheets.ts';
import { listTrainers } from './trainers.ts';
import { ftoSettingsOf } from './caller.ts';
import { getProgram, listPrograms, updateFtoSettings, updateProgram } from './programs.ts';

/** The handlers of ftoApi (core/contracts/fto.ts): one use case each. */
export function ftoRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, ftoApi, {
    home: (ctx) => ftoHome(ctx),

    listBinders: (ctx, { query }) => listBinders(ctx, query),
    getBinder: (ctx, { params }) => getBinder(ctx, params.id),
    listDors: (ctx, { params, query }) => listDors(ctx, params.id, query),
    exportDors: async (ctx, { params }) => csvFile('dors', await exportDors(ctx, params.id)),
    createDor: (ctx, { params, body }) => createDor(ctx, params.id, body),

    recommendAdvance: (ctx, { params, version, body }) => recommendAdvance(ctx, params.id, version, body.reason),
    acknowledgeAdvance: (ctx, { params, version, body }) => acknowledgeAdvance(ctx, params.id, version, body.comment),

    getDor: (ctx, { params }) => getDor(ctx, params.id),
    saveDor: (ctx, { params, version, body }) => saveDor(ctx, params.id, version, body),
    completeDor: (ctx, { params, version, body }) => completeDor(ctx, params.id, version, body),
    acknowledgeDor: (ctx, { params, version, body }) => acknowledgeDor(ctx, params.id, version, body.comment),
    approveDor: (ctx, { params, version }) => approveDor(ctx, params.id, version),
    amendDor: (ctx, { params, version, body }) => amendDor(ctx, params.id, version, body),

    listTasksheets: (ctx, { params }) => listTasksheets(ctx, params.id),
    getTasksheet: (ctx, { params }) => getTasksheet(ctx, params.id),
    signTask: (ctx, { params, body }) => signTask(ctx, params.id, body),
    withdrawSignoff: (ctx, { params, body }) => withdrawSignoff(ctx, params.id, body),

    listPolicies: (ctx, { params }) => listPolicies(ctx, params.id),
    getPolicy: (ctx, { params }) => getPolicy(ctx, params.id),
    acknowledgePolicy: (ctx, { params }) => acknowledgePolicy(ctx, params.id),

    listReference: (ctx, { params }) => listBinderReference(ctx, params.id),

    policyCompliance: (ctx) => policyCompliance(ctx),
    remindPolicy: (ctx, { params }) => remindPolicy(ctx, params.id),
    listTrainers: (ctx) => listTrainers(ctx),
    listProgramReference: (ctx, { params }) => listProgramReference(ctx, params.id),
    addReference: (ctx, { params, body }) => addReference(ctx, params.id, body),
    retireReference: (ctx, { params }) => retireReference(ctx, params.id),

    getSettings: (ctx) => ftoSettingsOf(ctx.sysConfig),
    updateSettings: (ctx, { body }) => updateFtoSettings(ctx, body),
    searchPeople: (ctx, { query }) => searchFtoPeople(ctx, query),
    listPrograms: (ctx) => listPrograms(ctx),
    getProgram: (ctx, { params }) => getProgram(ctx, params.id),
    updateProgram: (ctx, { params, version, body }) => updateProgram(ctx, params.id, version, body),
    createBinder: (ctx, { body }) => createBinder(ctx, body),
    exportBinders: async (ctx, { query }) => csvFile('binders', await exportBinders(ctx, query)),
    setBinderTrainers: (ctx, { params, version, body }) => setBinderTrainers(ctx, params.id, version, body.trainers),
    changeBinderPhase: (ctx, { params, version, body }) => changeBinderPhase(ctx, params.id, version, body),
  });
}
