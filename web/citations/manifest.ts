import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';
import { citationsRoutes } from './routes.ts';

/** Citations in the shell: its screens, its settings panel on /admin/modules/citations, and the drafts and void requests waiting on `/`. */
export const citationsWebModule = {
  key: 'citations',
  routes: citationsRoutes,
  SettingsPanel: lazy(() => import('./admin/settings-panel.tsx').then((module) => ({ default: module.CitationsSettingsPanel }))),
  NeedsPanel: lazy(() => import('./needs-panel.tsx').then((module) => ({ default: module.CitationsNeedsPanel }))),
} as const satisfies WebModule;
