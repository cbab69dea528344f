import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ListNotificationsQuery, MarkNotificationsReadInput, NotificationList } from '../../core/contracts/notifications.ts';
import { requestContext } from '../platform/context.ts';
import type { Services } from '../platform/services.ts';
import { listMyNotifications, markMyNotificationsRead } from './notifications.ts';

const tags = ['notifications'];

/** /rest/v1/notifications: the signed-in user's own notifications; nobody reads another's. */
export function notificationRoutes(services: Services) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const SIGNED_IN = { access: { permission: 'authenticated' } } as const;
    app.get('/', { config: SIGNED_IN, schema: { tags, querystring: ListNotificationsQuery, response: { 200: NotificationList } } }, (request) =>
      listMyNotifications(requestContext(services, request), request.query),
    );
    app.post('/read', { config: SIGNED_IN, schema: { tags, body: MarkNotificationsReadInput, response: { 200: z.object({ unread: z.number().int() }) } } }, (request) =>
      markMyNotificationsRead(requestContext(services, request), request.body.ids),
    );
  };
}
