import type { ServerModule } from '../platform/modules.ts';
import { adminRoutes } from './routes.ts';

/** The agency administrator's area (/rest/v1/admin). */
export const adminModule: ServerModule = { name: 'admin', routes: adminRoutes };
