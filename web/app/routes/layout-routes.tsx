import { Outlet, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { getAuthState } from '../../lib/session/session.ts';
import { importWithReload } from '../../lib/chunk-reload.ts';
import { adminGuardDecision } from '../guards/admin-guard.ts';
import { AuthFrame } from '../layouts/auth-frame.tsx';
import { EmptyLayout } from '../layouts/empty-layout.tsx';
import { rootRoute } from './root-route.tsx';

function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}

/** The auth layout (the sign-in screens). */
export const authLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_auth',
  component: AuthLayout,
});

/** The default layout: the app frame. Loaded on demand, so the sign-in screens do not carry it. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  component: lazyRouteComponent(
    importWithReload(() => import('../layouts/app-frame.tsx')),
    'AppLayout',
  ),
});

/** The empty layout of the two print routes. */
export const emptyLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_empty',
  component: EmptyLayout,
});

/**
 * Every admin route sits below this one, so each needs admin:access, including
 * /admin/modules/schedule/assignments, which the original left unguarded by a misspelled marker.
 */
export const adminGuardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  id: '_admin',
  beforeLoad: ({ preload }) => {
    const decision = adminGuardDecision(getAuthState().claims);
    if (decision.action === 'pass') return;
    if (decision.to === '/' && !preload) {
      notifications.show({ id: 'admin-required', color: 'yellow', title: 'Admin is for administrators', message: decision.notice });
    }
    throw redirect({ to: decision.to, replace: true });
  },
});
