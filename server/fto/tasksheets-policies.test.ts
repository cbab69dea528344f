import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller } from '../test-support/api-calls.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type {
  Binder,
  BinderPolicy,
  BinderPolicyDetail,
  PolicyOutstanding,
  Program,
  Tasksheet,
  TasksheetSummary,
} from '../../core/contracts/fto.ts';

describe.each(DATABASE_KINDS)('field training tasksheets and policies on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let users: Record<'coordinator' | 'trainer' | 'otherTrainer' | 'trainee' | 'otherTrainee', TestUser>;
  let coordinator: Session;
  let trainer: Session;
  let otherTrainer: Session;
  let trainee: Session;
  let otherTrainee: Session;
  let program: Program;
  let binder: Binder;

  const call = apiCaller(() => server);

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Tasksheet PD');
    users = {
      coordinator: await makeUser(server, agency, { permissions: ['fto:admin', 'fto:trainer'], name: 'Morgan Coordinator' }),
      trainer: await makeUser(server, agency, { permissions: ['fto:trainer'], name: 'Chris Trainer' }),
      otherTrainer: await makeUser(server, agency, { permissions: ['fto:trainer'], name: 'Dana Trainer' }),
      trainee: await makeUser(server, agency, { permissions: ['fto:user'], name: 'Riley Trainee' }),
      otherTrainee: await makeUser(server, agency, { permissions: ['fto:user'], name: 'Sam Trainee' }),
    };
    [coordinator, trainer, otherTrainer, trainee, otherTrainee] = (await Promise.all(
      [users.coordinator, users.trainer, users.otherTrainer, users.trainee, users.otherTrainee].map((u) => signIn(server, u)),
    )) as [Session, Session, Session, Session, Session];
    program = ((await call(coordinator, 'GET', '/rest/v1/fto/admin/programs')).json() as Program[])[0]!;
    const opened = await call(coordinator, 'POST', '/rest/v1/fto/admin/binders', {
      trainee_id: users.trainee.id,
      program_id: program.id,
      start_date: '2026-09-01',
      trainers: program.content.phases.map((p) => ({ phase_key: p.key, trainer_id: users.trainer.id })),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    binder = opened.json() as Binder;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function firstTasksheet(session = trainer) {
    const list = (await call(session, 'GET', `/rest/v1/fto/binders/${binder.id}/tasksheets`)).json() as TasksheetSummary[];
    return list[0]!;
  }

  describe('tasksheets', () => {
    it('gives a new binder one tasksheet per phase of its program, with the phase’s tasks none signed', async () => {
      const response = await call(trainee, 'GET', `/rest/v1/fto/binders/${binder.id}/tasksheets`);
      expect(response.statusCode).toBe(200);
      const sheets = response.json() as TasksheetSummary[];
      expect(sheets.map((s) => s.phase_key)).toEqual(program.content.phases.map((p) => p.key));
      expect(sheets[0]).toMatchObject({ signed: 0, current_phase: true });
      expect(sheets[0]!.tasks).toBe(program.content.tasks.filter((t) => t.phase_key === sheets[0]!.phase_key).length);
    });

    it('lets the binder’s trainer sign a task off with the date and method, shown to the trainee', async () => {
      const sheet = await firstTasksheet();
      const task = program.content.tasks.find((t) => t.phase_key === sheet.phase_key)!;
      const signed = await call(trainer, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/signoffs`, {
        task_key: task.key,
        signed_on: '2026-09-03',
        method: 'demonstrated',
        note: 'On a burglary call.',
      });
      expect(signed.statusCode, signed.body).toBe(201);
      const seen = (await call(trainee, 'GET', `/rest/v1/fto/tasksheets/${sheet.id}`)).json() as Tasksheet;
      expect(seen.signed).toBe(1);
      expect(seen.can_sign).toBe(false);
      expect(seen.tasks_list.find((t) => t.key === task.key)!.signoff).toMatchObject({
        trainer_name: 'Chris Trainer',
        signed_on: '2026-09-03',
        method: 'demonstrated',
        note: 'On a burglary call.',
      });
    });

    it('refuses signing the same task twice, naming who signed it', async () => {
      const sheet = await firstTasksheet();
      const task = program.content.tasks.find((t) => t.phase_key === sheet.phase_key)!;
      const again = await call(trainer, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/signoffs`, {
        task_key: task.key,
        signed_on: '2026-09-04',
        method: 'performed',
        note: '',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('Chris Trainer');
    });

    it('refuses a date before the training started or a task of another phase, naming the field', async () => {
      const sheet = await firstTasksheet();
      const own = program.content.tasks.filter((t) => t.phase_key === sheet.phase_key)[1]!;
      const early = await call(trainer, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/signoffs`, {
        task_key: own.key,
        signed_on: '2026-08-01',
        method: 'performed',
        note: '',
      });
      expect(early.statusCode).toBe(400);
      expect(early.json().fields).toHaveProperty('signed_on');
      const foreign = program.content.tasks.find((t) => t.phase_key !== sheet.phase_key)!;
      const wrong = await call(trainer, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/signoffs`, {
        task_key: foreign.key,
        signed_on: '2026-09-03',
        method: 'performed',
        note: '',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toHaveProperty('task_key');
    });

    it('refuses a trainer who does not train this trainee, and a trainee signing their own tasks', async () => {
      const sheet = await firstTasksheet();
      const task = program.content.tasks.filter((t) => t.phase_key === sheet.phase_key)[1]!;
      const body = { task_key: task.key, signed_on: '2026-09-03', method: 'performed', note: '' };
      expect((await call(otherTrainer, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/signoffs`, body)).statusCode).toBe(404);
      expect((await call(trainee, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/signoffs`, body)).statusCode).toBe(403);
    });

    it('answers 404 for another trainee’s tasksheet', async () => {
      const sheet = await firstTasksheet();
      expect((await call(otherTrainee, 'GET', `/rest/v1/fto/tasksheets/${sheet.id}`)).statusCode).toBe(404);
      expect((await call(otherTrainee, 'GET', `/rest/v1/fto/binders/${binder.id}/tasksheets`)).statusCode).toBe(404);
    });

    it('keeps a withdrawn sign-off on record and lets the task be signed again', async () => {
      const sheet = await firstTasksheet();
      const task = program.content.tasks.find((t) => t.phase_key === sheet.phase_key)!;
      const noReason = await call(trainer, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/withdrawals`, { task_key: task.key, reason: '' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().fields).toHaveProperty('reason');
      const withdrawn = await call(trainer, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/withdrawals`, {
        task_key: task.key,
        reason: 'Signed on the wrong trainee',
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect((withdrawn.json() as Tasksheet).tasks_list.find((t) => t.key === task.key)!.signoff).toBeNull();
      const again = await call(trainer, 'POST', `/rest/v1/fto/tasksheets/${sheet.id}/signoffs`, {
        task_key: task.key,
        signed_on: '2026-09-05',
        method: 'performed',
        note: '',
      });
      expect(again.statusCode, again.body).toBe(201);
      const admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'] }));
      const audit = await call(admin, 'GET', '/rest/v1/admin/audit?action=fto.task_signoff_withdrawn');
      expect(audit.body).toContain('Signed on the wrong trainee');
    });
  });

  describe('policies', () => {
    async function policies(session: Session) {
      return (await call(session, 'GET', `/rest/v1/fto/binders/${binder.id}/policies`)).json() as BinderPolicy[];
    }

    it('gives a new binder the program’s policies, none acknowledged, and lists them for the coordinator as outstanding', async () => {
      const list = await policies(trainee);
      expect(list.map((p) => p.key)).toEqual(program.content.policies.map((p) => p.key));
      expect(list.every((p) => p.acknowledged_at === null)).toBe(true);
      const outstanding = (await call(coordinator, 'GET', '/rest/v1/fto/admin/policies')).json() as PolicyOutstanding[];
      expect(outstanding.filter((p) => p.binder_id === binder.id).map((p) => p.id)).toEqual(list.map((p) => p.id));
    });

    it('lets only the trainee acknowledge, once, keeping the version they read', async () => {
      const [policy] = await policies(trainee);
      const opened = (await call(trainee, 'GET', `/rest/v1/fto/policies/${policy!.id}`)).json() as BinderPolicyDetail;
      expect(opened.body.length).toBeGreaterThan(20);
      expect(opened.can_acknowledge).toBe(true);
      expect((await call(trainer, 'POST', `/rest/v1/fto/policies/${policy!.id}/acknowledge`)).statusCode).toBe(403);
      const acknowledged = await call(trainee, 'POST', `/rest/v1/fto/policies/${policy!.id}/acknowledge`);
      expect(acknowledged.statusCode, acknowledged.body).toBe(201);
      const detail = acknowledged.json() as BinderPolicyDetail;
      expect(detail.acknowledged_version).toBe(program.content.policies[0]!.version);
      expect(detail.can_acknowledge).toBe(false);
      const outstanding = (await call(coordinator, 'GET', '/rest/v1/fto/admin/policies')).json() as PolicyOutstanding[];
      expect(outstanding.some((p) => p.id === policy!.id)).toBe(false);
    });

    it('answers 404 for another trainee’s policy', async () => {
      const [policy] = await policies(trainee);
      expect((await call(otherTrainee, 'GET', `/rest/v1/fto/policies/${policy!.id}`)).statusCode).toBe(404);
      expect((await call(otherTrainee, 'POST', `/rest/v1/fto/policies/${policy!.id}/acknowledge`)).statusCode).toBe(404);
    });

    it('reminds the trainee in the bell, but not twice within the hour nor once acknowledged', async () => {
      const [first, second] = await policies(trainee);
      const reminded = await call(coordinator, 'POST', `/rest/v1/fto/admin/policies/${second!.id}/remind`);
      expect(reminded.statusCode, reminded.body).toBe(200);
      expect((reminded.json() as PolicyOutstanding).reminded_at).not.toBeNull();
      const bell = await call(trainee, 'GET', '/rest/v1/notifications');
      expect(bell.body).toContain(`Please read and acknowledge: ${program.content.policies[1]!.title}`);
      expect((await call(coordinator, 'POST', `/rest/v1/fto/admin/policies/${second!.id}/remind`)).statusCode).toBe(409);
      expect((await call(coordinator, 'POST', `/rest/v1/fto/admin/policies/${first!.id}/remind`)).statusCode).toBe(409);
      expect((await call(trainer, 'POST', `/rest/v1/fto/admin/policies/${second!.id}/remind`)).statusCode).toBe(403);
    });
  });
});
