import { createRoute } from '@tanstack/react-router';
import { lazyScreen, type RouteParents } from '../lib/module-routes.ts';
import { uuidParams } from '../lib/route-params.ts';

/**
 * Field training's screens (spec section 2), loaded on demand. The root's guards have run before any of
 * them (sign-in, then the module's rule: switched on and one of fto:user, fto:trainer, fto:admin); the
 * server decides which binders and DORs each person sees. The print view uses the empty layout.
 */
export function ftoRoutes({ app, empty }: RouteParents) {
  return [
    createRoute({ getParentRoute: () => app, path: '/fto', component: lazyScreen(() => import('./fto-home-screen.tsx'), 'FtoHomeScreen') }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/admin',
      component: lazyScreen(() => import('./admin/office-screen.tsx'), 'FtoOfficeScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/admin/trainers',
      component: lazyScreen(() => import('./admin/trainers-screen.tsx'), 'TrainersScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/admin/binder/list',
      component: lazyScreen(() => import('./admin/binders-screen.tsx'), 'BindersScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/admin/binder/$binder_id',
      params: uuidParams('binder_id'),
      component: lazyScreen(() => import('./binder-screen.tsx'), 'BinderScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/admin/configure/$program_id',
      params: uuidParams('program_id'),
      component: lazyScreen(() => import('./admin/configure-screen.tsx'), 'ConfigureProgramScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id',
      params: uuidParams('binder_id'),
      component: lazyScreen(() => import('./binder-screen.tsx'), 'BinderScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id/dors',
      params: uuidParams('binder_id'),
      component: lazyScreen(() => import('./dors-screen.tsx'), 'DorsScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id/dors/create',
      params: uuidParams('binder_id'),
      component: lazyScreen(() => import('./create-dor-screen.tsx'), 'CreateDorScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id/dors/view/$dor_id',
      params: uuidParams('binder_id', 'dor_id'),
      component: lazyScreen(() => import('./dor-screen.tsx'), 'DorScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id/tasksheets',
      params: uuidParams('binder_id'),
      component: lazyScreen(() => import('./tasksheets-screen.tsx'), 'TasksheetsScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id/tasksheets/$tasksheet_id',
      params: uuidParams('binder_id', 'tasksheet_id'),
      component: lazyScreen(() => import('./tasksheet-screen.tsx'), 'TasksheetScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id/policies',
      params: uuidParams('binder_id'),
      component: lazyScreen(() => import('./policies-screen.tsx'), 'PoliciesScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id/policies/view/$policy_id',
      params: uuidParams('binder_id', 'policy_id'),
      component: lazyScreen(() => import('./policy-screen.tsx'), 'PolicyScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/fto/binder/$binder_id/reference',
      params: uuidParams('binder_id'),
      component: lazyScreen(() => import('./reference-screen.tsx'), 'ReferenceScreen'),
    }),
    createRoute({
      getParentRoute: () => empty,
      path: '/fto/binder/$binder_id/dors/print/$dor_id',
      params: uuidParams('binder_id', 'dor_id'),
      component: lazyScreen(() => import('./dor-print-screen.tsx'), 'DorPrintScreen'),
    }),
  ] as const;
}
