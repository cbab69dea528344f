/**
 * What each route's first screen loads lazily on top of the entry: the source files (relative to web/,
 * as the build manifest names them) of the route components the router loads for that path. The build
 * asks the browser to fetch their chunks with the entry (vite.config.ts, `firstScreenPreloads`) instead
 * of after it has run, and `npm run bench:web` weighs each group (bench/web/bundle-sizes.ts).
 * Keep it in step with web/app/routes and the modules' routes.ts: a missing line costs only speed.
 */

/** The lazily loaded layout of every signed-in page (appLayoutRoute in web/app/routes/layout-routes.tsx). */
export const APP_FRAME = 'app/layouts/app-frame.tsx';

export interface FirstScreen {
  name: string;
  /** The page's path, or a description in parentheses for a part that is not a page of its own. */
  path: string;
  /** Whom the path shows this screen: "/" is the landing page signed out and the home screen signed in. */
  who: 'signed in' | 'signed out' | 'anyone';
  lazy: readonly string[];
}

export const FIRST_SCREENS: readonly FirstScreen[] = [
  { name: 'sign-in', path: '/login', who: 'signed out', lazy: ['auth/login-screen.tsx'] },
  { name: 'landing (signed out)', path: '/', who: 'signed out', lazy: ['home/landing-screen.tsx'] },
  { name: 'shell (signed-in layout)', path: '(app frame)', who: 'signed in', lazy: [APP_FRAME] },
  { name: 'home (signed in)', path: '/', who: 'signed in', lazy: ['app/routes/signed-in-home.tsx'] },
  { name: 'fleet', path: '/fleet', who: 'signed in', lazy: [APP_FRAME, 'fleet/fleet-home-screen.tsx'] },
  { name: 'fleet office', path: '/fleet/admin', who: 'signed in', lazy: [APP_FRAME, 'fleet/admin/dashboard-screen.tsx'] },
  { name: 'admin', path: '/admin', who: 'signed in', lazy: [APP_FRAME, 'admin/admin-overview-screen.tsx'] },
  { name: 'field training', path: '/fto', who: 'signed in', lazy: [APP_FRAME, 'fto/fto-home-screen.tsx'] },
  { name: 'reports', path: '/reports', who: 'signed in', lazy: [APP_FRAME, 'reports/reports-screen.tsx'] },
  { name: 'citations', path: '/citations', who: 'signed in', lazy: [APP_FRAME, 'citations/citations-screen.tsx'] },
  { name: 'scheduling', path: '/schedule', who: 'signed in', lazy: [APP_FRAME, 'schedule/calendar-screen.tsx'] },
  { name: 'productivity', path: '/productivity', who: 'signed in', lazy: [APP_FRAME, 'productivity/my-tasks-screen.tsx'] },
  { name: 'coming soon', path: '/comingsoon', who: 'anyone', lazy: ['app/coming-soon-page.tsx'] },
];
