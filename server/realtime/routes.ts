import type { FastifyInstance } from 'fastify';
import { realtimeApi } from '../../core/contracts/realtime.ts';
import { requireAuth } from '../platform/access.ts';
import { registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';

/** The handler of realtimeApi (core/contracts/realtime.ts): the signed-in caller's event stream. */
export function realtimeRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, realtimeApi, {
    stream: async (_ctx, { request, reply }) => {
      const lastEventId = request.headers['last-event-id'];
      reply.hijack();
      // Fastify no longer answers for a hijacked reply: a failure here is logged and the socket closed (the client reconnects).
      await services.realtime
        .subscribe(requireAuth(request), reply.raw, typeof lastEventId === 'string' ? lastEventId : undefined)
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'The event stream could not be opened');
          reply.raw.destroy();
        });
    },
  });
}
