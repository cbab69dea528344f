import { lazy } from 'react';
import type { WebModule } from '../lib/web-modules.tsx';

/** Fleet in the shell: its settings panel on /admin/modules/fleet (the fleet office's settings form). */
export const fleetWebModule: WebModule = {
  key: 'fleet',
  SettingsPanel: lazy(() => import('./admin/fleet-settings-form.tsx').then((module) => ({ default: module.FleetSettingsForm }))),
};
