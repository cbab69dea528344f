import { ProductivitySettings, productivityApi } from '../../core/contracts/productivity.ts';
import type { ServerModule } from '../platform/modules.ts';
import { seedBenchProductivity } from './bench-seed.ts';
import { seedDemoProductivity } from './demo-seed.ts';
import { productivityJobs } from './due-soon.ts';
import { productivityRoutes } from './routes.ts';
import { productivityTables } from './schema.ts';
import { productivitySweepFixtures } from './sweep-fixtures.ts';
import { mayReadTaskFile } from './task-parts.ts';

/** Productivity: spaces, lists and tasks (core/contracts/productivity.ts). */
export const productivityModule: ServerModule = {
  name: 'productivity',
  apis: [productivityApi],
  routes: productivityRoutes,
  tables: productivityTables,
  settings: { key: 'productivity_settings', schema: ProductivitySettings },
  seedDemo: seedDemoProductivity,
  seedBench: seedBenchProductivity,
  // A task's files: whoever may open the module uploads them; whoever sees a task attaching one reads it.
  fileUploaders: { productivity: ['productivity:access'] },
  fileReaders: { productivity: ['productivity:access'] },
  fileReadChecks: { productivity: mayReadTaskFile },
  sweepFixtures: productivitySweepFixtures,
  jobs: productivityJobs,
};
