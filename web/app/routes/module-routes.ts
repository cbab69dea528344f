import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { importWithReload } from '../../lib/chunk-reload.ts';
import { auditSearch } from '../../admin/audit-search.ts';
import { usersSearch } from '../../admin/users-search.ts';
import { serviceRequestsSearch, squadChecksSearch, vehiclesSearch } from '../../fleet/admin/fleet-search.ts';
import { uuidParams } from '../route-params.ts';
import { adminGuardRoute, appLayoutRoute, emptyLayoutRoute } from './layout-routes.tsx';

/**
 * Every module route of spec section 2, with its layout: the default layout, or the empty layout for
 * the two print routes. Parameters are validated (every id is a UUID; {list} and {space} are the ids
 * of a productivity list and space); a failure is the fatal not-found. The root's guards have run
 * before any of these (sign-in, then module access by the path's first segment), and the admin
 * routes sit below adminGuardRoute, which requires admin:access.
 *
 * Until a module's own issue lands, its routes lead to /comingsoon. Generated once from the spec's
 * list; a module's issue replaces its routes' `beforeLoad` with a lazily loaded `component`.
 */

/** Until the module's screens exist: on to /comingsoon, naming the module. */
function leadsToComingSoon(module: string) {
  return ({ preload }: { preload: boolean }) => {
    if (preload) return;
    throw redirect({ to: '/comingsoon', search: { module }, replace: true });
  };
}

// Admin (issue 5): the screens of web/admin, loaded on demand.
/** A lazily loaded admin screen. */
function adminScreen<TModule extends Record<string, unknown>, TName extends keyof TModule & string>(
  load: () => Promise<TModule>,
  name: TName,
) {
  return lazyRouteComponent(importWithReload(load), name);
}

/**
 * Query parameters kept as optional strings (the screen parses them; anything else is dropped, never an
 * error). The office lists validate theirs with zod instead (web/lib/url-search.ts).
 */
function stringSearch<const TKey extends string>(...keys: TKey[]) {
  return (search: Record<string, unknown>): { [K in TKey]?: string } => {
    const kept: { [K in TKey]?: string } = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === 'string' && value !== '') kept[key] = value;
    }
    return kept;
  };
}

/** Every module's settings page (and the schedule's sub-pages) share one frame: the switch, and the module's own settings when it lands. */
const moduleSettingsScreen = adminScreen(() => import('../../admin/module-settings-screen.tsx'), 'ModuleSettingsScreen');

export const adminRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin',
  ...auditSearch.route,
  component: adminScreen(() => import('../../admin/admin-overview-screen.tsx'), 'AdminOverviewScreen'),
});
export const adminUsersRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/users',
  ...usersSearch.route,
  component: adminScreen(() => import('../../admin/users-screen.tsx'), 'UsersScreen'),
});
export const adminAccessRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/access',
  component: adminScreen(() => import('../../admin/access-screen.tsx'), 'AccessScreen'),
});
export const adminAccessRolesRoleIdRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/access/roles/$role_id',
  params: uuidParams('role_id'),
  component: adminScreen(() => import('../../admin/role-screen.tsx'), 'RoleScreen'),
});
export const adminModulesRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules',
  component: adminScreen(() => import('../../admin/modules-screen.tsx'), 'ModulesScreen'),
});
export const adminModulesFtoRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/fto',
  component: moduleSettingsScreen,
});
export const adminModulesFleetRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/fleet',
  component: moduleSettingsScreen,
});
export const adminModulesAgencyRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/agency',
  component: adminScreen(() => import('../../admin/agency-screen.tsx'), 'AgencyScreen'),
});
export const adminModulesCitationsRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/citations',
  component: moduleSettingsScreen,
});
export const adminModulesReportsRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/reports',
  component: moduleSettingsScreen,
});
export const adminModulesProductivityRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/productivity',
  component: moduleSettingsScreen,
});
export const adminModulesScheduleRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/schedule',
  component: moduleSettingsScreen,
});
export const adminModulesScheduleSchedulesRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/schedule/schedules',
  component: moduleSettingsScreen,
});
export const adminModulesScheduleGroupsRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/schedule/groups',
  component: moduleSettingsScreen,
});
export const adminModulesScheduleAssignmentsRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: '/admin/modules/schedule/assignments',
  component: moduleSettingsScreen,
});

