import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import {
  programCategories,
  type Binder,
  type BinderDetail,
  type Dor,
  type DorContent,
  type FtoHome,
  type Program,
} from '../../core/contracts/fto.ts';
import type { Rating } from '../../core/fto/ratings.ts';
import { eq } from 'drizzle-orm';
import { userRoles } from '../db/schema.ts';
import { apiCaller, ifMatch } from '../test-support/api-calls.ts';

describe.each(DATABASE_KINDS)('the field training API on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let coordinator: Session;
  let secondCoordinator: Session;
  let trainer: Session;
  let otherTrainer: Session;
  let trainee: Session;
  let otherTrainee: Session;
  let nobody: Session;
  let administrator: Session;
  let users: Record<'trainer' | 'otherTrainer' | 'trainee' | 'otherTrainee' | 'coordinator', TestUser>;
  let program: Program;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Field Training PD');
    users = {
      coordinator: await makeUser(server, agency, { permissions: ['fto:admin', 'fto:trainer'], name: 'Morgan Coordinator' }),
      trainer: await makeUser(server, agency, { permissions: ['fto:trainer'], name: 'Chris Trainer' }),
      otherTrainer: await makeUser(server, agency, { permissions: ['fto:trainer'], name: 'Dana Trainer' }),
      trainee: await makeUser(server, agency, { permissions: ['fto:user'], name: 'Riley Trainee' }),
      otherTrainee: await makeUser(server, agency, { permissions: ['fto:user'], name: 'Sam Trainee' }),
    };
    coordinator = await signIn(server, users.coordinator);
    secondCoordinator = await signIn(server, await makeUser(server, agency, { permissions: ['fto:admin'], name: 'Lee Second' }));
    trainer = await signIn(server, users.trainer);
    otherTrainer = await signIn(server, users.otherTrainer);
    trainee = await signIn(server, users.trainee);
    otherTrainee = await signIn(server, users.otherTrainee);
    nobody = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit'] }));
    administrator = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'] }));
    const programs = (await call(coordinator, 'GET', '/rest/v1/fto/admin/programs')).json() as Program[];
    program = programs[0]!;
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = apiCaller(() => server);

  async function openBinder(traineeUser: TestUser, trainerUser: TestUser, start = '2026-09-01'): Promise<Binder> {
    const response = await call(coordinator, 'POST', '/rest/v1/fto/admin/binders', {
      trainee_id: traineeUser.id,
      program_id: program.id,
      start_date: start,
      trainers: program.content.phases.map((p) => ({ phase_key: p.key, trainer_id: trainerUser.id })),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Binder;
  }

  /** A DOR's content with every category rated `rating` (and the comments a rating needs). */
  function content(rating: Rating, extra: Partial<DorContent> = {}): DorContent {
    const ratings = Object.fromEntries(
      programCategories(program.content).map((c) => [
        c.key,
        {
          rating,
          comment: ['1', '2', '6', '7', 'NRT', 'REM'].includes(rating) ? 'Explained.' : '',
          remedial_minutes: rating === 'REM' ? 20 : null,
        },
      ]),
    );
    return {
      shift_date: '2026-09-02',
      shift: 'day',
      activity: { calls_handled: 8, self_initiated: 2, reports_written: 1, arrests: 0, notes: '' },
      ratings,
      most_satisfactory: 'Handled a domestic call calmly.',
      least_satisfactory: 'Slow on the radio.',
      ...extra,
    };
  }

  async function writeDor(binder: Binder, author: Session, body: DorContent): Promise<Dor> {
    const created = await call(author, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, {
      shift_date: body.shift_date,
      shift: body.shift,
    });
    expect(created.statusCode, created.body).toBe(201);
    const dor = created.json() as Dor;
    const completed = await call(author, 'POST', `/rest/v1/fto/dors/${dor.id}/complete`, body, ifMatch(dor.version));
    expect(completed.statusCode, completed.body).toBe(200);
    return completed.json() as Dor;
  }

  describe('who sees a binder', () => {
    let binder: Binder;
    beforeAll(async () => {
      binder = await openBinder(users.trainee, users.trainer);
    });

    it('shows the trainee their own binder and the assigned trainer the binders they train', async () => {
      expect((await call(trainee, 'GET', `/rest/v1/fto/binders/${binder.id}`)).statusCode).toBe(200);
      expect((await call(trainer, 'GET', `/rest/v1/fto/binders/${binder.id}`)).statusCode).toBe(200);
      const listed = (await call(trainer, 'GET', '/rest/v1/fto/binders')).json() as { items: Binder[] };
      expect(listed.items.map((b) => b.id)).toContain(binder.id);
    });

    it('answers 404 to another trainee and to a trainer not assigned to the binder, and lists it to neither', async () => {
      expect((await call(otherTrainee, 'GET', `/rest/v1/fto/binders/${binder.id}`)).statusCode).toBe(404);
      expect((await call(otherTrainer, 'GET', `/rest/v1/fto/binders/${binder.id}`)).statusCode).toBe(404);
      expect((await call(otherTrainer, 'GET', `/rest/v1/fto/binders/${binder.id}/dors`)).statusCode).toBe(404);
      const listed = (await call(otherTrainee, 'GET', '/rest/v1/fto/binders')).json() as { items: Binder[] };
      expect(listed.items.map((b) => b.id)).not.toContain(binder.id);
    });

    it('refuses field training to a user who holds none of its permissions', async () => {
      const response = await call(nobody, 'GET', '/rest/v1/fto/binders');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('Field training');
    });

    it('refuses a second open binder for the same trainee, naming them', async () => {
      const response = await call(coordinator, 'POST', '/rest/v1/fto/admin/binders', {
        trainee_id: users.trainee.id,
        program_id: program.id,
        start_date: '2026-09-01',
        trainers: [],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.trainee_id).toBe('Riley Trainee already has an open binder');
    });
  });

  describe('a DOR through its signing order', () => {
    let binder: Binder;
    beforeAll(async () => {
      binder = await openBinder(users.otherTrainee, users.trainer);
    });

    it('keeps a draft from the trainee, saves it with If-Match and refuses a stale version', async () => {
      const created = (
        await call(trainer, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, { shift_date: '2026-09-03', shift: 'night' })
      ).json() as Dor;
      expect(created.status).toBe('draft');
      expect((await call(otherTrainee, 'GET', `/rest/v1/fto/dors/${created.id}`)).statusCode).toBe(404);
      const saved = await call(
        trainer,
        'PUT',
        `/rest/v1/fto/dors/${created.id}`,
        content('4', { shift_date: '2026-09-03', shift: 'night' }),
        ifMatch(created.version),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const stale = await call(trainer, 'PUT', `/rest/v1/fto/dors/${created.id}`, content('5'), ifMatch(created.version));
      expect(stale.statusCode).toBe(412);
    });

    it('refuses a DOR for a shift not worked yet, beside the shift date', async () => {
      const response = await call(trainer, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, { shift_date: '2099-01-01', shift: 'day' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.shift_date).toBe('A DOR is written for a shift already worked: choose today or an earlier day');
    });

    it('refuses to complete a DOR with a missing required comment, naming the field', async () => {
      const created = (
        await call(trainer, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, { shift_date: '2026-09-04', shift: 'day' })
      ).json() as Dor;
      const body = content('4');
      const first = programCategories(program.content)[0]!;
      body.ratings[first.key] = { rating: '2', comment: '', remedial_minutes: null };
      body.least_satisfactory = '';
      const response = await call(trainer, 'POST', `/rest/v1/fto/dors/${created.id}/complete`, body, ifMatch(created.version));
      expect(response.statusCode).toBe(400);
      const fields = response.json().fields as Record<string, string>;
      expect(fields[`ratings.${first.key}.comment`]).toBe('Explain the rating of 2');
      expect(fields.least_satisfactory).toContain('below acceptable');
    });

    it('starts a DOR written without a connection under the id the device chose, completed at once and once only when the outbox sends it again', async () => {
      const id = crypto.randomUUID();
      const body = {
        id,
        shift_date: '2026-09-06',
        shift: 'evening',
        content: content('5', { shift_date: '2026-09-06', shift: 'evening' }),
        complete: true,
      };
      const headers = { 'idempotency-key': crypto.randomUUID() };
      const first = await call(trainer, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, body, headers);
      expect(first.statusCode, first.body).toBe(201);
      const dor = first.json() as Dor;
      expect(dor).toMatchObject({ id, status: 'completed', shift: 'evening', shift_date: '2026-09-06' });
      expect(dor.content.most_satisfactory).toBe('Handled a domestic call calmly.');
      const again = await call(trainer, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, body, headers);
      expect((again.json() as Dor).id).toBe(id);
      const listed = (await call(trainer, 'GET', `/rest/v1/fto/binders/${binder.id}/dors?page_size=200`)).json() as { items: Dor[] };
      expect(listed.items.filter((d) => d.id === id)).toHaveLength(1);
      const titles = ((await call(otherTrainee, 'GET', '/rest/v1/notifications')).json() as { items: Array<{ title: string }> }).items.map(
        (n) => n.title,
      );
      expect(titles).toContain(`DOR #${dor.number} (2026-09-06) is ready for your acknowledgement`);
      const taken = await call(trainer, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, { id, shift_date: '2026-09-07', shift: 'day' });
      expect(taken.statusCode).toBe(409);
    });

    it('refuses a DOR sent complete from the outbox with a required comment missing, naming the field, and keeps nothing', async () => {
      const id = crypto.randomUUID();
      const written = content('4', { shift_date: '2026-09-08' });
      const first = programCategories(program.content)[0]!;
      written.ratings[first.key] = { rating: '1', comment: '', remedial_minutes: null };
      const response = await call(trainer, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, {
        id,
        shift_date: '2026-09-08',
        shift: 'day',
        content: written,
        complete: true,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[`ratings.${first.key}.comment`]).toBe('Explain the rating of 1 Unacceptable');
      expect((await call(trainer, 'GET', `/rest/v1/fto/dors/${id}`)).statusCode).toBe(404);
    });

    it('goes trainer -> trainee -> supervisor, then is locked and changes only by an amendment that keeps the earlier revision', async () => {
      const completed = await writeDor(binder, trainer, content('4', { shift_date: '2026-09-05' }));
      expect(completed.status).toBe('completed');
      expect(
        (await call(trainer, 'POST', `/rest/v1/fto/dors/${completed.id}/acknowledge`, { comment: '' }, ifMatch(completed.version)))
          .statusCode,
      ).toBe(403);
      const acknowledged = await call(
        otherTrainee,
        'POST',
        `/rest/v1/fto/dors/${completed.id}/acknowledge`,
        { comment: 'Understood.' },
        ifMatch(completed.version),
      );
      expect(acknowledged.statusCode, acknowledged.body).toBe(200);
      const ack = acknowledged.json() as Dor;
      expect(ack.trainee_comment).toBe('Understood.');
      const approved = await call(coordinator, 'POST', `/rest/v1/fto/dors/${completed.id}/approve`, undefined, ifMatch(ack.version));
      expect(approved.statusCode, approved.body).toBe(200);
      const locked = approved.json() as Dor;
      expect(locked.status).toBe('approved');

      const edit = await call(trainer, 'PUT', `/rest/v1/fto/dors/${completed.id}`, content('5'), ifMatch(locked.version));
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe('This DOR is signed and locked: amend it with a reason instead');

      const amended = await call(
        trainer,
        'POST',
        `/rest/v1/fto/dors/${completed.id}/amend`,
        {
          content: {
            ...content('4', { shift_date: '2026-09-05' }),
            most_satisfactory: 'Handled a domestic call calmly and wrote it up well.',
          },
          reason: 'Added the report',
        },
        ifMatch(locked.version),
      );
      expect(amended.statusCode, amended.body).toBe(200);
      const after = amended.json() as Dor;
      expect(after.revision).toBe(2);
      expect(after.revisions).toEqual([
        expect.objectContaining({
          revision: 1,
          reason: 'Added the report',
          amended_by_name: 'Chris Trainer',
          changes: [
            {
              field: 'Most satisfactory performance',
              before: 'Handled a domestic call calmly.',
              after: 'Handled a domestic call calmly and wrote it up well.',
            },
          ],
        }),
      ]);
    });

    it('refuses the approval of a DOR by the supervisor who wrote it', async () => {
      const own = await writeDor(binder, coordinator, content('4', { shift_date: '2026-09-06' }));
      const ack = (
        await call(otherTrainee, 'POST', `/rest/v1/fto/dors/${own.id}/acknowledge`, { comment: '' }, ifMatch(own.version))
      ).json() as Dor;
      const response = await call(coordinator, 'POST', `/rest/v1/fto/dors/${own.id}/approve`, undefined, ifMatch(ack.version));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('another supervisor approves it');
      expect(
        (await call(secondCoordinator, 'POST', `/rest/v1/fto/dors/${own.id}/approve`, undefined, ifMatch(ack.version))).statusCode,
      ).toBe(200);
    });

    it('lets only the members of the approver role an administrator picked approve a DOR, and tells only them', async () => {
      const roleOf = async (agencyId: string, userId: string) =>
        (
          await server.database.withTenant(agencyId, (tx) =>
            tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)),
          )
        )[0]!.roleId;
      const coordinators = await roleOf(agency.id, users.coordinator.id);
      const settings = (session: Session, roleId: string | null) =>
        call(session, 'PUT', '/rest/v1/fto/admin/settings', { approver_role_id: roleId });

      const byCoordinator = await settings(coordinator, coordinators);
      expect(byCoordinator.statusCode).toBe(403);
      expect(byCoordinator.json().message).toBe('Only an agency administrator changes who approves DORs');
      const unknown = await settings(administrator, crypto.randomUUID());
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ approver_role_id: 'Choose one of the agency’s roles' });
      const elsewhere = await makeAgency(server, 'Another PD');
      const foreign = await settings(
        administrator,
        await roleOf(elsewhere.id, (await makeUser(server, elsewhere, { permissions: ['fto:admin'] })).id),
      );
      expect(foreign.statusCode).toBe(400);
      const trainersOnly = await settings(administrator, await roleOf(agency.id, users.trainer.id));
      expect(trainersOnly.statusCode).toBe(400);
      expect(trainersOnly.json().fields.approver_role_id).toMatch(
        /^Nobody in “Test role [0-9a-f]+” holds the Field training administrator permission/,
      );

      const narrowed = await settings(administrator, coordinators);
      expect(narrowed.statusCode, narrowed.body).toBe(200);
      try {
        const dor = await writeDor(binder, trainer, content('4', { shift_date: '2026-09-07' }));
        const ack = (
          await call(otherTrainee, 'POST', `/rest/v1/fto/dors/${dor.id}/acknowledge`, { comment: '' }, ifMatch(dor.version))
        ).json() as Dor;
        const told = async (session: Session) =>
          ((await call(session, 'GET', '/rest/v1/notifications')).json() as { items: Array<{ title: string }> }).items.some((n) =>
            n.title.startsWith(`DOR #${dor.number} `),
          );
        expect(await told(coordinator)).toBe(true);
        expect(await told(secondCoordinator)).toBe(false);
        const outsider = (await call(secondCoordinator, 'GET', `/rest/v1/fto/dors/${dor.id}`)).json() as Dor;
        expect(outsider.can.approve).toBe(false);
        const home = (await call(secondCoordinator, 'GET', '/rest/v1/fto/home')).json() as FtoHome;
        expect(home.to_approve.map((d) => d.id)).not.toContain(dor.id);
        const refused = await call(secondCoordinator, 'POST', `/rest/v1/fto/dors/${dor.id}/approve`, undefined, ifMatch(ack.version));
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toMatch(/^Only members of the role “Test role [0-9a-f]+” approve DORs in this agency$/);
        expect(((await call(coordinator, 'GET', `/rest/v1/fto/dors/${dor.id}`)).json() as Dor).can.approve).toBe(true);
        const approved = await call(coordinator, 'POST', `/rest/v1/fto/dors/${dor.id}/approve`, undefined, ifMatch(ack.version));
        expect(approved.statusCode, approved.body).toBe(200);
      } finally {
        expect((await settings(administrator, null)).statusCode).toBe(200);
      }
    });

    it('tells the trainee in the bell when a DOR waits for their acknowledgement', async () => {
      const response = await call(otherTrainee, 'GET', '/rest/v1/notifications');
      const titles = (response.json() as { items: Array<{ title: string }> }).items.map((n) => n.title);
      expect(titles.some((t) => t.includes('ready for your acknowledgement'))).toBe(true);
    });

    it('records each signature and each view of a DOR in the audit log', async () => {
      const audit = await call(coordinator, 'GET', '/rest/v1/admin/audit?page_size=200');
      if (audit.statusCode === 403) return; // the coordinator is not an administrator: checked through the database below
      const actions = (audit.json() as { items: Array<{ action: string }> }).items.map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['fto.dor_completed', 'fto.dor_acknowledged', 'fto.dor_approved', 'fto.dor_amended']));
    });
  });

  describe('the binder’s progress and course', () => {
    let binder: Binder;
    let traineeSession: Session;
    beforeAll(async () => {
      const user = await makeUser(server, agency, { permissions: ['fto:user'], name: 'Ash Progress' });
      traineeSession = await signIn(server, user);
      binder = await openBinder(user, users.otherTrainer, '2026-08-01');
      for (const [i, rating] of (['3', '4', '5', '5', '5', '5'] as const).entries()) {
        const dor = await writeDor(binder, otherTrainer, content(rating, { shift_date: `2026-08-0${i + 2}` }));
        const ack = (
          await call(traineeSession, 'POST', `/rest/v1/fto/dors/${dor.id}/acknowledge`, { comment: '' }, ifMatch(dor.version))
        ).json() as Dor;
        expect((await call(coordinator, 'POST', `/rest/v1/fto/dors/${dor.id}/approve`, undefined, ifMatch(ack.version))).statusCode).toBe(
          200,
        );
      }
    });

    it('shows the trend of each category across signed DORs and whether the phase standard is met', async () => {
      const detail = (await call(coordinator, 'GET', `/rest/v1/fto/binders/${binder.id}`)).json() as BinderDetail;
      expect(detail.trend).toHaveLength(6);
      const first = programCategories(program.content)[0]!.key;
      expect(detail.trend.map((p) => p.ratings[first])).toEqual(['3', '4', '5', '5', '5', '5']);
      expect(detail.latest[first]).toEqual({ rating: '5', shift_date: '2026-08-07' });
      // The last five DORs are all 4 or better, so every category holds.
      expect(detail.advancement).toMatchObject({ met: true, holding_back: [] });
    });

    it('advances the trainee only once the trainer has recommended it and the trainee acknowledged, each signature in the history', async () => {
      const url = `/rest/v1/fto/binders/${binder.id}`;
      let detail = (await call(coordinator, 'GET', url)).json() as BinderDetail;
      const unsigned = await call(
        coordinator,
        'POST',
        `/rest/v1/fto/admin/binders/${binder.id}/phase`,
        { action: 'advance', reason: 'Met the standard' },
        ifMatch(detail.version),
      );
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().fields.action).toContain('recommends advancing first');
      expect((await call(trainer, 'POST', `${url}/advancement`, { reason: 'Ready' }, ifMatch(detail.version))).statusCode).toBe(404);
      expect((await call(otherTrainer, 'POST', `${url}/advancement`, { reason: '' }, ifMatch(detail.version))).statusCode).toBe(400);
      const recommended = await call(
        otherTrainer,
        'POST',
        `${url}/advancement`,
        { reason: 'Consistent 5s on the last five shifts' },
        ifMatch(detail.version),
      );
      expect(recommended.statusCode, recommended.body).toBe(200);
      detail = recommended.json() as BinderDetail;
      expect(detail.advance_request).toMatchObject({
        recommended_by_name: 'Dana Trainer',
        reason: 'Consistent 5s on the last five shifts',
        acknowledged_at: null,
      });
      const waiting = await call(
        coordinator,
        'POST',
        `/rest/v1/fto/admin/binders/${binder.id}/phase`,
        { action: 'advance', reason: 'Met the standard' },
        ifMatch(detail.version),
      );
      expect(waiting.json().fields.action).toContain('has not acknowledged');
      const asTrainee = (await call(traineeSession, 'GET', url)).json() as BinderDetail;
      expect(asTrainee.can.acknowledge_advance).toBe(true);
      const acknowledged = await call(
        traineeSession,
        'POST',
        `${url}/advancement/acknowledge`,
        { comment: 'Thank you' },
        ifMatch(detail.version),
      );
      expect(acknowledged.statusCode, acknowledged.body).toBe(200);
      expect((await call(coordinator, 'GET', '/rest/v1/notifications')).body).toContain('Ash Progress is recommended for the next phase');
    });

    it('advances the trainee with a reason, refuses completing before the last phase, and keeps the events', async () => {
      const detail = (await call(coordinator, 'GET', `/rest/v1/fto/binders/${binder.id}`)).json() as BinderDetail;
      const early = await call(
        coordinator,
        'POST',
        `/rest/v1/fto/admin/binders/${binder.id}/phase`,
        { action: 'complete', reason: 'Done' },
        ifMatch(detail.version),
      );
      expect(early.statusCode).toBe(400);
      const advanced = await call(
        coordinator,
        'POST',
        `/rest/v1/fto/admin/binders/${binder.id}/phase`,
        { action: 'advance', reason: 'Met the standard' },
        ifMatch(detail.version),
      );
      expect(advanced.statusCode, advanced.body).toBe(200);
      expect((advanced.json() as Binder).phase_key).toBe(program.content.phases[1]!.key);
      const after = (await call(traineeSession, 'GET', `/rest/v1/fto/binders/${binder.id}`)).json() as BinderDetail;
      expect(after.events.map((e) => e.action)).toEqual(['start', 'recommend_advance', 'acknowledge_advance', 'advance']);
      expect(after.events[3]!.reason).toBe('Met the standard');
      // The next phase starts without a request: the trainer recommends again when the time comes.
      expect(after.advance_request).toBeNull();
    });

    it('refuses a phase change to a trainer without the coordinator’s permission', async () => {
      const response = await call(
        otherTrainer,
        'POST',
        `/rest/v1/fto/admin/binders/${binder.id}/phase`,
        { action: 'advance', reason: 'x' },
        ifMatch(1),
      );
      expect(response.statusCode).toBe(403);
    });
  });

  it('saves a program as a new version while open binders keep the version they started on', async () => {
    const binder = (await call(coordinator, 'GET', '/rest/v1/fto/binders?page_size=1')).json() as { items: Binder[] };
    const current = (await call(coordinator, 'GET', `/rest/v1/fto/admin/programs/${program.id}`)).json() as Program;
    const edited = structuredClone(current.content);
    edited.category_groups[0]!.categories[0]!.label = 'Appearance and bearing';
    const saved = await call(
      coordinator,
      'PUT',
      `/rest/v1/fto/admin/programs/${program.id}`,
      { name: current.name, content: edited },
      ifMatch(current.version),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const next = saved.json() as Program;
    expect(next.version_number).toBe(current.version_number + 1);
    const old = (await call(coordinator, 'GET', `/rest/v1/fto/binders/${binder.items[0]!.id}`)).json() as BinderDetail;
    expect(old.program_version_id).toBe(current.version_id);
    expect(old.program.category_groups[0]!.categories[0]!.label).toBe('General appearance');
  });

  it('shows each role what needs them on the field training home', async () => {
    const asTrainee = (await call(otherTrainee, 'GET', '/rest/v1/fto/home')).json() as FtoHome;
    expect(asTrainee.my_binder?.trainee_name).toBe('Sam Trainee');
    const asTrainer = (await call(trainer, 'GET', '/rest/v1/fto/home')).json() as FtoHome;
    expect(asTrainer.my_trainees.map((b) => b.trainee_name)).toEqual(expect.arrayContaining(['Riley Trainee', 'Sam Trainee']));
    expect(asTrainer.to_write.length).toBeGreaterThan(0);
    const asCoordinator = (await call(coordinator, 'GET', '/rest/v1/fto/home')).json() as FtoHome;
    expect(asCoordinator.program?.active_by_phase.reduce((n, p) => n + p.count, 0)).toBeGreaterThanOrEqual(3);
  });

  it('reassigns a binder’s trainers: the new trainer is told and sees it, the one removed no longer does, and a stale version is refused', async () => {
    const dana = await makeUser(server, agency, { permissions: ['fto:user'], name: 'Dana Reassigned' });
    const binder = await openBinder(dana, users.trainer);
    const body = { trainers: program.content.phases.map((p) => ({ phase_key: p.key, trainer_id: users.otherTrainer.id })) };
    const changed = await call(coordinator, 'PUT', `/rest/v1/fto/admin/binders/${binder.id}/trainers`, body, ifMatch(binder.version));
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(otherTrainer, 'GET', `/rest/v1/fto/binders/${binder.id}`)).statusCode).toBe(200);
    expect((await call(trainer, 'GET', `/rest/v1/fto/binders/${binder.id}`)).statusCode).toBe(404);
    const bell = await call(otherTrainer, 'GET', '/rest/v1/notifications');
    expect(bell.body).toContain('You now train Dana Reassigned');
    const stale = await call(coordinator, 'PUT', `/rest/v1/fto/admin/binders/${binder.id}/trainers`, body, ifMatch(binder.version));
    expect(stale.statusCode).toBe(412);
  });

  it('exports the binders as CSV for the coordinator', async () => {
    const response = await call(coordinator, 'GET', '/rest/v1/fto/admin/binders.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.split('\r\n')[0]).toBe(
      'trainee,program,start_date,phase,phase_started_on,status,status_reason,trainers,dors_signed,last_dor_on',
    );
    expect(response.body).toContain('Riley Trainee');
  });

  it('exports a binder’s DORs as CSV with a rating column per category, without the trainer’s drafts for the trainee, and 404 to another trainee', async () => {
    const casey = await makeUser(server, agency, { permissions: ['fto:user'], name: 'Casey Export' });
    const binder = await openBinder(casey, users.trainer);
    await writeDor(binder, trainer, content('5', { shift_date: '2026-09-03' }));
    const draft = await call(trainer, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, { shift_date: '2026-09-04', shift: 'night' });
    expect(draft.statusCode).toBe(201);
    const asTrainer = await call(trainer, 'GET', `/rest/v1/fto/binders/${binder.id}/dors.csv`);
    expect(asTrainer.statusCode).toBe(200);
    expect(asTrainer.headers['content-type']).toContain('text/csv');
    const [header, first, second] = asTrainer.body.split('\r\n');
    expect(header).toContain('number,shift_date,shift,phase,trainer,status');
    expect(header).toContain(programCategories(program.content)[2]!.label);
    expect(first).toMatch(/^1,2026-09-03,Day,.*,Chris Trainer,completed,8,2,1,0,0,0,5,5/);
    expect(second).toMatch(/^2,2026-09-04,Night,/);
    const asTrainee = await call(await signIn(server, casey), 'GET', `/rest/v1/fto/binders/${binder.id}/dors.csv`);
    expect(asTrainee.body.split('\r\n').filter((line) => /^\d+,/.test(line))).toHaveLength(1);
    expect((await call(otherTrainee, 'GET', `/rest/v1/fto/binders/${binder.id}/dors.csv`)).statusCode).toBe(404);
  });
});
