import { and, eq } from 'drizzle-orm';
import type { OvertimeRule, Shift, SkipReason } from '../../core/contracts/schedule.ts';
import { addDays, computeCoverage, datesFrom, hoursBetween, ruleFindings, shiftInstants } from '../../core/schedule/schedule-rules.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import type { Tx } from '../platform/database.ts';
import { insertNotification } from '../platform/notices.ts';
import { peopleOf } from '../platform/people.ts';
import { overtimeOffers, overtimeShifts, overtimeSignups, schedulePeople, scheduleShiftChanges, scheduleShifts } from './schema.ts';
import { agencyToday, scheduleSettingsOf } from './settings.ts';
import * as setupQueries from './setup-queries.ts';
import * as shiftQueries from './shift-queries.ts';

/**
 * The demo's overtime (Riverside, once its squads' shifts, trades and time off are in place):
 *
 * - everyone on the roster has a seniority date (sergeants and the long-serving first, the trainee last);
 * - open shifts in the coming two weeks: the night patrol gaps the approved time off and a sick call
 *   left, posted from the gap (fewest hours, seniority); a day shift officer@ has signed up for with
 *   two colleagues (seniority); an evening detail officer@ may still sign up for (first come); and a
 *   shift offered one officer at a time whose offer now waits for officer@'s answer (a few hours left,
 *   those before them in the order declined or were passed over with their reason);
 * - closed ones of the past weeks: awarded by seniority and by an offer round (the passed over with
 *   their reasons, worked out from the roster as the server would), one nobody could take, one
 *   cancelled, and one awarded for later this week;
 * - a quarter of overtime worked (holdovers, all-call fills, details), unevenly spread, so the totals
 *   and the equalisation report have something to weigh.
 *
 * Every reason and every placed shift is checked against the roster with the agency's rules, so what a
 * screen shows is what the server would have decided. The small demo (no division roster) gets none.
 */

/** Seniority dates: the sergeants and the long-serving first, the probationer last (years before today's). */
const SENIORITY: Record<string, [years: number, monthDay: string]> = {
  'Derek Osei': [20, '03-13'],
  'Sofia Mendes': [18, '08-04'],
  'Dana Ruiz': [17, '05-18'],
  'Taylor Brooks': [15, '01-10'],
  'Chris Okafor': [14, '06-25'],
  'Jordan Alvarez': [13, '09-09'],
  'Emma Lindqvist': [12, '02-03'],
  'Marcus Webb': [11, '07-20'],
  'Owen Murphy': [11, '11-02'],
  'Sam Patel': [10, '04-11'],
  'Ben Harper': [9, '01-17'],
  'Priya Raman': [9, '08-28'],
  'Nina Petrova': [8, '03-05'],
  'Hannah Kowalski': [8, '10-15'],
  'Tyrell Jackson': [7, '06-03'],
  'Luis Ortega': [6, '02-10'],
  'Aisha Bello': [6, '09-14'],
  'Grace Kim': [5, '05-24'],
  'Kyle Brennan': [4, '01-31'],
  'Mei Tanaka': [3, '07-17'],
};

/** Overtime shifts worked this quarter beside the posted ones: a few carry most of it, some none. */
const WORKED: Record<string, number> = {
  'Kyle Brennan': 7,
  'Luis Ortega': 5,
  'Aisha Bello': 4,
  'Tyrell Jackson': 3,
  'Sam Patel': 2,
  'Nina Petrova': 2,
  'Marcus Webb': 2,
  'Mei Tanaka': 2,
  'Grace Kim': 1,
  'Ben Harper': 1,
  'Hannah Kowalski': 1,
  'Owen Murphy': 1,
  'Sofia Mendes': 1,
};

const WHY_WORKED = [
  'Holdover: a late call ran past the end of the shift',
  'All-call: two out sick on the night',
  'Detail: stadium traffic after the game',
  'Court standby',
  'All-call: crash scene on the interstate',
  'Detail: school board meeting',
];

