import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { LoadingState } from '../ui/states.tsx';
import { authRoutes, entryRoutes } from './routes/entry-routes.tsx';
import { adminGuardRoute, appLayoutRoute, authLayoutRoute, emptyLayoutRoute } from './routes/layout-routes.tsx';
import { adminChildRoutes, moduleRoutes, printRoutes } from './routes/module-routes.ts';
import { rootRoute } from './routes/root-route.tsx';
import { parseSearch, stringifySearch } from './search-params.ts';

/** The whole route tree of spec section 2 (code-based, typed). */
export const routeTree = rootRoute.addChildren([
  ...entryRoutes,
  authLayoutRoute.addChildren([...authRoutes]),
  appLayoutRoute.addChildren([adminGuardRoute.addChildren([...adminChildRoutes]), ...moduleRoutes]),
  emptyLayoutRoute.addChildren([...printRoutes]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // An unmatched path is the root's not-found page, without any layout.
    notFoundMode: 'root',
    // Pages and layouts change with an out-in transition (global.css times it: 250 ms ease-in-out each way).
    defaultViewTransition: true,
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
