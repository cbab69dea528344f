import type { FastifyInstance } from 'fastify';
import { allcallApi, allcallSmsApi } from '../../core/contracts/schedule-allcall.ts';
import { registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { allcallAudience, cancelAllcall, createAllcall, getAllcall, listAllcalls, myAllcalls, respondAllcall } from './allcall.ts';
import { allcallSmsReply } from './allcall-sms.ts';

/** The handlers of allcallApi and its inbound text webhook (core/contracts/schedule-allcall.ts): one use case each. */
export async function allcallRoutes(app: FastifyInstance, services: Services) {
  await registerApi(app, services, allcallApi, {
    audience: (ctx, { body }) => allcallAudience(ctx, body),
    listAllcalls: (ctx, { query }) => listAllcalls(ctx, query),
    getAllcall: (ctx, { params }) => getAllcall(ctx, params.id),
    createAllcall: (ctx, { body }) => createAllcall(ctx, body),
    cancelAllcall: (ctx, { params, version, body }) => cancelAllcall(ctx, params.id, version, body),
    myAllcalls: (ctx) => myAllcalls(ctx),
    respondAllcall: (ctx, { params, body }) => respondAllcall(ctx, params.id, body),
  });
  await registerApi(app, services, allcallSmsApi, {
    allcallSmsReply: (ctx, { request, body }) => allcallSmsReply(ctx, request, body),
  });
}
