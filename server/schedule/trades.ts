import type { RuleFinding, Shift } from '../../core/contracts/schedule.ts';
import {
  AnswerTradeInput,
  DecideTradeInput,
  ListTradesQuery,
  OPEN_TRADE_STATUSES,
  TradeInput,
  TradeOptionsQuery,
  type Trade,
  type TradeCheck,
  type TradeOptions,
  type TradePage,
  type TradeReason,
  type TradeReasonCode,
} from '../../core/contracts/schedule-trades.ts';
import { addDays, strictestAction, type StaffedShift } from '../../core/schedule/schedule-rules.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { tell, tellPeople } from '../platform/notices.ts';
import { findPerson, peopleWithPermission, searchPeople } from '../platform/people.ts';
import { staleVersion } from '../platform/versioning.ts';
import { rosterChanged, tradeChanged } from './live.ts';
import { agencyToday } from './settings.ts';
import * as setupQueries from './setup-queries.ts';
import * as shiftQueries from './shift-queries.ts';
import { coverageAfter, findingsFor } from './shifts.ts';
import * as q from './trades-queries.ts';

/**
 * Shift trades (core/contracts/schedule-trades.ts): a swap or a giveaway proposed by an officer (or by a
 * manager on their behalf), answered by the colleague, decided by a supervisor. What would stop a trade
 * is worked out here, from the same rule checks the scheduler's changes go through (shifts.ts), each time
 * someone acts on it: proposing, accepting and approving, which changes both shifts in one transaction.
 */

const SUPERVISOR = 'scheduling:modification.manage';
const LINK = '/schedule/trades';
/** How far ahead the form offers shifts to trade. */
const OPTIONS_DAYS = 90;
const notFound = () => new AppError('not_found', 'The trade was not found');

const RULE_CODES: Record<RuleFinding['rule'], TradeReasonCode> = {
  overlap: 'already_scheduled',
  min_rest: 'rest_rule',
  max_hours: 'max_hours',
};

const shiftText = (shift: Pick<Shift, 'code' | 'date'>) => `${shift.code} on ${shift.date}`;

/** A trade's sides, resolved: who gives which shift to whom, and the shift taken in exchange. */
interface Plan {
  kind: 'swap' | 'giveaway';
  requester: { id: string; name: string };
  recipient: { id: string; name: string };
  shift: Shift;
  recipientShift: Shift | null;
  /** The trade being weighed again (its own shifts are not "in another trade"). */
  tradeId?: string;
}

/** Checks what a proposal names, every problem at once: the shifts are the sides', working and not started, the colleague someone else. */
async function resolvePlan(tx: Tx, ctx: RequestContext, input: TradeInput): Promise<Plan> {
  const values = TradeInput.parse(input);
  const agencyId = ctx.scope.agencyId;
  const requesterId = values.requester_id ?? ctx.scope.userId;
  if (requesterId !== ctx.scope.userId && !holds(ctx, SUPERVISOR))
    throw new AppError('forbidden', 'Only a supervisor may arrange a trade on someone else’s behalf (Manage schedule changes)');
  const problems: Record<string, string> = {};
  const now = Date.now();
  const requester = await findPerson(tx, agencyId, requesterId);
  if (!requester) problems.requester_id = 'Choose a person of your agency';
  const recipient = await findPerson(tx, agencyId, values.recipient_id);
  if (!recipient) problems.recipient_id = 'Choose a colleague of your agency';
  else if (recipient.id === requesterId) problems.recipient_id = 'Choose someone other than the officer giving the shift';
  const tradeable = (shift: Shift | undefined, ownerId: string, field: 'shift_id' | 'recipient_shift_id', owner: string) => {
    if (!shift || shift.user_id !== ownerId) problems[field] = `Choose one of ${owner} shifts`;
    else if (shift.status !== 'scheduled') problems[field] = 'Only a scheduled shift can be traded';
    else if (Date.parse(shift.starts_at) <= now) problems[field] = 'This shift has already started';
  };
  const shift = await shiftQueries.findShift(tx, agencyId, values.shift_id);
  tradeable(shift, requesterId, 'shift_id', requesterId === ctx.scope.userId ? 'your' : `${requester?.name ?? 'the officer'}’s`);
  const recipientShift = values.recipient_shift_id ? await shiftQueries.findShift(tx, agencyId, values.recipient_shift_id) : undefined;
  if (values.kind === 'swap' && recipient && !problems.recipient_id)
    tradeable(recipientShift, recipient.id, 'recipient_shift_id', `${recipient.name}’s`);
  if (shift && recipientShift && shift.date === recipientShift.date && shift.shift_type_id === recipientShift.shift_type_id)
    problems.recipient_shift_id = 'You both work this shift: choose another';
  if (Object.keys(problems).length) throw validationError(problems, 'This trade cannot be proposed as it is');
  return {
    kind: values.kind,
    requester: requester!,
    recipient: recipient!,
    shift: shift!,
    recipientShift: values.kind === 'swap' ? recipientShift! : null,
  };
}

