import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { OvertimeDetail, OvertimeShift, OvertimeTotals, SchedulePerson, StaffingGap } from '../../core/contracts/schedule-overtime.ts';
import type { Assignment, Group, Roster, Schedule, ScheduleSettings, Shift, ShiftType } from '../../core/contracts/schedule.ts';
import { parseCsv } from '../../core/csv.ts';
import type { Permission } from '../../core/permissions.ts';
import { createScratchDatabase } from '../../test/postgres.ts';
import { openStream } from '../test-support/event-stream.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { overtimeJobs } from './overtime.ts';
import { apiCaller, fresh, ifMatch, ok } from '../test-support/api-calls.ts';

const BASE = '/rest/v1/schedule';
const OT = `${BASE}/overtime`;
const MANAGER: Permission[] = ['scheduling:view', 'scheduling:ot.manage', 'scheduling:ot.create', 'scheduling:modification.manage'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('overtime on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let admin: Session;
  let manager: Session;
  let outsider: Session;
  let day: ShiftType;
  let night: ShiftType;
  let squad: Group;
  const officers: Record<string, { user: TestUser; session: Session; assignment?: Assignment }> = {};

  const call = apiCaller(() => server, BASE);
  const officer = (name: string) => officers[name]!;

  async function addOfficer(name: string, position = 'Patrol') {
    const user = await makeUser(server, agency, { permissions: ['scheduling:view'], name });
    const assignment = await ok<Assignment>(
      await call(admin, 'POST', `${BASE}/admin/assignments`, { group_id: squad.id, user_id: user.id, position }, fresh()),
      201,
    );
    officers[name] = { user, session: await signIn(server, user), assignment };
    return assignment;
  }

  async function post(date: string, extra: Record<string, unknown> = {}): Promise<OvertimeDetail> {
    return ok<OvertimeDetail>(
      await call(
        manager,
        'POST',
        `${OT}/shifts`,
        {
          shift_type_id: day.id,
          date,
          position: 'Patrol',
          slots: 1,
          rule: 'first_come',
          mode: 'signup',
          signup_deadline: new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString(),
          ...extra,
        },
        fresh(),
      ),
      201,
    );
  }
  const signUp = async (name: string, id: string) =>
    ok<OvertimeDetail>(await call(officer(name).session, 'POST', `${OT}/shifts/${id}/signup`, undefined, fresh()), 201);
  async function read(session: Session, id: string) {
    return ok<OvertimeDetail>(await call(session, 'GET', `${OT}/shifts/${id}`));
  }
  async function place(name: string, type: ShiftType, date: string) {
    return ok<Shift>(
      await call(
        admin,
        'POST',
        `${BASE}/shifts`,
        {
          user_id: officer(name).user.id,
          shift_type_id: type.id,
          date,
          position: 'Patrol',
          group_id: squad.id,
          acknowledge_warnings: true,
          override_reason: 'Needed',
          reason: 'Extra cover',
        },
        fresh(),
      ),
      201,
    );
  }
  const order = (shift: OvertimeDetail) => shift.order.map((c) => [c.name, c.status, c.skip_reason]);
  const runOfferJob = (id: string) => overtimeJobs[0]!.handle(server.services, { agency_id: agency.id, overtime_id: id });
  async function expireOffer(id: string, userId: string, inMs = -1000) {
    await server.database.owner.execute(
      sql`update schedule_overtime_offers set expires_at = now() + make_interval(secs => ${inMs / 1000})
          where overtime_id = ${id} and user_id = ${userId} and status = 'offered'`,
    );
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Overtime PD');
    admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    manager = await signIn(server, await makeUser(server, agency, { permissions: MANAGER, name: 'Morgan Manager' }));
    outsider = await signIn(server, await makeUser(server, await makeAgency(server, 'Elsewhere PD'), { permissions: ['admin:access'] }));
    day = await ok<ShiftType>(
      await call(
        admin,
        'POST',
        `${BASE}/admin/shift-types`,
        { code: 'D', name: 'Day', color: '#1c7ed6', start_time: '06:00', end_time: '14:00', counts_toward_staffing: true },
        fresh(),
      ),
      201,
    );
    night = await ok<ShiftType>(
      await call(
        admin,
        'POST',
        `${BASE}/admin/shift-types`,
        { code: 'N', name: 'Night', color: '#5f3dc4', start_time: '22:00', end_time: '06:00', counts_toward_staffing: true },
        fresh(),
      ),
      201,
    );
    const schedule = await ok<Schedule>(
      await call(
        admin,
        'POST',
        `${BASE}/admin/schedules`,
        { name: 'Patrol 2027', starts_on: '2026-11-01', ends_on: '2027-12-31' },
        fresh(),
      ),
      201,
    );
    squad = await ok<Group>(
      await call(
        admin,
        'POST',
        `${BASE}/admin/groups`,
        { schedule_id: schedule.id, name: 'A squad', supervisor_id: null, rotation: null },
        fresh(),
      ),
      201,
    );
    for (const name of ['Avery', 'Blake', 'Casey', 'Drew', 'Emery', 'Finley', 'Gray']) await addOfficer(name);
    officers.Kit = {
      user: await makeUser(server, agency, { permissions: ['scheduling:view'], name: 'Kit Unassigned' }),
      session: null as never,
    };
    officers.Kit.session = await signIn(server, officers.Kit.user);
  }, 180_000);
  afterAll(() => server?.close());

  it('posts an open shift from a staffing gap in one click, after which the gap shows it posted', async () => {
    await ok(
      await call(admin, 'PUT', `${BASE}/admin/minimums`, {
        minimums: [{ group_id: null, shift_type_id: night.id, position: 'Patrol', minimum: 1 }],
      }),
    );
    const gaps = await ok<StaffingGap[]>(await call(manager, 'GET', `${OT}/gaps`));
    const gap = gaps.find((g) => g.date >= gaps[0]!.date && g.shift_type_id === night.id && g !== gaps[0])!;
    expect(gap).toMatchObject({ code: 'N', position: 'Patrol', scheduled: 0, minimum: 1, posted: 0 });
    const posted = await post(gap.date, {
      shift_type_id: night.id,
      from_gap: true,
      signup_deadline: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(posted).toMatchObject({ status: 'open', from_gap: true, code: 'N', hours: 8, created_by_name: 'Morgan Manager' });
    const after = await ok<StaffingGap[]>(await call(manager, 'GET', `${OT}/gaps`));
    expect(after.find((g) => g.date === gap.date && g.shift_type_id === night.id)?.posted).toBe(1);
    // Officers see it open and may sign up; they may neither post nor see the gaps.
    const open = await ok<OvertimeShift[]>(await call(officer('Avery').session, 'GET', `${OT}/shifts?view=open`));
    expect(open.find((s) => s.id === posted.id)).toMatchObject({ can_sign_up: true, mine: null });
    const home = await ok<{ overtime_for_me: { open: number } }>(await call(officer('Avery').session, 'GET', `${BASE}/home`));
    expect(home.overtime_for_me.open).toBe(1);
    const kitHome = await ok<{ overtime_for_me: { open: number } }>(await call(officer('Kit').session, 'GET', `${BASE}/home`));
    expect(kitHome.overtime_for_me.open, 'not shown to who holds no Patrol position').toBe(0);
    expect((await call(officer('Avery').session, 'GET', `${OT}/gaps`)).statusCode).toBe(403);
    expect((await call(officer('Avery').session, 'POST', `${OT}/shifts`, {}, fresh())).statusCode).toBe(403);
    await ok(await call(manager, 'POST', `${OT}/shifts/${posted.id}/cancel`, { note: 'Covered by a trade' }, ifMatch(posted.version)));
  });

  it('refuses an open shift with each wrong field named', async () => {
    const refused = await call(
      manager,
      'POST',
      `${OT}/shifts`,
      {
        shift_type_id: day.id,
        date: '2027-03-01',
        position: 'Astronaut',
        slots: 0,
        rule: 'first_come',
        mode: 'signup',
        signup_deadline: '2027-03-02T00:00:00Z',
      },
      fresh(),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ slots: 'At least 1 officer' });
    const late = await call(
      manager,
      'POST',
      `${OT}/shifts`,
      {
        shift_type_id: day.id,
        date: '2027-03-01',
        position: 'Astronaut',
        slots: 1,
        rule: 'first_come',
        mode: 'signup',
        signup_deadline: '2027-03-02T00:00:00Z',
      },
      fresh(),
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toMatchObject({
      position: 'Choose one of the agency’s positions',
      signup_deadline: 'Close sign-ups before the shift starts',
    });
  });

  it('awards by first come, passing over whoever is already scheduled then, and tells the others why', async () => {
    const shift = await post('2027-03-10');
    await place('Casey', day, '2027-03-10');
    await signUp('Casey', shift.id);
    await signUp('Avery', shift.id);
    const blake = await signUp('Blake', shift.id);
    expect(blake.mine).toMatchObject({ status: 'signed_up' });
    expect(blake.can_sign_up).toBe(false);
    // Someone who holds no Patrol position cannot sign up; nobody can award without scheduling:ot.manage.
    const unqualified = await call(officer('Kit').session, 'POST', `${OT}/shifts/${shift.id}/signup`, undefined, fresh());
    expect(unqualified.statusCode).toBe(409);
    expect(unqualified.json().message).toBe('You hold no Patrol position, which this shift needs');
    expect(
      (await call(officer('Avery').session, 'POST', `${OT}/shifts/${shift.id}/award`, undefined, ifMatch(shift.version))).statusCode,
    ).toBe(403);
    expect((await call(manager, 'POST', `${OT}/shifts/${shift.id}/award`, undefined, ifMatch(shift.version + 5))).statusCode).toBe(412);

    const awarded = await ok<OvertimeDetail>(
      await call(manager, 'POST', `${OT}/shifts/${shift.id}/award`, undefined, ifMatch(shift.version)),
    );
    expect(awarded.status).toBe('awarded');
    expect(awarded.awarded.map((a) => a.name)).toEqual(['Avery']);
    expect(order(awarded)).toEqual([
      ['Casey', 'passed', 'already_scheduled'],
      ['Avery', 'awarded', null],
      ['Blake', 'passed', null],
    ]);
    // Every officer sees the order and the reasons.
    expect(order(await read(officer('Blake').session, shift.id))).toEqual(order(awarded));
    const roster = await ok<Roster>(await call(officer('Avery').session, 'GET', `${BASE}/roster?from=2027-03-10&to=2027-03-10`));
    expect(roster.shifts.filter((s) => s.user_id === officer('Avery').user.id).map((s) => s.code)).toEqual(['D']);
    await server.waitForMail(officer('Casey').user.email, /went to someone else/);
    await server.waitForMail(officer('Avery').user.email, /You have overtime: D on 2027-03-10/);
    const withdraw = await call(officer('Blake').session, 'POST', `${OT}/shifts/${shift.id}/withdraw`);
    expect(withdraw.statusCode).toBe(409);
  });

  it('orders by seniority, then by fewest overtime hours this period, passing over the rest rule, maximum hours, time off and a lost position', async () => {
    for (const [name, date] of [
      ['Blake', '2010-06-01'],
      ['Avery', '2015-02-01'],
    ] as const)
      await ok<SchedulePerson>(
        await call(manager, 'PUT', `${OT}/people/${officer(name).user.id}`, { seniority_date: date, all_call_tier: 1 }),
      );
    const bad = await call(manager, 'PUT', `${OT}/people/${officer('Avery').user.id}`, { seniority_date: 'soon', all_call_tier: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ seniority_date: 'Use a date (YYYY-MM-DD)', all_call_tier: 'Use tier 1, 2 or 3' });

    const senior = await post('2027-03-20', { rule: 'seniority' });
    for (const name of ['Avery', 'Drew', 'Blake']) await signUp(name, senior.id);
    const bySeniority = await ok<OvertimeDetail>(
      await call(manager, 'POST', `${OT}/shifts/${senior.id}/award`, undefined, ifMatch(senior.version)),
    );
    expect(order(bySeniority)).toEqual([
      ['Blake', 'awarded', null],
      ['Avery', 'passed', null],
      ['Drew', 'passed', null],
    ]);

    // Avery and Blake now have 8 overtime hours this quarter; the others none.
    const settings = await ok<ScheduleSettings>(await call(admin, 'GET', `${BASE}/admin/settings`));
    await ok(
      await call(admin, 'PUT', `${BASE}/admin/settings`, {
        ...settings,
        enabled: undefined,
        rules: { ...settings.rules, max_hours: { action: 'approve', hours: 12, days: 1 } },
      }),
    );
    try {
      const fewest = await post('2027-03-25', { rule: 'fewest_hours' });
      await place('Drew', night, '2027-03-24'); // ends 06:00 on the 25th, as the day shift starts
      await place('Gray', night, '2027-03-25'); // 16 hours in a day with the day shift
      await server.database.owner.execute(
        sql`insert into schedule_time_off_requests (agency_id, user_id, type_id, starts_on, ends_on, hours, status)
            select ${agency.id}, ${officer('Emery').user.id}, id, '2027-03-25', '2027-03-25', 8, 'approved'
              from schedule_time_off_types where agency_id = ${agency.id} limit 1`,
      );
      for (const name of ['Avery', 'Drew', 'Emery', 'Finley', 'Gray']) await signUp(name, fewest.id);
      const finley = officer('Finley').assignment!;
      expect((await call(admin, 'DELETE', `${BASE}/admin/assignments/${finley.id}`, undefined, ifMatch(finley.version))).statusCode).toBe(
        204,
      );
      const before = await read(manager, fewest.id);
      expect(before.order.map((c) => [c.name, c.overtime_hours])).toEqual([
        ['Drew', 0],
        ['Emery', 0],
        ['Finley', 0],
        ['Gray', 0],
        ['Avery', 8],
      ]);
      const byHours = await ok<OvertimeDetail>(
        await call(manager, 'POST', `${OT}/shifts/${fewest.id}/award`, undefined, ifMatch(fewest.version)),
      );
      expect(order(byHours)).toEqual([
        ['Drew', 'passed', 'rest_rule'],
        ['Emery', 'passed', 'time_off'],
        ['Finley', 'passed', 'not_qualified'],
        ['Gray', 'passed', 'max_hours'],
        ['Avery', 'awarded', null],
      ]);
    } finally {
      await ok(await call(admin, 'PUT', `${BASE}/admin/settings`, { ...settings, enabled: undefined }));
      await addOfficer('Finley');
    }
  });

  it('offers one officer at a time in the order, moving on when one declines or the wait runs out, and places the shift when one accepts', async () => {
    const shift = await post('2027-04-05', { rule: 'seniority', mode: 'offer', offer_wait_minutes: 30 });
    expect(shift.can_sign_up).toBe(false);
    const started = await ok<OvertimeDetail>(
      await call(manager, 'POST', `${OT}/shifts/${shift.id}/offers`, undefined, ifMatch(shift.version)),
    );
    expect(started.status).toBe('offering');
    expect(started.order.slice(0, 3).map((c) => [c.name, c.status])).toEqual([
      ['Blake', 'offered'],
      ['Avery', 'waiting'],
      ['Casey', 'waiting'],
    ]);
    const blakeView = await read(officer('Blake').session, shift.id);
    expect(blakeView.mine).toMatchObject({ status: 'offered' });
    expect(Date.parse(blakeView.mine!.expires_at!) - Date.now()).toBeGreaterThan(29 * 60_000);
    await server.waitForMail(officer('Blake').user.email, /Overtime offered to you: D on 2027-04-05/);
    // Only the officer whose turn it is may answer.
    const early = await call(officer('Avery').session, 'POST', `${OT}/shifts/${shift.id}/accept`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This shift has not been offered to you');

    await ok(await call(officer('Blake').session, 'POST', `${OT}/shifts/${shift.id}/decline`));
    expect((await read(manager, shift.id)).order.slice(0, 2).map((c) => c.status)).toEqual(['declined', 'offered']);

    // Avery lets the wait run out: the job moves the offer on, and Avery's late acceptance is refused.
    await expireOffer(shift.id, officer('Avery').user.id);
    await runOfferJob(shift.id);
    const moved = await read(manager, shift.id);
    expect(moved.order.slice(0, 3).map((c) => [c.name, c.status])).toEqual([
      ['Blake', 'declined'],
      ['Avery', 'expired'],
      ['Casey', 'offered'],
    ]);
    const late = await call(officer('Avery').session, 'POST', `${OT}/shifts/${shift.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Your offer ran out; it went to the next officer');

    const accepted = await ok<OvertimeDetail>(await call(officer('Casey').session, 'POST', `${OT}/shifts/${shift.id}/accept`));
    expect(accepted).toMatchObject({ status: 'awarded', awarded: [{ name: 'Casey' }] });
    const roster = await ok<Roster>(await call(manager, 'GET', `${BASE}/roster?from=2027-04-05&to=2027-04-05`));
    expect(roster.shifts.filter((s) => s.user_id === officer('Casey').user.id)).toHaveLength(1);
    // Running the job again changes nothing: the round is over.
    await runOfferJob(shift.id);
    expect((await read(manager, shift.id)).order.filter((c) => c.status === 'offered')).toEqual([]);
  });

  it('lets exactly one of an acceptance and the end of the wait win when they meet', async () => {
    for (const [index, offset] of [-30, 0, 30, 60].entries()) {
      const date = `2027-05-${String(10 + index).padStart(2, '0')}`;
      const shift = await post(date, { rule: 'seniority', mode: 'offer' });
      await ok(await call(manager, 'POST', `${OT}/shifts/${shift.id}/offers`, undefined, ifMatch(shift.version)));
      await expireOffer(shift.id, officer('Blake').user.id, 200);
      const [answer] = await Promise.all([
        sleep(200 + offset).then(() => call(officer('Blake').session, 'POST', `${OT}/shifts/${shift.id}/accept`)),
        sleep(200).then(() => runOfferJob(shift.id)),
      ]);
      const after = await read(manager, shift.id);
      const blake = after.order.find((c) => c.name === 'Blake')!;
      const shifts = (await ok<Roster>(await call(manager, 'GET', `${BASE}/roster?from=${date}&to=${date}`))).shifts;
      if (answer.statusCode === 200) {
        expect(blake.status, date).toBe('accepted');
        expect(after.status).toBe('awarded');
        expect(after.order.filter((c) => c.status === 'offered')).toEqual([]);
        expect(shifts.map((s) => s.user_name)).toEqual(['Blake']);
      } else {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json().message).toBe('Your offer ran out; it went to the next officer');
        expect(blake.status, date).toBe('expired');
        expect(after.order.filter((c) => c.status === 'offered').map((c) => c.name)).toEqual(['Avery']);
        expect(shifts).toEqual([]);
      }
    }
  });

  it('totals overtime hours per officer for a period with the difference from the average, and exports them', async () => {
    const totals = await ok<OvertimeTotals>(await call(manager, 'GET', `${OT}/totals?from=2027-01-01&to=2027-03-31`));
    const hours = Object.fromEntries(totals.people.map((p) => [p.name, p.hours]));
    expect(hours).toMatchObject({ Avery: 16, Blake: 8, Casey: 0, Drew: 0 });
    expect(totals.average).toBeCloseTo(24 / totals.people.length, 2);
    expect(totals.people.find((p) => p.name === 'Avery')!.difference).toBeCloseTo(16 - totals.average, 2);
    // An officer sees only their own line against the average.
    const mine = await ok<OvertimeTotals>(await call(officer('Blake').session, 'GET', `${OT}/totals?from=2027-01-01&to=2027-03-31`));
    expect(mine.people.map((p) => p.name)).toEqual(['Blake']);
    expect(mine.average).toBe(totals.average);
    expect((await call(officer('Blake').session, 'GET', `${OT}/totals.csv?from=2027-01-01&to=2027-03-31`)).statusCode).toBe(403);
    const csv = await call(manager, 'GET', `${OT}/totals.csv?from=2027-01-01&to=2027-03-31`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = parseCsv(csv.body).map((row) => row.cells);
    expect(rows[0]).toEqual(['Name', 'Overtime shifts', 'Overtime hours', 'Difference from average', 'From', 'To']);
    expect(rows.find((row) => row[0] === 'Avery')?.slice(1, 3)).toEqual(['2', '16']);
  });

  it('tells every officer of the agency, live, that an open shift was posted and signed up for, and no user of another agency', async () => {
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const watching = await openStream(base, officer('Drew').session);
    const elsewhere = await openStream(base, outsider);
    try {
      for (const stream of [watching, elsewhere]) await stream.next((m) => m.event === 'ready');
      const shift = await post('2027-06-10');
      expect(JSON.parse((await watching.next((m) => m.event === 'schedule.overtime')).data)).toEqual({ id: shift.id });
      await signUp('Avery', shift.id);
      await watching.next(
        (m) => m.event === 'schedule.overtime' && m.id !== watching.messages.find((x) => x.event === 'schedule.overtime')!.id,
      );
      // A day note after it marks the point by which a leak to the other agency would have come.
      await ok(await call(admin, 'PUT', `${BASE}/day-notes/2027-06-11`, { note: 'Marker', officer_in_charge_id: null }));
      await watching.next((m) => m.event === 'schedule.roster');
      expect(elsewhere.messages.map((m) => m.event)).toEqual(['ready']);
    } finally {
      watching.close();
      elsewhere.close();
    }
  });

  it('keeps another agency out: its administrator can neither see nor sign up for an open shift', async () => {
    const shift = await post('2027-06-01');
    expect((await call(outsider, 'GET', `${OT}/shifts/${shift.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `${OT}/shifts/${shift.id}/signup`, undefined, fresh())).statusCode).toBe(404);
    const theirs = await ok<OvertimeShift[]>(await call(outsider, 'GET', `${OT}/shifts?view=open`));
    expect(theirs).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'continues a one-at-a-time offer after the server restarts',
    async () => {
      const scratch = await createScratchDatabase(inject('postgresUrl'));
      // One database and one master secret, as two runs of the same installation have.
      const installation = { DATABASE_URL: scratch.url, PRECINCT_SECRET: crypto.randomUUID() + crypto.randomUUID() };
      let first: TestServer | null = await startTestServer('postgres', installation);
      let second: TestServer | null = null;
      try {
        const own = await makeAgency(first, 'Restart PD');
        const boss = await signIn(first, await makeUser(first, own, { permissions: MANAGER, name: 'Rita Boss' }));
        const setUp = await signIn(first, await makeUser(first, own, { permissions: ['admin:access'] }));
        const request = (
          s: TestServer,
          session: Session,
          method: 'GET' | 'POST',
          url: string,
          payload?: unknown,
          headers: Record<string, string> = {},
        ) =>
          s.request({
            method,
            url,
            token: session.access_token,
            headers,
            ...(payload !== undefined ? { payload: payload as object } : {}),
          });
        const type = (await (
          await request(
            first,
            setUp,
            'POST',
            `${BASE}/admin/shift-types`,
            { code: 'D', name: 'Day', color: '#1c7ed6', start_time: '06:00', end_time: '14:00', counts_toward_staffing: true },
            fresh(),
          )
        ).json()) as ShiftType;
        const schedule = (await (
          await request(
            first,
            setUp,
            'POST',
            `${BASE}/admin/schedules`,
            { name: 'S', starts_on: '2027-01-01', ends_on: '2027-12-31' },
            fresh(),
          )
        ).json()) as Schedule;
        const group = (await (
          await request(
            first,
            setUp,
            'POST',
            `${BASE}/admin/groups`,
            { schedule_id: schedule.id, name: 'G', supervisor_id: null, rotation: null },
            fresh(),
          )
        ).json()) as Group;
        const people: TestUser[] = [];
        for (const name of ['Ana', 'Ben']) {
          const user = await makeUser(first, own, { permissions: ['scheduling:view'], name });
          await request(
            first,
            setUp,
            'POST',
            `${BASE}/admin/assignments`,
            { group_id: group.id, user_id: user.id, position: 'Patrol' },
            fresh(),
          );
          people.push(user);
        }
        const posted = (await (
          await request(
            first,
            boss,
            'POST',
            `${OT}/shifts`,
            {
              shift_type_id: type.id,
              date: '2027-07-01',
              position: 'Patrol',
              slots: 1,
              rule: 'first_come',
              mode: 'offer',
              signup_deadline: '2027-06-30T00:00:00Z',
              offer_wait_minutes: 1,
            },
            fresh(),
          )
        ).json()) as OvertimeDetail;
        const started = await request(first, boss, 'POST', `${OT}/shifts/${posted.id}/offers`, undefined, ifMatch(posted.version));
        expect(started.statusCode, started.body).toBe(200);
        expect((started.json() as OvertimeDetail).order.map((c) => [c.name, c.status])).toEqual([
          ['Ana', 'offered'],
          ['Ben', 'waiting'],
        ]);
        await first.close();
        first = null;
        // While no server runs, Ana's minute runs out.
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: scratch.url });
        await client.connect();
        await client.query(
          `update schedule_overtime_offers set expires_at = now() - interval '1 second' where overtime_id = $1 and status = 'offered'`,
          [posted.id],
        );
        await client.end();

        second = await startTestServer('postgres', installation);
        const again = await signIn(second, await makeUser(second, own, { permissions: MANAGER }));
        let seen: OvertimeDetail | null = null;
        for (let attempt = 0; attempt < 100; attempt += 1) {
          seen = (await request(second, again, 'GET', `${OT}/shifts/${posted.id}`)).json() as OvertimeDetail;
          if (seen.order[1]?.status === 'offered') break;
          await sleep(100);
        }
        expect(seen!.order.map((c) => [c.name, c.status])).toEqual([
          ['Ana', 'expired'],
          ['Ben', 'offered'],
        ]);
      } finally {
        await first?.close();
        await second?.close();
        await scratch.drop();
      }
    },
    120_000,
  );
});