// Fleet
export const fleetRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet',
  component: adminScreen(() => import('../../fleet/fleet-home-screen.tsx'), 'FleetHomeScreen'),
});
export const fleetRequestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/request',
  validateSearch: stringSearch('id', 'vehicle_id', 'category', 'description', 'drivable', 'squad_check_id', 'squad_check_item_id'),
  component: adminScreen(() => import('../../fleet/service-request-screen.tsx'), 'ServiceRequestScreen'),
});
export const fleetSquadcheckRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/squadcheck',
  validateSearch: stringSearch('vehicle_id'),
  component: adminScreen(() => import('../../fleet/squad-check-screen.tsx'), 'SquadCheckScreen'),
});
export const fleetAdminRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin',
  component: adminScreen(() => import('../../fleet/admin/dashboard-screen.tsx'), 'FleetDashboardScreen'),
});
export const fleetAdminVehicleRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin/vehicle',
  ...vehiclesSearch.route,
  component: adminScreen(() => import('../../fleet/admin/vehicles-screen.tsx'), 'VehiclesScreen'),
});
export const fleetAdminVehicleVehicleIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin/vehicle/$vehicle_id',
  params: uuidParams('vehicle_id'),
  component: adminScreen(() => import('../../fleet/admin/vehicle-screen.tsx'), 'VehicleScreen'),
});
export const fleetAdminServicerequestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin/servicerequest',
  ...serviceRequestsSearch.route,
  component: adminScreen(() => import('../../fleet/admin/service-requests-screen.tsx'), 'ServiceRequestsScreen'),
});
export const fleetAdminSquadchecksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin/squadchecks',
  ...squadChecksSearch.route,
  component: adminScreen(() => import('../../fleet/admin/squad-checks-screen.tsx'), 'SquadChecksScreen'),
});
export const fleetAdminSquadchecksConfigureRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin/squadchecks/configure',
  component: adminScreen(() => import('../../fleet/admin/templates-screen.tsx'), 'TemplatesScreen'),
});
export const fleetAdminSquadchecksConfigureTemplateCreateRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin/squadchecks/configure/template/create',
  component: adminScreen(() => import('../../fleet/admin/template-builder-screen.tsx'), 'TemplateBuilderScreen'),
});
export const fleetAdminSquadchecksConfigureTemplateTemplateIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin/squadchecks/configure/template/$template_id',
  params: uuidParams('template_id'),
  component: adminScreen(() => import('../../fleet/admin/template-builder-screen.tsx'), 'TemplateBuilderScreen'),
});
export const fleetAdminSquadchecksSquadCheckSubmissionIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fleet/admin/squadchecks/$squad_check_submission_id',
  params: uuidParams('squad_check_submission_id'),
  component: adminScreen(() => import('../../fleet/admin/squad-check-screen.tsx'), 'SquadCheckScreen'),
});

// Field Training
const ftoComingSoon = leadsToComingSoon('Field Training');
export const ftoRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/fto', beforeLoad: ftoComingSoon });
export const ftoAdminRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/fto/admin', beforeLoad: ftoComingSoon });
export const ftoAdminTrainersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/admin/trainers',
  beforeLoad: ftoComingSoon,
});
export const ftoAdminBinderListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/admin/binder/list',
  beforeLoad: ftoComingSoon,
});
export const ftoAdminBinderBinderIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/admin/binder/$binder_id',
  params: uuidParams('binder_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoAdminConfigureProgramIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/admin/configure/$program_id',
  params: uuidParams('program_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id',
  params: uuidParams('binder_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdDorsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id/dors',
  params: uuidParams('binder_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdDorsCreateRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id/dors/create',
  params: uuidParams('binder_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdDorsViewDorIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id/dors/view/$dor_id',
  params: uuidParams('binder_id', 'dor_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdDorsPrintDorIdRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: '/fto/binder/$binder_id/dors/print/$dor_id',
  params: uuidParams('binder_id', 'dor_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdPoliciesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id/policies',
  params: uuidParams('binder_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdPoliciesViewPolicyIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id/policies/view/$policy_id',
  params: uuidParams('binder_id', 'policy_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdReferenceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id/reference',
  params: uuidParams('binder_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdTasksheetsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id/tasksheets',
  params: uuidParams('binder_id'),
  beforeLoad: ftoComingSoon,
});
export const ftoBinderBinderIdTasksheetsTasksheetIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fto/binder/$binder_id/tasksheets/$tasksheet_id',
  params: uuidParams('binder_id', 'tasksheet_id'),
  beforeLoad: ftoComingSoon,
});

// Reports
const reportsComingSoon = leadsToComingSoon('Reports');
export const reportsRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/reports', beforeLoad: reportsComingSoon });
export const reportsTemplatesSelectRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/select',
  beforeLoad: reportsComingSoon,
});
export const reportsTemplatesCreateRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/create',
  beforeLoad: reportsComingSoon,
});
export const reportsTemplatesEditRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/edit',
  beforeLoad: reportsComingSoon,
});
export const reportsTemplatesIdRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/$id',
  params: uuidParams('id'),
  beforeLoad: reportsComingSoon,
});
export const reportsTemplatesOwiRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/owi',
  beforeLoad: reportsComingSoon,
});
export const reportsTemplatesEntrytoautoRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/entrytoauto',
  beforeLoad: reportsComingSoon,
});
export const reportsTemplatesRetailtheftRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/retailtheft',
  beforeLoad: reportsComingSoon,
});
export const reportsTemplatesCriminaldamagetopropertyRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/criminaldamagetoproperty',
  beforeLoad: reportsComingSoon,
});
export const reportsTemplatesAiTranscriptRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/reports/templates/ai/transcript',
  beforeLoad: reportsComingSoon,
});

