import { createRoute, redirect } from '@tanstack/react-router';
import { uuidParams } from '../../lib/route-params.ts';
import { appLayoutRoute, emptyLayoutRoute } from './layout-routes.tsx';

/**
 * The routes of spec section 2 of the modules not built yet, with their layout: the default layout, or
 * the empty layout for the two print routes. Parameters are validated (every id is a UUID; {list} and
 * {space} are the ids of a productivity list and space); a failure is the fatal not-found. The root's
 * guards have run before any of these (sign-in, then module access by the path's first segment).
 *
 * Until a module's own issue lands, its routes lead to /comingsoon. Generated once from the spec's
 * list; a module's issue deletes its block here and brings its routes in its web manifest
 * (web/<module>/routes.ts, listed in web/app/web-modules.ts), as fleet and the admin area do.
 */

/** Until the module's screens exist: on to /comingsoon, naming the module. */
function leadsToComingSoon(module: string) {
  return ({ preload }: { preload: boolean }) => {
    if (preload) return;
    throw redirect({ to: '/comingsoon', search: { module }, replace: true });
  };
}

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

export const comingSoonRoutes = [
  productivityRoute,
  productivityListListRoute,
  productivitySpaceSpaceRoute,
  productivityPrintTaskTaskIdRoute,
] as const;
