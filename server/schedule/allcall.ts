import { and, eq } from 'drizzle-orm';
import { REALTIME_TOPICS } from '../../core/contracts/realtime.ts';
import type {
  AllcallAudience,
  AllcallAudienceInput,
  AllcallChannel,
  AllcallDetail,
  AllcallInput,
  AllcallOutcome,
  AllcallPage,
  AllcallVia,
  CancelAllcallInput,
  ExclusionReason,
  ListAllcallsQuery,
  MyAllcall,
  RespondAllcallInput,
  RespondAllcallResult,
} from '../../core/contracts/schedule-allcall.ts';
import {
  AllcallAudienceInput as AudienceSchema,
  AllcallInput as AllcallSchema,
  CancelAllcallInput as CancelSchema,
  ListAllcallsQuery as ListSchema,
  RespondAllcallInput as RespondSchema,
} from '../../core/contracts/schedule-allcall.ts';
import { formatTime } from '../../core/dates.ts';
import { shiftInstants } from '../../core/schedule/schedule-rules.ts';
import { agencyName } from '../platform/agencies.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { nextNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { notify, sendNotices, tell } from '../platform/notices.ts';
import { publishAll } from '../platform/realtime.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { staleVersion } from '../platform/versioning.ts';
import * as q from './allcall-queries.ts';
import { rosterChanged } from './live.ts';
import { scheduleAllcalls, scheduleShifts } from './schema.ts';
import { scheduleSettingsOf, timezoneOf } from './settings.ts';
import * as setupQueries from './setup-queries.ts';
import * as shiftQueries from './shift-queries.ts';
import { findingsFor } from './shifts.ts';

/**
 * The all-call: `scheduling:allcall` broadcasts an urgent open shift to the eligible (by group, position
 * and tier; never someone working then or on approved time off) by notification, e-mail and text; the
 * first valid acceptance (in the app, or a text reply through allcall-sms.ts) fills it and places the
 * shift as overtime. Answers to one call are taken one at a time: the accepting transaction locks the
 * call's row, so of two officers accepting at the same instant exactly one wins and the other is told
 * it is filled (and their answer is kept as too late). Every change is announced on realtime/v1.
 */

const notFound = () => new AppError('not_found', 'The all-call was not found');

/** Digits of a phone number: what a text went to, and what a reply from it is matched by. */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits : null;
}

