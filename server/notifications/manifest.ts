import { notificationsApi } from '../../core/contracts/notifications.ts';
import type { ServerModule } from '../platform/modules.ts';
import { notificationRoutes } from './routes.ts';

/** The signed-in user's notifications (/rest/v1/notifications). */
export const notificationsModule: ServerModule = { name: 'notifications', apis: [notificationsApi], routes: notificationRoutes };
