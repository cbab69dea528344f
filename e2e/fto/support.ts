/**
 * What the field training browser tests share: an agency of their own with a trainer, a trainee and a
 * coordinator (set up through the API), the trainee's binder on the default program with the trainer in
 * every phase, and a page opened signed in as one of them.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Binder, Program } from '../../core/contracts/fto.ts';
import { agencyWithAdmin, api, inviteAndAccept, roleIdByName, settled, signInWithSession, type Person } from '../admin/support.ts';
import { newPage } from '../support/browser.ts';

export type FtoPerson = Person & { id: string };

export interface FieldTrainingCast {
  /** The agency's administrator (admin:access): the module's settings page. */
  admin: Person;
  trainer: FtoPerson;
  trainee: FtoPerson;
  coordinator: FtoPerson;
  program: Program;
  binder: Binder;
}

export async function fieldTrainingCast(agencyPrefix: string): Promise<FieldTrainingCast> {
  const admin = await agencyWithAdmin(agencyPrefix);
  const invite = async (name: string, role: string, prefix: string) =>
    inviteAndAccept(admin.session, { name, roleIds: [await roleIdByName(admin.session, role)], accountType: 'full', prefix });
  const trainer = await invite('Chris Okafor', 'Field Training Officer', 'fto');
  const trainee = await invite('Riley Chen', 'Trainee', 'trainee');
  const coordinator = await invite('Morgan Blake', 'FTO Coordinator', 'coord');
  const program = (await api<Program[]>(coordinator.session, 'GET', '/rest/v1/fto/admin/programs'))[0]!;
  const binder = await api<Binder>(
    coordinator.session,
    'POST',
    '/rest/v1/fto/admin/binders',
    {
      trainee_id: trainee.id,
      program_id: program.id,
      start_date: '2026-10-01',
      trainers: program.content.phases.map((p) => ({ phase_key: p.key, trainer_id: trainer.id })),
    },
    { 'idempotency-key': randomUUID() },
  );
  return { admin, trainer, trainee, coordinator, program, binder };
}

/** A new page signed in as `person`, opened at `path` once its loading is done. */
export async function openAs(person: Person, path: string, options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await signInWithSession(page, person.session);
  await page.goto(path);
  await settled(page);
  return page;
}