export async function seedDemoOvertime(tx: Tx, agencyId: string): Promise<void> {
  const sysConfig = await readSysConfig(tx, agencyId);
  if (!sysConfig) return;
  const settings = scheduleSettingsOf(sysConfig);
  const timeZone = sysConfig.general_settings.timezone;
  const today = agencyToday({ sysConfig });
  const now = new Date();
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  const assignments = await setupQueries.listAssignments(tx, agencyId);
  const emails = new Map((await peopleOf(tx, agencyId)).map((person) => [person.id, person.email]));
  const byEmail = (prefix: string) => assignments.find((a) => emails.get(a.user_id)?.startsWith(prefix))?.user_id;
  const officerId = byEmail('officer@');
  const schedulerId = byEmail('scheduler@') ?? byEmail('sergeant@');
  const sergeantId = byEmail('sergeant@') ?? schedulerId;
  const names = new Map(assignments.map((a) => [a.user_id, a.user_name]));
  const positionsOf = (userId: string) => new Set(assignments.filter((a) => a.user_id === userId).map((a) => a.position));
  const patrol = [...new Set(assignments.filter((a) => a.position === 'Patrol').map((a) => a.user_id))];
  if (!officerId || !schedulerId || !sergeantId || patrol.length < 8) return;

  const types = await setupQueries.listShiftTypes(tx, agencyId);
  const typeOf = (code: string) => types.find((t) => t.code === code);
  const [day, night, evening] = [typeOf('D'), typeOf('N'), typeOf('E')];
  if (!day || !night || !evening) return;
  type Type = typeof day;

  // Seniority dates for everyone on the roster (an all-call tier too, where nothing set one yet).
  const year = Number(today.slice(0, 4));
  const seniority = new Map<string, string>();
  for (const userId of new Set(assignments.map((a) => a.user_id))) {
    const name = names.get(userId)!;
    const known = SENIORITY[name];
    const date = known ? `${year - known[0]}-${known[1]}` : addDays(today, -200 - seniority.size * 97);
    seniority.set(userId, date);
    const positions = positionsOf(userId);
    const tier = positions.has('Trainee') ? 3 : positions.has('Patrol') ? 1 : 2;
    await tx
      .insert(schedulePeople)
      .values({ agencyId, userId, seniorityDate: date, allCallTier: tier })
      .onConflictDoUpdate({ target: [schedulePeople.agencyId, schedulePeople.userId], set: { seniorityDate: date } });
  }
  const bySeniority = (ids: string[]) =>
    [...ids].sort(
      (a, b) => (seniority.get(a) ?? '9999').localeCompare(seniority.get(b) ?? '9999') || names.get(a)!.localeCompare(names.get(b)!),
    );

  // The roster as the rules see it, with the overtime placed here added as it goes.
  const windowFrom = addDays(today, -100);
  const shifts: Array<Pick<Shift, 'user_id' | 'date' | 'shift_type_id' | 'status'> & { startsAt: Date; endsAt: Date; overtime?: boolean }> =
    (await shiftQueries.shiftsOnDates(tx, agencyId, addDays(windowFrom, -2), addDays(today, 30))).map((s) => ({
      ...s,
      startsAt: new Date(s.starts_at),
      endsAt: new Date(s.ends_at),
    }));
  const timeOff = await shiftQueries.approvedTimeOffBetween(tx, agencyId, windowFrom, addDays(today, 30));
  const times = (date: string, type: Type) => shiftInstants(date, { start_time: type.startTime, end_time: type.endTime }, timeZone);

  /** Why this person could not take this shift (as server/schedule/overtime.ts decides), or null. */
  const reasonFor = (userId: string, date: string, type: Type, position: string): SkipReason | null => {
    if (!positionsOf(userId).has(position)) return 'not_qualified';
    if (timeOff.some((t) => t.user_id === userId && t.starts_on <= date && t.ends_on >= date)) return 'time_off';
    if (shifts.some((s) => s.user_id === userId && s.date === date && s.shift_type_id === type.id)) return 'already_scheduled';
    const candidate = times(date, type);
    const working = shifts
      .filter((s) => s.user_id === userId && s.status === 'scheduled')
      .map((s) => ({ startsAt: s.startsAt, endsAt: s.endsAt, hours: hoursBetween(s.startsAt, s.endsAt) }));
    const findings = ruleFindings(candidate, working, settings.rules);
    if (findings.some((f) => f.rule === 'overlap')) return 'already_scheduled';
    if (findings.some((f) => f.rule === 'min_rest')) return 'rest_rule';
    if (findings.some((f) => f.rule === 'max_hours')) return 'max_hours';
    return null;
  };

  const label = (type: Type, date: string) => `${type.code} on ${date}`;
  const changes: Array<typeof scheduleShiftChanges.$inferInsert> = [];
  const notices: Array<{ userId: string; title: string; body: string; at: Date; read: boolean }> = [];
  /** Places a shift worked as overtime, with the history line the server writes. */
  const place = async (userId: string, date: string, type: Type, position: string, note: string, how: string, at: Date) => {
    const { startsAt, endsAt } = times(date, type);
    const [placed] = await tx
      .insert(scheduleShifts)
      .values({ agencyId, userId, groupId: null, shiftTypeId: type.id, position, date, startsAt, endsAt, overtime: true, note })
      .returning({ id: scheduleShifts.id });
    shifts.push({ user_id: userId, date, shift_type_id: type.id, status: 'scheduled', startsAt, endsAt, overtime: true });
    changes.push({
      agencyId,
      shiftId: placed!.id,
      userId,
      shiftDate: date,
      actorId: schedulerId,
      action: 'assigned',
      summary: `Overtime ${type.code} on ${date} as ${position} to ${names.get(userId)} (${how})`,
      reason: '',
      at,
    });
  };

  /** An open shift as a scheduler posts it: sign-ups close a day before it starts (or two hours, when sooner). */
  const post = async (values: {
    date: string;
    type: Type;
    position?: string;
    slots?: number;
    note: string;
    rule: OvertimeRule;
    mode: 'signup' | 'offer';
    status?: 'open' | 'offering' | 'awarded' | 'unfilled' | 'cancelled';
    fromGap?: boolean;
    waitMinutes?: number;
    postedAt: Date;
    by?: string;
  }) => {
    const { startsAt, endsAt } = times(values.date, values.type);
    const dayBefore = new Date(startsAt.getTime() - 24 * 3_600_000);
    const deadline =
      values.mode === 'offer'
        ? startsAt
        : dayBefore > ago(-3) || values.date < today
          ? dayBefore
          : new Date(startsAt.getTime() - 2 * 3_600_000);
    const status = values.status ?? (values.mode === 'offer' ? 'offering' : 'open');
    const [row] = await tx
      .insert(overtimeShifts)
      .values({
        agencyId,
        shiftTypeId: values.type.id,
        position: values.position ?? 'Patrol',
        date: values.date,
        startsAt,
        endsAt,
        slots: values.slots ?? 1,
        note: values.note,
        rule: values.rule,
        mode: values.mode,
        signupDeadline: deadline,
        offerWaitMinutes: values.waitMinutes ?? settings.overtime.offer_wait_minutes,
        status,
        fromGap: values.fromGap ?? false,
        createdBy: values.by ?? schedulerId,
        closedAt: status === 'open' || status === 'offering' ? null : deadline < now ? deadline : ago(20),
        createdAt: values.postedAt,
        updatedAt: values.postedAt,
      })
      .returning({ id: overtimeShifts.id });
    return { id: row!.id, ...values, position: values.position ?? 'Patrol', deadline };
  };
  const signUp = (
    overtimeId: string,
    userId: string,
    at: Date,
    outcome: { status?: 'signed_up' | 'awarded' | 'passed'; reason?: SkipReason | null; decidedAt?: Date } = {},
  ) =>
    tx.insert(overtimeSignups).values({
      agencyId,
      overtimeId,
      userId,
      status: outcome.status ?? 'signed_up',
      skipReason: outcome.reason ?? null,
      signedUpAt: at,
      decidedAt: outcome.decidedAt ?? null,
    });
  /** Patrol officers who could take it (or not), in seniority order, leaving out those already used for it. */
  const free = (date: string, type: Type, except: string[] = []) =>
    bySeniority(patrol).filter((id) => !except.includes(id) && reasonFor(id, date, type, 'Patrol') === null);
  const blocked = (date: string, type: Type, except: string[] = []) =>
    bySeniority(patrol)
      .filter((id) => !except.includes(id))
      .map((id) => ({ id, reason: reasonFor(id, date, type, 'Patrol') }))
      .filter((c): c is { id: string; reason: SkipReason } => c.reason !== null);
  /**
   * The first date from `from` to `to` days ahead on which officer@ could take this shift type, else the
   * first in the four weeks after: on some days of the rotation the only free days of the next two weeks
   * are already taken by the demo's other overtime, and the demo must hold every kind whatever the date.
   */
  const officerFree = (from: number, to: number, type: Type, taken: string[]) => {
    const free = (date: string) => !taken.includes(date) && reasonFor(officerId, date, type, 'Patrol') === null;
    return (
      datesFrom(addDays(today, from), addDays(today, to)).find(free) ??
      datesFrom(addDays(today, to + 1), addDays(today, to + 28)).find(free)
    );
  };

  // ---------------------------------------------------------------- worked this quarter

  const month = Number(today.slice(5, 7));
  const quarterStart = `${today.slice(0, 4)}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  const from =
    quarterStart <= addDays(today, -21) ? (quarterStart < addDays(today, -84) ? addDays(today, -84) : quarterStart) : addDays(today, -45);
  const span = Math.max(1, datesFrom(from, addDays(today, -1)).length);
  for (const [name, count] of Object.entries(WORKED)) {
    const userId = [...names.entries()].find(([, n]) => n === name)?.[0];
    if (!userId) continue;
    const position = [...positionsOf(userId)][0]!;
    // Spread over the window: every few days from a different start for each person, the first free shift type that day.
    // Spread over the window (a few days apart at least), from a different start for each person.
    const apart = Math.max(2, Math.floor(span / count / 2));
    const taken: number[] = [];
    let placed = 0;
    for (let k = 0; k < span && placed < count; k += 1) {
      const index = (((name.length * 7) % span) + k) % span;
      if (taken.some((t) => Math.abs(t - index) < apart)) continue;
      const date = addDays(from, index);
      const type = [day, night, evening].find((t) => reasonFor(userId, date, t, position) === null);
      if (!type) continue;
      const why = WHY_WORKED[(placed + name.length) % WHY_WORKED.length]!;
      await place(
        userId,
        date,
        type,
        position,
        why,
        why.startsWith('All-call') ? 'accepted an all-call' : 'assigned as overtime',
        new Date(`${date}T12:00:00Z`),
      );
      if (userId === officerId)
        notices.push({
          userId,
          title: `You have overtime: ${label(type, date)} as ${position}`,
          body: why,
          at: ago(24 * (1 + daysAgo(today, date))),
          read: true,
        });
      taken.push(index);
      placed += 1;
    }
  }
  /** Overtime hours this quarter, as the rule "fewest hours" weighs them. */
  const hoursOf = (userId: string) =>
    shifts
      .filter((s) => s.overtime && s.user_id === userId && s.date >= quarterStart)
      .reduce((sum, s) => sum + hoursBetween(s.startsAt, s.endsAt), 0);
  const byHours = (ids: string[]) => [...ids].sort((a, b) => hoursOf(a) - hoursOf(b) || names.get(a)!.localeCompare(names.get(b)!));

  // ---------------------------------------------------------------- open, in the coming two weeks

  // Patrol gaps of the coming two weeks (time off, sick calls, trades) posted from the gap in one click each.
  const minimums = await setupQueries.listMinimums(tx, agencyId);
  const ahead = await shiftQueries.shiftsOnDates(tx, agencyId, addDays(today, 1), addDays(today, 13));
  const gaps = computeCoverage(datesFrom(addDays(today, 1), addDays(today, 13)), minimums, ahead).filter(
    (c) => c.state === 'short' && c.position === 'Patrol',
  );
  const gapRules: OvertimeRule[] = ['fewest_hours', 'seniority'];
  const usedDates: string[] = [];
  for (const [index, gap] of gaps
    .filter((g, i) => gaps.findIndex((h) => h.date === g.date) === i)
    .slice(0, 2)
    .entries()) {
    const type = types.find((t) => t.id === gap.shift_type_id)!;
    const ot = await post({
      date: gap.date,
      type,
      slots: Math.min(2, gap.minimum - gap.scheduled),
      note: `${type.name} patrol below minimum: ${gap.scheduled} of ${gap.minimum} cars on the roster.${index === 0 ? ' Posted from the roster’s gap.' : ''}`,
      rule: gapRules[index]!,
      mode: 'signup',
      fromGap: true,
      postedAt: ago(30 - index * 6),
    });
    usedDates.push(gap.date);
    for (const [turn, userId] of free(gap.date, type, [officerId])
      .slice(0, 3 - index)
      .entries())
      await signUp(ot.id, userId, ago(20 - turn * 5));
  }

  // A day shift officer@ has signed up for, with two colleagues (seniority decides at the deadline).
  const signedDate = officerFree(3, 13, day, usedDates);
  if (signedDate) {
    usedDates.push(signedDate);
    const ot = await post({
      date: signedDate,
      type: day,
      slots: 1,
      note: 'Day patrol cover: two of B squad are at the firearms requalification.',
      rule: 'seniority',
      mode: 'signup',
      postedAt: ago(50),
    });
    await signUp(ot.id, officerId, ago(26));
    for (const [turn, userId] of free(signedDate, day, [officerId]).slice(0, 2).entries()) await signUp(ot.id, userId, ago(40 - turn * 9));
  }

  // An evening detail officer@ may still sign up for (first come, two places, one taken).
  const openDate = officerFree(1, 13, evening, usedDates);
  if (openDate) {
    usedDates.push(openDate);
    const ot = await post({
      date: openDate,
      type: evening,
      slots: 2,
      note: 'Downtown holiday market: foot patrol on Main Street, 14:00 to midnight.',
      rule: 'first_come',
      mode: 'signup',
      postedAt: ago(8),
      by: sergeantId,
    });
    const [first] = free(openDate, evening, [officerId]).reverse();
    if (first) await signUp(ot.id, first, ago(5));
  }

  // Offered one at a time by seniority: those before officer@ declined or could not take it; officer@'s answer is due in a few hours.
  const offerDate = officerFree(1, 12, night, usedDates) ?? officerFree(1, 12, day, usedDates);
  if (offerDate) {
    usedDates.push(offerDate);
    const type = reasonFor(officerId, offerDate, night, 'Patrol') === null ? night : day;
    const wait = 240;
    const ot = await post({
      date: offerDate,
      type,
      slots: 1,
      note: 'Extra night car for the weekend DUI enforcement grant.',
      rule: 'seniority',
      mode: 'offer',
      waitMinutes: wait,
      postedAt: ago(6),
    });
    // Each before officer@ was passed over at once (with the reason) or declined within half an hour; officer@'s offer went out 50 minutes ago.
    const order = bySeniority(patrol);
    const mine = order.indexOf(officerId);
    const reasons = order.map((userId, index) => (index < mine ? reasonFor(userId, offerDate, type, 'Patrol') : null));
    const offeredAt = ago(50 / 60);
    let at = new Date(offeredAt.getTime() - reasons.slice(0, mine).filter((r) => r === null).length * 25 * 60_000);
    const turns: Array<typeof overtimeOffers.$inferInsert> = [];
    for (const [index, userId] of order.entries()) {
      const turn = { agencyId, overtimeId: ot.id, userId, turn: index + 1 };
      if (index > mine) turns.push({ ...turn, status: 'waiting' });
      else if (index === mine)
        turns.push({ ...turn, status: 'offered', offeredAt, expiresAt: new Date(offeredAt.getTime() + wait * 60_000) });
      else if (reasons[index]) turns.push({ ...turn, status: 'skipped', skipReason: reasons[index], answeredAt: at });
      else {
        const answeredAt = new Date(at.getTime() + 25 * 60_000);
        turns.push({ ...turn, status: 'declined', offeredAt: at, expiresAt: new Date(at.getTime() + wait * 60_000), answeredAt });
        at = answeredAt;
      }
    }
    await tx.insert(overtimeOffers).values(turns);
    notices.push({
      userId: officerId,
      title: `Overtime offered to you: ${label(type, offerDate)} as Patrol`,
      body: `It is yours if you accept within ${wait} minutes; after that it goes to the next officer.`,
      at: offeredAt,
      read: false,
    });
  }

  // ---------------------------------------------------------------- closed, in the past weeks

  /** Awards a signed-up shift as the server does: in the rule's order, the ineligible passed over with their reason. */
  const awardSignups = async (ot: Awaited<ReturnType<typeof post>>, candidates: string[], decidedAt: Date) => {
    let awarded = 0;
    for (const [index, userId] of candidates.entries()) {
      const reason = awarded < (ot.slots ?? 1) ? reasonFor(userId, ot.date, ot.type, ot.position) : null;
      const taken = awarded < (ot.slots ?? 1) && reason === null;
      if (taken) {
        awarded += 1;
        await place(userId, ot.date, ot.type, ot.position, ot.note.slice(0, 300), `by ${ot.rule.replace('_', ' ')}`, decidedAt);
        if (userId === officerId)
          notices.push({
            userId,
            title: `You have overtime: ${label(ot.type, ot.date)} as ${ot.position}`,
            body: '',
            at: decidedAt,
            read: true,
          });
      } else if (userId === officerId)
        notices.push({
          userId,
          title: `Overtime ${label(ot.type, ot.date)} went to someone else`,
          body: reason ? 'You were passed over.' : 'Every place was filled before your turn.',
          at: decidedAt,
          read: true,
        });
      await signUp(ot.id, userId, new Date(ot.postedAt.getTime() + (index + 1) * 2_400_000), {
        status: taken ? 'awarded' : 'passed',
        reason: taken ? null : reason,
        decidedAt,
      });
    }
    if (awarded === 0) await tx.update(overtimeShifts).set({ status: 'unfilled' }).where(eqShift(agencyId, ot.id));
    return awarded;
  };

  // Awarded by seniority: the most senior to sign up were working then or too close to their own shift.
  /** The first past date (from `days` ago, going back) on which `ok` holds for the shift type. */
  const findDate = (days: number, type: Type, ok: (date: string) => boolean) =>
    datesFrom(addDays(today, -days - 20), addDays(today, -days))
      .reverse()
      .find((date) => !closedDates.includes(date) && ok(date));
  const closedDates: string[] = [];
  /** Those who could not take it, each with someone junior to them who could (so the order shows the reason before the award). */
  const passedThenAwarded = (date: string, type: Type) => {
    const able = free(date, type);
    const senior = blocked(date, type)
      .filter((b) => able.some((id) => bySeniority([id, b.id])[1] === id))
      .slice(0, 2);
    const junior = able.filter((id) => senior.length > 0 && bySeniority([id, ...senior.map((s) => s.id)]).at(-1) === id);
    return { senior, junior };
  };
  for (const [days, type, note] of [
    [8, night, 'Night patrol cover for the county fair weekend.'],
    [22, day, 'Day patrol short: two at the state training academy.'],
  ] as const) {
    const date = findDate(days, type, (d) => passedThenAwarded(d, type).junior.length > 0) ?? addDays(today, -days);
    closedDates.push(date);
    const ot = await post({
      date,
      type,
      note,
      rule: 'seniority',
      mode: 'signup',
      status: 'awarded',
      postedAt: new Date(times(date, type).startsAt.getTime() - 5 * 86_400_000),
    });
    const { senior, junior } = passedThenAwarded(date, type);
    await awardSignups(ot, bySeniority([...senior.map((s) => s.id), ...junior.slice(0, 2)]), ot.deadline);
  }

  // Awarded in an offer round by fewest hours: the first passed over, the second declined, the third accepted.
  {
    const date = findDate(14, night, (d) => blocked(d, night).length > 0 && free(d, night).length >= 2) ?? addDays(today, -16);
    closedDates.push(date);
    const ot = await post({
      date,
      type: night,
      note: 'Night patrol: the sergeant asked for a fourth car after the string of burglaries.',
      rule: 'fewest_hours',
      mode: 'offer',
      status: 'awarded',
      postedAt: new Date(times(date, night).startsAt.getTime() - 30 * 3_600_000),
    });
    const skipped = blocked(date, night)[0];
    const [declined, accepted, ...rest] = byHours(free(date, night));
    const turns = [skipped?.id, declined, accepted, ...rest.slice(0, 4)].filter((id): id is string => Boolean(id));
    const start = ot.postedAt.getTime() + 3_600_000;
    await tx.insert(overtimeOffers).values(
      turns.map((userId, index) => {
        const at = new Date(start + index * 1_800_000);
        const status = userId === skipped?.id ? 'skipped' : userId === declined ? 'declined' : userId === accepted ? 'accepted' : 'waiting';
        return {
          agencyId,
          overtimeId: ot.id,
          userId,
          turn: index + 1,
          status: status as 'skipped' | 'declined' | 'accepted' | 'waiting',
          skipReason: status === 'skipped' ? skipped!.reason : null,
          offeredAt: status === 'declined' || status === 'accepted' ? at : null,
          expiresAt: status === 'declined' || status === 'accepted' ? new Date(at.getTime() + 30 * 60_000) : null,
          answeredAt: status === 'waiting' ? null : new Date(at.getTime() + 600_000),
        };
      }),
    );
    if (accepted) {
      const at = new Date(start + 2 * 1_800_000 + 600_000);
      await place(accepted, date, night, 'Patrol', ot.note, 'accepted an offer', at);
      notices.push({
        userId: schedulerId,
        title: `Overtime ${label(night, date)} is filled`,
        body: `${names.get(accepted)} accepted the offer.`,
        at,
        read: true,
      });
    }
  }

  // Nobody could take it: both who signed up were working that night or just before it.
  {
    const date = addDays(today, -5);
    const ot = await post({
      date,
      type: night,
      note: 'Extra car for the high-school homecoming dance.',
      rule: 'first_come',
      mode: 'signup',
      status: 'unfilled',
      postedAt: ago(5 * 24 + 72),
    });
    await awardSignups(
      ot,
      blocked(date, night)
        .slice(1, 3)
        .map((c) => c.id),
      ot.deadline,
    );
  }

  // Cancelled: the event it was for was called off.
  {
    const date = addDays(today, -12);
    const ot = await post({
      date,
      type: evening,
      slots: 2,
      note: 'Riverfront concert traffic detail.',
      rule: 'first_come',
      mode: 'signup',
      status: 'cancelled',
      postedAt: ago(12 * 24 + 100),
      by: sergeantId,
    });
    for (const [index, userId] of free(date, evening).slice(0, 2).entries())
      await signUp(ot.id, userId, new Date(ot.postedAt.getTime() + (index + 1) * 3_600_000));
  }

  // Awarded for later this week (the closed list shows it beside the past ones): a night officer takes the evening detail.
  {
    const date = datesFrom(addDays(today, 2), addDays(today, 6)).find((d) => !usedDates.includes(d)) ?? addDays(today, 2);
    const ot = await post({
      date,
      type: evening,
      note: 'Bar-close detail: second officer.',
      rule: 'first_come',
      mode: 'signup',
      status: 'awarded',
      postedAt: ago(70),
    });
    const nightFree = free(date, evening, [officerId]).filter(
      (id) => !assignments.some((a) => a.user_id === id && /^Squad [AB] /.test(a.group_name)),
    );
    await awardSignups(ot, nightFree.slice(0, 2), new Date(Math.min(ot.deadline.getTime(), ago(20).getTime())));
  }

  if (changes.length) await tx.insert(scheduleShiftChanges).values(changes);
  for (const notice of notices)
    await insertNotification(tx, {
      agencyId,
      userId: notice.userId,
      kind: 'schedule.overtime',
      title: notice.title,
      body: notice.body,
      link: '/schedule/overtime',
      createdAt: notice.at,
      readAt: notice.read ? notice.at : null,
    });
}

function daysAgo(today: string, date: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000));
}

function eqShift(agencyId: string, id: string) {
  return and(eq(overtimeShifts.agencyId, agencyId), eq(overtimeShifts.id, id));
}
