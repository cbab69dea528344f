import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';
import { productivityRoutes } from './routes.ts';

/**
 * Productivity in the shell: my tasks, spaces, lists (table and board), a task, its print view; who
 * may create spaces on /admin/modules/productivity; my tasks due today and overdue on `/`; beside another
 * module's record (a service request, a returned report), its tasks and "Make a task".
 */
export const productivityWebModule = {
  key: 'productivity',
  routes: productivityRoutes,
  SettingsPanel: lazy(() => import('./settings-panel.tsx').then((module) => ({ default: module.ProductivitySettingsPanel }))),
  NeedsPanel: lazy(() => import('./needs-panel.tsx').then((module) => ({ default: module.ProductivityNeedsPanel }))),
  RecordTasks: lazy(() => import('./linked-tasks.tsx').then((module) => ({ default: module.LinkedTasks }))),
} as const satisfies WebModule;
