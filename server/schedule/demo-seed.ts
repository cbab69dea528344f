import { and, eq, gte, lte } from 'drizzle-orm';
import crypto from 'node:crypto';
import type { ScheduleSettings } from '../../core/contracts/schedule.ts';
import { addDays, rotationDates, shiftInstants } from '../../core/schedule/schedule-rules.ts';
import { userRoles } from '../db/schema.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import type { Tx } from '../platform/database.ts';
import type { DemoAgency } from '../platform/modules.ts';
import { activeRoleMembers, roleFromTemplate } from '../platform/people.ts';
import { claimEmail, insertUser } from '../platform/users.ts';
import {
  scheduleAssignments,
  scheduleDayNotes,
  scheduleGroups,
  scheduleMinimums,
  schedules,
  scheduleShiftChanges,
  scheduleShifts,
  scheduleShiftTypes,
  timeOffLedger,
  timeOffRequests,
} from './schema.ts';
import { seedDemoAllcalls } from './allcall-demo.ts';
import { agencyToday, scheduleSettingsOf } from './settings.ts';
import { seedDemoOvertime } from './overtime-demo.ts';
import { insertShifts } from './shift-queries.ts';
import { listTimeOffTypes } from './setup-queries.ts';
import { seedDemoTrades } from './trades-demo.ts';

/**
 * The demo's scheduling: day (06-18), night (18-06) and an evening power shift (14-00); a patrol
 * schedule from January of this year to the end of next with four squads on a 2-2-3 Pitman rotation
 * (A and B days, C and D nights, each pair on opposite weeks), their shifts from two months back to
 * four ahead, minimum staffing, day notes, a few sick calls, time off in every state and balances.
 * Riverside's sworn demo users (sergeant@, officer@, fto@, trainee@, scheduler@) are on squads A and B;
 * the rest of the patrol division are roster-only people (no sign-in: no password).
 */

const ROSTER: Array<{ name: string; badge: string; rank: string; squad: 'A' | 'B' | 'C' | 'D'; position: string }> = [
  { name: 'Jordan Alvarez', badge: '3120', rank: 'Officer', squad: 'A', position: 'Patrol' },
  { name: 'Emma Lindqvist', badge: '3142', rank: 'Officer', squad: 'A', position: 'K9' },
  { name: 'Marcus Webb', badge: '3155', rank: 'Officer', squad: 'B', position: 'Patrol' },
  { name: 'Priya Raman', badge: '3161', rank: 'Officer', squad: 'B', position: 'Patrol' },
  { name: 'Luis Ortega', badge: '3170', rank: 'Officer', squad: 'B', position: 'Patrol' },
  { name: 'Hannah Kowalski', badge: '3178', rank: 'Officer', squad: 'B', position: 'Traffic' },
  { name: 'Derek Osei', badge: '2150', rank: 'Sergeant', squad: 'C', position: 'Sergeant' },
  { name: 'Nina Petrova', badge: '3190', rank: 'Officer', squad: 'C', position: 'Patrol' },
  { name: 'Tyrell Jackson', badge: '3194', rank: 'Officer', squad: 'C', position: 'Patrol' },
  { name: 'Grace Kim', badge: '3202', rank: 'Officer', squad: 'C', position: 'Patrol' },
  { name: 'Owen Murphy', badge: '3207', rank: 'Officer', squad: 'C', position: 'K9' },
  { name: 'Sofia Mendes', badge: '2162', rank: 'Sergeant', squad: 'D', position: 'Sergeant' },
  { name: 'Ben Harper', badge: '3215', rank: 'Officer', squad: 'D', position: 'Patrol' },
  { name: 'Aisha Bello', badge: '3221', rank: 'Officer', squad: 'D', position: 'Patrol' },
  { name: 'Kyle Brennan', badge: '3230', rank: 'Officer', squad: 'D', position: 'Patrol' },
  { name: 'Mei Tanaka', badge: '3236', rank: 'Officer', squad: 'D', position: 'Traffic' },
];

/** The demo users by role template, and where each stands on the roster. */
const DEMO_PLACES: Array<{ role: string; squad: 'A' | 'B'; position: string; supervises?: boolean }> = [
  { role: 'sergeant', squad: 'A', position: 'Sergeant', supervises: true },
  { role: 'officer', squad: 'A', position: 'Patrol' },
  { role: 'field-training-officer', squad: 'A', position: 'Field training officer' },
  { role: 'trainee', squad: 'A', position: 'Trainee' },
  { role: 'scheduler', squad: 'B', position: 'Sergeant', supervises: true },
];

