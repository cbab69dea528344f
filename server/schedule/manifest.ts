import { ScheduleSettings, scheduleApi } from '../../core/contracts/schedule.ts';
import { allcallApi, allcallSmsApi } from '../../core/contracts/schedule-allcall.ts';
import { overtimeApi } from '../../core/contracts/schedule-overtime.ts';
import { tradesApi } from '../../core/contracts/schedule-trades.ts';
import type { Tx } from '../platform/database.ts';
import type { ServerModule } from '../platform/modules.ts';
import { seedBenchSchedule } from './bench-seed.ts';
import { seedDemoSchedule } from './demo-seed.ts';
import { scheduleRoutes } from './routes.ts';
import { scheduleTables } from './schema.ts';
import { seedScheduleSettings } from './settings.ts';
import { seedTimeOffTypes } from './setup.ts';
import { overtimeJobs } from './overtime.ts';
import { sweepFixtures } from './sweep-fixtures.ts';

/** Scheduling: set-up, the roster and the scheduler's changes, time off and calendar feeds (core/contracts/schedule.ts). */
export const scheduleModule: ServerModule = {
  name: 'schedule',
  apis: [scheduleApi, tradesApi, allcallApi, allcallSmsApi, overtimeApi],
  routes: scheduleRoutes,
  tables: scheduleTables,
  settings: { key: 'schedule_settings', schema: ScheduleSettings },
  // Every agency starts with the default positions and rules and the usual time-off types; its shifts and schedules are its own to set up.
  onAgencyCreated: async (tx: Tx, agencyId: string) => {
    await seedScheduleSettings(tx, agencyId);
    await seedTimeOffTypes(tx, agencyId);
  },
  seedDemo: seedDemoSchedule,
  seedBench: seedBenchSchedule,
  // No files.
  sweepFixtures,
  jobs: overtimeJobs,
};
