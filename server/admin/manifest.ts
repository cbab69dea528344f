import { adminApi } from '../../core/contracts/admin.ts';
import type { ServerModule } from '../platform/modules.ts';
import { adminRoutes } from './routes.ts';

/** The agency administrator's area (/rest/v1/admin). */
export const adminModule: ServerModule = { name: 'admin', apis: [adminApi], routes: adminRoutes };
