import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type AnyRoute } from '@tanstack/react-router';
import { LoadingState } from '../ui/states.tsx';
import { authRoutes, entryRoutes } from './routes/entry-routes.tsx';
import { adminGuardRoute, appLayoutRoute, authLayoutRoute, emptyLayoutRoute } from './routes/layout-routes.tsx';
import { WEB_MODULES } from './web-modules.ts';
import { comingSoonRoutes } from './routes/module-routes.ts';
import { rootRoute } from './routes/root-route.tsx';
import { parseSearch, stringifySearch } from './search-params.ts';

/** The layout routes a module's routes hang under (web/lib/module-routes.ts). */
const moduleParents = { app: appLayoutRoute, empty: emptyLayoutRoute, admin: adminGuardRoute };

declare module '../lib/module-routes.ts' {
  interface ModuleRouteParentsRegister {
    parents: typeof moduleParents;
  }
}

type ModuleRoute = ReturnType<(typeof WEB_MODULES)[number]['routes']>[number] | (typeof comingSoonRoutes)[number];

/** Every module's routes: each web module's own (its manifest), then those of the modules still to come. */
const moduleRoutes: readonly ModuleRoute[] = [
  ...WEB_MODULES.flatMap<ModuleRoute>((module) => module.routes(moduleParents)),
  ...comingSoonRoutes,
];

/**
 * The routes among `routes` that name `parent` as theirs (`getParentRoute`): the router needs each
 * under its own. A route naming another parent would be left out, which route-tree.test.ts catches
 * (every path of the spec, no other).
 */
function childrenOf<TRoute extends AnyRoute>(routes: readonly TRoute[], parent: AnyRoute): TRoute[] {
  return routes.filter((route) => route.options.getParentRoute() === parent);
}

/** The whole route tree of spec section 2 (code-based, typed: the modules' routes keep their types). */
export const routeTree = rootRoute.addChildren([
  ...entryRoutes,
  authLayoutRoute.addChildren([...authRoutes]),
  appLayoutRoute.addChildren([
    adminGuardRoute.addChildren(childrenOf(moduleRoutes, adminGuardRoute)),
    ...childrenOf(moduleRoutes, appLayoutRoute),
  ]),
  emptyLayoutRoute.addChildren(childrenOf(moduleRoutes, emptyLayoutRoute)),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // An unmatched path is the root's not-found page, without any layout.
    notFoundMode: 'root',
    // Pages and layouts change with an out-in transition (global.css times it: 250 ms ease-in-out each way).
    // The first screen of a page load is not a change from one page to another: it is drawn at once,
    // not half a second later behind a fade from the blank page. (Browsers without view-transition
    // types, which the router needs to skip one, fade it in as before.)
    defaultViewTransition: { types: ({ fromLocation }) => (fromLocation ? [] : false) },
    // Scrolling is ours (scroll.ts): to the top, or to the hash anchor.
    scrollRestoration: false,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <LoadingState />,
    defaultPendingMs: 400,
    parseSearch,
    stringifySearch,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
