import { adminApi } from '../../core/contracts/admin.ts';
import { authApi } from '../../core/contracts/auth-api.ts';
import { scheduleApi } from '../../core/contracts/schedule.ts';
import { allcallApi } from '../../core/contracts/schedule-allcall.ts';
import { overtimeApi } from '../../core/contracts/schedule-overtime.ts';
import { tradesApi } from '../../core/contracts/schedule-trades.ts';
import type { EndpointCaller } from '../platform/modules.ts';

/**
 * Records of agency B for the tenant sweep (server/platform/sweeps.test.ts), made through the API as its
 * administrator: a shift type, a schedule with a group on a rotation, the administrator in it, a
 * generated week of shifts, a time-off type and a request, and a trade giving a shift to a colleague, an all-call and an open overtime shift signed up for.
 */
export async function sweepFixtures(call: EndpointCaller): Promise<string[]> {
  const key = () => ({ 'idempotency-key': crypto.randomUUID() });
  const me = await call(authApi.getUser);
  const type = await call(scheduleApi.createShiftType, {
    body: { code: 'SW', name: 'Sweep day', color: '#1c7ed6', start_time: '07:00', end_time: '15:00', counts_toward_staffing: true },
    headers: key(),
  });
  const schedule = await call(scheduleApi.createSchedule, {
    body: { name: 'Sweep schedule', starts_on: '2027-01-01', ends_on: '2027-12-31' },
    headers: key(),
  });
  const group = await call(scheduleApi.createGroup, {
    body: {
      schedule_id: schedule.id,
      name: 'Sweep squad',
      supervisor_id: me.id,
      rotation: { pattern: 'five_on_two_off', custom_days: null, anchor_date: '2027-01-04', shift_type_id: type.id },
    },
    headers: key(),
  });
  const assignment = await call(scheduleApi.createAssignment, {
    body: { group_id: group.id, user_id: me.id, position: 'Patrol' },
    headers: key(),
  });
  await call(scheduleApi.generateShifts, { params: { id: group.id }, body: { from: '2027-01-04', to: '2027-01-10' } });
  const roster = await call(scheduleApi.roster, { query: { from: '2027-01-04', to: '2027-01-10' } });
  const [typeOff] = await call(scheduleApi.timeOffTypes);
  const request = await call(scheduleApi.requestTimeOff, {
    body: { type_id: typeOff!.id, starts_on: '2027-01-09', ends_on: '2027-01-09', hours: 8, note: 'Sweep' },
    headers: key(),
  });
  const colleague = await call(adminApi.inviteUser, {
    body: { email: `sweep-colleague-${crypto.randomUUID().slice(0, 8)}@precinct.test`, name: 'Sweep Colleague' },
  });
  const trade = await call(tradesApi.propose, {
    body: { kind: 'giveaway', shift_id: roster.shifts[1]!.id, recipient_id: colleague.id, note: 'Sweep' },
    headers: key(),
  });
  // An all-call for the administrator's day off (the Saturday of the five-on-two-off week).
  const allcall = await call(allcallApi.createAllcall, {
    body: { shift_type_id: type.id, date: '2027-01-09', position: 'Patrol', note: 'Sweep all-call' },
  });
  // An open overtime shift the administrator signed up for (the people list names them: their user id is swept too).
  const overtime = await call(overtimeApi.create, {
    body: {
      shift_type_id: type.id,
      date: '2027-01-10',
      position: 'Patrol',
      slots: 1,
      rule: 'first_come',
      mode: 'signup',
      signup_deadline: '2027-01-09T00:00:00Z',
    },
    headers: key(),
  });
  await call(overtimeApi.signUp, { params: { id: overtime.id }, headers: key() });
  return [
    type.id,
    schedule.id,
    group.id,
    assignment.id,
    roster.shifts[0]!.id,
    typeOff!.id,
    request.id,
    trade.id,
    allcall.id,
    overtime.id,
    me.id,
  ];
}
