import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';
import { ftoRoutes } from './routes.ts';

/** Field training in the shell: its screens, and its settings panel on /admin/modules/fto. */
export const ftoWebModule = {
  key: 'fto',
  routes: ftoRoutes,
  SettingsPanel: lazy(() => import('./admin/settings-panel.tsx').then((module) => ({ default: module.FtoSettingsPanel }))),
} as const satisfies WebModule;
