import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import {
  programCategories,
  type Binder,
  type Dor,
  type DorContent,
  type Program,
  type TrainersOverview,
} from '../../core/contracts/fto.ts';
import { RATINGS, type Rating } from '../../core/fto/ratings.ts';
import { apiCaller, ifMatch } from '../test-support/api-calls.ts';

/** A date `days` before today (UTC), as YYYY-MM-DD: two or more days back is already past in any agency's time zone. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** A distribution with every rating counted 0, then the given counts. */
function counts(given: Partial<Record<Rating, number>>): Record<string, number> {
  return { ...Object.fromEntries(RATINGS.map((r) => [r, 0])), ...given };
}

describe.each(DATABASE_KINDS)('the field training trainers overview on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = apiCaller(() => server);

  /** An agency's field training people, its program and what opens binders and writes DORs in it, all through the API. */
  async function fieldTrainingAgency(name: string, people: { trainers: string[]; trainees: string[] }) {
    const agency: TestAgency = await makeAgency(server, name);
    const coordinatorUser = await makeUser(server, agency, { permissions: ['fto:admin'], name: `${name} Coordinator` });
    const coordinator = await signIn(server, coordinatorUser);
    const make = async (names: string[], permission: 'fto:trainer' | 'fto:user') =>
      Promise.all(
        names.map(async (person) => {
          const user = await makeUser(server, agency, { permissions: [permission], name: person });
          return { user, session: await signIn(server, user) };
        }),
      );
    const trainers = await make(people.trainers, 'fto:trainer');
    const trainees = await make(people.trainees, 'fto:user');
    const program = ((await call(coordinator, 'GET', '/rest/v1/fto/admin/programs')).json() as Program[])[0]!;

    /** A binder started `start`, with a trainer for each phase key given. */
    async function openBinder(trainee: TestUser, trainersByPhase: Record<string, TestUser>, start: string): Promise<Binder> {
      const response = await call(coordinator, 'POST', '/rest/v1/fto/admin/binders', {
        trainee_id: trainee.id,
        program_id: program.id,
        start_date: start,
        trainers: Object.entries(trainersByPhase).map(([phase_key, trainer]) => ({ phase_key, trainer_id: trainer.id })),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Binder;
    }

    /** A DOR's content with every category rated `rating`, except those in `except` (and the comments a rating needs). */
    function content(shiftDate: string, rating: Rating, except: Record<string, Rating> = {}): DorContent {
      const rated = (r: Rating) => ({
        rating: r,
        comment: ['1', '2', '6', '7', 'NRT', 'REM'].includes(r) ? 'Explained.' : '',
        remedial_minutes: r === 'REM' ? 20 : null,
      });
      return {
        shift_date: shiftDate,
        shift: 'day',
        activity: { calls_handled: 6, self_initiated: 1, reports_written: 1, arrests: 0, notes: '' },
        ratings: Object.fromEntries(programCategories(program.content).map((c) => [c.key, rated(except[c.key] ?? rating)])),
        most_satisfactory: 'Calm on a domestic call.',
        least_satisfactory: 'Slow on the radio.',
      };
    }

    async function startDor(binder: Binder, author: Session, shiftDate: string): Promise<Dor> {
      const created = await call(author, 'POST', `/rest/v1/fto/binders/${binder.id}/dors`, { shift_date: shiftDate, shift: 'day' });
      expect(created.statusCode, created.body).toBe(201);
      return created.json() as Dor;
    }

    async function writeDor(binder: Binder, author: Session, body: DorContent): Promise<Dor> {
      const dor = await startDor(binder, author, body.shift_date);
      const completed = await call(author, 'POST', `/rest/v1/fto/dors/${dor.id}/complete`, body, ifMatch(dor.version));
      expect(completed.statusCode, completed.body).toBe(200);
      return completed.json() as Dor;
    }

    return { agency, coordinator, trainers, trainees, program, openBinder, content, startDor, writeDor };
  }

  describe('for the coordinator', () => {
    let overview: TrainersOverview;
    let riley: Binder;
    let sam: Binder;
    let categoryCount: number;

    beforeAll(async () => {
      const pd = await fieldTrainingAgency('Trainers PD', {
        trainers: ['Chris Trainer', 'Dana Trainer'],
        trainees: ['Riley Trainee', 'Sam Trainee'],
      });
      const [chris, dana] = pd.trainers;
      const [rileyUser, samUser] = pd.trainees;
      const [first, second] = pd.program.content.phases;
      const categories = programCategories(pd.program.content);
      categoryCount = categories.length;

      // Chris trains Riley now; Dana trains Riley only in the second phase, so not yet.
      riley = await pd.openBinder(rileyUser!.user, { [first!.key]: chris!.user, [second!.key]: dana!.user }, daysAgo(120));
      // Dana trains Sam now.
      sam = await pd.openBinder(samUser!.user, { [first!.key]: dana!.user }, daysAgo(20));

      // Chris's two DORs of the period: one all 4 (then acknowledged and approved), one all 6 but a category not observed.
      const allFour = await pd.writeDor(riley, chris!.session, pd.content(daysAgo(5), '4'));
      const acknowledged = await call(
        rileyUser!.session,
        'POST',
        `/rest/v1/fto/dors/${allFour.id}/acknowledge`,
        { comment: '' },
        ifMatch(allFour.version),
      );
      expect(acknowledged.statusCode, acknowledged.body).toBe(200);
      const approved = await call(
        pd.coordinator,
        'POST',
        `/rest/v1/fto/dors/${allFour.id}/approve`,
        undefined,
        ifMatch((acknowledged.json() as Dor).version),
      );
      expect(approved.statusCode, approved.body).toBe(200);
      await pd.writeDor(riley, chris!.session, pd.content(daysAgo(4), '6', { [categories[0]!.key]: 'NO' }));
      // Before the 90 days: not counted.
      await pd.writeDor(riley, chris!.session, pd.content(daysAgo(100), '1'));
      // A fresh draft: neither written nor overdue yet.
      await pd.startDor(riley, chris!.session, daysAgo(3));
      // Dana's one DOR: all 2.
      await pd.writeDor(sam, dana!.session, pd.content(daysAgo(3), '2'));

      // Another agency's trainer, writing DORs of their own: never in this agency's overview.
      const other = await fieldTrainingAgency('Elsewhere PD', { trainers: ['Elsewhere Trainer'], trainees: ['Elsewhere Trainee'] });
      const otherFirst = other.program.content.phases[0]!;
      const otherBinder = await other.openBinder(other.trainees[0]!.user, { [otherFirst.key]: other.trainers[0]!.user }, daysAgo(20));
      await other.writeDor(otherBinder, other.trainers[0]!.session, other.content(daysAgo(3), '7'));

      const response = await call(pd.coordinator, 'GET', '/rest/v1/fto/admin/trainers');
      expect(response.statusCode, response.body).toBe(200);
      overview = response.json() as TrainersOverview;
    });

    it('lists each field training officer by name, and only those of the coordinator’s agency', () => {
      expect(overview.trainers.map((t) => t.name)).toEqual(['Chris Trainer', 'Dana Trainer']);
    });

    it('shows each trainer’s current trainees: those they train in the binder’s current phase, with the phase', () => {
      const [chris, dana] = overview.trainers;
      expect(chris!.trainees).toEqual([{ binder_id: riley.id, trainee_name: 'Riley Trainee', phase_name: riley.phase_name }]);
      expect(dana!.trainees).toEqual([{ binder_id: sam.id, trainee_name: 'Sam Trainee', phase_name: sam.phase_name }]);
    });

    it('counts the DORs each trainer completed in the last 90 days, leaving out older ones and fresh drafts', () => {
      const [chris, dana] = overview.trainers;
      expect(chris).toMatchObject({ dors_written: 2, dors_overdue: 0 });
      expect(dana).toMatchObject({ dors_written: 1, dors_overdue: 0 });
    });

    it('gives each trainer’s rating distribution and mean from the DORs they wrote, beside the program’s', () => {
      const [chris, dana] = overview.trainers;
      const n = categoryCount;
      expect(chris!.distribution).toEqual(counts({ '4': n, '6': n - 1, NO: 1 }));
      // N.O. carries no score: the mean is over the 2n - 1 numeric ratings.
      expect(chris!.mean).toBeCloseTo((4 * n + 6 * (n - 1)) / (2 * n - 1), 2);
      expect(dana!.distribution).toEqual(counts({ '2': n }));
      expect(dana!.mean).toBe(2);
      expect(overview.program_distribution).toEqual(counts({ '2': n, '4': n, '6': n - 1, NO: 1 }));
      expect(overview.program_mean).toBeCloseTo((2 * n + 4 * n + 6 * (n - 1)) / (3 * n - 1), 2);
    });
  });

  it('refuses the overview to a trainer and to a trainee, who do not hold the coordinator’s permission', async () => {
    const agency = await makeAgency(server, 'Refusing PD');
    const trainer = await signIn(server, await makeUser(server, agency, { permissions: ['fto:trainer'], name: 'Lee Trainer' }));
    const trainee = await signIn(server, await makeUser(server, agency, { permissions: ['fto:user'], name: 'Ash Trainee' }));
    expect((await call(trainer, 'GET', '/rest/v1/fto/admin/trainers')).statusCode).toBe(403);
    expect((await call(trainee, 'GET', '/rest/v1/fto/admin/trainers')).statusCode).toBe(403);
  });

  it('answers an empty overview, with no mean, to an agency without field training officers', async () => {
    const agency = await makeAgency(server, 'Empty PD');
    const coordinator = await signIn(server, await makeUser(server, agency, { permissions: ['fto:admin'], name: 'Solo Coordinator' }));
    const response = await call(coordinator, 'GET', '/rest/v1/fto/admin/trainers');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ trainers: [], program_distribution: counts({}), program_mean: null });
  });
});