/** The position the recipient works the given shift in: the position they hold in its group, else any they hold, else the shift's. */
async function positionOf(tx: Tx, ctx: RequestContext, userId: string, shift: Shift): Promise<string> {
  const assignments = await setupQueries.listAssignments(tx, ctx.scope.agencyId, { userId });
  return (assignments.find((a) => a.group_id === shift.group_id) ?? assignments[0])?.position ?? shift.position;
}

/** Who works each shift after the trade, and as what. */
async function handOvers(tx: Tx, ctx: RequestContext, plan: Plan) {
  const list = [
    {
      shift: plan.shift,
      to: plan.recipient,
      position: plan.recipientShift ? plan.recipientShift.position : await positionOf(tx, ctx, plan.recipient.id, plan.shift),
    },
  ];
  if (plan.recipientShift) list.push({ shift: plan.recipientShift, to: plan.requester, position: plan.shift.position });
  return list;
}

const timesOf = (shift: Shift) => ({ startsAt: new Date(shift.starts_at), endsAt: new Date(shift.ends_at), hours: shift.hours });

/**
 * Why the trade would not be allowed now, as if it were done: each officer's schedule against the
 * agency's conflict rules (the shift they give up left out), a shift of the same type that day already
 * theirs, staffing that would fall below a minimum, and a shift already held by another open trade.
 */
