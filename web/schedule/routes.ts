import { createRoute } from '@tanstack/react-router';
import { lazyScreen, type RouteParents } from '../lib/module-routes.ts';
import { allcallSearch } from './allcall/allcall-search.ts';
import { calendarSearch, schedulerSearch } from './schedule-search.ts';

/**
 * The scheduling module's screens, loaded on demand. The root's guards have run before either (the
 * module on and scheduling:view; /schedule/admin also all five of the scheduling admin permissions,
 * from core/modules.ts); the server enforces each action again. Trades, overtime and the all-call
 * are part 2 (still "coming soon" in web/app/routes/module-routes.ts). The set-up pages live in the
 * admin area (/admin/modules/schedule…), filled by the settings panel of the manifest.
 */
export function scheduleRoutes({ app }: RouteParents) {
  return [
    createRoute({
      getParentRoute: () => app,
      path: '/schedule',
      ...calendarSearch.route,
      component: lazyScreen(() => import('./calendar-screen.tsx'), 'CalendarScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/schedule/admin',
      ...schedulerSearch.route,
      component: lazyScreen(() => import('./admin/scheduler-screen.tsx'), 'SchedulerScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/schedule/admin/allcall',
      ...allcallSearch.route,
      component: lazyScreen(() => import('./allcall/allcall-board-screen.tsx'), 'AllcallBoardScreen'),
    }),
  ] as const;
}
