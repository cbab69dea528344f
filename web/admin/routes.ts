import { createRoute } from '@tanstack/react-router';
import { lazyScreen, type RouteParents } from '../lib/module-routes.ts';
import { uuidParams } from '../lib/route-params.ts';
import { auditSearch } from './audit-search.ts';
import { usersSearch } from './users-search.ts';

/**
 * The admin area's screens (spec section 2), every one below the admin guard (admin:access), including
 * /admin/modules/schedule/assignments, and loaded on demand.
 */
export function adminRoutes({ admin }: RouteParents) {
  /** Every module's settings page (and the schedule's sub-pages) share one frame: the switch, and the module's own settings when it has them. */
  const moduleSettingsScreen = lazyScreen(() => import('./module-settings-screen.tsx'), 'ModuleSettingsScreen');
  const moduleSettings = <const TPath extends string>(path: TPath) =>
    createRoute({ getParentRoute: () => admin, path, component: moduleSettingsScreen });

  return [
    createRoute({
      getParentRoute: () => admin,
      path: '/admin',
      ...auditSearch.route,
      component: lazyScreen(() => import('./admin-overview-screen.tsx'), 'AdminOverviewScreen'),
    }),
    createRoute({
      getParentRoute: () => admin,
      path: '/admin/users',
      ...usersSearch.route,
      component: lazyScreen(() => import('./users-screen.tsx'), 'UsersScreen'),
    }),
    createRoute({
      getParentRoute: () => admin,
      path: '/admin/access',
      component: lazyScreen(() => import('./access-screen.tsx'), 'AccessScreen'),
    }),
    createRoute({
      getParentRoute: () => admin,
      path: '/admin/access/roles/$role_id',
      params: uuidParams('role_id'),
      component: lazyScreen(() => import('./role-screen.tsx'), 'RoleScreen'),
    }),
    createRoute({
      getParentRoute: () => admin,
      path: '/admin/modules',
      component: lazyScreen(() => import('./modules-screen.tsx'), 'ModulesScreen'),
    }),
    createRoute({
      getParentRoute: () => admin,
      path: '/admin/modules/agency',
      component: lazyScreen(() => import('./agency-screen.tsx'), 'AgencyScreen'),
    }),
    moduleSettings('/admin/modules/fto'),
    moduleSettings('/admin/modules/fleet'),
    moduleSettings('/admin/modules/citations'),
    moduleSettings('/admin/modules/reports'),
    moduleSettings('/admin/modules/productivity'),
    moduleSettings('/admin/modules/schedule'),
    moduleSettings('/admin/modules/schedule/schedules'),
    moduleSettings('/admin/modules/schedule/groups'),
    moduleSettings('/admin/modules/schedule/assignments'),
  ] as const;
}