// Scheduling
const scheduleComingSoon = leadsToComingSoon('Scheduling');
export const scheduleRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/schedule', beforeLoad: scheduleComingSoon });
export const scheduleTradesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/schedule/trades',
  beforeLoad: scheduleComingSoon,
});
export const scheduleOvertimeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/schedule/overtime',
  beforeLoad: scheduleComingSoon,
});
export const scheduleAdminRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/schedule/admin',
  beforeLoad: scheduleComingSoon,
});
export const scheduleAdminAllcallRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/schedule/admin/allcall',
  beforeLoad: scheduleComingSoon,
});

// Citations
const citationsComingSoon = leadsToComingSoon('Citations');
export const citationsRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/citations', beforeLoad: citationsComingSoon });

// Productivity
const productivityComingSoon = leadsToComingSoon('Productivity');
export const productivityRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/productivity',
  beforeLoad: productivityComingSoon,
});
export const productivityListListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/productivity/list/$list',
  params: uuidParams('list'),
  beforeLoad: productivityComingSoon,
});
export const productivitySpaceSpaceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/productivity/space/$space',
  params: uuidParams('space'),
  beforeLoad: productivityComingSoon,
});
export const productivityPrintTaskTaskIdRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: '/productivity/print/task/$task_id',
  params: uuidParams('task_id'),
  beforeLoad: productivityComingSoon,
});

export const adminChildRoutes = [
  adminRoute,
  adminUsersRoute,
  adminAccessRoute,
  adminAccessRolesRoleIdRoute,
  adminModulesRoute,
  adminModulesFtoRoute,
  adminModulesFleetRoute,
  adminModulesAgencyRoute,
  adminModulesCitationsRoute,
  adminModulesReportsRoute,
  adminModulesProductivityRoute,
  adminModulesScheduleRoute,
  adminModulesScheduleSchedulesRoute,
  adminModulesScheduleGroupsRoute,
  adminModulesScheduleAssignmentsRoute,
] as const;

export const moduleRoutes = [
  fleetRoute,
  fleetRequestRoute,
  fleetSquadcheckRoute,
  fleetAdminRoute,
  fleetAdminVehicleRoute,
  fleetAdminVehicleVehicleIdRoute,
  fleetAdminServicerequestRoute,
  fleetAdminSquadchecksRoute,
  fleetAdminSquadchecksConfigureRoute,
  fleetAdminSquadchecksConfigureTemplateCreateRoute,
  fleetAdminSquadchecksConfigureTemplateTemplateIdRoute,
  fleetAdminSquadchecksSquadCheckSubmissionIdRoute,
  ftoRoute,
  ftoAdminRoute,
  ftoAdminTrainersRoute,
  ftoAdminBinderListRoute,
  ftoAdminBinderBinderIdRoute,
  ftoAdminConfigureProgramIdRoute,
  ftoBinderBinderIdRoute,
  ftoBinderBinderIdDorsRoute,
  ftoBinderBinderIdDorsCreateRoute,
  ftoBinderBinderIdDorsViewDorIdRoute,
  ftoBinderBinderIdPoliciesRoute,
  ftoBinderBinderIdPoliciesViewPolicyIdRoute,
  ftoBinderBinderIdReferenceRoute,
  ftoBinderBinderIdTasksheetsRoute,
  ftoBinderBinderIdTasksheetsTasksheetIdRoute,
  reportsRoute,
  reportsTemplatesSelectRoute,
  reportsTemplatesCreateRoute,
  reportsTemplatesEditRoute,
  reportsTemplatesIdRoute,
  reportsTemplatesOwiRoute,
  reportsTemplatesEntrytoautoRoute,
  reportsTemplatesRetailtheftRoute,
  reportsTemplatesCriminaldamagetopropertyRoute,
  reportsTemplatesAiTranscriptRoute,
  scheduleRoute,
  scheduleTradesRoute,
  scheduleOvertimeRoute,
  scheduleAdminRoute,
  scheduleAdminAllcallRoute,
  citationsRoute,
  productivityRoute,
  productivityListListRoute,
  productivitySpaceSpaceRoute,
] as const;

export const printRoutes = [ftoBinderBinderIdDorsPrintDorIdRoute, productivityPrintTaskTaskIdRoute] as const;
