import { accountApi, authApi } from '../../core/contracts/auth-api.ts';
import type { ServerModule } from '../platform/modules.ts';
import { accountRoutes, authRoutes } from './routes.ts';

/** Accounts, sessions and factors (/auth/v1) and the signed-in user's profile (/rest/v1/profile). */
export const authModule: ServerModule = {
  name: 'auth',
  apis: [authApi, accountApi],
  routes: async (app, services) => {
    await authRoutes(app, services);
    await accountRoutes(app, services);
  },
};
