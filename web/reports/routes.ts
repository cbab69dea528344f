import { createRoute } from '@tanstack/react-router';
import { lazyScreen, stringSearch, type RouteParents } from '../lib/module-routes.ts';
import { uuidParams } from '../lib/route-params.ts';
import { reportsSearch } from './reports-search.ts';

/**
 * The reports module's screens (spec section 2), loaded on demand. The root's guards have run before
 * any of them (sign-in; a full account, the module on and reports:editor; the template routes also
 * reports:templates.use, and the create route both template-building permissions); the server decides
 * which reports each person sees and what they may do. The print view uses the empty layout.
 */
export function reportsRoutes({ app, empty }: RouteParents) {
  return [
    createRoute({
      getParentRoute: () => app,
      path: '/reports',
      ...reportsSearch.route,
      component: lazyScreen(() => import('./reports-screen.tsx'), 'ReportsScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/reports/$report_id',
      params: uuidParams('report_id'),
      component: lazyScreen(() => import('./report-screen.tsx'), 'ReportScreen'),
    }),
    createRoute({
      getParentRoute: () => empty,
      path: '/reports/$report_id/print',
      params: uuidParams('report_id'),
      component: lazyScreen(() => import('./report-print-screen.tsx'), 'ReportPrintScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/reports/templates/select',
      component: lazyScreen(() => import('./templates-screen.tsx'), 'TemplatesScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/reports/templates/create',
      component: lazyScreen(() => import('./template-builder-screen.tsx'), 'TemplateBuilderScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/reports/templates/edit',
      validateSearch: stringSearch('id'),
      component: lazyScreen(() => import('./template-builder-screen.tsx'), 'TemplateBuilderScreen'),
    }),
    ...(['owi', 'entrytoauto', 'retailtheft', 'criminaldamagetoproperty'] as const).map((key) =>
      createRoute({
        getParentRoute: () => app,
        path: `/reports/templates/${key}`,
        component: lazyScreen(() => import('./guided-template-screen.tsx'), 'GuidedTemplateScreen'),
      }),
    ),
    createRoute({
      getParentRoute: () => app,
      path: '/reports/templates/ai/transcript',
      component: lazyScreen(() => import('./transcript-screen.tsx'), 'TranscriptScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/reports/templates/$id',
      params: uuidParams('id'),
      component: lazyScreen(() => import('./template-screen.tsx'), 'TemplateScreen'),
    }),
  ] as const;
}
