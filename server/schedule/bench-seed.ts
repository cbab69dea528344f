import { sql } from 'drizzle-orm';
import { addDays, rotationDates, shiftInstants } from '../../core/schedule/schedule-rules.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import { queryRows, type Tx } from '../platform/database.ts';
import type { BenchAgency } from '../platform/modules.ts';
import { seedBenchAllcalls } from './allcall-bench.ts';
import { seedBenchTrades } from './trades-bench.ts';

/**
 * The scheduling part of the bench dataset: day and night shift types, a patrol schedule with four
 * squads on a Pitman rotation holding the agency's sergeants and officers, minimum staffing, and the
 * squads' shifts over the dataset's history and two months ahead (a year at the realistic rate; the
 * other agencies of the query-plan test get their share of it), a few sick calls, time off and balances.
 */

type Row = Record<string, unknown>;
type ShiftType = { id: string; code: string; start_time: string; end_time: string };

export async function seedBenchSchedule(tx: Tx, bench: BenchAgency): Promise<void> {
  const { agencyId, random: rand } = bench;
  const timeZone = (await readSysConfig(tx, agencyId))?.general_settings.timezone ?? 'America/Chicago';
  const today = bench.now.toISOString().slice(0, 10);
  const dayType = { id: crypto.randomUUID(), code: 'D', name: 'Day', color: '#1c7ed6', start_time: '06:00', end_time: '18:00' };
  const nightType = { id: crypto.randomUUID(), code: 'N', name: 'Night', color: '#5f3dc4', start_time: '18:00', end_time: '06:00' };
  await bench.insert(
    'schedule_shift_types',
    [dayType, nightType].map((t) => ({ agency_id: agencyId, ...t, counts_toward_staffing: true })),
  );
  const scheduleId = crypto.randomUUID();
  const from = addDays(today, -Math.max(2, Math.round(bench.days * bench.activity)));
  const to = addDays(today, Math.max(2, Math.round(60 * bench.activity)));
  // The schedules of the years before, archived, as an agency that has scheduled in Precinct a while keeps them.
  const year = Number(from.slice(0, 4));
  const pastYears = [4, 3, 2, 1].map((back) => ({
    agency_id: agencyId,
    id: crypto.randomUUID(),
    name: `Patrol ${year - back}`,
    starts_on: `${year - back}-01-01`,
    ends_on: `${year - back}-12-31`,
    archived: true,
  }));
  await bench.insert('schedules', [
    ...pastYears,
    { agency_id: agencyId, id: scheduleId, name: 'Patrol', starts_on: from, ends_on: addDays(to, 365), archived: false },
  ]);

  const anchor = addDays(from, -new Date(`${from}T00:00:00Z`).getUTCDay());
  const squads = [
    { name: 'Squad A (days)', type: dayType, anchor },
    { name: 'Squad B (days)', type: dayType, anchor: addDays(anchor, 7) },
    { name: 'Squad C (nights)', type: nightType, anchor },
    { name: 'Squad D (nights)', type: nightType, anchor: addDays(anchor, 7) },
  ].map((squad) => ({ ...squad, id: crypto.randomUUID() }));
  const active = bench.people.filter((p) => p.status === 'active');
  const sergeants = active.filter((p) => p.role === 'sergeant');
  const officers = active.filter((p) => p.role === 'officer' || p.role === 'field-training-officer' || p.role === 'trainee');
  const members = [
    ...sergeants.map((p, i) => ({ person: p, squad: squads[i % 4]!, position: 'Sergeant' })),
    ...officers.map((p, i) => ({
      person: p,
      squad: squads[i % 4]!,
      position: p.role === 'trainee' ? 'Trainee' : i % 9 === 0 ? 'K9' : 'Patrol',
    })),
  ];
  await bench.insert(
    'schedule_groups',
    squads.map((squad, i) => ({
      agency_id: agencyId,
      id: squad.id,
      schedule_id: scheduleId,
      name: squad.name,
      supervisor_id: sergeants[i]?.id ?? null,
      rotation: JSON.stringify({ pattern: 'pitman', custom_days: null, anchor_date: squad.anchor, shift_type_id: squad.type.id }),
    })),
  );
  await bench.insert(
    'schedule_assignments',
    members.map((m) => ({ agency_id: agencyId, group_id: m.squad.id, user_id: m.person.id, position: m.position })),
  );
  await bench.insert(
    'schedule_minimums',
    [dayType, nightType].flatMap((t) => [
      { agency_id: agencyId, shift_type_id: t.id, position: 'Sergeant', minimum: 1 },
      { agency_id: agencyId, shift_type_id: t.id, position: 'Patrol', minimum: 8 },
    ]),
  );

  const timesOf = new Map<string, { startsAt: Date; endsAt: Date }>();
  const times = (date: string, type: typeof dayType) => {
    const key = `${date}|${type.code}`;
    let found = timesOf.get(key);
    if (!found) timesOf.set(key, (found = shiftInstants(date, type, timeZone)));
    return found;
  };
  const shifts: Row[] = [];
  for (const squad of squads) {
    const dates = rotationDates({ pattern: 'pitman', custom_days: null, anchor_date: squad.anchor }, from, to);
    for (const member of members.filter((m) => m.squad === squad))
      for (const date of dates) {
        const { startsAt, endsAt } = times(date, squad.type);
        const sick = date < today && rand() < 0.02;
        shifts.push({
          agency_id: agencyId,
          user_id: member.person.id,
          group_id: squad.id,
          shift_type_id: squad.type.id,
          position: member.position,
          date,
          starts_at: startsAt.toISOString(),
          ends_at: endsAt.toISOString(),
          status: sick ? 'sick' : 'scheduled',
          note: sick ? 'Called in sick' : '',
          from_rotation: !sick,
        });
      }
  }
  for (let i = 0; i < shifts.length; i += 2000) await bench.insert('schedule_shifts', shifts.slice(i, i + 2000));
  await seedBenchTrades(tx, bench);
  await seedBenchAllcalls(tx, bench);

  // The history the sick calls and the rotation left, and a note on every few days with the officer in charge.
  const scheduler = active.find((p) => p.role === 'scheduler') ?? active[0]!;
  const changes: Row[] = shifts
    .filter((shift) => shift.status === 'sick')
    .map((shift) => ({
      agency_id: agencyId,
      user_id: shift.user_id,
      shift_date: shift.date,
      actor_id: scheduler.id,
      action: 'status_changed',
      summary: `Marked the ${String(shift.date)} shift sick`,
      reason: 'Called in at the start of the shift',
      at: new Date(`${String(shift.date)}T05:30:00Z`).toISOString(),
    }));
  changes.push({
    agency_id: agencyId,
    user_id: null,
    shift_date: from,
    actor_id: scheduler.id,
    action: 'generated',
    summary: 'Generated the squads’ Pitman shifts',
    reason: '',
    at: new Date(`${from}T00:00:00Z`).toISOString(),
  });
  for (let i = 0; i < changes.length; i += 2000) await bench.insert('schedule_shift_changes', changes.slice(i, i + 2000));
  const notes: Row[] = [];
  for (let date = from; date <= to; date = addDays(date, 3))
    notes.push({
      agency_id: agencyId,
      date,
      note: 'Roll call 05:45 in the briefing room.',
      officer_in_charge_id: sergeants[notes.length % Math.max(1, sergeants.length)]?.id ?? null,
    });
  await bench.insert('schedule_day_notes', notes);
  await seedBenchOvertime(bench, {
    today,
    from,
    members,
    shifts,
    types: [dayType, nightType],
    times: (date, type) => times(date, type as typeof dayType),
    scheduler: scheduler.id,
  });

  // The time-off types every agency starts with (onAgencyCreated).
  const [vacation] = await queryRows<{ id: string }>(
    tx,
    sql`select id from schedule_time_off_types where agency_id = ${agencyId} and name = 'Vacation'`,
  );
  if (!vacation) return;
  await bench.insert(
    'schedule_time_off_ledger',
    members.map((m) => ({ agency_id: agencyId, user_id: m.person.id, type_id: vacation.id, hours: 80, entry: 'opening' })),
  );
  const requests = members
    .filter(() => rand() < 0.15)
    .map((m, i) => {
      const start = addDays(today, Math.floor(rand() * 60) - 20);
      const status = start < today ? 'approved' : i % 3 === 0 ? 'pending' : 'approved';
      return {
        agency_id: agencyId,
        user_id: m.person.id,
        type_id: vacation.id,
        starts_on: start,
        ends_on: addDays(start, Math.floor(rand() * 4)),
        hours: 24,
        note: 'Vacation',
        status,
      };
    });
  if (requests.length) await bench.insert('schedule_time_off_requests', requests);
}

