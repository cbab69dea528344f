import { StrictMode, type MouseEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { importWithReload } from '../lib/chunk-reload.ts';
import { getAuthState, subscribeAuth } from '../lib/session/session.ts';
import { AuthLinkProvider, type AuthLinkRenderer } from '../ui/auth-link.tsx';
import { afterFirstScreen, markFirstScreenDrawn } from '../lib/after-first-screen.ts';
import { capturePageView, startAnalytics } from './analytics.ts';
import type { AppConfig } from './app-config.ts';
import { startPage } from './start-page.ts';
import { UiProviders } from './ui-providers.tsx';

/**
 * The sign-in page as a page of its own (login.html, which the server sends for /login to a browser
 * with no session): the password form in the sign-in frame, without the router, the query client or
 * any module's routes, so an officer's first visit loads a third less JavaScript (decision 013). Once
 * the form signs in, or a link leads elsewhere, the app takes over in the same page at that path
 * (start-app.tsx `Handover`) and draws what comes next (the second factor, or where they were going).
 */

const loadApp = importWithReload(() => import('./start-app.tsx'));
/** The app's code fetched ahead, while the officer types: a failure here is left to the hand-over (no reload under their typing). */
const fetchAppAhead = () => import('./start-app.tsx').catch(() => undefined);
// The screen is loaded beside this file, not after it: login.html names its files too (vite.config.ts
// signInScreenPreload). Apart, the app does not load the form's code before it needs it.
const loadScreen = importWithReload(() => import('./sign-in-screen.tsx'));

/** What the page read that the app would otherwise read again. */
const carried: { appConfig: AppConfig | null; pageViewed: string | null } = { appConfig: null, pageViewed: null };

let handingOver: Promise<void> | null = null;

/** Lets the app draw `path` (the page's own, when not given) in place of the sign-in page. */
function handOver(container: HTMLElement, root: Root | null, path?: string): Promise<void> {
  if (handingOver) return handingOver;
  // A new entry of its own (the app gives it its keys), not a copy of the sign-in page's.
  if (path !== undefined) window.history.pushState(null, '', path);
  handingOver = loadApp()
    .then((app) => app.startApp(container, { replaces: root, ...carried }))
    .catch(() => {
      // The app's code could not be had, even after a reload. With a session or at another page the
      // server sends the app itself, so the browser loads the page as any other link would; without
      // either it would send this page again, so the page says what happened instead.
      if (path !== undefined || getAuthState().session) window.location.assign(window.location.href);
      else container.textContent = 'Precinct could not be loaded. Check the connection, then reload the page.';
    });
  return handingOver;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The sign-in page's links: the app comes in and draws their page, as its own links would. */
function handOverLink(container: HTMLElement, root: Root): AuthLinkRenderer {
  return ({ to, onClick, ...props }) => (
    <a
      href={to}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        void handOver(container, root, to);
      }}
    />
  );
}

/** Counts the page view, as the app does once it has the analytics settings. */
async function startPageAnalytics(): Promise<void> {
  const config = await (await import('./app-config.ts')).getAppConfig();
  carried.appConfig = config;
  await startAnalytics(config.analytics);
  // The app, when it takes over, counts a page view only for a page other than this one.
  if (handingOver) return;
  carried.pageViewed = window.location.href.slice(window.location.origin.length);
  capturePageView(carried.pageViewed);
}

export async function startSignInPage(container: HTMLElement): Promise<void> {
  const screen = loadScreen();
  screen.catch(() => undefined);
  // The app keeps these when it takes over (a new deployment is offered as in the app, for one).
  await startPage();
  // A session after all (kept where the server could not see it): the app's /login knows what to do.
  if (getAuthState().session) return handOver(container, null);
  // Without its screen's code the app's /login draws instead, and says what went wrong if it cannot either.
  const loaded = await screen.catch(() => null);
  if (!loaded) return handOver(container, null);
  const { SignInScreen } = loaded;

  const root = createRoot(container);
  const link = handOverLink(container, root);
  root.render(
    <StrictMode>
      <UiProviders>
        <AuthLinkProvider value={link}>
          <SignInScreen />
        </AuthLinkProvider>
      </UiProviders>
    </StrictMode>,
  );
  markFirstScreenDrawn();
  const stop = subscribeAuth((_state, event) => {
    if (event !== 'SIGNED_IN') return;
    stop();
    void handOver(container, root);
  });
  afterFirstScreen(() => {
    // The app's code, so that signing in goes on without waiting for it.
    void fetchAppAhead();
    void startPageAnalytics().catch(() => undefined);
  });
}
