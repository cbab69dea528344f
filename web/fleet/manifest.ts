import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';
import { fleetRoutes } from './routes.ts';

/** Fleet in the shell: its screens, and its settings panel on /admin/modules/fleet (the fleet office's settings form). */
export const fleetWebModule = {
  key: 'fleet',
  routes: fleetRoutes,
  SettingsPanel: lazy(() => import('./admin/fleet-settings-form.tsx').then((module) => ({ default: module.FleetSettingsForm }))),
} as const satisfies WebModule;
