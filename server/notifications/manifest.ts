import type { ServerModule } from '../platform/modules.ts';
import { notificationRoutes } from './routes.ts';

/** The signed-in user's notifications (/rest/v1/notifications). */
export const notificationsModule: ServerModule = { name: 'notifications', routes: notificationRoutes };
