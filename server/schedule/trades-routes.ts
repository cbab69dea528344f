import type { FastifyInstance } from 'fastify';
import { tradesApi } from '../../core/contracts/schedule-trades.ts';
import { registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { answerTrade, cancelTrade, checkTrade, decideTrade, getTrade, listTrades, proposeTrade, tradeOptions } from './trades.ts';

/** The handlers of tradesApi (core/contracts/schedule-trades.ts): one use case each. */
export async function tradesRoutes(app: FastifyInstance, services: Services) {
  await registerApi(app, services, tradesApi, {
    list: (ctx, { query }) => listTrades(ctx, query),
    options: (ctx, { query }) => tradeOptions(ctx, query),
    check: (ctx, { body }) => checkTrade(ctx, body),
    propose: (ctx, { body }) => proposeTrade(ctx, body),
    get: (ctx, { params }) => getTrade(ctx, params.id),
    answer: (ctx, { params, body }) => answerTrade(ctx, params.id, body),
    cancel: (ctx, { params, version }) => cancelTrade(ctx, params.id, version),
    decide: (ctx, { params, version, body }) => decideTrade(ctx, params.id, version, body),
  });
}
