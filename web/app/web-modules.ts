import { fleetWebModule } from '../fleet/manifest.ts';
import type { WebModule } from '../lib/web-modules.tsx';

/** Every web module's manifest: the one list a new module is added to. */
export const WEB_MODULES: readonly WebModule[] = [fleetWebModule];
