import { createRoute } from '@tanstack/react-router';
import { lazyScreen, type RouteParents } from '../lib/module-routes.ts';
import { allcallSearch } from './allcall/allcall-search.ts';
import { calendarSearch, schedulerSearch } from './schedule-search.ts';
import { overtimeSearch } from './overtime/overtime-search.ts';
import { tradesSearch } from './trades/trades-search.ts';

/**
 * The scheduling module's screens, loaded on demand. The root's guards have run before either (the
 * module on and scheduling:view; /schedule/admin also all five of the scheduling admin permissions,
 * from core/modules.ts); the server enforces each action again. The set-up pages live in the
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
    createRoute({
      getParentRoute: () => app,
      path: '/schedule/overtime',
      ...overtimeSearch.route,
      component: lazyScreen(() => import('./overtime/overtime-screen.tsx'), 'OvertimeScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/schedule/trades',
      ...tradesSearch.route,
      component: lazyScreen(() => import('./trades/trades-screen.tsx'), 'TradesScreen'),
    }),
  ] as const;
}
