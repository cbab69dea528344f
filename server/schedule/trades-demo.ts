import { and, eq } from 'drizzle-orm';
import type { Shift } from '../../core/contracts/schedule.ts';
import { addDays, daysBetween, ruleFindings } from '../../core/schedule/schedule-rules.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import type { Tx } from '../platform/database.ts';
import { insertNotification } from '../platform/notices.ts';
import { peopleOf } from '../platform/people.ts';
import { scheduleShifts } from './schema.ts';
import { agencyToday, scheduleSettingsOf } from './settings.ts';
import * as setupQueries from './setup-queries.ts';
import * as shiftQueries from './shift-queries.ts';
import * as q from './trades-queries.ts';

/**
 * The demo's trades (Riverside, once its squads' shifts are placed): one in each state, between day
 * officers of squads A and B (whose Pitman weeks are each other's days off), on pairs of shifts the
 * agency's rules have nothing against. officer@ has a swap waiting for their answer; sergeant@ an
 * accepted one to decide; one approved swap has already changed hands, with its history; the others
 * were declined, denied or cancelled. Each step's news is in the bell, as it would have been.
 */
export async function seedDemoTrades(tx: Tx, agencyId: string): Promise<void> {
  const sysConfig = await readSysConfig(tx, agencyId);
  if (!sysConfig) return;
  const rules = scheduleSettingsOf(sysConfig).rules;
  const today = agencyToday({ sysConfig });
  const assignments = await setupQueries.listAssignments(tx, agencyId);
  const squad = (letter: string) => assignments.filter((a) => a.group_name.startsWith(`Squad ${letter} `));
  // The demo logins by their address (the large demo's roster people are officers too).
  const emails = new Map((await peopleOf(tx, agencyId)).map((person) => [person.id, person.email]));
  const byEmail = (prefix: string) => assignments.find((a) => emails.get(a.user_id)?.startsWith(prefix))?.user_id;
  const [sergeantId, schedulerId, officerId, ftoId, traineeId] = ['sergeant@', 'scheduler@', 'officer@', 'fto@', 'trainee@'].map(byEmail);
  const named = (letter: string, name: string) => squad(letter).find((a) => a.user_name === name)?.user_id;
  const [marcus, priya, luis, hannah] = ['Marcus Webb', 'Priya Raman', 'Luis Ortega', 'Hannah Kowalski'].map((name) => named('B', name));
  const [jordan, emma] = ['Jordan Alvarez', 'Emma Lindqvist'].map((name) => named('A', name));
  if (!sergeantId || !schedulerId || !officerId || !marcus || !priya || !luis || !hannah || !jordan || !emma) return;

  const shifts = (await shiftQueries.shiftsOnDates(tx, agencyId, addDays(today, -10), addDays(today, 80))).filter(
    (shift) => shift.status === 'scheduled',
  );
  const used = new Set<string>();
  const timed = (shift: Shift) => ({
    id: shift.id,
    startsAt: new Date(shift.starts_at),
    endsAt: new Date(shift.ends_at),
    hours: shift.hours,
  });
  const clean = (userId: string, takes: Shift, givesUp: Shift | null) =>
    ruleFindings(timed(takes), shifts.filter((shift) => shift.user_id === userId && shift.id !== givesUp?.id).map(timed), rules).length ===
    0;
  /** The first pair of shifts from `after` (theirs within three days of mine) that swap with nothing against them. */
  const swapPair = (requesterId: string, recipientId: string, after: number): [Shift, Shift] | null => {
    for (const mine of shifts.filter((s) => s.user_id === requesterId && daysBetween(today, s.date) >= after && !used.has(s.id)))
      for (const theirs of shifts.filter(
        (s) => s.user_id === recipientId && !used.has(s.id) && Math.abs(daysBetween(mine.date, s.date)) <= 3 && s.date !== mine.date,
      ))
        if (clean(recipientId, mine, theirs) && clean(requesterId, theirs, mine)) {
          used.add(mine.id);
          used.add(theirs.id);
          return [mine, theirs];
        }
    return null;
  };
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
  const trade = async (
    requesterId: string,
    recipientId: string,
    after: number,
    state: { status: q.TradeRow['status']; note: string; decidedBy?: string; decisionNote?: string; arrangedBy?: string; age: number },
  ) => {
    const pair = swapPair(requesterId, recipientId, after);
    if (!pair) return null;
    const [mine, theirs] = pair;
    const answered = state.status !== 'proposed' && state.status !== 'cancelled';
    const decided = state.status === 'approved' || state.status === 'denied';
    const id = await q.insertTrade(tx, {
      agencyId,
      kind: 'swap',
      requesterId,
      shiftId: mine.id,
      shiftDate: mine.date,
      recipientId,
      recipientShiftId: theirs.id,
      recipientShiftDate: theirs.date,
      note: state.note,
      status: state.status,
      arrangedBy: state.arrangedBy ?? null,
      acceptedAt: answered && state.status !== 'declined' ? ago(state.age - 0.5) : null,
      decidedBy: decided ? (state.decidedBy ?? null) : null,
      decidedAt: decided ? ago(state.age - 1) : null,
      decisionNote: state.decisionNote ?? '',
      createdAt: ago(state.age),
    });
    return { id, mine, theirs };
  };
  const notice = (userId: string, age: number, kind: string, title: string, body: string, link = '/schedule/trades') =>
    insertNotification(tx, {
      agencyId,
      userId,
      kind,
      title,
      body,
      link,
      createdAt: ago(age),
      readAt: age > 3 ? ago(age) : null,
    });
  const text = (shift: Shift) => `${shift.code} on ${shift.date}`;

  // officer@ is asked: Marcus Webb offers his day shift for one of theirs.
  const asked = await trade(marcus, officerId, 10, {
    status: 'proposed',
    note: 'My daughter’s recital is that evening; happy to take your day.',
    age: 1,
  });
  if (asked)
    await notice(
      officerId,
      1,
      'schedule.trade_proposed',
      `Trade: Marcus Webb offers ${text(asked.mine)} for your ${text(asked.theirs)}`,
      'My daughter’s recital is that evening; happy to take your day.',
    );
  // sergeant@ decides: Jordan Alvarez accepted Priya Raman's swap.
  const toDecide = await trade(priya, jordan, 14, { status: 'accepted', note: 'Court subpoena on my day: swapping with Jordan.', age: 2 });
  if (toDecide)
    await notice(
      sergeantId,
      1.5,
      'schedule.trade_to_decide',
      `Trade to decide: Priya Raman’s ${text(toDecide.mine)} for Jordan Alvarez’s ${text(toDecide.theirs)}`,
      'No rule stands in its way.',
      '/schedule/trades?box=to_decide',
    );
  // Approved last week by the scheduler: both shifts changed hands, each with its history.
  const approved = await trade(hannah, emma, 5, {
    status: 'approved',
    note: 'Traffic training course that day.',
    decidedBy: schedulerId,
    decisionNote: 'Approved: Traffic and K9 both stay covered.',
    age: 6,
  });
  if (approved) {
    for (const [shift, to, position] of [
      [approved.mine, emma, approved.theirs.position],
      [approved.theirs, hannah, approved.mine.position],
    ] as const) {
      await tx
        .update(scheduleShifts)
        .set({ userId: to, position, fromRotation: false })
        .where(and(eq(scheduleShifts.agencyId, agencyId), eq(scheduleShifts.id, shift.id)));
      const after = (await shiftQueries.findShift(tx, agencyId, shift.id))!;
      await shiftQueries.recordShiftChange(tx, {
        agencyId,
        shiftId: shift.id,
        userId: to,
        shiftDate: shift.date,
        actorId: schedulerId,
        action: 'traded',
        summary: `Traded ${shift.user_name}’s ${text(shift)} to ${after.user_name} as ${position} (a swap, approved)`,
        reason: 'Traffic training course that day. Supervisor: Approved: Traffic and K9 both stay covered.',
        before: shift,
        after,
        at: ago(5),
      });
    }
  }
  await trade(luis, ftoId ?? jordan, 8, {
    status: 'declined',
    note: 'Could use a Saturday off.',
    decisionNote: 'Sorry, I have court that week.',
    age: 9,
  });
  await trade(priya, emma, 20, {
    status: 'denied',
    note: 'Swap for the concert.',
    decidedBy: sergeantId,
    decisionNote: 'Denied: K9 cannot cover patrol minimums that day.',
    arrangedBy: schedulerId,
    age: 4,
  });
  await trade(traineeId ?? jordan, luis, 25, { status: 'cancelled', note: 'Academy refresher (cancelled by the academy).', age: 3 });
}
