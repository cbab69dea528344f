import { sql } from 'drizzle-orm';
import { addDays, rotationDates, shiftInstants } from '../../core/schedule/schedule-rules.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import { queryRows, type Tx } from '../platform/database.ts';
import type { BenchAgency } from '../platform/modules.ts';

/**
 * The scheduling part of the bench dataset: day and night shift types, a patrol schedule with four
 * squads on a Pitman rotation holding the agency's sergeants and officers, minimum staffing, and the
 * squads' shifts over the dataset's history and two months ahead (a year at the realistic rate; the
 * other agencies of the query-plan test get their share of it), a few sick calls, time off and balances.
 */

type Row = Record<string, unknown>;

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
