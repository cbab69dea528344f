import { adminWebModule } from '../admin/manifest.ts';
import { citationsWebModule } from '../citations/manifest.ts';
import { fleetWebModule } from '../fleet/manifest.ts';
import { ftoWebModule } from '../fto/manifest.ts';
import type { WebModule } from '../lib/web-modules.tsx';
import { productivityWebModule } from '../productivity/manifest.ts';
import { reportsWebModule } from '../reports/manifest.ts';
import { scheduleWebModule } from '../schedule/manifest.ts';

/**
 * Every web module's manifest: the one list a new module is added to. It brings the module's routes
 * into the route tree (web/app/router.tsx), typed, and its settings panel and entries into the shell.
 */
export const WEB_MODULES = [
  adminWebModule,
  citationsWebModule,
  fleetWebModule,
  ftoWebModule,
  productivityWebModule,
  reportsWebModule,
  scheduleWebModule,
] as const satisfies readonly WebModule[];
