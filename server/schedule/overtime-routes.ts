import type { FastifyInstance } from 'fastify';
import { overtimeApi } from '../../core/contracts/schedule-overtime.ts';
import { csvFile, registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import {
  answerOffer,
  award,
  cancelOvertime,
  createOvertime,
  getOvertime,
  listOvertime,
  overtimeTotals,
  overtimeTotalsCsv,
  signUp,
  staffingGaps,
  startOffers,
  schedulePeopleList,
  updateSchedulePerson,
  withdraw,
} from './overtime.ts';

/** The handlers of overtimeApi (core/contracts/schedule-overtime.ts). */
export async function overtimeRoutes(app: FastifyInstance, services: Services) {
  await registerApi(app, services, overtimeApi, {
    list: (ctx, { query }) => listOvertime(ctx, query),
    get: (ctx, { params }) => getOvertime(ctx, params.id),
    gaps: (ctx) => staffingGaps(ctx),
    create: (ctx, { body }) => createOvertime(ctx, body),
    cancel: (ctx, { params, version, body }) => cancelOvertime(ctx, params.id, version, body),
    signUp: (ctx, { params }) => signUp(ctx, params.id),
    withdraw: (ctx, { params }) => withdraw(ctx, params.id),
    award: (ctx, { params, version }) => award(ctx, params.id, version),
    startOffers: (ctx, { params, version }) => startOffers(ctx, params.id, version),
    acceptOffer: (ctx, { params }) => answerOffer(ctx, params.id, 'accept'),
    declineOffer: (ctx, { params }) => answerOffer(ctx, params.id, 'decline'),
    totals: (ctx, { query }) => overtimeTotals(ctx, query),
    people: (ctx) => schedulePeopleList(ctx),
    updatePerson: (ctx, { params, body }) => updateSchedulePerson(ctx, params.id, body),
    totalsCsv: async (ctx, { query }) => csvFile('overtime', await overtimeTotalsCsv(ctx, query)),
  });
}
