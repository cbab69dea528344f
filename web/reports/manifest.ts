import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';
import { reportsRoutes } from './routes.ts';

/** Reports in the shell: its screens, its settings panel on /admin/modules/reports, and the reports waiting for you on `/`. */
export const reportsWebModule = {
  key: 'reports',
  routes: reportsRoutes,
  SettingsPanel: lazy(() => import('./admin/settings-panel.tsx').then((module) => ({ default: module.ReportsSettingsPanel }))),
  NeedsPanel: lazy(() => import('./needs-panel.tsx').then((module) => ({ default: module.ReportsNeedsPanel }))),
} as const satisfies WebModule;
