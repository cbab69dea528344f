import { createRoute } from '@tanstack/react-router';
import { lazyScreen, stringSearch, type RouteParents } from '../lib/module-routes.ts';
import { uuidParams } from '../lib/route-params.ts';
import { serviceRequestsSearch, squadChecksSearch, vehiclesSearch } from './admin/fleet-search.ts';

/**
 * Fleet's screens (spec section 2), all in the default layout and loaded on demand. The root's guards
 * have run before any of them (sign-in, then fleet's access rules by path, core/modules.ts).
 */
export function fleetRoutes({ app }: RouteParents) {
  return [
    createRoute({
      getParentRoute: () => app,
      path: '/fleet',
      component: lazyScreen(() => import('./fleet-home-screen.tsx'), 'FleetHomeScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/request',
      // `outbox`: a refused request opened from the outbox to be fixed (web/lib/outbox).
      validateSearch: stringSearch(
        'id',
        'vehicle_id',
        'category',
        'description',
        'drivable',
        'squad_check_id',
        'squad_check_item_id',
        'outbox',
      ),
      component: lazyScreen(() => import('./service-request-screen.tsx'), 'ServiceRequestScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/squadcheck',
      validateSearch: stringSearch('vehicle_id', 'outbox'),
      component: lazyScreen(() => import('./squad-check-screen.tsx'), 'SquadCheckScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin',
      component: lazyScreen(() => import('./admin/dashboard-screen.tsx'), 'FleetDashboardScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/vehicle',
      ...vehiclesSearch.route,
      component: lazyScreen(() => import('./admin/vehicles-screen.tsx'), 'VehiclesScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/vehicle/$vehicle_id',
      params: uuidParams('vehicle_id'),
      component: lazyScreen(() => import('./admin/vehicle-screen.tsx'), 'VehicleScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/servicerequest',
      ...serviceRequestsSearch.route,
      component: lazyScreen(() => import('./admin/service-requests-screen.tsx'), 'ServiceRequestsScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/squadchecks',
      ...squadChecksSearch.route,
      component: lazyScreen(() => import('./admin/squad-checks-screen.tsx'), 'SquadChecksScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/squadchecks/configure',
      component: lazyScreen(() => import('./admin/templates-screen.tsx'), 'TemplatesScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/squadchecks/configure/template/create',
      component: lazyScreen(() => import('./admin/template-builder-screen.tsx'), 'TemplateBuilderScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/squadchecks/configure/template/$template_id',
      params: uuidParams('template_id'),
      component: lazyScreen(() => import('./admin/template-builder-screen.tsx'), 'TemplateBuilderScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/fuel',
      validateSearch: stringSearch('vehicle_id', 'outbox'),
      component: lazyScreen(() => import('./fuel-entry-screen.tsx'), 'FuelEntryScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/vendors',
      component: lazyScreen(() => import('./admin/vendors-screen.tsx'), 'VendorsScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/fuel',
      component: lazyScreen(() => import('./admin/fuel-log-screen.tsx'), 'FuelLogScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/reports',
      component: lazyScreen(() => import('./admin/fleet-report-screen.tsx'), 'FleetReportScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/settings',
      component: lazyScreen(() => import('./admin/fleet-settings-screen.tsx'), 'FleetSettingsScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fleet/admin/squadchecks/$squad_check_submission_id',
      params: uuidParams('squad_check_submission_id'),
      component: lazyScreen(() => import('./admin/squad-check-screen.tsx'), 'SquadCheckScreen'),
    }),
  ] as const;
}
