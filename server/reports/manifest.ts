import { ReportsSettings, reportsApi, reportsFunctionsApi } from '../../core/contracts/reports.ts';
import type { ServerModule } from '../platform/modules.ts';
import { mayReadAttachment } from './attachments.ts';
import { seedBenchReports } from './bench-seed.ts';
import { seedDefaultTemplates } from './default-templates.ts';
import { seedDemoReports } from './demo-seed.ts';
import { reportSeenBy } from './reports.ts';
import { reportsRoutes } from './routes.ts';
import { reportsTables } from './schema.ts';

/** Reports: incident reports with review, supplements and templates (core/contracts/reports.ts). */
export const reportsModule: ServerModule = {
  name: 'reports',
  apis: [reportsApi, reportsFunctionsApi],
  routes: reportsRoutes,
  tables: reportsTables,
  settings: { key: 'reports_settings', schema: ReportsSettings },
  // Every agency starts with three agency templates and its report types, so an officer can write on day one.
  onAgencyCreated: seedDefaultTemplates,
  seedDemo: seedDemoReports,
  seedBench: seedBenchReports,
  // Attachments: the author uploads them; whoever may see a report attaching one reads it (attachments.ts).
  fileUploaders: { reports: ['reports:editor'] },
  fileReaders: { reports: ['reports:editor'] },
  fileReadChecks: { reports: mayReadAttachment },
  // A task's link to a report: seen by whoever may open the report (its author, reviewers past its draft, everyone once approved).
  recordReadChecks: { report: reportSeenBy },
  async sweepFixtures(call) {
    const [template] = await call(reportsApi.listTemplates, {});
    const personal = await call(reportsApi.createTemplate, {
      body: { name: 'Sweep template', description: '', scope: 'personal', content: template!.content },
    });
    const report = await call(reportsApi.createReport, { body: { type_key: 'incident' } });
    return [template!.id, personal.id, report.id];
  },
};
