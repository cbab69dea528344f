import { CitationsSettings, citationsApi } from '../../core/contracts/citations.ts';
import type { ServerModule } from '../platform/modules.ts';
import { seedBenchCitations } from './bench-seed.ts';
import { seedDemoCitations } from './demo-seed.ts';
import { citationsRoutes } from './routes.ts';
import { citationsTables } from './schema.ts';
import { seedCitationsSettings } from './settings.ts';
import { sweepFixtures } from './sweep-fixtures.ts';

/** Citations: the stop, its citations and warnings, the statute library, court dates and copies (core/contracts/citations.ts). */
export const citationsModule: ServerModule = {
  name: 'citations',
  apis: [citationsApi],
  routes: citationsRoutes,
  tables: citationsTables,
  settings: { key: 'citations_settings', schema: CitationsSettings },
  // Every agency starts with the default number format and violator text; courts and statutes are its own to enter.
  onAgencyCreated: seedCitationsSettings,
  seedDemo: seedDemoCitations,
  seedBench: seedBenchCitations,
  // No files: a citation's copies are printed from its record.
  sweepFixtures,
};
