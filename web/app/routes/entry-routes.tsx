import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { pathAfterSignIn } from '../../auth/post-sign-in.ts';
import { factorsQueryOptions } from '../../auth/list-factors.ts';
import { accessTokenLevel, mfaStep } from '../../auth/mfa-step.ts';
import { getAuthState } from '../../lib/session/session.ts';
import { importWithReload } from '../../lib/chunk-reload.ts';
import { HomeRoute } from './home-route.tsx';
import { authLayoutRoute } from './layout-routes.tsx';
import { rootRoute } from './root-route.tsx';

/** A query parameter as an optional string (anything else is dropped, never an error). */
function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomeRoute });

export const disabledRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/disabled',
  validateSearch: (search: Record<string, unknown>): { module?: string } => ({ module: optionalString(search.module) }),
  component: lazyRouteComponent(
    importWithReload(() => import('../disabled-page.tsx')),
    'DisabledPage',
  ),
});

export const comingSoonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/comingsoon',
  validateSearch: (search: Record<string, unknown>): { module?: string } => ({ module: optionalString(search.module) }),
  component: lazyRouteComponent(
    importWithReload(() => import('../coming-soon-page.tsx')),
    'ComingSoonPage',
  ),
});

export const loginRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/login',
  // ?unlock=<token>: the link of the "account locked" e-mail (server/auth/lockout.ts).
  validateSearch: (search: Record<string, unknown>): { unlock?: string } => ({ unlock: optionalString(search.unlock) }),
  beforeLoad: async ({ preload, context }) => {
    const { session } = getAuthState();
    if (!session || preload) return;
    // Signed in with a password alone: stay while a second factor is still to be verified or added.
    if (accessTokenLevel(session.access_token) !== 'aal2') {
      const factors = await context.queryClient.fetchQuery(factorsQueryOptions(session.user.id, session.access_token)).catch(() => null);
      if (!getAuthState().session || (factors && mfaStep(factors) !== 'done')) return;
    }
    // Already signed in: carry on to where the visitor was going.
    throw redirect({ href: pathAfterSignIn(), replace: true });
  },
  component: lazyRouteComponent(
    importWithReload(() => import('../../auth/login-screen.tsx')),
    'LoginScreen',
  ),
});

export const signupRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/signup',
  validateSearch: (search: Record<string, unknown>): { invitation?: string } => ({ invitation: optionalString(search.invitation) }),
  component: lazyRouteComponent(
    importWithReload(() => import('../../auth/signup-screen.tsx')),
    'SignupScreen',
  ),
});

export const confirmRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/confirm',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
  component: lazyRouteComponent(
    importWithReload(() => import('../../auth/confirm-screen.tsx')),
    'ConfirmScreen',
  ),
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/forgotpassword',
  component: lazyRouteComponent(
    importWithReload(() => import('../../auth/forgot-password-screen.tsx')),
    'ForgotPasswordScreen',
  ),
});

export const updatePasswordRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/forgotpassword/update',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
  component: lazyRouteComponent(
    importWithReload(() => import('../../auth/update-password-screen.tsx')),
    'UpdatePasswordScreen',
  ),
});

export const entryRoutes = [homeRoute, disabledRoute, comingSoonRoute] as const;
export const authRoutes = [loginRoute, signupRoute, confirmRoute, forgotPasswordRoute, updatePasswordRoute] as const;
