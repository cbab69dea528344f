import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';
import { scheduleRoutes } from './routes.ts';

/**
 * Scheduling in the shell: the calendar and the scheduler's view, its set-up on /admin/modules/schedule
 * and the sub-pages (schedules, groups, assignments), and my next shifts and the decisions waiting on `/`.
 */
export const scheduleWebModule = {
  key: 'schedule',
  routes: scheduleRoutes,
  SettingsPanel: lazy(() => import('./admin/settings-panel.tsx').then((module) => ({ default: module.ScheduleSettingsPanel }))),
  NeedsPanel: lazy(() => import('./needs-panel.tsx').then((module) => ({ default: module.ScheduleNeedsPanel }))),
} as const satisfies WebModule;
