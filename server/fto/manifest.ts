import { adminApi } from '../../core/contracts/admin.ts';
import { FtoSettings, ftoApi } from '../../core/contracts/fto.ts';
import { storageApi } from '../../core/contracts/storage.ts';
import type { ServerModule } from '../platform/modules.ts';
import { solidPng } from '../platform/sample-images.ts';
import { seedBenchFieldTraining } from './bench-seed.ts';
import { binderSeenBy } from './binders.ts';
import { seedDemoFieldTraining } from './demo-seed.ts';
import { seedDefaultProgram } from './programs.ts';
import { ftoRoutes } from './routes.ts';
import { ftoTables } from './schema.ts';

/** Field training: programs, binders and daily observation reports (core/contracts/fto.ts). */
export const ftoModule: ServerModule = {
  name: 'fto',
  apis: [ftoApi],
  routes: ftoRoutes,
  tables: ftoTables,
  settings: { key: 'field_training_settings', schema: FtoSettings },
  // Every agency starts with the San Jose model program, so a coordinator can open a binder on day one.
  onAgencyCreated: async (tx, agencyId) => {
    await seedDefaultProgram(tx, agencyId);
  },
  seedDemo: seedDemoFieldTraining,
  seedBench: seedBenchFieldTraining,
  // Reference material (manuals, maps): the coordinator uploads it, everyone of the module reads it.
  fileUploaders: { fto: ['fto:admin'] },
  fileReaders: { fto: ['fto:user', 'fto:trainer', 'fto:admin'] },
  // A task's link to a binder: seen by its trainee, its trainers and the coordinator, as the binder itself.
  recordReadChecks: { binder: binderSeenBy },
  async sweepFixtures(call) {
    const roles = await call(adminApi.listRoles, {});
    const role = (key: string) => roles.find((r) => r.template_key === key)!.id;
    const trainee = await call(adminApi.inviteUser, {
      body: { email: 'sweep.trainee@example.test', name: 'Sweep Trainee', account_type: 'full', role_ids: [role('trainee')] },
    });
    const [program] = await call(ftoApi.listPrograms, {});
    const binder = await call(ftoApi.createBinder, {
      body: {
        trainee_id: trainee.id,
        program_id: program!.id,
        start_date: '2026-01-05',
        trainers: [],
      },
    });
    const dor = await call(ftoApi.createDor, { params: { id: binder.id }, body: { shift_date: '2026-01-06', shift: 'day' } });
    const map = await call(storageApi.upload, {
      query: { purpose: 'fto' },
      body: solidPng(2, 2, [40, 120, 60]),
      headers: { 'content-type': 'image/png' },
    });
    const reference = await call(ftoApi.addReference, {
      params: { id: program!.id },
      body: { file_id: map.id, title: 'Beat map', description: '' },
    });
    const [tasksheet] = await call(ftoApi.listTasksheets, { params: { id: binder.id } });
    const [policy] = await call(ftoApi.listPolicies, { params: { id: binder.id } });
    return [program!.id, binder.id, dor.id, map.id, reference.id, tasksheet!.id, policy!.id];
  },
};
