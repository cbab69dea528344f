import { realtimeApi } from '../../core/contracts/realtime.ts';
import type { ServerModule } from '../platform/modules.ts';
import { realtimeRoutes } from './routes.ts';

/** Live updates (/realtime/v1): each signed-in tab's stream of what changed that its user may see. */
export const realtimeModule: ServerModule = { name: 'realtime', apis: [realtimeApi], routes: realtimeRoutes };
