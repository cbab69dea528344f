import { and, eq } from 'drizzle-orm';
import { addDays, shiftInstants } from '../../core/schedule/schedule-rules.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import { nextNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import { activeRoleMembers, roleFromTemplate } from '../platform/people.ts';
import { phoneDigits } from './allcall.ts';
import * as q from './allcall-queries.ts';
import { scheduleAllcallRecipients, scheduleAllcalls, scheduleShiftChanges, scheduleShifts, scheduleShiftTypes } from './schema.ts';
import { agencyToday } from './settings.ts';

/**
 * The demo's all-calls (server/schedule/demo-seed.ts calls this once the roster is placed): a night
 * shift the day after tomorrow, filled in the app by the first to accept, with a decline and a reply
 * that came too late; and a night shift four days out still open, sent to the Patrol officers free
 * then (officer@ among them), one of whom declined. Sent by the scheduler.
 */
export async function seedDemoAllcalls(tx: Tx, agencyId: string): Promise<void> {
  const sysConfig = await readSysConfig(tx, agencyId);
  if (!sysConfig) return;
  const timeZone = sysConfig.general_settings.timezone;
  const [night] = await tx
    .select()
    .from(scheduleShiftTypes)
    .where(and(eq(scheduleShiftTypes.agencyId, agencyId), eq(scheduleShiftTypes.code, 'N')));
  const schedulerRole = await roleFromTemplate(tx, agencyId, 'scheduler');
  const scheduler = schedulerRole ? (await activeRoleMembers(tx, agencyId, schedulerRole.id))[0] : undefined;
  if (!night || !scheduler) return;
  const today = agencyToday({ sysConfig });
  const now = Date.now();
  const minutes = (n: number) => new Date(now - n * 60_000);

  const call = async (days: number, note: string) => {
    const date = addDays(today, days);
    const times = shiftInstants(date, { start_time: night.startTime, end_time: night.endTime }, timeZone);
    const matched = await q.candidates(tx, agencyId, { date, groupIds: [], positions: ['Patrol'], tiers: [] });
    const ids = matched.map((c) => c.userId);
    const busy = await q.workingDuring(tx, agencyId, ids, times.startsAt, times.endsAt);
    const off = await q.offOn(tx, agencyId, ids, date);
    const people = matched.filter((c) => !busy.has(c.userId) && !off.has(c.userId)).slice(0, 8);
    if (people.length === 0) return null;
    const number = await nextNumber(tx, agencyId, 'allcall');
    const [row] = await tx
      .insert(scheduleAllcalls)
      .values({
        agencyId,
        number,
        shiftTypeId: night.id,
        position: 'Patrol',
        date,
        startsAt: times.startsAt,
        endsAt: times.endsAt,
        note,
        positions: ['Patrol'],
        closesAt: times.startsAt,
        createdBy: scheduler.id,
        createdAt: minutes(90),
      })
      .returning();
    await tx.insert(scheduleAllcallRecipients).values(
      people.map((p) => ({
        agencyId,
        allcallId: row!.id,
        userId: p.userId,
        channels: phoneDigits(p.phone) ? ['app', 'email', 'sms'] : ['app', 'email'],
        smsTo: phoneDigits(p.phone),
        askedAt: minutes(90),
      })),
    );
    return { row: row!, people, times, date };
  };
  const answer = (allcallId: string, userId: string, response: 'accepted' | 'declined' | 'too_late', via: 'app' | 'sms', ago: number) =>
    tx
      .update(scheduleAllcallRecipients)
      .set({ response, via, respondedAt: minutes(ago) })
      .where(
        and(
          eq(scheduleAllcallRecipients.agencyId, agencyId),
          eq(scheduleAllcallRecipients.allcallId, allcallId),
          eq(scheduleAllcallRecipients.userId, userId),
        ),
      );

  const filled = await call(2, 'Two night officers out with the flu: one more car needed.');
  if (filled) {
    const [first, second, third] = filled.people;
    if (second) await answer(filled.row.id, second.userId, 'declined', 'app', 84);
    await answer(filled.row.id, first!.userId, 'accepted', 'app', 80);
    if (third) await answer(filled.row.id, third.userId, 'too_late', 'app', 72);
    const [shift] = await tx
      .insert(scheduleShifts)
      .values({
        agencyId,
        userId: first!.userId,
        shiftTypeId: night.id,
        position: 'Patrol',
        date: filled.date,
        startsAt: filled.times.startsAt,
        endsAt: filled.times.endsAt,
        overtime: true,
        note: `All-call ${filled.row.number}: ${filled.row.note}`,
      })
      .onConflictDoNothing()
      .returning({ id: scheduleShifts.id });
    await tx
      .update(scheduleAllcalls)
      .set({ status: 'filled', filledBy: first!.userId, filledAt: minutes(80), shiftId: shift?.id ?? null })
      .where(and(eq(scheduleAllcalls.agencyId, agencyId), eq(scheduleAllcalls.id, filled.row.id)));
    await tx.insert(scheduleShiftChanges).values({
      agencyId,
      shiftId: shift?.id ?? null,
      userId: first!.userId,
      shiftDate: filled.date,
      actorId: first!.userId,
      action: 'assigned',
      summary: `${first!.name} took all-call ${filled.row.number} (N Patrol) as overtime`,
      reason: `All-call ${filled.row.number}.`,
    });
  }
  const open = await call(4, 'Festival weekend downtown: a fourth car on nights.');
  const decliner = open?.people.at(-1);
  if (open && decliner && open.people.length > 1) await answer(open.row.id, decliner.userId, 'declined', 'app', 30);
}
