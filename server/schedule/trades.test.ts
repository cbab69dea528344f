import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { ScheduleHome, ScheduleSettings, Shift, ShiftChange, ShiftType } from '../../core/contracts/schedule.ts';
import type { Trade, TradeCheck, TradeOptions, TradePage } from '../../core/contracts/schedule-trades.ts';
import type { Permission } from '../../core/permissions.ts';
import { openStream } from '../test-support/event-stream.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, fresh, ifMatch, ok } from '../test-support/api-calls.ts';

const BASE = '/rest/v1/schedule';
const FIVE: Permission[] = [
  'scheduling:view',
  'scheduling:ot.manage',
  'scheduling:ot.create',
  'scheduling:pto.manage',
  'scheduling:modification.manage',
  'scheduling:allcall',
];

describe.each(DATABASE_KINDS)('shift trades on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let admin: Session;
  let scheduler: Session;
  let sergeantUser: TestUser;
  let sergeant: Session;
  let officerUser: TestUser;
  let officer: Session;
  let colleagueUser: TestUser;
  let colleague: Session;
  let bystander: Session;
  let outsider: Session;
  let day: ShiftType;
  let night: ShiftType;

  const call = apiCaller(() => server, BASE);

  /** The scheduler places a shift (over any rule: the tests set up the situations the trade rules then find). */
  const place = (user: TestUser, type: ShiftType, date: string, position = 'Patrol') =>
    call(
      scheduler,
      'POST',
      '/shifts',
      {
        user_id: user.id,
        shift_type_id: type.id,
        date,
        position,
        group_id: null,
        reason: 'Set-up',
        acknowledge_warnings: true,
        override_reason: 'Test set-up',
      },
      fresh(),
    ).then((response) => ok<Shift>(response, 201));

  const propose = (session: Session, body: Record<string, unknown>) => call(session, 'POST', '/trades', body, fresh());
  const answer = (session: Session, trade: Trade, body: Record<string, unknown>) =>
    call(session, 'POST', `/trades/${trade.id}/answer`, body, fresh());
  const decide = (session: Session, trade: Trade, body: Record<string, unknown>, version = trade.version) =>
    call(session, 'POST', `/trades/${trade.id}/decide`, body, ifMatch(version));
  const getTrade = (session: Session, id: string) => call(session, 'GET', `/trades/${id}`).then((r) => ok<Trade>(r));
  const check = (session: Session, body: Record<string, unknown>) =>
    call(session, 'POST', '/trades/check', body).then((r) => ok<TradeCheck>(r));
  const titlesOf = async (session: Session) => {
    const answer = (await server.request({ method: 'GET', url: '/rest/v1/notifications', token: session.access_token })).json() as {
      items: Array<{ title: string }>;
    };
    return answer.items.map((notice) => notice.title);
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Trades PD');
    admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    scheduler = await signIn(server, await makeUser(server, agency, { permissions: FIVE, name: 'Taylor Scheduler' }));
    sergeantUser = await makeUser(server, agency, { permissions: FIVE, name: 'Riley Sergeant' });
    sergeant = await signIn(server, sergeantUser);
    officerUser = await makeUser(server, agency, { permissions: ['scheduling:view'], name: 'Sam Officer' });
    officer = await signIn(server, officerUser);
    colleagueUser = await makeUser(server, agency, { permissions: ['scheduling:view'], name: 'Pat Colleague' });
    colleague = await signIn(server, colleagueUser);
    bystander = await signIn(server, await makeUser(server, agency, { permissions: ['scheduling:view'], name: 'Jo Bystander' }));
    outsider = await signIn(server, await makeUser(server, await makeAgency(server, 'Elsewhere PD'), { permissions: ['admin:access'] }));
    const shiftType = (body: Record<string, unknown>) =>
      call(admin, 'POST', '/admin/shift-types', body, fresh()).then((r) => ok<ShiftType>(r, 201));
    day = await shiftType({
      code: 'D',
      name: 'Day',
      color: '#1c7ed6',
      start_time: '06:00',
      end_time: '14:00',
      counts_toward_staffing: true,
    });
    night = await shiftType({
      code: 'N',
      name: 'Night',
      color: '#5f3dc4',
      start_time: '22:00',
      end_time: '06:00',
      counts_toward_staffing: true,
    });
  }, 180_000);
  afterAll(() => server?.close());

  it('swaps two shifts: the colleague accepts, a supervisor approves, and both shifts change hands with a line in each history, an audit entry and news for both', async () => {
    const mine = await place(officerUser, day, '2027-03-01');
    const theirs = await place(colleagueUser, day, '2027-03-03');
    const proposed = await ok<Trade>(
      await propose(officer, {
        kind: 'swap',
        shift_id: mine.id,
        recipient_id: colleagueUser.id,
        recipient_shift_id: theirs.id,
        note: 'Dentist',
      }),
      201,
    );
    expect(proposed).toMatchObject({ status: 'proposed', requester_name: 'Sam Officer', recipient_name: 'Pat Colleague', reasons: [] });
    expect(proposed.can).toEqual({ answer: false, cancel: true, decide: false });
    expect(await titlesOf(colleague)).toContain('Trade: Sam Officer offers D on 2027-03-01 for your D on 2027-03-03');

    const accepted = await ok<Trade>(await answer(colleague, proposed, { answer: 'accept' }), 201);
    expect(accepted).toMatchObject({ status: 'accepted', can: { answer: false, decide: false } });
    expect(await titlesOf(officer)).toContain('Pat Colleague accepted the trade; it waits for a supervisor');
    expect(await titlesOf(sergeant)).toContain('Trade to decide: Sam Officer’s D on 2027-03-01 for Pat Colleague’s D on 2027-03-03');
    expect((await getTrade(sergeant, proposed.id)).can.decide).toBe(true);

    const approved = await ok<Trade>(await decide(sergeant, accepted, { decision: 'approve', note: 'Fine by me' }));
    expect(approved).toMatchObject({ status: 'approved', decided_by_name: 'Riley Sergeant', decision_note: 'Fine by me' });
    expect(approved.shift).toMatchObject({ id: mine.id, user_name: 'Pat Colleague', date: '2027-03-01' });
    expect(approved.recipient_shift).toMatchObject({ id: theirs.id, user_name: 'Sam Officer', date: '2027-03-03' });

    const roster = await ok<{ shifts: Shift[] }>(await call(officer, 'GET', '/roster?from=2027-03-01&to=2027-03-03&mine=true'));
    expect(roster.shifts.map((shift) => shift.date)).toEqual(['2027-03-03']);
    const history = await ok<ShiftChange[]>(await call(officer, 'GET', `/shifts/${mine.id}/history`));
    expect(history[0]).toMatchObject({ action: 'traded', actor_name: 'Riley Sergeant' });
    expect(history[0]!.summary).toBe('Traded Sam Officer’s D on 2027-03-01 to Pat Colleague as Patrol (a swap, approved)');
    expect(history[0]!.reason).toContain('Dentist Supervisor: Fine by me');
    expect((await ok<ShiftChange[]>(await call(officer, 'GET', `/shifts/${theirs.id}/history`)))[0]!.action).toBe('traded');

    const audit = await ok<{ items: Array<{ action: string }> }>(
      await server.request({ method: 'GET', url: `/rest/v1/admin/audit?entity_id=${proposed.id}`, token: admin.access_token }),
    );
    expect(audit.items.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['schedule.trade_proposed', 'schedule.trade_accepted', 'schedule.trade_approved']),
    );
    for (const session of [officer, colleague])
      expect(await titlesOf(session)).toContain(
        'The trade was approved: Sam Officer’s D on 2027-03-01 for Pat Colleague’s D on 2027-03-03',
      );
  });

  it('gives a shift away, offering the form only upcoming working shifts, and counts what waits for each person on the home screen', async () => {
    const given = await place(officerUser, night, '2027-01-12');
    const options = await ok<TradeOptions>(await call(officer, 'GET', `/trades/options?recipient_id=${colleagueUser.id}`));
    expect(options.requester_shifts.map((shift) => shift.id)).toContain(given.id);
    expect(
      options.people.map((person) => person.name),
      'colleagues who work shifts, in a squad or not',
    ).toEqual(expect.arrayContaining(['Pat Colleague', 'Riley Sergeant']));
    const trade = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: given.id, recipient_id: colleagueUser.id }), 201);
    const after = await ok<TradeOptions>(await call(officer, 'GET', '/trades/options'));
    expect(
      after.requester_shifts.map((shift) => shift.id),
      'a shift in an open trade is not offered again',
    ).not.toContain(given.id);

    const home = async (session: Session) => (await ok<ScheduleHome>(await call(session, 'GET', '/home'))).trades_waiting;
    expect(await home(colleague)).toMatchObject({ to_answer: 1 });
    expect(await home(officer)).toEqual({ to_answer: 0, to_decide: 0 });
    const accepted = await ok<Trade>(await answer(colleague, trade, { answer: 'accept' }), 201);
    expect(await home(colleague)).toMatchObject({ to_answer: 0 });
    expect((await home(sergeant)).to_decide).toBeGreaterThanOrEqual(1);
    const toDecide = await ok<TradePage>(await call(sergeant, 'GET', '/trades?box=to_decide'));
    expect(toDecide.items.map((item) => item.id)).toContain(trade.id);

    const approved = await ok<Trade>(await decide(sergeant, accepted, { decision: 'approve' }));
    expect(approved.shift).toMatchObject({ user_id: colleagueUser.id, date: '2027-01-12', code: 'N' });
    expect(approved.recipient_shift).toBeNull();
  });

  it('says before anyone asks that the colleague is already scheduled then, and refuses to propose it when the rule blocks', async () => {
    const mine = await place(officerUser, day, '2027-04-01');
    await place(colleagueUser, day, '2027-04-01');
    const body = { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id };
    const result = await check(officer, body);
    expect(result.verdict).toBe('block');
    expect(result.reasons).toEqual(
      expect.arrayContaining([
        { code: 'already_scheduled', who: 'recipient', action: 'block', message: 'Pat Colleague already works D on 2027-04-01.' },
        {
          code: 'already_scheduled',
          who: 'recipient',
          action: 'block',
          message: 'Pat Colleague is already scheduled during D on 2027-04-01.',
        },
      ]),
    );
    const refused = await propose(officer, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Pat Colleague already works D on 2027-04-01: this trade cannot be proposed');
  });

  it('warns that the colleague would get too little rest, and lets the trade be proposed with the warning shown', async () => {
    const mine = await place(officerUser, day, '2027-04-11');
    await place(colleagueUser, night, '2027-04-10'); // ends 06:00 on the 11th, when the day shift starts
    const result = await check(officer, { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id });
    expect(result).toEqual({
      verdict: 'warn',
      reasons: [
        {
          code: 'rest_rule',
          who: 'recipient',
          action: 'warn',
          message: 'Pat Colleague, taking D on 2027-04-11: Only 0 h of rest between shifts; the minimum is 8 h.',
        },
      ],
    });
    const trade = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id }), 201);
    expect(trade.reasons.map((reason) => reason.code)).toEqual(['rest_rule']);
    await ok(await call(officer, 'POST', `/trades/${trade.id}/cancel`, undefined, ifMatch(trade.version)));
  });

  it('tells the supervisor that a trade goes past the maximum hours, and approves it only with a reason', async () => {
    const settings = await ok<ScheduleSettings>(await call(admin, 'GET', '/admin/settings'));
    await ok(
      await call(admin, 'PUT', '/admin/settings', {
        ...settings,
        enabled: undefined,
        rules: { ...settings.rules, max_hours: { action: 'approve', hours: 40, days: 7 } },
      }),
    );
    try {
      for (const date of ['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07']) await place(colleagueUser, day, date);
      const mine = await place(officerUser, day, '2027-05-08');
      const result = await check(officer, { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id });
      expect(result.verdict).toBe('approve');
      expect(result.reasons).toEqual([
        {
          code: 'max_hours',
          who: 'recipient',
          action: 'approve',
          message: 'Pat Colleague, taking D on 2027-05-08: 48 h in 7 days; the maximum is 40 h.',
        },
      ]);
      const trade = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id }), 201);
      const accepted = await ok<Trade>(await answer(colleague, trade, { answer: 'accept' }), 201);
      const bare = await decide(sergeant, accepted, { decision: 'approve' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().fields.note).toBe(
        'Pat Colleague, taking D on 2027-05-08: 48 h in 7 days; the maximum is 40 h. Give a reason to approve it over the rule.',
      );
      const approved = await ok<Trade>(await decide(sergeant, accepted, { decision: 'approve', note: 'Festival week' }));
      expect(approved.status).toBe('approved');
    } finally {
      await ok(await call(admin, 'PUT', '/admin/settings', { ...settings, enabled: undefined }));
    }
  });

  it('blocks a giveaway that leaves the shift below its minimum for the position', async () => {
    // The colleague holds Patrol in a squad: the sergeant's shift, given to them, is worked as Patrol.
    const schedule = await ok<{ id: string }>(
      await call(admin, 'POST', '/admin/schedules', { name: 'Patrol 2027', starts_on: '2027-01-01', ends_on: '2027-12-31' }, fresh()),
      201,
    );
    const squad = await ok<{ id: string }>(
      await call(
        admin,
        'POST',
        '/admin/groups',
        { schedule_id: schedule.id, name: 'A squad', supervisor_id: null, rotation: null },
        fresh(),
      ),
      201,
    );
    await ok(
      await call(admin, 'POST', '/admin/assignments', { group_id: squad.id, user_id: colleagueUser.id, position: 'Patrol' }, fresh()),
      201,
    );
    await ok(
      await call(admin, 'PUT', '/admin/minimums', {
        minimums: [{ group_id: null, shift_type_id: day.id, position: 'Sergeant', minimum: 1 }],
      }),
    );
    try {
      const mine = await place(sergeantUser, day, '2027-06-07', 'Sergeant');
      const result = await check(sergeant, { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id });
      expect(result.reasons).toEqual([
        { code: 'below_minimum', who: null, action: 'block', message: 'D on 2027-06-07 would have 0 Sergeant of the 1 needed.' },
      ]);
      expect((await propose(sergeant, { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id })).statusCode).toBe(409);
    } finally {
      await ok(await call(admin, 'PUT', '/admin/minimums', { minimums: [] }));
    }
  });

  it('says a shift already in another open trade cannot be traded again, and names every problem of a wrong proposal at once', async () => {
    const mine = await place(officerUser, day, '2027-06-14');
    const first = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id }), 201);
    const again = await check(officer, { kind: 'giveaway', shift_id: mine.id, recipient_id: sergeantUser.id });
    expect(again.reasons).toContainEqual({
      code: 'in_another_trade',
      who: 'requester',
      action: 'block',
      message: 'Sam Officer’s D on 2027-06-14 is already in another open trade.',
    });
    await ok(await call(officer, 'POST', `/trades/${first.id}/cancel`, undefined, ifMatch(first.version)));

    const wrong = await propose(officer, { kind: 'swap', shift_id: mine.id, recipient_id: officerUser.id, note: 'x'.repeat(501) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject({
      recipient_shift_id: 'Choose the colleague’s shift you take in exchange',
      note: 'Use at most 500 characters',
    });
    const theirs = await place(colleagueUser, day, '2027-06-15');
    const notMine = await propose(officer, {
      kind: 'swap',
      shift_id: theirs.id,
      recipient_id: officerUser.id,
      recipient_shift_id: mine.id,
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fields).toEqual({
      shift_id: 'Choose one of your shifts',
      recipient_id: 'Choose someone other than the officer giving the shift',
    });
  });

  it('lets the colleague decline with a note and the requester cancel while it is open, and nothing once it is closed', async () => {
    const one = await place(officerUser, day, '2027-07-01');
    const declined = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: one.id, recipient_id: colleagueUser.id }), 201);
    const notTheirs = await answer(officer, declined, { answer: 'accept' });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe('Only Pat Colleague can accept or decline this trade');
    const answered = await ok<Trade>(await answer(colleague, declined, { answer: 'decline', note: 'Kids’ game that day' }), 201);
    expect(answered).toMatchObject({ status: 'declined', decision_note: 'Kids’ game that day', can: { cancel: false } });
    expect(await titlesOf(officer)).toContain('Pat Colleague declined the trade');
    expect((await answer(colleague, declined, { answer: 'accept' })).statusCode).toBe(409);

    const cancelled = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: one.id, recipient_id: colleagueUser.id }), 201);
    const done = await ok<Trade>(await call(officer, 'POST', `/trades/${cancelled.id}/cancel`, undefined, ifMatch(cancelled.version)));
    expect(done.status).toBe('cancelled');
    expect(await titlesOf(colleague)).toContain('The trade was cancelled: Sam Officer’s D on 2027-07-01 to Pat Colleague');
    expect((await call(officer, 'POST', `/trades/${cancelled.id}/cancel`, undefined, ifMatch(done.version))).statusCode).toBe(409);
    expect((await answer(colleague, cancelled, { answer: 'accept' })).statusCode).toBe(409);
  });

  it('lets a supervisor arrange a trade on an officer’s behalf, and nobody else', async () => {
    const shift = await place(officerUser, day, '2027-07-10');
    const body = { kind: 'giveaway', requester_id: officerUser.id, shift_id: shift.id, recipient_id: colleagueUser.id };
    const refused = await propose(bystander, body);
    expect(refused.statusCode).toBe(403);
    expect((await call(bystander, 'GET', `/trades/options?requester_id=${officerUser.id}`)).statusCode).toBe(403);
    const arranged = await ok<Trade>(await propose(sergeant, body), 201);
    expect(arranged).toMatchObject({ requester_name: 'Sam Officer', arranged_by_name: 'Riley Sergeant', status: 'proposed' });
    expect(await titlesOf(officer)).toContain('A supervisor proposed D on 2027-07-10 as a giveaway with Pat Colleague for you');
    const mine = await ok<TradePage>(await call(officer, 'GET', '/trades'));
    expect(mine.items.map((item) => item.id)).toContain(arranged.id);
    const accepted = await ok<Trade>(await answer(colleague, arranged, { answer: 'accept' }), 201);
    expect((await decide(scheduler, accepted, { decision: 'deny', note: '' })).json().fields).toEqual({ note: 'Say why it is denied' });
    expect((await ok<Trade>(await decide(scheduler, accepted, { decision: 'deny', note: 'Court that day' }))).status).toBe('denied');
  });

  it('tells the colleague and the supervisors live when a trade is proposed and answered, and nobody else', async () => {
    const shift = await place(officerUser, day, '2027-07-15');
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const asked = await openStream(base, colleague);
    const deciding = await openStream(base, scheduler);
    const bystanding = await openStream(base, bystander);
    const elsewhere = await openStream(base, outsider);
    try {
      for (const stream of [asked, deciding, bystanding, elsewhere]) await stream.next((m) => m.event === 'ready');
      const trade = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: shift.id, recipient_id: colleagueUser.id }), 201);
      for (const stream of [asked, deciding])
        expect(JSON.parse((await stream.next((m) => m.event === 'schedule.trades')).data)).toEqual({ id: trade.id });
      await ok<Trade>(await answer(colleague, trade, { answer: 'decline', note: 'Court that day' }), 201);
      await deciding.next(() => deciding.messages.filter((m) => m.event === 'schedule.trades').length === 2);
      // A roster change after it marks the point by which a leak to the others would have come.
      await place(officerUser, day, '2027-07-16');
      await bystanding.next((m) => m.event === 'schedule.roster');
      expect(bystanding.messages.map((m) => m.event)).not.toContain('schedule.trades');
      expect(elsewhere.messages.map((m) => m.event)).toEqual(['ready']);
    } finally {
      for (const stream of [asked, deciding, bystanding, elsewhere]) stream.close();
    }
  });

  it('hides a trade from anyone not part of it, and from another agency, with a 404', async () => {
    const shift = await place(officerUser, day, '2027-07-20');
    const trade = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: shift.id, recipient_id: colleagueUser.id }), 201);
    for (const session of [bystander, outsider]) {
      expect((await call(session, 'GET', `/trades/${trade.id}`)).statusCode).toBe(404);
      expect((await answer(session, trade, { answer: 'accept' })).statusCode).toBe(404);
      expect((await call(session, 'POST', `/trades/${trade.id}/cancel`, undefined, ifMatch(trade.version))).statusCode).toBe(404);
    }
    // Deciding needs the supervisor's permission first; another agency's administrator holds it and still finds nothing.
    expect((await decide(bystander, trade, { decision: 'approve' })).statusCode).toBe(403);
    expect((await decide(outsider, trade, { decision: 'approve' })).statusCode).toBe(404);
    expect((await ok<TradePage>(await call(bystander, 'GET', '/trades'))).items).toEqual([]);
    expect((await ok<TradePage>(await call(outsider, 'GET', '/trades?box=all'))).items).toEqual([]);
    expect((await call(bystander, 'GET', '/trades?box=all')).statusCode).toBe(403);
    expect(
      (await call(outsider, 'POST', '/trades/check', { kind: 'giveaway', shift_id: shift.id, recipient_id: colleagueUser.id })).statusCode,
    ).toBe(400);
  });

  it('refuses a stale If-Match with 412, a supervisor deciding a trade they are part of, and an approval after a shift changed', async () => {
    const mine = await place(sergeantUser, day, '2027-08-02');
    const own = await ok<Trade>(await propose(sergeant, { kind: 'giveaway', shift_id: mine.id, recipient_id: colleagueUser.id }), 201);
    const ownAccepted = await ok<Trade>(await answer(colleague, own, { answer: 'accept' }), 201);
    expect((await decide(sergeant, ownAccepted, { decision: 'approve' })).statusCode).toBe(403);
    expect((await decide(scheduler, ownAccepted, { decision: 'approve' }, own.version)).statusCode).toBe(412);

    const shift = await place(officerUser, day, '2027-08-09');
    const trade = await ok<Trade>(await propose(officer, { kind: 'giveaway', shift_id: shift.id, recipient_id: colleagueUser.id }), 201);
    expect((await decide(sergeant, trade, { decision: 'approve' })).statusCode, 'not accepted yet').toBe(409);
    const accepted = await ok<Trade>(await answer(colleague, trade, { answer: 'accept' }), 201);
    // The scheduler moves the shift to another day meanwhile: the trade no longer describes it.
    await ok(await call(scheduler, 'PATCH', `/shifts/${shift.id}`, { date: '2027-08-10', reason: 'Court' }, ifMatch(shift.version)));
    const late = await decide(sergeant, accepted, { decision: 'approve' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('A shift of this trade changed since it was proposed');
    const unchanged = await ok<Shift>(await call(officer, 'GET', `/shifts/${shift.id}`));
    expect(unchanged.user_id).toBe(officerUser.id);
  });
});