/** "Sat 12 Dec 19:00–07:00" in the agency's zone. */
export function callWhen(call: { date: string; startsAt: Date; endsAt: Date }, timeZone: string): string {
  const day = new Date(`${call.date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const clock = (at: Date) => formatTime(at, { timeZone, clock: '24h' });
  return `${day.replace(',', '')} ${clock(call.startsAt)}–${clock(call.endsAt)}`;
}

/** Who the filter reaches for this shift, and who it matched but leaves out (working then, on time off). */
async function audienceOf(
  tx: Tx,
  ctx: RequestContext,
  input: { shift_type_id: string; date: string; group_ids: string[]; positions: string[]; tiers: number[] },
) {
  const agencyId = ctx.scope.agencyId;
  const type = await setupQueries.findShiftType(tx, agencyId, input.shift_type_id);
  if (!type || type.archived) throw validationError({ shift_type_id: 'Choose a shift type' });
  const times = shiftInstants(input.date, { start_time: type.startTime, end_time: type.endTime }, timezoneOf(ctx));
  const matched = await q.candidates(tx, agencyId, {
    date: input.date,
    groupIds: input.group_ids,
    positions: input.positions,
    tiers: input.tiers,
  });
  const ids = matched.map((c) => c.userId);
  const working = await q.workingDuring(tx, agencyId, ids, times.startsAt, times.endsAt);
  const off = await q.offOn(tx, agencyId, ids, input.date);
  const reasonOf = (userId: string): ExclusionReason | null => (working.has(userId) ? 'working' : off.has(userId) ? 'time_off' : null);
  const channelsOf = (c: q.Candidate): AllcallChannel[] => (phoneDigits(c.phone) ? ['app', 'email', 'sms'] : ['app', 'email']);
  return {
    type,
    times,
    people: matched.filter((c) => reasonOf(c.userId) === null).map((c) => ({ ...c, channels: channelsOf(c) })),
    excluded: matched.flatMap((c) => {
      const reason = reasonOf(c.userId);
      return reason ? [{ user_id: c.userId, name: c.name, reason }] : [];
    }),
  };
}

export function allcallAudience(ctx: RequestContext, input: AllcallAudienceInput): Promise<AllcallAudience> {
  const values = AudienceSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const audience = await audienceOf(tx, ctx, values);
    return {
      count: audience.people.length,
      people: audience.people.map((p) => ({ user_id: p.userId, name: p.name, position: p.position, tier: p.tier, channels: p.channels })),
      excluded: audience.excluded,
    };
  });
}

export function listAllcalls(ctx: RequestContext, query: ListAllcallsQuery): Promise<AllcallPage> {
  const { page } = ListSchema.parse(query);
  return inAgency(ctx, async (tx) => {
    const { items, total } = await q.listCalls(tx, ctx.scope.agencyId, page);
    return { items, total, page, page_size: q.ALLCALL_PAGE_SIZE };
  });
}

async function detailOf(tx: Tx, agencyId: string, id: string): Promise<AllcallDetail> {
  const found = await q.findSummary(tx, agencyId, id);
  if (!found) throw notFound();
  const { row, ...summary } = found;
  return {
    ...summary,
    group_names: await q.groupNames(tx, agencyId, row.groupIds),
    positions: row.positions,
    tiers: row.tiers,
    filled_by: row.filledBy,
    shift_id: row.shiftId,
    recipients: await q.recipientsOf(tx, agencyId, id),
  };
}

export function getAllcall(ctx: RequestContext, id: string): Promise<AllcallDetail> {
  return inAgency(ctx, (tx) => detailOf(tx, ctx.scope.agencyId, id));
}

/** Tells the board and each officer a call asked that it changed (they read it again). */
async function announce(tx: Tx, agencyId: string, id: string, recipientIds: readonly string[]): Promise<void> {
  const topic = REALTIME_TOPICS.scheduleAllcall;
  await publishAll(tx, agencyId, [
    { topic, audience: { permission: 'scheduling:allcall', module: 'schedule' }, data: { id } },
    ...recipientIds.map((userId) => ({ topic, audience: { userId }, data: { id } })),
  ]);
}

/**
 * Sends the call: numbered, its recipients kept with the channels each is reached by (and the digits a
 * text goes to), a notification and an e-mail to each in the transaction; the texts once it has committed.
 */
export async function createAllcall(ctx: RequestContext, input: AllcallInput): Promise<AllcallDetail> {
  const values = AllcallSchema.parse(input);
  const agencyId = ctx.scope.agencyId;
  const settings = scheduleSettingsOf(ctx.sysConfig);
  const problems: Record<string, string> = {};
  if (!settings.positions.includes(values.position)) problems.position = 'Choose one of the agency’s positions';
  const unknownPosition = values.positions.find((p) => !settings.positions.includes(p));
  if (unknownPosition) problems.positions = `${unknownPosition} is not one of the agency’s positions`;
  if (Object.keys(problems).length) throw validationError(problems);

  const { detail, texts } = await inAgency(ctx, async (tx) => {
    const audience = await audienceOf(tx, ctx, values);
    const fieldProblems: Record<string, string> = {};
    const now = Date.now();
    if (audience.times.endsAt.getTime() <= now) fieldProblems.date = 'This shift is over: choose one still to come';
    const closesAt = values.closes_at ? new Date(values.closes_at) : audience.times.startsAt;
    if (closesAt.getTime() <= now) fieldProblems.closes_at = 'Replies must be taken until a time still to come';
    else if (closesAt.getTime() > audience.times.endsAt.getTime()) fieldProblems.closes_at = 'Close the replies before the shift ends';
    if (values.group_ids.length) {
      const known = await setupQueries.existingIds(tx, agencyId, [], values.group_ids);
      if (known.groups.size !== new Set(values.group_ids).size) fieldProblems.group_ids = 'Choose groups of your agency';
    }
    if (Object.keys(fieldProblems).length) throw validationError(fieldProblems);
    if (audience.people.length === 0)
      throw validationError(
        { group_ids: 'Nobody eligible matches: widen the groups, positions or tiers' },
        'This all-call would reach nobody',
      );

    const number = await nextNumber(tx, agencyId, 'allcall');
    const id = await q.insertCall(tx, {
      agencyId,
      number,
      shiftTypeId: audience.type.id,
      position: values.position,
      date: values.date,
      startsAt: audience.times.startsAt,
      endsAt: audience.times.endsAt,
      note: values.note,
      groupIds: values.group_ids,
      positions: values.positions,
      tiers: values.tiers,
      closesAt,
      createdBy: ctx.scope.userId,
    });
    await q.insertRecipients(
      tx,
      audience.people.map((p) => ({ agencyId, allcallId: id, userId: p.userId, channels: p.channels, smsTo: phoneDigits(p.phone) })),
    );
    const timeZone = timezoneOf(ctx);
    const when = callWhen({ date: values.date, ...audience.times }, timeZone);
    const agency = await agencyName(tx, agencyId);
    const headline = `All-call ${number}: ${values.position}, ${when}`;
    const closes = formatTime(closesAt, { timeZone, clock: '24h' });
    const body = [
      `${audience.type.name} shift (${audience.type.code}) as ${values.position}, ${when}, worked as overtime.`,
      values.note,
      `The first to accept gets it. Replies count until ${closes}.`,
      `Reply to the text with ${number} YES, or accept it in Precinct.`,
    ]
      .filter(Boolean)
      .join('\n');
    await sendNotices(
      tx,
      agencyId,
      audience.people.map((person) => ({
        userId: person.userId,
        notice: { kind: 'schedule.allcall', title: headline, body, link: '/schedule' },
        mail: {
          to: person.email,
          subject: `${agency} ${headline.charAt(0).toLowerCase()}${headline.slice(1)}`,
          text: [`Hello ${person.name},`, '', body, '', `Take it at ${ctx.services.config.publicUrl}/schedule`].join('\n'),
        },
      })),
    );
    const detail = await detailOf(tx, agencyId, id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.allcall_sent',
      entityType: 'schedule_allcall',
      entityId: id,
      summary: `Sent all-call ${number} (${audience.type.code} ${values.position}, ${when}) to ${audience.people.length} ${audience.people.length === 1 ? 'officer' : 'officers'}`,
      after: detail,
    });
    await announce(
      tx,
      agencyId,
      id,
      audience.people.map((p) => p.userId),
    );
    const text = `${agency} all-call ${number}: ${values.position}, ${when}. Reply ${number} YES to take it.`;
    return { detail, texts: audience.people.flatMap((p) => (phoneDigits(p.phone) ? [{ to: p.phone!, text }] : [])) };
  });
  // Committed: now the texts (each is kept in the outbox as sent or failed; a relay that fails one does not stop the others).
  await Promise.allSettled(texts.map(({ to, text }) => ctx.services.sms.send(agencyId, to, text)));
  return detail;
}

export function cancelAllcall(ctx: RequestContext, id: string, version: number, input: CancelAllcallInput): Promise<AllcallDetail> {
  const { reason } = CancelSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await detailOf(tx, agencyId, id);
    if (before.status !== 'open')
      throw new AppError('conflict', `All-call ${before.number} is already ${before.status === 'expired' ? 'closed' : before.status}`);
    const row = await updateAtVersion(
      tx,
      scheduleAllcalls,
      and(eq(scheduleAllcalls.agencyId, agencyId), eq(scheduleAllcalls.id, id)),
      version,
      {
        status: 'cancelled',
      },
    );
    if (!row) throw staleVersion('all-call');
    const detail = await detailOf(tx, agencyId, id);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.allcall_cancelled',
      entityType: 'schedule_allcall',
      entityId: id,
      summary: `Cancelled all-call ${detail.number}${reason ? `: ${reason}` : ''}`,
      before,
      after: detail,
    });
    const notice = {
      kind: 'schedule.allcall_cancelled',
      title: `All-call ${detail.number} was cancelled`,
      body: [`${detail.code} ${detail.position} on ${detail.date} is no longer needed.`, reason].filter(Boolean).join(' '),
      link: '/schedule',
    };
    await sendNotices(
      tx,
      agencyId,
      detail.recipients.filter((r) => r.response !== 'declined').map((recipient) => ({ userId: recipient.user_id, notice })),
    );
    await announce(
      tx,
      agencyId,
      id,
      detail.recipients.map((r) => r.user_id),
    );
    return detail;
  });
}

export function myAllcalls(ctx: RequestContext): Promise<MyAllcall[]> {
  return inAgency(ctx, (tx) => q.callsForPerson(tx, ctx.scope.agencyId, ctx.scope.userId));
}

/**
 * One officer's answer to a call, in a transaction that holds the call's row locked: the first valid
 * acceptance fills it and places the shift; an acceptance after it (or after replies closed) is kept
 * as too late and told so. `ctx` acts as the officer (their session, or the text relay on their behalf).
 */
export async function answerCall(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  answer: 'accept' | 'decline',
  via: AllcallVia,
): Promise<{ outcome: AllcallOutcome; number: number }> {
  const agencyId = ctx.scope.agencyId;
  const userId = ctx.scope.userId;
  const call = await q.lockCall(tx, agencyId, id);
  const recipient = call ? await q.findRecipient(tx, agencyId, id, userId) : undefined;
  // Only those it asked know of it.
  if (!call || !recipient) throw notFound();
  const now = new Date();
  const status = q.effectiveStatus(call, now);
  const label = `all-call ${call.number}`;
  const recipients = async () => (await q.recipientsOf(tx, agencyId, id)).map((r) => r.user_id);

  if (call.status === 'filled' && call.filledBy === userId) return { outcome: 'taken', number: call.number };
  if (status === 'cancelled') return { outcome: 'cancelled', number: call.number };
  if (answer === 'decline') {
    if (status !== 'open') return { outcome: status === 'filled' ? 'filled' : 'closed', number: call.number };
    await q.setResponse(tx, agencyId, id, userId, 'declined', via);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.allcall_declined',
      entityType: 'schedule_allcall',
      entityId: id,
      summary: `Declined ${label}${via === 'sms' ? ' by text' : ''}`,
    });
    await announce(tx, agencyId, id, [userId]);
    return { outcome: 'declined', number: call.number };
  }
  if (status === 'filled' || status === 'expired') {
    await q.setResponse(tx, agencyId, id, userId, 'too_late', via);
    if (call.status === 'open') await q.setCall(tx, agencyId, id, { status: 'expired' });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.allcall_too_late',
      entityType: 'schedule_allcall',
      entityId: id,
      summary: `Answered ${label} after it was ${status === 'filled' ? 'filled' : 'closed'}${via === 'sms' ? ' (by text)' : ''}`,
    });
    await announce(tx, agencyId, id, status === 'expired' && call.status === 'open' ? await recipients() : [userId]);
    return { outcome: status === 'filled' ? 'filled' : 'closed', number: call.number };
  }

  // Still open: the first valid acceptance. Working then by now (someone placed a shift since) is not valid.
  const overlapping = await shiftQueries.workingShiftsBetween(tx, agencyId, userId, call.startsAt, call.endsAt);
  if (overlapping.length > 0) throw new AppError('conflict', `You already work a shift then, so ${label} cannot be yours`);
  // The agency's rules still apply: one that blocks (rest between shifts, maximum hours) refuses; the
  // scheduler's call stands for a warning or an override, which the shift's history keeps.
  const hours = (call.endsAt.getTime() - call.startsAt.getTime()) / 3_600_000;
  const findings = await findingsFor(tx, ctx, userId, { startsAt: call.startsAt, endsAt: call.endsAt, hours });
  const blocking = findings.find((f) => f.action === 'block');
  if (blocking) throw new AppError('conflict', `${blocking.message.replace(/\.$/, '')}: ${label} cannot be yours under the agency’s rules`);
  const type = await setupQueries.findShiftType(tx, agencyId, call.shiftTypeId);
  const [placed] = await tx
    .insert(scheduleShifts)
    .values({
      agencyId,
      userId,
      groupId: null,
      shiftTypeId: call.shiftTypeId,
      position: call.position,
      date: call.date,
      startsAt: call.startsAt,
      endsAt: call.endsAt,
      overtime: true,
      note: `All-call ${call.number}${call.note ? `: ${call.note}` : ''}`.slice(0, 300),
    })
    .onConflictDoNothing()
    .returning({ id: scheduleShifts.id });
  if (!placed) throw new AppError('conflict', `You already have a ${type?.code ?? ''} shift on ${call.date}, so ${label} cannot be yours`);
  await q.setCall(tx, agencyId, id, { status: 'filled', filledBy: userId, filledAt: now, shiftId: placed.id });
  await q.setResponse(tx, agencyId, id, userId, 'accepted', via);
  const shift = (await shiftQueries.findShift(tx, agencyId, placed.id))!;
  const when = callWhen(call, timezoneOf(ctx));
  const summary = `${shift.user_name} took ${label} (${shift.code} ${shift.position}, ${when}) as overtime${via === 'sms' ? ', by text' : ''}`;
  await shiftQueries.recordShiftChange(tx, {
    agencyId,
    shiftId: shift.id,
    userId,
    shiftDate: shift.date,
    actorId: userId,
    action: 'assigned',
    summary,
    reason: [`All-call ${call.number}.`, ...findings.map((f) => f.message)].join(' '),
    before: null,
    after: shift,
  });
  await recordAudit(tx, agencyId, ctx.actor, {
    action: 'schedule.allcall_filled',
    entityType: 'schedule_allcall',
    entityId: id,
    summary,
    after: { allcall_id: id, number: call.number, shift },
  });
  await rosterChanged(tx, ctx, shift.date);
  await tell(tx, ctx, call.createdBy, {
    kind: 'schedule.allcall_filled',
    title: `All-call ${call.number} is filled: ${shift.user_name}`,
    body: summary,
    link: `/schedule/admin/allcall?call=${id}`,
  });
  await notify(tx, agencyId, userId, {
    kind: 'schedule.allcall_taken',
    title: `All-call ${call.number} is yours: ${shift.code} ${shift.position}, ${when}`,
    body: 'It is on your schedule as overtime.',
    link: '/schedule',
  });
  await announce(tx, agencyId, id, await recipients());
  return { outcome: 'taken', number: call.number };
}

export function respondAllcall(ctx: RequestContext, id: string, input: RespondAllcallInput): Promise<RespondAllcallResult> {
  const { answer } = RespondSchema.parse(input);
  return inAgency(ctx, async (tx) => {
    const { outcome } = await answerCall(tx, ctx, id, answer, 'app');
    const call = (await q.callsForPerson(tx, ctx.scope.agencyId, ctx.scope.userId)).find((c) => c.id === id);
    if (call) return { outcome, call };
    // A call whose shift is over is not in the panel any more; its answer still says what it came to.
    const found = (await q.findSummary(tx, ctx.scope.agencyId, id))!;
    const recipient = await q.findRecipient(tx, ctx.scope.agencyId, id, ctx.scope.userId);
    const { asked: _asked, declined: _declined, created_by_name: _by, row, ...summary } = found;
    return { outcome, call: { ...summary, my_response: recipient?.response ?? null, mine: row.filledBy === ctx.scope.userId } };
  });
}

/** How many open calls wait for my answer (home's line). */
export function openCallsForMe(tx: Tx, ctx: RequestContext): Promise<number> {
  return q.openCallsForPerson(tx, ctx.scope.agencyId, ctx.scope.userId);
}
