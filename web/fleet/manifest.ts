import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';
import { fleetRoutes } from './routes.ts';

/**
 * Fleet in the shell: its screens, and on /admin/modules/fleet a note that the fleet office keeps the
 * settings on /fleet/admin/settings (the administrator keeps the switch).
 */
export const fleetWebModule = {
  key: 'fleet',
  routes: fleetRoutes,
  SettingsPanel: lazy(() => import('./admin/fleet-settings-pointer.tsx').then((module) => ({ default: module.FleetSettingsPointer }))),
} as const satisfies WebModule;
