import { notifications } from '@mantine/notifications';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { retryOnceBackOnline } from '../lib/query-retry.ts';
import { profileQueryOptions } from '../lib/session/get-profile.ts';
import { getAuthState, getSignOutNotice, subscribeAuth } from '../lib/session/session.ts';
import { GENERIC_SESSION_END } from '../lib/session/sign-out-notice.ts';
import { capturePageView, identifyUser, resetAnalytics, startAnalytics } from './analytics.ts';
import { appConfigQueryOptions, type AppConfig } from './app-config.ts';
import { AppProviders } from './app-providers.tsx';
import { afterFirstScreen, awaitTheNextFirstScreen, markFirstScreenDrawn } from '../lib/after-first-screen.ts';
import { signInGuardDecision } from './guards/sign-in-guard.ts';
import { guardsNeedProfile } from './navigation-guards.ts';
import { createAppRouter, type AppRouter } from './router.tsx';
import { scrollAfterNavigation } from './scroll.ts';
import { startPage } from './start-page.ts';

function createQueryClient(): QueryClient {
  // TanStack Query assumes a connection until the browser says otherwise; a page loaded offline says so
  // at once, so its reads wait for the connection (showing what the device kept) instead of failing.
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      // The API client applies the retry policy (spec section 8); the query layer adds only the wait for
      // the connection of a read the device lost its connection under (query-retry.ts).
      queries: { retry: retryOnceBackOnline, retryDelay: 0, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

function wireAuth(router: AppRouter, queryClient: QueryClient): void {
  subscribeAuth((state, event, detail) => {
    if (event === 'SIGNED_IN' && state.session && state.claims) {
      identifyUser(state.session.user.id, state.claims.agency_id);
    }
    if (event !== 'SIGNED_OUT') return;
    queryClient.clear();
    resetAnalytics();
    if (detail.reason === 'user') {
      // Signing out is not held by a screen's unsaved-changes question: what was on screen goes with the session.
      void router.navigate({ to: '/login', replace: true, ignoreBlocker: true });
    } else {
      const notice = getSignOutNotice() ?? GENERIC_SESSION_END;
      notifications.show({ id: 'session-ended', color: 'yellow', title: notice.title, message: notice.message });
      // The guards run again: a guarded page sends the visitor to sign in, saving where they were.
      void router.invalidate();
    }
  });
}

function wireNavigation(router: AppRouter, queryClient: QueryClient, counted: string | null): void {
  // The last page view the analytics client took (the sign-in page's, when it handed over).
  let lastPageView: string | null = counted;
  const pageView = (href: string) => {
    if (href !== lastPageView && capturePageView(href)) lastPageView = href;
  };
  router.subscribe('onResolved', (event) => {
    markFirstScreenDrawn();
    scrollAfterNavigation({ hash: event.toLocation.hash, pathChanged: event.pathChanged, hashChanged: event.hashChanged });
    pageView(event.toLocation.href);
  });
  void queryClient.ensureQueryData(appConfigQueryOptions).then(async (config) => {
    await startAnalytics(config.analytics);
    const { session, claims } = getAuthState();
    if (session && claims) identifyUser(session.user.id, claims.agency_id);
    pageView(router.state.resolvedLocation?.href ?? router.state.location.href);
  });
}

/**
 * Starts downloading the screens of the page being opened (its layout and its screen), and the
 * signed-in user's profile where its guards wait for it (a module's or the admin area's page), as
 * soon as the session is known: beside each other and beside the device's copy of the forms' data,
 * instead of one after another. The first
 * screen comes a round trip or more sooner. A signed-out visitor whom the sign-in guard will send to
 * the login page gets the login screen instead. A failure is left to the router and the guards, which
 * ask again when they get there and show what went wrong. Offline, the profile is not asked for: the
 * guards take the device's copy (navigation-guards.ts).
 */
function preloadFirstScreen(router: AppRouter, queryClient: QueryClient): void {
  const { session } = getAuthState();
  const { pathname, href } = router.state.location;
  const signIn = signInGuardDecision({ path: pathname, fullPath: href, signedIn: session !== null });
  if (session && signIn.action !== 'redirect' && guardsNeedProfile(pathname) && navigator.onLine)
    void queryClient.prefetchQuery(profileQueryOptions(session.user.id));
  const [routes] = router.getMatchedRoutes(signIn.action === 'redirect' ? signIn.to : pathname);
  // In the next task, once the profile's request has left: a phone's browser opens six connections
  // to a server, and the screen's thirty-odd files, asked for first, would hold the profile behind them.
  setTimeout(() => {
    for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
  }, 0);
}

/** How long the first screen waits at most for the device's copy of the forms' data (offline-reads.ts). */
const OFFLINE_READS_WAIT_MS = 1500;

/**
 * Reads the device's copy of the signed-in user's offline-readable answers into the cache before the
 * first screen (so a page reloaded without a connection opens with its data), and keeps it from then
 * on. Signed out, the first screen does not wait for it.
 */
async function startOfflineReads(queryClient: QueryClient, loading: Promise<typeof import('../lib/offline-reads/offline-reads.ts')>) {
  const kept = loading
    .then((module) => module.keepOfflineReads(queryClient, { buster: __PRECINCT_BUILD_ID__, waitMs: OFFLINE_READS_WAIT_MS }))
    // Without it the app works as before: online only.
    .catch(() => undefined);
  if (getAuthState().session) await kept;
}

/** The sign-in page (start-sign-in-page.tsx) giving way to the app in the same page. */
export type Handover = {
  /** The sign-in page's root: it stays on screen until the app's first screen is ready, then goes. */
  replaces: Root | null;
  /** The page's settings, as the sign-in page read them. */
  appConfig: AppConfig | null;
  /** The page view the sign-in page counted. */
  pageViewed: string | null;
};

/**
 * Starts the app: the page's basics (start-page.ts; the sign-in page set them up when it hands over),
 * the router with the first screen's code and the profile on their way, the device's copy of the
 * forms' data, analytics, then renders; then the field readiness (service worker, outbox).
 */
export async function startApp(container: HTMLElement, handover?: Handover): Promise<void> {
  // Handed over by the sign-in page, whose form was this page's first screen until now.
  if (handover) awaitTheNextFirstScreen();
  const queryClient = createQueryClient();
  const offlineReads = import('../lib/offline-reads/offline-reads.ts');
  if (!handover) await startPage();
  // The stored session was dropped on the way in (its token could not be read, or the server refused
  // to refresh it): the visitor was signed in, so they land on /login, which says why.
  // (Not when the sign-in page hands over: it is at /login already, or at the page one of its links leads to.)
  if (!handover && getSignOutNotice() !== null && window.location.pathname !== '/login')
    window.history.replaceState(window.history.state, '', '/login');
  if (handover?.appConfig) queryClient.setQueryData(appConfigQueryOptions.queryKey, handover.appConfig);
  const router = createAppRouter(queryClient);
  // Before the profile is asked for: a session the server has ended signs out on its answer, and the
  // cache must be emptied then (the offline copy's own handler deletes the device's copy).
  wireAuth(router, queryClient);
  preloadFirstScreen(router, queryClient);
  await startOfflineReads(queryClient, offlineReads);
  wireNavigation(router, queryClient, handover?.pageViewed ?? null);
  // The service worker and the offline outbox, once the first screen is up (its own chunk).
  afterFirstScreen(
    () =>
      void import('./field-readiness.tsx')
        .then((module) => module.startFieldReadiness(queryClient, (href) => void router.navigate({ href })))
        // Without it the app still works online; the next page load tries again.
        .catch(() => undefined),
  );

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (!handover?.replaces) {
    createRoot(container).render(app);
    return;
  }
  // The sign-in page stays until the app has been through its guards and has its screen's code; then
  // one goes and the other comes in the same task, so nothing blank is painted between them.
  await router.load();
  handover.replaces.unmount();
  const root = createRoot(container);
  flushSync(() => root.render(app));
}
