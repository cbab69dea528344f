import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { NotificationList } from '../../core/contracts/notifications.ts';
import type { Group, Schedule, ShiftType, TimeOffRequest, TimeOffType } from '../../core/contracts/schedule.ts';
import type {
  AllcallAudience,
  AllcallDetail,
  AllcallPage,
  AllcallSmsAnswer,
  MyAllcall,
  RespondAllcallResult,
} from '../../core/contracts/schedule-allcall.ts';
import type { Permission } from '../../core/permissions.ts';
import { users } from '../db/schema.ts';
import { openStream } from '../test-support/event-stream.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { scheduleAllcallRecipients, scheduleAllcalls, schedulePeople, scheduleShifts } from './schema.ts';
import { apiCaller, fresh, ok } from '../test-support/api-calls.ts';

const BASE = '/rest/v1/schedule';
const SECRET = 'relay-shared-secret-for-tests-0123';
const FIVE: Permission[] = [
  'scheduling:view',
  'scheduling:ot.manage',
  'scheduling:ot.create',
  'scheduling:pto.manage',
  'scheduling:modification.manage',
  'scheduling:allcall',
];

/** A real HTTP receiver standing in for the operator's SMS relay. */
async function startSmsRelay() {
  const messages: Array<{ to: string; text: string }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      messages.push(JSON.parse(body) as { to: string; text: string });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    messages,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** An agency-local date `days` from now (the test agency is in America/Chicago; a few days ahead is never today). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('the all-call on %s', (kind) => {
  let server: TestServer;
  let relay: Awaited<ReturnType<typeof startSmsRelay>>;
  let agency: TestAgency;
  let admin: Session;
  let scheduler: Session;
  let fourOfFive: Session;
  let outsider: Session;
  let day: ShiftType;
  let night: ShiftType;
  let squadA: Group;
  let squadB: Group;
  const people: Record<'alice' | 'bob' | 'carol' | 'dave' | 'erin' | 'frank', { user: TestUser; session: Session; phone: string | null }> =
    {} as never;
  const DATE = daysAhead(10);

  const call = apiCaller(() => server, BASE);
  const sms = (from: string, text: string, secret: string | null = SECRET) =>
    server.request({
      method: 'POST',
      url: '/functions/v1/allcall-sms-reply',
      headers: secret === null ? {} : { 'x-precinct-sms-secret': secret },
      payload: { from, text },
    });
  const respond = (session: Session, id: string, answer: 'accept' | 'decline') =>
    call(session, 'POST', `/allcalls/${id}/respond`, { answer }, fresh());
  const send = (body: Record<string, unknown>) => call(scheduler, 'POST', '/allcalls', body);
  const detail = (id: string) => call(scheduler, 'GET', `/allcalls/${id}`).then((r) => ok<AllcallDetail>(r));
  const recipient = (d: AllcallDetail, who: keyof typeof people) => d.recipients.find((r) => r.user_id === people[who].user.id);

  beforeAll(async () => {
    relay = await startSmsRelay();
    server = await startTestServer(kind, { SMS_WEBHOOK_URL: relay.url, SMS_INBOUND_SECRET: SECRET });
    agency = await makeAgency(server, 'Lakeside PD');
    admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    scheduler = await signIn(server, await makeUser(server, agency, { permissions: FIVE, name: 'Taylor Scheduler' }));
    fourOfFive = await signIn(
      server,
      await makeUser(server, agency, { permissions: FIVE.filter((p) => p !== 'scheduling:allcall'), name: 'Four Perms' }),
    );
    outsider = await signIn(server, await makeUser(server, await makeAgency(server, 'Elsewhere PD'), { permissions: ['admin:access'] }));
    const phones = {
      alice: '(262) 555-0101',
      bob: '+1 262 555 0102',
      carol: '262-555-0103',
      dave: '262 555 0104',
      erin: '262 555 0105',
      frank: null,
    } as const;
    const names = {
      alice: 'Alice Adams',
      bob: 'Bob Brown',
      carol: 'Carol Chen',
      dave: 'Dave Diaz',
      erin: 'Erin Evans',
      frank: 'Frank Fox',
    };
    for (const who of Object.keys(phones) as Array<keyof typeof phones>) {
      const user = await makeUser(server, agency, { permissions: ['scheduling:view'], name: names[who] });
      await server.database.owner.update(users).set({ phone: phones[who] }).where(eq(users.id, user.id));
      people[who] = { user, session: await signIn(server, user), phone: phones[who] };
    }
    // Carol is called second (tier 2); everyone else is in the default tier 1.
    await server.database.owner.insert(schedulePeople).values({ agencyId: agency.id, userId: people.carol.user.id, allCallTier: 2 });

    const type = async (code: string, name: string, start: string, end: string) =>
      ok<ShiftType>(
        await call(
          admin,
          'POST',
          '/admin/shift-types',
          { code, name, color: '#1c7ed6', start_time: start, end_time: end, counts_toward_staffing: true },
          fresh(),
        ),
        201,
      );
    day = await type('D', 'Day', '06:00', '14:00');
    night = await type('N', 'Night', '22:00', '06:00');
    const year = Number(DATE.slice(0, 4));
    const schedule = await ok<Schedule>(
      await call(
        admin,
        'POST',
        '/admin/schedules',
        { name: 'Patrol', starts_on: `${year - 1}-01-01`, ends_on: `${year + 1}-12-31` },
        fresh(),
      ),
      201,
    );
    const group = async (name: string, members: Array<[keyof typeof people, string]>) => {
      const made = await ok<Group>(
        await call(admin, 'POST', '/admin/groups', { schedule_id: schedule.id, name, supervisor_id: null, rotation: null }, fresh()),
        201,
      );
      for (const [who, position] of members)
        await ok(
          await call(admin, 'POST', '/admin/assignments', { group_id: made.id, user_id: people[who].user.id, position }, fresh()),
          201,
        );
      return made;
    };
    squadA = await group('Squad A', [
      ['alice', 'Patrol'],
      ['bob', 'Patrol'],
      ['dave', 'Patrol'],
      ['erin', 'Patrol'],
    ]);
    squadB = await group('Squad B', [
      ['carol', 'K9'],
      ['frank', 'Patrol'],
    ]);
    // Dave already works the day shift; Erin is on approved time off that day.
    await ok(
      await call(
        scheduler,
        'POST',
        '/shifts',
        { user_id: people.dave.user.id, shift_type_id: day.id, date: DATE, position: 'Patrol', group_id: squadA.id, reason: '' },
        fresh(),
      ),
      201,
    );
    const [vacation] = await ok<TimeOffType[]>(await call(people.erin.session, 'GET', '/time-off/types'));
    const asked = await ok<TimeOffRequest>(
      await call(
        people.erin.session,
        'POST',
        '/time-off/requests',
        { type_id: vacation!.id, starts_on: DATE, ends_on: DATE, hours: 8 },
        fresh(),
      ),
      201,
    );
    await ok(
      await call(scheduler, 'POST', `/time-off/requests/${asked.id}/decide`, { decision: 'approve' }, { 'if-match': `"${asked.version}"` }),
    );
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });

  it('shows how many officers a filter reaches by group, position and tier, leaving out whoever works then or is on time off', async () => {
    const audience = (filter: Record<string, unknown>) =>
      call(scheduler, 'POST', '/allcalls/audience', { shift_type_id: day.id, date: DATE, ...filter }).then((r) => ok<AllcallAudience>(r));
    const squad = await audience({ group_ids: [squadA.id] });
    expect(squad.count).toBe(2);
    expect(squad.people.map((p) => p.name).sort()).toEqual(['Alice Adams', 'Bob Brown']);
    expect(squad.excluded).toEqual(
      expect.arrayContaining([
        { user_id: people.dave.user.id, name: 'Dave Diaz', reason: 'working' },
        { user_id: people.erin.user.id, name: 'Erin Evans', reason: 'time_off' },
      ]),
    );
    expect((await audience({ positions: ['K9'] })).people.map((p) => p.name)).toEqual(['Carol Chen']);
    expect((await audience({ tiers: [2] })).people.map((p) => p.name)).toEqual(['Carol Chen']);
    const squadBPatrol = await audience({ group_ids: [squadB.id], positions: ['Patrol'] });
    expect(squadBPatrol.people).toEqual([
      { user_id: people.frank.user.id, name: 'Frank Fox', position: 'Patrol', tier: 1, channels: ['app', 'email'] },
    ]);
    // Dave works the day shift, not the night: for the night he is asked.
    expect((await audience({ group_ids: [squadA.id], shift_type_id: night.id })).people.map((p) => p.name)).toContain('Dave Diaz');
  });

  it('refuses a call that would reach nobody, or with bad fields, naming each field', async () => {
    const nobody = await send({ shift_type_id: day.id, date: DATE, position: 'Patrol', tiers: [7] });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().fields).toMatchObject({ group_ids: expect.stringContaining('Nobody eligible') });
    const bad = await send({ shift_type_id: 'nope', date: '12/01', position: '', closes_at: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(expect.arrayContaining(['closes_at', 'date', 'position', 'shift_type_id']));
  });

  it('keeps the board to scheduling:allcall: a scheduler without it and an officer cannot send or see calls', async () => {
    const body = { shift_type_id: day.id, date: DATE, position: 'Patrol', group_ids: [squadA.id] };
    expect((await call(fourOfFive, 'POST', '/allcalls', body)).statusCode).toBe(403);
    expect((await call(people.alice.session, 'POST', '/allcalls', body)).statusCode).toBe(403);
    expect((await call(people.alice.session, 'GET', '/allcalls')).statusCode).toBe(403);
    expect((await call(fourOfFive, 'POST', '/allcalls/audience', body)).statusCode).toBe(403);
  });

  it('sends a numbered call by notification, e-mail and text, keeps who was asked through which channels, and fills it with the first acceptance in the app', async () => {
    const sent = await ok<AllcallDetail>(
      await send({ shift_type_id: day.id, date: DATE, position: 'Patrol', note: 'Cover for a sick call', group_ids: [squadA.id] }),
      201,
    );
    expect(sent).toMatchObject({ status: 'open', asked: 2, code: 'D', position: 'Patrol', created_by_name: 'Taylor Scheduler' });
    expect(recipient(sent, 'alice')).toMatchObject({ channels: ['app', 'email', 'sms'], sms_last_digits: '0101', response: null });

    // The text, to the phone as written, naming the call's number.
    const texts = relay.messages.filter((m) => m.text.includes(`all-call ${sent.number}:`));
    expect(texts.map((m) => m.to).sort()).toEqual([people.bob.phone, people.alice.phone].sort());
    expect(texts[0]!.text).toMatch(
      new RegExp(
        `^Lakeside PD all-call ${sent.number}: Patrol, \\w{3} \\d{1,2} \\w{3} 06:00–14:00\\. Reply ${sent.number} YES to take it\\.$`,
      ),
    );
    // The digits it went to are kept: a reply from them answers it.
    const kept = await server.database.owner
      .select({ smsTo: scheduleAllcallRecipients.smsTo })
      .from(scheduleAllcallRecipients)
      .where(and(eq(scheduleAllcallRecipients.allcallId, sent.id), eq(scheduleAllcallRecipients.userId, people.bob.user.id)));
    expect(kept).toEqual([{ smsTo: '12625550102' }]);
    const mail = await server.waitForMail(people.alice.user.email, new RegExp(`all-call ${sent.number}`));
    expect(mail.text).toContain('Cover for a sick call');
    expect(mail.text).toContain(`${sent.number} YES`);
    // Each officer asked gets their own, addressed to them.
    expect((await server.waitForMail(people.bob.user.email, new RegExp(`all-call ${sent.number}`))).text).toMatch(/^Hello Bob/);
    const bell = await ok<NotificationList>(await call(people.alice.session, 'GET', '/rest/v1/notifications'));
    expect(bell.items[0]).toMatchObject({
      kind: 'schedule.allcall',
      title: expect.stringContaining(`All-call ${sent.number}`),
      link: '/schedule',
    });
    // It waits for Alice's answer on her home and her panel; Dave (working) was never asked.
    expect((await ok<{ open_allcalls_for_me: number }>(await call(people.alice.session, 'GET', '/home'))).open_allcalls_for_me).toBe(1);
    expect((await ok<MyAllcall[]>(await call(people.alice.session, 'GET', '/allcalls/mine'))).map((c) => c.id)).toContain(sent.id);
    expect(await ok<MyAllcall[]>(await call(people.dave.session, 'GET', '/allcalls/mine'))).toEqual([]);
    expect((await respond(people.dave.session, sent.id, 'accept')).statusCode).toBe(404);

    const taken = await ok<RespondAllcallResult>(await respond(people.alice.session, sent.id, 'accept'), 201);
    expect(taken).toMatchObject({
      outcome: 'taken',
      call: { status: 'filled', mine: true, my_response: 'accepted', filled_by_name: 'Alice Adams' },
    });
    const late = await ok<RespondAllcallResult>(await respond(people.bob.session, sent.id, 'accept'), 201);
    expect(late).toMatchObject({ outcome: 'filled', call: { status: 'filled', mine: false, my_response: 'too_late' } });

    const board = await detail(sent.id);
    expect(board).toMatchObject({ status: 'filled', filled_by: people.alice.user.id, filled_by_name: 'Alice Adams' });
    expect(recipient(board, 'alice')).toMatchObject({ response: 'accepted', via: 'app' });
    expect(recipient(board, 'bob')).toMatchObject({ response: 'too_late', via: 'app' });
    // The shift is Alice's, worked as overtime, with its history.
    const [shift] = await server.database.owner.select().from(scheduleShifts).where(eq(scheduleShifts.id, board.shift_id!));
    expect(shift).toMatchObject({ userId: people.alice.user.id, date: DATE, position: 'Patrol', overtime: true });
    const history = await ok<Array<{ summary: string }>>(await call(scheduler, 'GET', `/shifts/${board.shift_id}/history`));
    expect(history[0]!.summary).toContain(`Alice Adams took all-call ${sent.number}`);
    const schedulerBell = await ok<NotificationList>(await call(scheduler, 'GET', '/rest/v1/notifications'));
    expect(schedulerBell.items.map((n) => n.title)).toContain(`All-call ${sent.number} is filled: Alice Adams`);
    const list = await ok<AllcallPage>(await call(scheduler, 'GET', '/allcalls'));
    expect(list.items.find((c) => c.id === sent.id)).toMatchObject({ status: 'filled', asked: 2 });
  });

  it.runIf(kind === 'postgres')(
    'gives the call to exactly one of two officers accepting at the same instant, and tells the other it is filled',
    async () => {
      const sent = await ok<AllcallDetail>(
        await send({ shift_type_id: night.id, date: daysAhead(11), position: 'Patrol', group_ids: [squadA.id] }),
        201,
      );
      const answers = await Promise.all([respond(people.alice.session, sent.id, 'accept'), respond(people.bob.session, sent.id, 'accept')]);
      const outcomes = answers.map((a) => (a.json() as RespondAllcallResult).outcome).sort();
      expect(outcomes).toEqual(['filled', 'taken']);
      const shifts = await server.database.owner
        .select()
        .from(scheduleShifts)
        .where(
          and(eq(scheduleShifts.agencyId, agency.id), eq(scheduleShifts.date, daysAhead(11)), eq(scheduleShifts.shiftTypeId, night.id)),
        );
      expect(shifts).toHaveLength(1);
      const board = await detail(sent.id);
      // Dave and Erin, free that night, were asked too and did not answer.
      expect(board.recipients.map((r) => r.response ?? 'none').sort()).toEqual(['accepted', 'none', 'none', 'too_late']);
    },
  );

  it('answers a text reply from the relay: refused without the secret, no such call for a wrong number, taken, then already filled', async () => {
    const sent = await ok<AllcallDetail>(
      await send({ shift_type_id: day.id, date: daysAhead(12), position: 'Patrol', group_ids: [squadA.id] }),
      201,
    );
    const n = sent.number;
    expect((await sms(people.bob.phone!, `${n} YES`, null)).statusCode).toBe(401);
    expect((await sms(people.bob.phone!, `${n} YES`, 'relay-shared-secret-for-tests-0124')).statusCode).toBe(401);
    expect((await detail(sent.id)).status).toBe('open');

    expect((await ok<AllcallSmsAnswer>(await sms(people.bob.phone!, `${n + 1000} YES`))).outcome).toBe('no_call');
    expect((await ok<AllcallSmsAnswer>(await sms('+1 555 000 9999', `${n} YES`))).outcome).toBe('no_call');
    expect((await ok<AllcallSmsAnswer>(await sms(people.bob.phone!, 'yes please'))).outcome).toBe('unreadable');

    const good = await ok<AllcallSmsAnswer>(await sms('12625550102', `  ${n} yes `));
    expect(good).toEqual({ outcome: 'taken', reply: `All-call ${n} is yours. It is on your schedule as overtime.` });
    // Alice's phone is on the roster as (262) 555-0101; the relay writes it +1 2625550101.
    const late = await ok<AllcallSmsAnswer>(await sms('+12625550101', `YES ${n}`));
    expect(late).toEqual({ outcome: 'filled', reply: `All-call ${n} is already filled. Thank you.` });
    const board = await detail(sent.id);
    expect(board).toMatchObject({ status: 'filled', filled_by_name: 'Bob Brown' });
    expect(recipient(board, 'bob')).toMatchObject({ response: 'accepted', via: 'sms' });
    expect(recipient(board, 'alice')).toMatchObject({ response: 'too_late', via: 'sms' });
  });

  it('tells a text reply after the replies closed that it is too late, and keeps it so', async () => {
    const sent = await ok<AllcallDetail>(
      await send({ shift_type_id: day.id, date: daysAhead(13), position: 'Patrol', group_ids: [squadA.id] }),
      201,
    );
    await server.database.owner
      .update(scheduleAllcalls)
      .set({ closesAt: new Date(Date.now() - 60_000) })
      .where(eq(scheduleAllcalls.id, sent.id));
    const late = await ok<AllcallSmsAnswer>(await sms(people.alice.phone!, `${sent.number} YES`));
    expect(late.outcome).toBe('closed');
    const board = await detail(sent.id);
    expect(board.status).toBe('expired');
    expect(recipient(board, 'alice')).toMatchObject({ response: 'too_late', via: 'sms' });
    expect(board.shift_id).toBeNull();
  });

  it('lets an officer decline, and cancels an open call with its version, telling those asked', async () => {
    const sent = await ok<AllcallDetail>(
      await send({ shift_type_id: day.id, date: daysAhead(14), position: 'Patrol', group_ids: [squadA.id] }),
      201,
    );
    expect((await ok<RespondAllcallResult>(await respond(people.bob.session, sent.id, 'decline'), 201)).outcome).toBe('declined');
    const stale = await call(
      scheduler,
      'POST',
      `/allcalls/${sent.id}/cancel`,
      { reason: 'Covered' },
      { 'if-match': `"${sent.version + 5}"` },
    );
    expect(stale.statusCode).toBe(412);
    const current = await detail(sent.id);
    expect(recipient(current, 'bob')).toMatchObject({ response: 'declined', via: 'app' });
    const cancelled = await ok<AllcallDetail>(
      await call(
        scheduler,
        'POST',
        `/allcalls/${sent.id}/cancel`,
        { reason: 'Covered by a trade' },
        { 'if-match': `"${current.version}"` },
      ),
    );
    expect(cancelled.status).toBe('cancelled');
    const bell = await ok<NotificationList>(await call(people.alice.session, 'GET', '/rest/v1/notifications'));
    expect(bell.items.map((item) => item.title)).toContain(`All-call ${sent.number} was cancelled`);
    expect((await ok<RespondAllcallResult>(await respond(people.alice.session, sent.id, 'accept'), 201)).outcome).toBe('cancelled');
    expect((await ok<AllcallSmsAnswer>(await sms(people.alice.phone!, `${sent.number} YES`))).outcome).toBe('cancelled');
  });

  it('keeps calls to their agency: another agency’s user neither sees nor answers one', async () => {
    const sent = await ok<AllcallDetail>(
      await send({ shift_type_id: day.id, date: daysAhead(15), position: 'Patrol', group_ids: [squadA.id] }),
      201,
    );
    expect((await call(outsider, 'GET', `/allcalls/${sent.id}`)).statusCode).toBe(404);
    expect((await respond(outsider, sent.id, 'accept')).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/allcalls/${sent.id}/cancel`, {}, { 'if-match': `"${sent.version}"` })).statusCode).toBe(404);
    expect((await ok<AllcallPage>(await call(outsider, 'GET', '/allcalls'))).items).toEqual([]);
    expect(await ok<MyAllcall[]>(await call(outsider, 'GET', '/allcalls/mine'))).toEqual([]);
    expect((await detail(sent.id)).status).toBe('open');
  });

  it('tells a recipient, live, that a call was filled, and no user of another agency', async () => {
    const sent = await ok<AllcallDetail>(
      await send({ shift_type_id: day.id, date: daysAhead(16), position: 'Patrol', group_ids: [squadA.id] }),
      201,
    );
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const watching = await openStream(base, people.bob.session);
    const elsewhere = await openStream(base, outsider);
    try {
      for (const stream of [watching, elsewhere]) await stream.next((m) => m.event === 'ready');
      await ok(await respond(people.alice.session, sent.id, 'accept'), 201);
      const filled = await watching.next((m) => m.event === 'schedule.allcall');
      expect(JSON.parse(filled.data)).toEqual({ id: sent.id });
      // A day note after it marks the point by which a leak to the other agency would have come.
      await ok(await call(scheduler, 'PUT', `/day-notes/${daysAhead(30)}`, { note: 'Marker', officer_in_charge_id: null }));
      await watching.next((m) => m.event === 'schedule.roster' && m.data.includes(daysAhead(30)));
      expect(elsewhere.messages.map((m) => m.event)).toEqual(['ready']);
    } finally {
      watching.close();
      elsewhere.close();
    }
  });
});
