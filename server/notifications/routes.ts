import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '../../core/contracts/notifications.ts';
import { registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { listMyNotifications, markMyNotificationsRead } from './notifications.ts';

/** The handlers of notificationsApi (core/contracts/notifications.ts). */
export function notificationRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, notificationsApi, {
    list: (ctx, { query }) => listMyNotifications(ctx, query),
    markRead: (ctx, { body }) => markMyNotificationsRead(ctx, body.ids),
  });
}
