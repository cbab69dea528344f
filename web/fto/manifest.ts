import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';
import { ftoRoutes } from './routes.ts';

/** Field training in the shell: its screens, its settings panel on /admin/modules/fto, and the DORs waiting for you on `/`. */
export const ftoWebModule = {
  key: 'fto',
  routes: ftoRoutes,
  SettingsPanel: lazy(() => import('./admin/settings-panel.tsx').then((module) => ({ default: module.FtoSettingsPanel }))),
  NeedsPanel: lazy(() => import('./needs-panel.tsx').then((module) => ({ default: module.FtoNeedsPanel }))),
} as const satisfies WebModule;
