import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type {
  Assignment,
  CalendarFeed,
  CheckShiftResult,
  Group,
  Roster,
  Schedule,
  ScheduleSettings,
  Shift,
  ShiftType,
  TimeOffBalance,
  TimeOffPreview,
  TimeOffRequest,
  TimeOffType,
} from '../../core/contracts/schedule.ts';
import { parseCsv } from '../../core/csv.ts';
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

describe.each(DATABASE_KINDS)('the scheduling API on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let admin: Session;
  let scheduler: Session;
  let fourOfFive: Session;
  let officerUser: TestUser;
  let officer: Session;
  let colleagueUser: TestUser;
  let colleague: Session;
  let outsider: Session;
  let day: ShiftType;
  let night: ShiftType;
  let schedule: Schedule;

  const call = apiCaller(() => server, BASE);

  async function group(name: string, rotation: Group['rotation'], members: Array<[TestUser, string]> = []): Promise<Group> {
    const made = await ok<Group>(
      await call(admin, 'POST', '/admin/groups', { schedule_id: schedule.id, name, supervisor_id: null, rotation }, fresh()),
      201,
    );
    for (const [user, position] of members)
      await ok<Assignment>(
        await call(admin, 'POST', '/admin/assignments', { group_id: made.id, user_id: user.id, position }, fresh()),
        201,
      );
    return made;
  }

  async function roster(session: Session, from: string, to: string, extra = ''): Promise<Roster> {
    return ok<Roster>(await call(session, 'GET', `/roster?from=${from}&to=${to}${extra}`));
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Scheduling PD');
    admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    scheduler = await signIn(server, await makeUser(server, agency, { permissions: FIVE, name: 'Taylor Scheduler' }));
    fourOfFive = await signIn(
      server,
      await makeUser(server, agency, { permissions: FIVE.filter((p) => p !== 'scheduling:allcall'), name: 'Four Perms' }),
    );
    officerUser = await makeUser(server, agency, { permissions: ['scheduling:view'], name: 'Sam Officer' });
    officer = await signIn(server, officerUser);
    colleagueUser = await makeUser(server, agency, { permissions: ['scheduling:view'], name: 'Pat Colleague' });
    colleague = await signIn(server, colleagueUser);
    outsider = await signIn(server, await makeUser(server, await makeAgency(server, 'Elsewhere PD'), { permissions: ['admin:access'] }));

    day = await ok<ShiftType>(
      await call(
        admin,
        'POST',
        '/admin/shift-types',
        { code: 'd', name: 'Day', color: '#1c7ed6', start_time: '06:00', end_time: '14:00', counts_toward_staffing: true },
        fresh(),
      ),
      201,
    );
    night = await ok<ShiftType>(
      await call(
        admin,
        'POST',
        '/admin/shift-types',
        { code: 'N', name: 'Night', color: '#5f3dc4', start_time: '22:00', end_time: '06:00', counts_toward_staffing: true },
        fresh(),
      ),
      201,
    );
    schedule = await ok<Schedule>(
      await call(admin, 'POST', '/admin/schedules', { name: 'Patrol 2027', starts_on: '2027-01-01', ends_on: '2027-12-31' }, fresh()),
      201,
    );
  }, 180_000);
  afterAll(() => server?.close());

  it('keeps shift types with upper-case codes, their crossing of midnight and length, and refuses a second type with the same code field by field', async () => {
    expect(day).toMatchObject({ code: 'D', crosses_midnight: false, hours: 8 });
    expect(night).toMatchObject({ code: 'N', crosses_midnight: true, hours: 8 });
    const again = await call(
      admin,
      'POST',
      '/admin/shift-types',
      { code: 'N', name: '', color: 'blue', start_time: '25:00', end_time: '06:00', counts_toward_staffing: true },
      fresh(),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toMatchObject({ name: 'Give it a name', color: 'Choose a colour', start_time: 'Use a time (HH:mm)' });
  });

  it('generates each rotation pattern’s working days for every member of the group, within the schedule', async () => {
    const expected = { pitman: 14, four_on_four_off: 16, five_on_two_off: 20, twenty_four_forty_eight: 10, custom: 16 } as const;
    for (const [pattern, count] of Object.entries(expected)) {
      const people = [
        await makeUser(server, agency, { permissions: ['scheduling:view'] }),
        await makeUser(server, agency, { permissions: ['scheduling:view'] }),
      ];
      const made = await group(
        `Rotation ${pattern}`,
        {
          pattern: pattern as 'pitman',
          custom_days: pattern === 'custom' ? 'DDDOOOD' : null,
          anchor_date: '2027-02-01',
          shift_type_id: day.id,
        },
        people.map((person) => [person, 'Patrol']),
      );
      const result = await ok<{ created: number; skipped: number }>(
        await call(scheduler, 'POST', `/groups/${made.id}/generate`, { from: '2027-02-01', to: '2027-02-28' }),
      );
      expect(result, pattern).toEqual({ created: count * 2, skipped: 0, replaced: 0 });
      const again = await ok<{ created: number; skipped: number }>(
        await call(scheduler, 'POST', `/groups/${made.id}/generate`, { from: '2027-02-01', to: '2027-02-28' }),
      );
      expect(again, `${pattern} a second time`).toEqual({ created: 0, skipped: count * 2, replaced: 0 });
      const shifts = (await roster(scheduler, '2027-02-01', '2027-02-28', `&group_id=${made.id}`)).shifts;
      expect(shifts.filter((s) => s.user_id === people[0]!.id)).toHaveLength(count);
    }
    const pitman = (await roster(scheduler, '2027-02-01', '2027-02-14')).shifts.filter((s) => s.group_name === 'Rotation pitman');
    expect([...new Set(pitman.map((s) => s.date))]).toEqual([
      '2027-02-01',
      '2027-02-02',
      '2027-02-05',
      '2027-02-06',
      '2027-02-07',
      '2027-02-10',
      '2027-02-11',
    ]);
  });

  it('makes the night shift 7 hours on the spring-forward night and 9 on the fall-back night in America/Chicago, and exports those hours', async () => {
    const person = await makeUser(server, agency, { permissions: ['scheduling:view'], name: 'Night Owl' });
    const nights = await group('Nights DST', { pattern: 'custom', custom_days: 'DD', anchor_date: '2027-03-12', shift_type_id: night.id }, [
      [person, 'Patrol'],
    ]);
    await ok(await call(scheduler, 'POST', `/groups/${nights.id}/generate`, { from: '2027-03-12', to: '2027-03-14' }));
    await ok(await call(scheduler, 'POST', `/groups/${nights.id}/generate`, { from: '2027-11-06', to: '2027-11-07' }));
    const hours = async (date: string) => (await roster(scheduler, date, date)).shifts.find((s) => s.user_id === person.id)!;
    expect(await hours('2027-03-12')).toMatchObject({
      hours: 8,
      starts_at: '2027-03-13T04:00:00.000Z',
      ends_at: '2027-03-13T12:00:00.000Z',
    });
    expect(await hours('2027-03-13')).toMatchObject({
      hours: 7,
      starts_at: '2027-03-14T04:00:00.000Z',
      ends_at: '2027-03-14T11:00:00.000Z',
    });
    expect(await hours('2027-11-06')).toMatchObject({
      hours: 9,
      starts_at: '2027-11-07T03:00:00.000Z',
      ends_at: '2027-11-07T12:00:00.000Z',
    });
    const csv = await call(scheduler, 'GET', '/hours.csv?from=2027-03-12&to=2027-03-14');
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body).map((r) => r.cells);
    expect(rows[0]).toEqual(['Name', 'Group', 'Shift type', 'Status', 'Shifts', 'Hours', 'From', 'To']);
    expect(rows.find((r) => r[0] === 'Night Owl')).toEqual([
      'Night Owl',
      'Nights DST',
      'N',
      'Scheduled',
      '3',
      '23',
      '2027-03-12',
      '2027-03-14',
    ]);
  });

  it('warns on short rest, asks an override past the maximum hours and blocks an overlap, keeping each reason in the shift’s history', async () => {
    const person = colleagueUser;
    const place = (date: string, shiftTypeId: string) => ({
      user_id: person.id,
      shift_type_id: shiftTypeId,
      date,
      position: 'Patrol',
      group_id: null,
    });
    await ok<Shift>(await call(scheduler, 'POST', '/shifts', { ...place('2027-04-05', day.id), reason: 'Cover' }, fresh()), 201);

    // Night 22:00 the day before a 06:00 day shift: 0 h rest is an overlap? No: it ends at 06:00, rest 0 h: warn.
    const check = await ok<CheckShiftResult>(await call(scheduler, 'POST', '/shifts/check', place('2027-04-04', night.id)));
    expect(check.findings).toEqual([{ rule: 'min_rest', action: 'warn', message: 'Only 0 h of rest between shifts; the minimum is 8 h.' }]);
    const unacknowledged = await call(scheduler, 'POST', '/shifts', { ...place('2027-04-04', night.id), reason: 'Short-handed' }, fresh());
    expect(unacknowledged.statusCode).toBe(400);
    expect(unacknowledged.json().fields.acknowledge_warnings).toContain('Only 0 h of rest');
    const warned = await ok<Shift>(
      await call(
        scheduler,
        'POST',
        '/shifts',
        { ...place('2027-04-04', night.id), reason: 'Short-handed', acknowledge_warnings: true },
        fresh(),
      ),
      201,
    );
    const history = await ok<Array<{ action: string; reason: string; actor_name: string }>>(
      await call(officer, 'GET', `/shifts/${warned.id}/history`),
    );
    expect(history[0]).toMatchObject({ action: 'assigned', actor_name: 'Taylor Scheduler' });
    expect(history[0]!.reason).toContain('Short-handed Only 0 h of rest between shifts; the minimum is 8 h. (acknowledged)');

    const overlap = await call(scheduler, 'POST', '/shifts', { ...place('2027-04-05', night.id), reason: '' }, fresh());
    expect(overlap.statusCode, overlap.body).toBe(201); // 22:00 after a 14:00 end: 8 h rest, no overlap
    const extraDay = await ok<ShiftType>(
      await call(
        admin,
        'POST',
        '/admin/shift-types',
        { code: 'X', name: 'Mid', color: '#2b8a3e', start_time: '10:00', end_time: '18:00', counts_toward_staffing: true },
        fresh(),
      ),
      201,
    );
    const blocked = await call(
      scheduler,
      'POST',
      '/shifts',
      { ...place('2027-04-05', extraDay.id), reason: '', acknowledge_warnings: true, override_reason: 'Need it' },
      fresh(),
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain('They already work a shift that overlaps this one');

    // A week of eight-hour days past 60 h needs an override with a reason: the settings lower the maximum to 40 h.
    const settings = await ok<ScheduleSettings>(await call(admin, 'GET', '/admin/settings'));
    await ok(
      await call(admin, 'PUT', '/admin/settings', {
        ...settings,
        enabled: undefined,
        rules: { ...settings.rules, max_hours: { action: 'approve', hours: 40, days: 7 } },
      }),
    );
    for (const date of ['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07'])
      await ok(await call(scheduler, 'POST', '/shifts', { ...place(date, day.id), reason: '' }, fresh()), 201);
    const sixth = await call(
      scheduler,
      'POST',
      '/shifts',
      { ...place('2027-05-08', day.id), reason: '', acknowledge_warnings: true },
      fresh(),
    );
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().fields.override_reason).toBe('48 h in 7 days; the maximum is 40 h. Give a reason to override the rule.');
    const overridden = await ok<Shift>(
      await call(
        scheduler,
        'POST',
        '/shifts',
        { ...place('2027-05-08', day.id), reason: 'Festival weekend', acknowledge_warnings: true, override_reason: 'Chief approved' },
        fresh(),
      ),
      201,
    );
    expect((await ok<Array<{ reason: string }>>(await call(scheduler, 'GET', `/shifts/${overridden.id}/history`)))[0]!.reason).toContain(
      'Overridden: Chief approved',
    );
    await ok(await call(admin, 'PUT', '/admin/settings', { ...settings, enabled: undefined }));
  });

  it('moves a shift and marks it sick with If-Match, refusing a stale version with 412, and tells the officer', async () => {
    const shift = await ok<Shift>(
      await call(
        scheduler,
        'POST',
        '/shifts',
        { user_id: officerUser.id, shift_type_id: day.id, date: '2027-06-01', position: 'Patrol', group_id: null, reason: 'Extra unit' },
        fresh(),
      ),
      201,
    );
    const moved = await ok<Shift>(
      await call(scheduler, 'PATCH', `/shifts/${shift.id}`, { date: '2027-06-02', reason: 'Court on the 1st' }, ifMatch(shift.version)),
    );
    expect(moved).toMatchObject({ date: '2027-06-02', starts_at: '2027-06-02T11:00:00.000Z' });
    const stale = await call(scheduler, 'PATCH', `/shifts/${shift.id}`, { status: 'sick', reason: '' }, ifMatch(shift.version));
    expect(stale.statusCode).toBe(412);
    const sick = await ok<Shift>(
      await call(scheduler, 'PATCH', `/shifts/${shift.id}`, { status: 'sick', reason: 'Called in' }, ifMatch(moved.version)),
    );
    expect(sick.status).toBe('sick');
    const notices = (await server.request({ method: 'GET', url: '/rest/v1/notifications', token: officer.access_token })).json() as
      { items?: Array<{ title: string }> } | Array<{ title: string }>;
    const titles = (Array.isArray(notices) ? notices : (notices.items ?? [])).map((n) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'You have a new shift: D on 2027-06-01',
        'Your shift changed: D on 2027-06-02',
        'Your D shift on 2027-06-02: Sick',
      ]),
    );
    const removedStale = await call(scheduler, 'POST', `/shifts/${shift.id}/remove`, { reason: 'x' }, ifMatch(moved.version));
    expect(removedStale.statusCode).toBe(412);
    expect((await call(scheduler, 'POST', `/shifts/${shift.id}/remove`, { reason: 'Not needed' }, ifMatch(sick.version))).statusCode).toBe(
      204,
    );
  });

  it('refuses the scheduler’s changes to a holder of four of the five scheduling admin permissions, and set-up to the scheduler', async () => {
    const place = { user_id: officerUser.id, shift_type_id: day.id, date: '2027-07-01', position: 'Patrol', group_id: null, reason: '' };
    const refused = await call(fourOfFive, 'POST', '/shifts', place, fresh());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Send all-calls');
    expect((await call(fourOfFive, 'POST', '/shifts/check', place)).statusCode).toBe(403);
    expect((await call(fourOfFive, 'GET', '/history')).statusCode).toBe(403);
    expect((await call(scheduler, 'POST', '/shifts/check', place)).statusCode).toBe(200);
    expect((await call(officer, 'POST', '/shifts', place, fresh())).statusCode).toBe(403);
    expect(
      (
        await call(
          scheduler,
          'POST',
          '/admin/shift-types',
          { code: 'Z', name: 'Z', color: '#000000', start_time: '01:00', end_time: '02:00', counts_toward_staffing: true },
          fresh(),
        )
      ).statusCode,
    ).toBe(403);
    expect((await call(officer, 'GET', '/roster?from=2027-07-01&to=2027-07-01')).statusCode).toBe(200);
  });

  it('hides one agency’s schedule from another: its shifts, groups and requests are not found', async () => {
    const shift = (await roster(scheduler, '2027-02-01', '2027-02-03')).shifts[0]!;
    expect((await call(outsider, 'GET', `/shifts/${shift.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'PATCH', `/shifts/${shift.id}`, { reason: '' }, ifMatch(shift.version))).statusCode).toBe(404);
    expect((await roster(outsider, '2027-02-01', '2027-02-03')).shifts).toEqual([]);
    const groups = (await ok<{ groups: Group[] }>(await call(scheduler, 'GET', '/setup'))).groups;
    expect((await call(outsider, 'POST', `/groups/${groups[0]!.id}/generate`, { from: '2027-02-01', to: '2027-02-02' })).statusCode).toBe(
      404,
    );
  });

  it('previews time off with the shifts it leaves short, keeps balances through approval and cancellation, and honours blocked dates and the daily cap', async () => {
    const types = await ok<TimeOffType[]>(await call(officer, 'GET', '/time-off/types'));
    const vacation = types.find((t) => t.name === 'Vacation')!;
    expect(vacation).toMatchObject({ accrual_hours_per_month: 10, max_carry_over_hours: 80 });
    // Two officers on the day shift of a group whose minimum is two Patrol.
    const squad = await group(
      'Time-off squad',
      { pattern: 'custom', custom_days: 'DD', anchor_date: '2027-08-01', shift_type_id: day.id },
      [
        [officerUser, 'Patrol'],
        [await makeUser(server, agency, { permissions: ['scheduling:view'] }), 'Patrol'],
      ],
    );
    await ok(await call(scheduler, 'POST', `/groups/${squad.id}/generate`, { from: '2027-08-01', to: '2027-08-31' }));
    await ok(
      await call(admin, 'PUT', '/admin/minimums', {
        minimums: [{ group_id: squad.id, shift_type_id: day.id, position: 'Patrol', minimum: 2 }],
      }),
    );

    const accrual = await ok<{ credited: number }>(await call(scheduler, 'POST', '/time-off/accruals', { month: '2027-01' }));
    expect(accrual.credited).toBeGreaterThan(0);
    const twice = await ok<{ credited: number; already: boolean }>(
      await call(scheduler, 'POST', '/time-off/accruals', { month: '2027-01' }),
    );
    expect(twice).toMatchObject({ credited: 0, already: true });
    await ok(await call(scheduler, 'POST', '/time-off/accruals', { month: '2027-02' }));
    const balanceOf = async () =>
      (await ok<TimeOffBalance[]>(await call(officer, 'GET', '/time-off/balances'))).find((b) => b.type_id === vacation.id)!;
    expect(await balanceOf()).toMatchObject({ balance_hours: 20, pending_hours: 0 });

    const ask = { type_id: vacation.id, starts_on: '2027-08-09', ends_on: '2027-08-10', note: 'Fishing' };
    const preview = await ok<TimeOffPreview>(await call(officer, 'POST', '/time-off/preview', ask));
    expect(preview).toMatchObject({ hours: 16, balance_hours: 20, balance_after_hours: 4, blocked: [], capped_dates: [] });
    expect(preview.shifts.map((s) => [s.date, s.leaves_short])).toEqual([
      ['2027-08-09', true],
      ['2027-08-10', true],
    ]);
    const request = await ok<TimeOffRequest>(await call(officer, 'POST', '/time-off/requests', ask, fresh()), 201);
    expect(await balanceOf()).toMatchObject({ balance_hours: 20, pending_hours: 16 });

    // Only a time-off manager sees or decides someone else's request.
    expect((await call(colleague, 'GET', `/time-off/requests/${request.id}`)).statusCode).toBe(404);
    expect((await call(colleague, 'GET', '/time-off/requests?scope=all')).statusCode).toBe(403);
    expect(
      (await call(officer, 'POST', `/time-off/requests/${request.id}/decide`, { decision: 'approve' }, ifMatch(request.version)))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(scheduler, 'POST', `/time-off/requests/${request.id}/decide`, { decision: 'approve' }, ifMatch(request.version + 1)))
        .statusCode,
    ).toBe(412);

    const approved = await ok<TimeOffRequest>(
      await call(
        scheduler,
        'POST',
        `/time-off/requests/${request.id}/decide`,
        { decision: 'approve', note: 'Enjoy' },
        ifMatch(request.version),
      ),
    );
    expect(approved).toMatchObject({ status: 'approved', decided_by_name: 'Taylor Scheduler', decision_note: 'Enjoy' });
    expect(await balanceOf()).toMatchObject({ balance_hours: 4, pending_hours: 0 });
    const during = await roster(scheduler, '2027-08-09', '2027-08-10', `&group_id=${squad.id}`);
    expect(during.shifts.filter((s) => s.user_id === officerUser.id).map((s) => s.status)).toEqual(['time_off', 'time_off']);
    expect(during.coverage.filter((c) => c.group_id === squad.id).map((c) => c.state)).toEqual(['short', 'short']);
    expect(during.time_off).toEqual([
      expect.objectContaining({ user_name: 'Sam Officer', type_name: 'Vacation', starts_on: '2027-08-09' }),
    ]);

    const cancelled = await ok<TimeOffRequest>(
      await call(officer, 'POST', `/time-off/requests/${request.id}/cancel`, undefined, ifMatch(approved.version)),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await balanceOf()).toMatchObject({ balance_hours: 20, pending_hours: 0 });
    const after = await roster(scheduler, '2027-08-09', '2027-08-10', `&group_id=${squad.id}`);
    expect(after.coverage.filter((c) => c.group_id === squad.id).map((c) => c.state)).toEqual(['met', 'met']);

    // Blocked dates and the daily cap.
    const settings = await ok<ScheduleSettings>(await call(admin, 'GET', '/admin/settings'));
    await ok(
      await call(admin, 'PUT', '/admin/settings', {
        ...settings,
        enabled: undefined,
        time_off: { daily_cap: 1, blocked_dates: [{ date: '2027-08-20', reason: 'County fair' }] },
      }),
    );
    const blocked = await call(officer, 'POST', '/time-off/requests', { ...ask, starts_on: '2027-08-19', ends_on: '2027-08-20' }, fresh());
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().fields.starts_on).toBe('Time off cannot be taken on 2027-08-20 (County fair)');
    const colleagues = await ok<TimeOffRequest>(
      await call(colleague, 'POST', '/time-off/requests', { ...ask, starts_on: '2027-08-25', ends_on: '2027-08-25', hours: 8 }, fresh()),
      201,
    );
    await ok(
      await call(scheduler, 'POST', `/time-off/requests/${colleagues.id}/decide`, { decision: 'approve' }, ifMatch(colleagues.version)),
    );
    const capped = await ok<TimeOffPreview>(
      await call(officer, 'POST', '/time-off/preview', { ...ask, starts_on: '2027-08-25', ends_on: '2027-08-25' }),
    );
    expect(capped.capped_dates).toEqual(['2027-08-25']);
    expect(
      (await call(officer, 'POST', '/time-off/requests', { ...ask, starts_on: '2027-08-25', ends_on: '2027-08-25' }, fresh())).statusCode,
    ).toBe(400);
    await ok(await call(admin, 'PUT', '/admin/settings', { ...settings, enabled: undefined }));
  });

  it('lets a year’s end lapse what is over the carry-over when January accrues', async () => {
    const types = await ok<TimeOffType[]>(await call(officer, 'GET', '/time-off/types'));
    const personal = types.find((t) => t.name === 'Personal')!;
    await ok(
      await call(
        admin,
        'PATCH',
        `/admin/time-off-types/${personal.id}`,
        { name: 'Personal', accrual_hours_per_month: 50, max_carry_over_hours: 60 },
        ifMatch(personal.version),
      ),
    );
    await ok(await call(scheduler, 'POST', '/time-off/accruals', { month: '2027-11' }));
    await ok(await call(scheduler, 'POST', '/time-off/accruals', { month: '2027-12' }));
    const before = (await ok<TimeOffBalance[]>(await call(officer, 'GET', '/time-off/balances'))).find((b) => b.type_id === personal.id)!;
    expect(before.balance_hours).toBe(104); // January and February's 2 h each, then 50 h twice
    const january = await ok<{ lapsed: number }>(await call(scheduler, 'POST', '/time-off/accruals', { month: '2028-01' }));
    expect(january.lapsed).toBeGreaterThan(0);
    const after = (await ok<TimeOffBalance[]>(await call(officer, 'GET', '/time-off/balances'))).find((b) => b.type_id === personal.id)!;
    expect(after.balance_hours).toBe(110); // 104 capped to 60, then January's 50
  });

  it('serves a private calendar feed of my shifts that a calendar can parse, until I revoke it', async () => {
    await ok(
      await call(
        scheduler,
        'POST',
        '/shifts',
        { user_id: officerUser.id, shift_type_id: night.id, date: tomorrow(), position: 'Patrol', group_id: null, reason: '' },
        fresh(),
      ),
      201,
    );
    expect(await ok<CalendarFeed>(await call(officer, 'GET', '/feed'))).toEqual({ url: null, created_at: null });
    const feed = await ok<CalendarFeed>(await call(officer, 'POST', '/feed'));
    const path = new URL(feed.url!).pathname;
    const ics = await server.request({ method: 'GET', url: path });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const events = ics.body.split('BEGIN:VEVENT').slice(1);
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(events.some((event) => /SUMMARY:N shift/.test(event) && /DTSTART:\d{8}T\d{6}Z/.test(event))).toBe(true);
    expect(ics.body).not.toContain('Pat Colleague');
    // A new address replaces the old; revoking ends it.
    const second = await ok<CalendarFeed>(await call(officer, 'POST', '/feed'));
    expect((await server.request({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await call(officer, 'DELETE', '/feed')).statusCode).toBe(204);
    expect((await server.request({ method: 'GET', url: new URL(second.url!).pathname })).statusCode).toBe(404);
  });

  it('shows an officer their next shifts on home and the scheduler what waits for them', async () => {
    const home = await ok<{ next_shifts: Shift[]; time_off_to_decide: number }>(await call(officer, 'GET', '/home'));
    expect(home.next_shifts.length).toBeGreaterThan(0);
    expect(home.time_off_to_decide).toBe(0);
    await ok(
      await call(
        colleague,
        'POST',
        '/time-off/requests',
        {
          type_id: (await ok<TimeOffType[]>(await call(officer, 'GET', '/time-off/types')))[0]!.id,
          starts_on: '2027-09-01',
          ends_on: '2027-09-01',
          hours: 8,
        },
        fresh(),
      ),
      201,
    );
    expect((await ok<{ time_off_to_decide: number }>(await call(scheduler, 'GET', '/home'))).time_off_to_decide).toBeGreaterThan(0);
  });

  it('tells every open roster of the agency, live, which dates a saved day note changed, and no other agency', async () => {
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const watching = await openStream(base, officer);
    const elsewhere = await openStream(base, outsider);
    try {
      for (const stream of [watching, elsewhere]) await stream.next((m) => m.event === 'ready');
      await ok(
        await call(scheduler, 'PUT', '/day-notes/2027-03-04', {
          note: 'Parade on Main St: two cars at the bridge',
          officer_in_charge_id: null,
        }),
      );
      const changed = await watching.next((m) => m.event === 'schedule.roster');
      expect(JSON.parse(changed.data)).toEqual({ from: '2027-03-04', to: '2027-03-04' });
      // A second note, once the officer's stream has it, marks the point by which a leak to the other agency would have come.
      await ok(await call(scheduler, 'PUT', '/day-notes/2027-03-05', { note: 'Quiet', officer_in_charge_id: null }));
      await watching.next((m) => m.data.includes('2027-03-05'));
      expect(elsewhere.messages.map((m) => m.event)).toEqual(['ready']);
    } finally {
      watching.close();
      elsewhere.close();
    }
  });

  it('shows each change on a roster read again at once, however often the same month was read before, and never another agency’s', async () => {
    const month = () => roster(scheduler, '2027-10-01', '2027-10-31');
    expect((await month()).shifts).toEqual([]);
    const shift = await ok<Shift>(
      await call(
        scheduler,
        'POST',
        '/shifts',
        { user_id: officerUser.id, shift_type_id: day.id, date: '2027-10-05', position: 'Patrol', group_id: null, reason: 'Festival' },
        fresh(),
      ),
      201,
    );
    const read = await month();
    expect(read.shifts.map((s) => [s.id, s.user_name])).toEqual([[shift.id, 'Sam Officer']]);
    // Read again with nothing changed: the same roster.
    expect(await month()).toEqual(read);
    // The officer's new name, on the roster the next time anyone reads it.
    const renamed = await server.request({
      method: 'PUT',
      url: '/auth/v1/user',
      token: officer.access_token,
      payload: { name: 'Sam Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await month()).shifts[0]).toMatchObject({ id: shift.id, user_name: 'Sam Renamed' });
    await ok(await call(scheduler, 'PUT', '/day-notes/2027-10-05', { note: 'Harvest festival downtown', officer_in_charge_id: null }));
    expect((await month()).day_notes.map((n) => n.note)).toEqual(['Harvest festival downtown']);
    // A change made in the database itself (an operator's fix), not through the API.
    await server.database.owner.execute(sql`update schedule_shifts set note = 'Fixed by the operator' where id = ${shift.id}`);
    expect((await month()).shifts[0]?.note).toBe('Fixed by the operator');
    // The shift in another agency's roster of the same month: never.
    expect((await roster(outsider, '2027-10-01', '2027-10-31')).shifts).toEqual([]);
    // The agency's time zone is its configuration's, not the kept roster's.
    expect((await month()).timezone).toBe('America/Chicago');
    const current = await server.request({ method: 'GET', url: '/rest/v1/admin/agency', token: admin.access_token });
    const moved = await server.request({
      method: 'PATCH',
      url: '/rest/v1/admin/agency',
      token: admin.access_token,
      headers: { 'if-match': current.headers.etag as string },
      payload: { timezone: 'America/Denver' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await month()).toMatchObject({ timezone: 'America/Denver', shifts: [{ id: shift.id, note: 'Fixed by the operator' }] });
  });
});

function tomorrow(): string {
  return new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
}