const RULES = ['first_come', 'seniority', 'fewest_hours'] as const;
const REASONS = ['already_scheduled', 'rest_rule', 'max_hours', 'time_off'] as const;

/**
 * Overtime: everyone's seniority date and all-call tier; about four open shifts a week over the
 * history (most awarded, each awardee's shift placed and flagged overtime, with the sign-ups passed over
 * and why, or the offer round's turns; a few unfilled or cancelled) and as many holdovers and all-call
 * fills again; and open shifts of the next three weeks taking sign-ups. Awardees are people off that day.
 */
async function seedBenchOvertime(
  bench: BenchAgency,
  roster: {
    today: string;
    from: string;
    members: Array<{ person: { id: string }; position: string }>;
    shifts: Row[];
    types: ShiftType[];
    times: (date: string, type: ShiftType) => { startsAt: Date; endsAt: Date };
    scheduler: string;
  },
): Promise<void> {
  const { agencyId, random: rand } = bench;
  const { today, from, members, shifts, types, scheduler } = roster;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const at = (date: string, hours: number) => new Date(Date.parse(`${date}T12:00:00Z`) + hours * 3_600_000).toISOString();
  await bench.insert(
    'schedule_people',
    members.map((m) => ({
      agency_id: agencyId,
      user_id: m.person.id,
      seniority_date: addDays(today, -Math.floor(rand() * 25 * 365) - 30),
      all_call_tier: 1 + Math.floor(rand() * 3),
    })),
  );
  const patrol = members.filter((m) => m.position === 'Patrol').map((m) => m.person.id);
  if (patrol.length < 4) return;
  const working = new Set(shifts.map((shift) => `${String(shift.user_id)}|${String(shift.date)}`));

  const posted: Row[] = [];
  const signups: Row[] = [];
  const offers: Row[] = [];
  const worked: Row[] = [];
  /** A shift worked as overtime by someone off that day (and now working it). */
  const work = (userId: string, date: string, type: ShiftType, note: string) => {
    const { startsAt, endsAt } = roster.times(date, type);
    working.add(`${userId}|${date}`);
    worked.push({
      agency_id: agencyId,
      user_id: userId,
      shift_type_id: type.id,
      position: 'Patrol',
      date,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      status: 'scheduled',
      note,
      from_rotation: false,
      overtime: true,
    });
  };

  const historyDays = Math.max(1, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
  const past = Math.round((historyDays / 7) * 4);
  for (let i = 0; i < past; i += 1) {
    const date = addDays(from, Math.floor(rand() * historyDays));
    const type = pick(types);
    const { startsAt, endsAt } = roster.times(date, type);
    const id = crypto.randomUUID();
    const mode = rand() < 0.8 ? 'signup' : 'offer';
    const roll = rand();
    const status = roll < 0.88 ? 'awarded' : roll < 0.95 ? 'unfilled' : 'cancelled';
    const slots = rand() < 0.85 ? 1 : 2;
    const deadline = new Date(startsAt.getTime() - 24 * 3_600_000).toISOString();
    posted.push({
      agency_id: agencyId,
      id,
      shift_type_id: type.id,
      position: 'Patrol',
      date,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      slots,
      note: 'Patrol short: bench',
      rule: pick(RULES),
      mode,
      signup_deadline: mode === 'offer' ? startsAt.toISOString() : deadline,
      offer_wait_minutes: 30,
      status,
      from_gap: rand() < 0.5,
      created_by: scheduler,
      closed_at: deadline,
      created_at: at(date, -24 * 5),
      updated_at: deadline,
    });
    const people = [...new Set(Array.from({ length: 2 + Math.floor(rand() * 6) }, () => pick(patrol)))];
    let awarded = 0;
    for (const [turn, userId] of people.entries()) {
      const busy = working.has(`${userId}|${date}`);
      const takes = status === 'awarded' && awarded < slots && !busy;
      if (takes) {
        awarded += 1;
        work(userId, date, type, 'Patrol short: bench');
      }
      const reason = status !== 'cancelled' && !takes && (busy || awarded < slots) ? (busy ? 'already_scheduled' : pick(REASONS)) : null;
      if (mode === 'signup')
        signups.push({
          agency_id: agencyId,
          overtime_id: id,
          user_id: userId,
          status: status === 'cancelled' ? 'signed_up' : takes ? 'awarded' : 'passed',
          skip_reason: reason,
          signed_up_at: at(date, -24 * 4 + turn),
          decided_at: status === 'cancelled' ? null : deadline,
        });
      else {
        const offered = !reason;
        offers.push({
          agency_id: agencyId,
          overtime_id: id,
          user_id: userId,
          turn: turn + 1,
          status: status === 'cancelled' || (awarded >= slots && !takes) ? 'waiting' : takes ? 'accepted' : reason ? 'skipped' : 'declined',
          skip_reason: reason,
          offered_at: offered ? at(date, -24 + turn) : null,
          expires_at: offered ? at(date, -24 + turn + 0.5) : null,
          answered_at: status === 'cancelled' ? null : at(date, -24 + turn + 0.25),
        });
      }
    }
    if (status === 'awarded' && awarded === 0) posted[posted.length - 1]!.status = 'unfilled';
  }
  // Holdovers and all-call fills: as many again, not posted.
  for (let i = 0; i < past; i += 1) {
    const date = addDays(from, Math.floor(rand() * historyDays));
    const userId = pick(patrol);
    if (!working.has(`${userId}|${date}`)) work(userId, date, pick(types), rand() < 0.5 ? 'Holdover' : 'All-call fill');
  }

  // Open shifts of the next three weeks, taking sign-ups.
  const open = Math.max(2, Math.round(12 * bench.activity));
  for (let i = 0; i < open; i += 1) {
    const date = addDays(today, 1 + Math.floor(rand() * 21));
    const type = pick(types);
    const { startsAt, endsAt } = roster.times(date, type);
    const id = crypto.randomUUID();
    posted.push({
      agency_id: agencyId,
      id,
      shift_type_id: type.id,
      position: 'Patrol',
      date,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      slots: rand() < 0.7 ? 1 : 2,
      note: 'Patrol short: bench',
      rule: pick(RULES),
      mode: 'signup',
      signup_deadline: new Date(startsAt.getTime() - 24 * 3_600_000).toISOString(),
      offer_wait_minutes: 30,
      status: 'open',
      from_gap: rand() < 0.5,
      created_by: scheduler,
      closed_at: null,
      created_at: at(today, -24 * Math.floor(rand() * 5)),
      updated_at: at(today, 0),
    });
    const people = [...new Set(Array.from({ length: Math.floor(rand() * 9) }, () => pick(patrol)))];
    for (const [turn, userId] of people.entries())
      signups.push({ agency_id: agencyId, overtime_id: id, user_id: userId, status: 'signed_up', signed_up_at: at(today, -turn - 1) });
  }

  await bench.insert('schedule_overtime_shifts', posted);
  for (let i = 0; i < signups.length; i += 2000) await bench.insert('schedule_overtime_signups', signups.slice(i, i + 2000));
  if (offers.length) await bench.insert('schedule_overtime_offers', offers);
  for (let i = 0; i < worked.length; i += 2000) await bench.insert('schedule_shifts', worked.slice(i, i + 2000));
}