export async function seedDemoSchedule(tx: Tx, { agencyId, size }: DemoAgency): Promise<void> {
  const sysConfig = await lockSysConfig(tx, agencyId);
  const timeZone = sysConfig.general_settings.timezone;
  const settings: ScheduleSettings = {
    ...scheduleSettingsOf(sysConfig),
    week_starts_on: 0,
    rules: { overlap: { action: 'block' }, min_rest: { action: 'warn', hours: 8 }, max_hours: { action: 'approve', hours: 60, days: 7 } },
    time_off: {
      daily_cap: 3,
      blocked_dates: [
        { date: `${new Date().getUTCFullYear()}-12-31`, reason: 'New Year’s Eve: all hands' },
        { date: `${new Date().getUTCFullYear() + 1}-07-04`, reason: 'Independence Day parade and fireworks' },
      ],
    },
  };
  await writeSysConfig(tx, agencyId, {
    ...sysConfig,
    schedule_settings: { ...sysConfig.schedule_settings, ...settings, enabled: sysConfig.schedule_settings.enabled },
  });

  const [day, night, evening] = await tx
    .insert(scheduleShiftTypes)
    .values([
      { agencyId, code: 'D', name: 'Day', color: '#1c7ed6', startTime: '06:00', endTime: '18:00' },
      { agencyId, code: 'N', name: 'Night', color: '#5f3dc4', startTime: '18:00', endTime: '06:00' },
      { agencyId, code: 'E', name: 'Evening power shift', color: '#e8590c', startTime: '14:00', endTime: '00:00' },
    ])
    .returning();
  const today = agencyToday({ sysConfig });
  const year = Number(today.slice(0, 4));
  const [schedule] = await tx
    .insert(schedules)
    .values({ agencyId, name: `Patrol ${year}–${year + 1}`, startsOn: `${year}-01-01`, endsOn: `${year + 1}-12-31` })
    .returning();

  // Who is on the roster: the sworn demo users, and (in the large demo) the rest of the division.
  const members: Array<{ userId: string; squad: 'A' | 'B' | 'C' | 'D'; position: string; supervises: boolean }> = [];
  for (const place of DEMO_PLACES) {
    const role = await roleFromTemplate(tx, agencyId, place.role);
    const person = role ? (await activeRoleMembers(tx, agencyId, role.id)).find((p) => p.accountType === 'full') : undefined;
    if (person) members.push({ userId: person.id, squad: place.squad, position: place.position, supervises: place.supervises === true });
  }
  if (size === 'large') {
    const officerRole = await roleFromTemplate(tx, agencyId, 'officer');
    for (const entry of ROSTER) {
      const id = crypto.randomUUID();
      const email = `${entry.name.toLowerCase().replace(/[^a-z]+/g, '.')}@riverside.example`;
      if (!(await claimEmail(tx, email, id))) continue;
      await insertUser(tx, {
        agencyId,
        id,
        email,
        passwordHash: null,
        emailConfirmedAt: new Date(),
        name: entry.name,
        badgeNumber: entry.badge,
        rank: entry.rank,
        accountType: 'full',
        status: 'active',
      });
      if (officerRole) await tx.insert(userRoles).values({ agencyId, userId: id, roleId: officerRole.id });
      members.push({ userId: id, squad: entry.squad, position: entry.position, supervises: entry.position === 'Sergeant' });
    }
  }
  if (members.length === 0) return;

  // The Pitman cycle starts on the Sunday on or before January 1st; B and D work A's and C's days off.
  const jan1 = `${year}-01-01`;
  const anchor = addDays(jan1, -new Date(`${jan1}T00:00:00Z`).getUTCDay());
  const squads = {
    A: { type: day!, anchor },
    B: { type: day!, anchor: addDays(anchor, 7) },
    C: { type: night!, anchor },
    D: { type: night!, anchor: addDays(anchor, 7) },
  } as const;
  const groupIds = new Map<string, string>();
  for (const [letter, squad] of Object.entries(squads)) {
    const supervisor = members.find((m) => m.squad === letter && m.supervises);
    const inSquad = members.filter((m) => m.squad === letter);
    if (inSquad.length === 0) continue;
    const [group] = await tx
      .insert(scheduleGroups)
      .values({
        agencyId,
        scheduleId: schedule!.id,
        name: `Squad ${letter} (${squad.type.name.toLowerCase()}s)`,
        supervisorId: supervisor?.userId ?? null,
        rotation: { pattern: 'pitman', custom_days: null, anchor_date: squad.anchor, shift_type_id: squad.type.id },
      })
      .returning({ id: scheduleGroups.id });
    groupIds.set(letter, group!.id);
    await tx
      .insert(scheduleAssignments)
      .values(inSquad.map((m) => ({ agencyId, groupId: group!.id, userId: m.userId, position: m.position })));
  }

  await tx.insert(scheduleMinimums).values([
    { agencyId, shiftTypeId: day!.id, groupId: null, position: 'Sergeant', minimum: 1 },
    { agencyId, shiftTypeId: day!.id, groupId: null, position: 'Patrol', minimum: size === 'large' ? 3 : 1 },
    { agencyId, shiftTypeId: night!.id, groupId: null, position: 'Sergeant', minimum: 1 },
    { agencyId, shiftTypeId: night!.id, groupId: null, position: 'Patrol', minimum: size === 'large' ? 3 : 1 },
  ]);

  // Shifts from two months back to four ahead.
  const from = addDays(today, -60);
  const to = addDays(today, 120);
  const rows: Array<typeof scheduleShifts.$inferInsert> = [];
  for (const [letter, squad] of Object.entries(squads)) {
    const groupId = groupIds.get(letter);
    if (!groupId) continue;
    const clock = { start_time: squad.type.startTime, end_time: squad.type.endTime };
    const dates = rotationDates({ pattern: 'pitman', custom_days: null, anchor_date: squad.anchor }, from, to);
    for (const member of members.filter((m) => m.squad === letter))
      for (const date of dates) {
        const times = shiftInstants(date, clock, timeZone);
        rows.push({
          agencyId,
          userId: member.userId,
          groupId,
          shiftTypeId: squad.type.id,
          position: member.position,
          date,
          startsAt: times.startsAt,
          endsAt: times.endsAt,
          fromRotation: true,
        });
      }
  }
  await insertShifts(tx, rows);

  const scheduler = members.find((m) => m.position === 'Sergeant' && m.squad === 'B')?.userId ?? members[0]!.userId;
  const byName = (squad: string, position: string) => members.filter((m) => m.squad === squad && m.position === position);
  const shiftOf = (userId: string, onOrAfter: string) =>
    rows.filter((r) => r.userId === userId && r.date >= onOrAfter).sort((a, b) => a.date.localeCompare(b.date))[0];

  // A few sick calls in the past and one next week, each with its history; an evening power shift for the Friday parade.
  const changes: Array<typeof scheduleShiftChanges.$inferInsert> = [];
  const sick = [byName('C', 'Patrol')[0], byName('D', 'Patrol')[1], byName('A', 'Patrol')[0], byName('C', 'Patrol')[1]].filter(Boolean);
  for (const [index, member] of sick.entries()) {
    const shift = shiftOf(member!.userId, addDays(today, index === 3 ? 3 : -40 + index * 12));
    if (!shift) continue;
    await tx.update(scheduleShifts).set({ status: 'sick', fromRotation: false, note: 'Called in sick' }).where(sqlEq(shift));
    changes.push({
      agencyId,
      userId: member!.userId,
      shiftDate: shift.date,
      actorId: scheduler,
      action: 'status_changed',
      summary: `Marked the ${shift.date} shift sick`,
      reason: 'Called in at the start of the shift',
    });
  }
  const powerShiftDay = addDays(today, (5 - new Date(`${today}T00:00:00Z`).getUTCDay() + 7) % 7 || 7);
  const extra = members.find((m) => m.position === 'Traffic') ?? members[0]!;
  const power = shiftInstants(powerShiftDay, { start_time: evening!.startTime, end_time: evening!.endTime }, timeZone);
  await tx
    .insert(scheduleShifts)
    .values({
      agencyId,
      userId: extra.userId,
      groupId: null,
      shiftTypeId: evening!.id,
      position: extra.position,
      date: powerShiftDay,
      startsAt: power.startsAt,
      endsAt: power.endsAt,
      note: 'Downtown bar close detail',
    })
    .onConflictDoNothing();
  changes.push({
    agencyId,
    userId: extra.userId,
    shiftDate: powerShiftDay,
    actorId: scheduler,
    action: 'assigned',
    summary: `Assigned an E shift on ${powerShiftDay}`,
    reason: 'Bar-close detail on Main Street',
  });
  changes.push({
    agencyId,
    userId: null,
    shiftDate: from,
    actorId: scheduler,
    action: 'generated',
    summary: `Generated the four squads’ Pitman shifts from ${from} to ${to}`,
    reason: '',
  });
  await tx.insert(scheduleShiftChanges).values(changes);
  await seedDemoTrades(tx, agencyId);
  await seedDemoAllcalls(tx, agencyId);

  const oic = (members.find((m) => m.supervises) ?? members[0]!).userId;
  await tx.insert(scheduleDayNotes).values([
    {
      agencyId,
      date: today,
      note: 'Roll call 05:45 in the briefing room. Road work on Riverside Drive: expect detours.',
      officerInChargeId: oic,
    },
    {
      agencyId,
      date: addDays(today, 1),
      note: 'Youth football final at Memorial Field, 18:00: two units for traffic after the game.',
      officerInChargeId: oic,
    },
    { agencyId, date: powerShiftDay, note: 'Bar-close detail downtown, 23:00 to 02:30.', officerInChargeId: scheduler },
  ]);

  // Balances: an opening balance at the start of the year and each month's accrual since.
  const types = await listTimeOffTypes(tx, agencyId);
  const vacation = types.find((t) => t.name === 'Vacation');
  const sickType = types.find((t) => t.name === 'Sick');
  const comp = types.find((t) => t.name === 'Comp time');
  if (!vacation || !sickType || !comp) return;
  const ledger: Array<typeof timeOffLedger.$inferInsert> = [];
  const months = Number(today.slice(5, 7));
  for (const [index, member] of members.entries()) {
    ledger.push({ agencyId, userId: member.userId, typeId: vacation.id, hours: 40 + (index % 5) * 8, entry: 'opening' });
    ledger.push({ agencyId, userId: member.userId, typeId: sickType.id, hours: 96 + (index % 3) * 24, entry: 'opening' });
    ledger.push({ agencyId, userId: member.userId, typeId: comp.id, hours: (index % 4) * 6, entry: 'opening' });
    for (let month = 1; month <= months; month += 1)
      for (const type of [vacation, sickType])
        ledger.push({
          agencyId,
          userId: member.userId,
          typeId: type.id,
          hours: Number(type.accrualHoursPerMonth),
          entry: `accrual:${year}-${String(month).padStart(2, '0')}`,
        });
  }
  await tx.insert(timeOffLedger).values(ledger);

  // Requests in every state: officer@ waits for a decision, a night officer's approved week opens a gap.
  const officer = members.find((m) => m.squad === 'A' && m.position === 'Patrol' && DEMO_PLACES.length > 0);
  const hoursOf = (userId: string, start: string, end: string) =>
    rows
      .filter((r) => r.userId === userId && r.date >= start && r.date <= end)
      .reduce((sum, r) => sum + (r.endsAt!.getTime() - r.startsAt!.getTime()) / 3_600_000, 0);
  const request = async (
    userId: string,
    typeId: string,
    start: string,
    end: string,
    status: 'pending' | 'approved' | 'denied' | 'cancelled',
    note: string,
    decision = '',
  ) => {
    const hours = hoursOf(userId, start, end) || 8;
    const [row] = await tx
      .insert(timeOffRequests)
      .values({
        agencyId,
        userId,
        typeId,
        startsOn: start,
        endsOn: end,
        hours,
        note,
        status,
        decidedBy: status === 'approved' || status === 'denied' ? scheduler : null,
        decidedAt: status === 'approved' || status === 'denied' ? new Date() : null,
        decisionNote: decision,
      })
      .returning({ id: timeOffRequests.id });
    if (status === 'approved') {
      await tx.insert(timeOffLedger).values({ agencyId, userId, typeId, hours: -hours, entry: `request:${row!.id}` });
      await tx
        .update(scheduleShifts)
        .set({ status: 'time_off', timeOffId: row!.id, fromRotation: false })
        .where(sqlRange(agencyId, userId, start, end));
    }
  };
  if (officer) await request(officer.userId, vacation.id, addDays(today, 24), addDays(today, 30), 'pending', 'Family trip to Door County');
  const nightOfficer = byName('C', 'Patrol')[2] ?? byName('D', 'Patrol')[0];
  if (nightOfficer)
    await request(
      nightOfficer.userId,
      vacation.id,
      addDays(today, 5),
      addDays(today, 9),
      'approved',
      'Brother’s wedding in Milwaukee',
      'Approved. Enjoy the wedding.',
    );
  const dayOfficer = byName('B', 'Patrol')[0];
  if (dayOfficer) {
    await request(dayOfficer.userId, comp.id, addDays(today, 12), addDays(today, 12), 'pending', 'Dentist appointment');
    await request(
      dayOfficer.userId,
      vacation.id,
      `${year}-12-31`,
      `${year}-12-31`,
      'denied',
      'New Year’s Eve',
      'New Year’s Eve is all hands this year.',
    );
  }
  const k9 = byName('A', 'K9')[0];
  if (k9) await request(k9.userId, sickType.id, addDays(today, -20), addDays(today, -19), 'cancelled', 'K9 vet appointment (rescheduled)');

  // Overtime last: its gaps are the time off's, its reasons the finished roster's.
  await seedDemoOvertime(tx, agencyId);
}

function sqlEq(shift: typeof scheduleShifts.$inferInsert) {
  return and(
    eq(scheduleShifts.agencyId, shift.agencyId),
    eq(scheduleShifts.userId, shift.userId),
    eq(scheduleShifts.date, shift.date),
    eq(scheduleShifts.shiftTypeId, shift.shiftTypeId),
  );
}

function sqlRange(agencyId: string, userId: string, from: string, to: string) {
  return and(
    eq(scheduleShifts.agencyId, agencyId),
    eq(scheduleShifts.userId, userId),
    gte(scheduleShifts.date, from),
    lte(scheduleShifts.date, to),
  );
}
