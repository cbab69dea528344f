import { adminModule } from './admin/manifest.ts';
import { authModule } from './auth/manifest.ts';
import { citationsModule } from './citations/manifest.ts';
import { fleetModule } from './fleet/manifest.ts';
import { ftoModule } from './fto/manifest.ts';
import { notificationsModule } from './notifications/manifest.ts';
import { productivityModule } from './productivity/manifest.ts';
import { realtimeModule } from './realtime/manifest.ts';
import { reportsModule } from './reports/manifest.ts';
import { scheduleModule } from './schedule/manifest.ts';
import { tenantTables, type ServerModule } from './platform/modules.ts';
import { storageModule } from './storage/manifest.ts';

/** Every server module, in registration order: the one list a new module is added to. */
export const SERVER_MODULES: readonly ServerModule[] = [
  authModule,
  adminModule,
  storageModule,
  notificationsModule,
  realtimeModule,
  fleetModule,
  ftoModule,
  reportsModule,
  citationsModule,
  productivityModule,
  // Last: its demo seed adds the rest of the patrol division, whom the other modules' demo seeds should not pick as their officer.
  scheduleModule,
];

/** Every table holding one agency's rows, the platform's and the modules': row-level security is forced on each. */
export const TENANT_TABLES: readonly string[] = tenantTables(SERVER_MODULES);
