import { isAdmin } from '../../core/permissions.ts';
import type { WebModule } from '../lib/web-modules.tsx';
import { adminRoutes } from './routes.ts';

/** The admin area in the shell: its screens below the admin guard, and its entry for administrators. */
export const adminWebModule = {
  key: 'admin',
  routes: adminRoutes,
  entry: { to: '/admin', label: 'Admin', isFor: isAdmin },
} as const satisfies WebModule;
