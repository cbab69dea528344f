import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from '../error-page.tsx';
import { runNavigationGuards } from '../navigation-guards.ts';
import { RouteAnnouncer } from '../route-announcer.tsx';

export type RouterContext = { queryClient: QueryClient };

/**
 * The root of the route tree. Its beforeLoad runs on every navigation: the server's redirects, the
 * sign-in guard and the module-access guard. An unmatched path, and a path whose parameters fail
 * validation, render its not-found page; any other error its error page. Both stand without a
 * layout.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, context, preload }) => runNavigationGuards({ location, queryClient: context.queryClient, preload }),
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

function RootComponent() {
  return (
    <>
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}
