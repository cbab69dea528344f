import { createRoute } from '@tanstack/react-router';
import { lazyScreen, stringSearch, type RouteParents } from '../lib/module-routes.ts';
import { uuidParams } from '../lib/route-params.ts';
import { citationsSearch } from './citations-search.ts';

/**
 * The citations module's screens, loaded on demand. The root's guards have run before any of them
 * (sign-in; the module on, a full account and citations:access, from core/modules.ts by the path's first
 * segment); the server decides whose citations each person sees and what they may do (the clerk's
 * export and the counts need citations:manage, a void citations:void). The copies print on the empty
 * layout.
 */
export function citationsRoutes({ app, empty }: RouteParents) {
  return [
    createRoute({
      getParentRoute: () => app,
      path: '/citations',
      ...citationsSearch.route,
      component: lazyScreen(() => import('./citations-screen.tsx'), 'CitationsScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/citations/new',
      component: lazyScreen(() => import('./new-stop-screen.tsx'), 'NewStopScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/citations/stops/$stop_id',
      params: uuidParams('stop_id'),
      validateSearch: stringSearch('outbox'),
      component: lazyScreen(() => import('./stop-screen.tsx'), 'StopScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/citations/court',
      component: lazyScreen(() => import('./court-screen.tsx'), 'CourtScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/citations/stats',
      component: lazyScreen(() => import('./stats-screen.tsx'), 'StatsScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/citations/$citation_id',
      params: uuidParams('citation_id'),
      component: lazyScreen(() => import('./citation-screen.tsx'), 'CitationScreen'),
    }),
    createRoute({
      getParentRoute: () => empty,
      path: '/citations/$citation_id/print',
      params: uuidParams('citation_id'),
      validateSearch: stringSearch('copy'),
      component: lazyScreen(() => import('./print-screen.tsx'), 'PrintScreen'),
    }),
  ] as const;
}