async function reasonsFor(tx: Tx, ctx: RequestContext, plan: Plan): Promise<TradeReason[]> {
  const agencyId = ctx.scope.agencyId;
  const reasons: TradeReason[] = [];
  const mine = [plan.shift, plan.recipientShift].filter((shift): shift is Shift => shift !== null);
  for (const other of await q.openTradesOnShifts(
    tx,
    agencyId,
    mine.map((shift) => shift.id),
    plan.tradeId,
  )) {
    const held = mine.find((shift) => shift.id === other.shiftId || shift.id === other.recipientShiftId)!;
    reasons.push({
      code: 'in_another_trade',
      who: held.user_id === plan.requester.id ? 'requester' : 'recipient',
      action: 'block',
      message: `${held.user_name}’s ${shiftText(held)} is already in another open trade.`,
    });
  }
  const moves = await handOvers(tx, ctx, plan);
  for (const move of moves) {
    const who = move.to.id === plan.requester.id ? 'requester' : 'recipient';
    const givesUp = who === 'recipient' ? plan.recipientShift : plan.shift;
    const sameDay = await shiftQueries.shiftsOnDates(tx, agencyId, move.shift.date, move.shift.date, move.to.id);
    if (sameDay.some((shift) => shift.shift_type_id === move.shift.shift_type_id && shift.id !== givesUp?.id))
      reasons.push({
        code: 'already_scheduled',
        who,
        action: 'block',
        message: `${move.to.name} already works ${shiftText(move.shift)}.`,
      });
    for (const finding of await findingsFor(tx, ctx, move.to.id, timesOf(move.shift), givesUp?.id))
      reasons.push({
        code: RULE_CODES[finding.rule],
        who,
        action: finding.action,
        message:
          finding.rule === 'overlap'
            ? `${move.to.name} is already scheduled during ${shiftText(move.shift)}.`
            : `${move.to.name}, taking ${shiftText(move.shift)}: ${finding.message}`,
      });
  }
  // Staffing: each minimum of the shifts' dates and types, before and after the hand-overs.
  const after = (shifts: StaffedShift[]) =>
    shifts.map((shift) => {
      const move = 'id' in shift ? moves.find((m) => m.shift.id === (shift as Shift).id) : undefined;
      return move ? { ...shift, position: move.position } : shift;
    });
  const seen = new Set<string>();
  for (const shift of mine) {
    const key = `${shift.date}|${shift.shift_type_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const before = await coverageAfter(tx, ctx, shift.date, shift.shift_type_id, (shifts) => shifts);
    const changed = await coverageAfter(tx, ctx, shift.date, shift.shift_type_id, after);
    changed.forEach((coverage, index) => {
      if (coverage.state !== 'short' || coverage.scheduled >= before[index]!.scheduled) return;
      reasons.push({
        code: 'below_minimum',
        who: null,
        action: 'block',
        message: `${shiftText(shift)} would have ${coverage.scheduled} ${coverage.position ?? 'officers'} of the ${coverage.minimum} needed.`,
      });
    });
  }
  return reasons;
}

function verdictOf(reasons: TradeReason[]): TradeCheck['verdict'] {
  const strictest = strictestAction(reasons.map((reason) => ({ rule: 'overlap', action: reason.action, message: reason.message })));
  return strictest === 'none' ? 'allowed' : strictest;
}

function refuseIfBlocked(reasons: TradeReason[], what: string) {
  const blocking = reasons.filter((reason) => reason.action === 'block');
  if (blocking.length)
    throw new AppError('conflict', `${blocking[0]!.message.replace(/\.$/, '')}: ${what}`, {
      details: blocking.map((reason) => reason.message).join(' '),
    });
}

export function checkTrade(ctx: RequestContext, input: TradeInput): Promise<TradeCheck> {
  return inAgency(ctx, async (tx) => {
    const reasons = await reasonsFor(tx, ctx, await resolvePlan(tx, ctx, input));
    return { reasons, verdict: verdictOf(reasons) };
  });
}

// ---------------------------------------------------------------- reading

const isSupervisor = (ctx: RequestContext) => holds(ctx, SUPERVISOR);
const isParticipant = (row: q.TradeRow, userId: string) =>
  row.requesterId === userId || row.recipientId === userId || row.arrangedBy === userId;

async function planOf(tx: Tx, ctx: RequestContext, record: q.TradeRecord, shift: Shift | undefined, recipientShift: Shift | undefined) {
  if (!shift || (record.row.kind === 'swap' && !recipientShift)) return null;
  return {
    kind: record.row.kind,
    requester: { id: record.row.requesterId, name: record.requesterName },
    recipient: { id: record.row.recipientId, name: record.recipientName },
    shift,
    recipientShift: recipientShift ?? null,
    tradeId: record.row.id,
  } satisfies Plan;
}

async function toTrade(tx: Tx, ctx: RequestContext, record: q.TradeRecord): Promise<Trade> {
  const { row } = record;
  const agencyId = ctx.scope.agencyId;
  const me = ctx.scope.userId;
  const shift = await shiftQueries.findShift(tx, agencyId, row.shiftId);
  const recipientShift = row.recipientShiftId ? await shiftQueries.findShift(tx, agencyId, row.recipientShiftId) : undefined;
  const open = (OPEN_TRADE_STATUSES as readonly string[]).includes(row.status);
  let reasons: TradeReason[] = [];
  if (open) {
    const plan = await planOf(tx, ctx, record, shift, recipientShift);
    reasons = plan ? await reasonsFor(tx, ctx, plan) : [];
  }
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    requester_id: row.requesterId,
    requester_name: record.requesterName,
    recipient_id: row.recipientId,
    recipient_name: record.recipientName,
    shift: shift ?? null,
    shift_date: row.shiftDate,
    recipient_shift: recipientShift ?? null,
    recipient_shift_date: row.recipientShiftDate,
    note: row.note,
    arranged_by_name: record.arrangedByName,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    decided_by_name: record.decidedByName,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
    version: row.version,
    reasons,
    can: {
      answer: row.status === 'proposed' && row.recipientId === me,
      cancel: open && (row.requesterId === me || row.arrangedBy === me || isSupervisor(ctx)),
      decide: row.status === 'accepted' && isSupervisor(ctx) && row.requesterId !== me && row.recipientId !== me,
    },
  };
}

/** A trade is found by its requester, recipient and arranger, and by supervisors; to anyone else it does not exist. */
async function visibleTrade(tx: Tx, ctx: RequestContext, id: string): Promise<q.TradeRecord> {
  const record = await q.findTrade(tx, ctx.scope.agencyId, id);
  if (!record || (!isParticipant(record.row, ctx.scope.userId) && !isSupervisor(ctx))) throw notFound();
  return record;
}

export function getTrade(ctx: RequestContext, id: string): Promise<Trade> {
  return inAgency(ctx, async (tx) => toTrade(tx, ctx, await visibleTrade(tx, ctx, id)));
}

export function listTrades(ctx: RequestContext, query: unknown): Promise<TradePage> {
  const values = ListTradesQuery.parse(query);
  if (values.box !== 'mine' && !isSupervisor(ctx))
    throw new AppError('forbidden', 'Only a supervisor sees everyone’s trades (Manage schedule changes)');
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await q.listTrades(tx, ctx.scope.agencyId, {
      page: values.page,
      ...(values.box === 'mine' ? { participantId: ctx.scope.userId } : {}),
      ...(values.box === 'to_decide' ? { status: 'accepted' as const, excludeParticipantId: ctx.scope.userId } : {}),
      ...(values.box !== 'to_decide' && values.status ? { status: values.status } : {}),
    });
    const items: Trade[] = [];
    for (const row of rows) items.push(await toTrade(tx, ctx, row));
    return { items, total, page: values.page, page_size: q.TRADES_PAGE_SIZE };
  });
}

/** The agency's people who work shifts, and the upcoming working shifts each side of the form may trade (none already in an open trade). */
export function tradeOptions(ctx: RequestContext, query: unknown): Promise<TradeOptions> {
  const values = TradeOptionsQuery.parse(query);
  const requesterId = values.requester_id ?? ctx.scope.userId;
  if (requesterId !== ctx.scope.userId && !isSupervisor(ctx))
    throw new AppError('forbidden', 'Only a supervisor may arrange a trade on someone else’s behalf (Manage schedule changes)');
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const byPerson = new Map<string, { id: string; name: string; positions: string[] }>();
    // Whoever may see the schedule (a colleague without a squad yet works shifts too), and whoever is on one.
    for (const person of await searchPeople(tx, agencyId, { permission: 'scheduling:view', limit: 1000 }))
      byPerson.set(person.id, { id: person.id, name: person.name, positions: [] });
    for (const assignment of await setupQueries.listAssignments(tx, agencyId)) {
      const person = byPerson.get(assignment.user_id) ?? { id: assignment.user_id, name: assignment.user_name, positions: [] };
      if (!person.positions.includes(assignment.position)) person.positions.push(assignment.position);
      byPerson.set(assignment.user_id, person);
    }
    const today = agencyToday(ctx);
    const upcoming = async (userId: string | undefined) => {
      if (!userId) return [];
      const now = Date.now();
      const shifts = (await shiftQueries.shiftsOnDates(tx, agencyId, today, addDays(today, OPTIONS_DAYS), userId)).filter(
        (shift) => shift.status === 'scheduled' && Date.parse(shift.starts_at) > now,
      );
      const held = await q.shiftsInOpenTrades(
        tx,
        agencyId,
        shifts.map((shift) => shift.id),
      );
      return shifts.filter((shift) => !held.has(shift.id));
    };
    return {
      people: [...byPerson.values()].sort((a, b) => a.name.localeCompare(b.name)),
      requester_shifts: await upcoming(requesterId),
      recipient_shifts: await upcoming(values.recipient_id),
    };
  });
}

// ---------------------------------------------------------------- the steps

const kindText = (plan: Pick<Plan, 'kind' | 'shift' | 'recipientShift'>) =>
  plan.kind === 'swap' && plan.recipientShift
    ? `a swap of ${shiftText(plan.shift)} for ${shiftText(plan.recipientShift)}`
    : `${shiftText(plan.shift)} as a giveaway`;

function summaryOf(trade: Trade): string {
  const given = trade.shift ? `${trade.shift.code} on ${trade.shift_date}` : `the shift on ${trade.shift_date}`;
  return trade.kind === 'swap'
    ? `${trade.requester_name}’s ${given} for ${trade.recipient_name}’s ${trade.recipient_shift?.code ?? 'shift'} on ${trade.recipient_shift_date}`
    : `${trade.requester_name}’s ${given} to ${trade.recipient_name}`;
}

export function proposeTrade(ctx: RequestContext, input: TradeInput): Promise<Trade> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const plan = await resolvePlan(tx, ctx, input);
    const reasons = await reasonsFor(tx, ctx, plan);
    refuseIfBlocked(reasons, 'this trade cannot be proposed');
    const note = TradeInput.parse(input).note;
    const arranged = plan.requester.id !== ctx.scope.userId;
    const id = await q.insertTrade(tx, {
      agencyId,
      kind: plan.kind,
      requesterId: plan.requester.id,
      shiftId: plan.shift.id,
      shiftDate: plan.shift.date,
      recipientId: plan.recipient.id,
      recipientShiftId: plan.recipientShift?.id ?? null,
      recipientShiftDate: plan.recipientShift?.date ?? null,
      note,
      arrangedBy: arranged ? ctx.scope.userId : null,
    });
    const trade = await toTrade(tx, ctx, (await q.findTrade(tx, agencyId, id))!);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.trade_proposed',
      entityType: 'schedule_trade',
      entityId: id,
      summary: `Proposed a trade: ${summaryOf(trade)}${arranged ? ` (arranged for ${plan.requester.name})` : ''}`,
      after: trade,
    });
    await tradeChanged(tx, ctx, {
      id,
      requesterId: plan.requester.id,
      recipientId: plan.recipient.id,
      arrangedBy: arranged ? ctx.scope.userId : null,
    });
    const asked =
      plan.kind === 'swap' && plan.recipientShift
        ? `${plan.requester.name} offers ${shiftText(plan.shift)} for your ${shiftText(plan.recipientShift)}`
        : `${plan.requester.name} offers you ${shiftText(plan.shift)}`;
    await tell(tx, ctx, plan.recipient.id, {
      kind: 'schedule.trade_proposed',
      title: `Trade: ${asked}`,
      body: [note, reasons.length ? `Note: ${reasons.map((r) => r.message).join(' ')}` : ''].filter(Boolean).join('\n'),
      link: LINK,
    });
    if (arranged)
      await tell(tx, ctx, plan.requester.id, {
        kind: 'schedule.trade_proposed',
        title: `A supervisor proposed ${kindText(plan)} with ${plan.recipient.name} for you`,
        body: note,
        link: LINK,
      });
    return trade;
  });
}

/** The colleague's answer: an acceptance is weighed against the rules again and goes to the supervisors; a decline closes it. */
export function answerTrade(ctx: RequestContext, id: string, input: unknown): Promise<Trade> {
  const values = AnswerTradeInput.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const record = await visibleTrade(tx, ctx, id);
    if (record.row.recipientId !== ctx.scope.userId)
      throw new AppError('forbidden', `Only ${record.recipientName} can accept or decline this trade`);
    if (record.row.status !== 'proposed') throw new AppError('conflict', `This trade was already ${record.row.status}`);
    const before = await toTrade(tx, ctx, record);
    const accept = values.answer === 'accept';
    if (accept) refuseIfBlocked(before.reasons, 'this trade cannot be accepted');
    const row = await q.updateTrade(
      tx,
      agencyId,
      id,
      'proposed',
      null,
      accept ? { status: 'accepted', acceptedAt: new Date() } : { status: 'declined', decisionNote: values.note },
    );
    if (!row) throw new AppError('conflict', 'This trade changed meanwhile: open it again');
    const trade = await toTrade(tx, ctx, (await q.findTrade(tx, agencyId, id))!);
    const verb = accept ? 'accepted' : 'declined';
    await recordAudit(tx, agencyId, ctx.actor, {
      action: `schedule.trade_${verb}`,
      entityType: 'schedule_trade',
      entityId: id,
      summary: `${trade.recipient_name} ${verb} the trade: ${summaryOf(trade)}`,
      before,
      after: trade,
    });
    await tradeChanged(tx, ctx, record.row);
    for (const userId of new Set([record.row.requesterId, record.row.arrangedBy].filter((x): x is string => x !== null)))
      await tell(tx, ctx, userId, {
        kind: `schedule.trade_${verb}`,
        title: accept
          ? `${trade.recipient_name} accepted the trade; it waits for a supervisor`
          : `${trade.recipient_name} declined the trade`,
        body: [summaryOf(trade), values.note].filter(Boolean).join('\n'),
        link: LINK,
      });
    if (accept)
      await tellPeople(
        tx,
        ctx,
        (await peopleWithPermission(tx, agencyId, SUPERVISOR)).filter(
          (supervisor) => supervisor.id !== record.row.requesterId && supervisor.id !== record.row.recipientId,
        ),
        {
          kind: 'schedule.trade_to_decide',
          title: `Trade to decide: ${summaryOf(trade)}`,
          body: trade.reasons.length ? trade.reasons.map((reason) => reason.message).join('\n') : 'No rule stands in its way.',
          link: `${LINK}?box=to_decide`,
        },
      );
    return trade;
  });
}

/** The requester (or whoever arranged it, or a supervisor) withdraws a trade not decided yet. */
export function cancelTrade(ctx: RequestContext, id: string, version: number): Promise<Trade> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const record = await visibleTrade(tx, ctx, id);
    const before = await toTrade(tx, ctx, record);
    if (!before.can.cancel) {
      if (!(OPEN_TRADE_STATUSES as readonly string[]).includes(record.row.status))
        throw new AppError('conflict', `This trade was already ${record.row.status}`);
      throw new AppError('forbidden', `Only ${record.requesterName} can cancel this trade`);
    }
    const row = await q.updateTrade(tx, agencyId, id, record.row.status, version, { status: 'cancelled' });
    if (!row) throw staleVersion('trade');
    const trade = await toTrade(tx, ctx, (await q.findTrade(tx, agencyId, id))!);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.trade_cancelled',
      entityType: 'schedule_trade',
      entityId: id,
      summary: `Cancelled the trade: ${summaryOf(trade)}`,
      before,
      after: trade,
    });
    await tradeChanged(tx, ctx, record.row);
    for (const userId of new Set([record.row.recipientId, record.row.requesterId]))
      await tell(tx, ctx, userId, {
        kind: 'schedule.trade_cancelled',
        title: `The trade was cancelled: ${summaryOf(trade)}`,
        body: '',
        link: LINK,
      });
    return trade;
  });
}

/**
 * A supervisor's decision on an accepted trade. An approval weighs it again with both shifts held,
 * needs a note where a rule asks for a supervisor, refuses what a rule blocks or what changed since
 * (a shift moved, given to someone else, taken off), then hands both shifts over at the versions it
 * read, each with a line in its history, in this one transaction.
 */
export function decideTrade(ctx: RequestContext, id: string, version: number, input: unknown): Promise<Trade> {
  const values = DecideTradeInput.parse(input);
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const record = await visibleTrade(tx, ctx, id);
    const { row } = record;
    if (row.requesterId === ctx.scope.userId || row.recipientId === ctx.scope.userId)
      throw new AppError('forbidden', 'Another supervisor decides a trade you are part of');
    if (row.status !== 'accepted')
      throw new AppError(
        'conflict',
        row.status === 'proposed' ? `${record.recipientName} has not accepted this trade yet` : `This trade was already ${row.status}`,
      );
    if (values.decision === 'deny' && values.note.trim() === '') throw validationError({ note: 'Say why it is denied' });
    await q.lockShifts(
      tx,
      agencyId,
      [row.shiftId, row.recipientShiftId].filter((x): x is string => x !== null),
    );
    const before = await toTrade(tx, ctx, record);
    const approve = values.decision === 'approve';
    const moves: Array<{ before: Shift; to: { id: string; name: string }; position: string }> = [];
    if (approve) {
      const changed =
        !before.shift ||
        before.shift.user_id !== row.requesterId ||
        before.shift.date !== row.shiftDate ||
        (row.kind === 'swap' &&
          (!before.recipient_shift ||
            before.recipient_shift.user_id !== row.recipientId ||
            before.recipient_shift.date !== row.recipientShiftDate));
      if (changed)
        throw new AppError(
          'conflict',
          'A shift of this trade changed since it was proposed: deny it, and propose it again if still wanted',
        );
      const plan = await resolvePlan(tx, ctx, {
        kind: row.kind,
        requester_id: row.requesterId,
        shift_id: row.shiftId,
        recipient_id: row.recipientId,
        recipient_shift_id: row.recipientShiftId,
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.fields)
          throw new AppError('conflict', `This trade cannot be approved now: ${Object.values(error.fields).join(' ')}`);
        throw error;
      });
      refuseIfBlocked(before.reasons, 'this trade cannot be approved');
      const needsSupervisor = before.reasons.filter((reason) => reason.action === 'approve');
      if (needsSupervisor.length && values.note.trim() === '')
        throw validationError(
          { note: `${needsSupervisor.map((reason) => reason.message).join(' ')} Give a reason to approve it over the rule.` },
          'This trade needs a supervisor’s reason',
        );
      for (const move of await handOvers(tx, ctx, { ...plan, tradeId: id }))
        moves.push({ before: move.shift, to: move.to, position: move.position });
    }
    const updated = await q.updateTrade(tx, agencyId, id, 'accepted', version, {
      status: approve ? 'approved' : 'denied',
      decidedBy: ctx.scope.userId,
      decidedAt: new Date(),
      decisionNote: values.note,
    });
    if (!updated) throw staleVersion('trade');
    const reason = [
      row.note,
      values.note ? `Supervisor: ${values.note}` : '',
      before.reasons.length ? `${before.reasons.map((r) => r.message).join(' ')} (${approve ? 'approved over it' : 'noted'})` : '',
    ]
      .filter(Boolean)
      .join(' ');
    for (const move of moves) {
      const handed = await q
        .handOverShift(tx, agencyId, move.before.id, move.before.version, { userId: move.to.id, position: move.position })
        .catch((error: unknown) => {
          if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505')
            throw new AppError('conflict', `${move.to.name} already works ${shiftText(move.before)}`);
          throw error;
        });
      if (!handed)
        throw new AppError('conflict', `${move.before.user_name}’s ${shiftText(move.before)} changed meanwhile: open the trade again`);
      const after = (await shiftQueries.findShift(tx, agencyId, move.before.id))!;
      await shiftQueries.recordShiftChange(tx, {
        agencyId,
        shiftId: after.id,
        userId: after.user_id,
        shiftDate: after.date,
        actorId: ctx.scope.userId,
        action: 'traded',
        summary: `Traded ${move.before.user_name}’s ${shiftText(move.before)} to ${after.user_name} as ${after.position} (${row.kind === 'swap' ? 'a swap' : 'a giveaway'}, approved)`,
        reason,
        before: move.before,
        after,
      });
    }
    const trade = await toTrade(tx, ctx, (await q.findTrade(tx, agencyId, id))!);
    if (approve) {
      const dates = moves.map((move) => move.before.date).sort();
      await rosterChanged(tx, ctx, dates[0]!, dates[dates.length - 1]);
    }
    const verb = approve ? 'approved' : 'denied';
    await recordAudit(tx, agencyId, ctx.actor, {
      action: `schedule.trade_${verb}`,
      entityType: 'schedule_trade',
      entityId: id,
      summary: `${verb === 'approved' ? 'Approved' : 'Denied'} the trade: ${summaryOf(before)}`,
      before: { trade: before, shifts: moves.map((move) => move.before) },
      after: { trade, shifts: [trade.shift, trade.recipient_shift].filter(Boolean) },
    });
    await tradeChanged(tx, ctx, record.row);
    for (const userId of new Set([row.requesterId, row.recipientId, row.arrangedBy].filter((x): x is string => x !== null)))
      await tell(tx, ctx, userId, {
        kind: `schedule.trade_${verb}`,
        title: `The trade was ${verb}: ${summaryOf(before)}`,
        body: [
          approve ? 'Your schedule has changed.' : '',
          values.note ? `${trade.decided_by_name}: ${values.note}` : `Decided by ${trade.decided_by_name}.`,
        ]
          .filter(Boolean)
          .join('\n'),
        link: approve ? '/schedule' : LINK,
      });
    return trade;
  });
}

/** For the home screen: trades waiting for me to answer, and (to a supervisor) accepted trades to decide. */
export async function tradesWaiting(tx: Tx, ctx: RequestContext): Promise<{ to_answer: number; to_decide: number }> {
  return {
    to_answer: await q.countToAnswer(tx, ctx.scope.agencyId, ctx.scope.userId),
    to_decide: isSupervisor(ctx) ? await q.countToDecide(tx, ctx.scope.agencyId, ctx.scope.userId) : 0,
  };
}
