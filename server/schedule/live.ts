import { REALTIME_TOPICS } from '../../core/contracts/realtime.ts';
import type { RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { publish, publishAll } from '../platform/realtime.ts';

/**
 * Tells every open roster of the agency (realtime/v1, to whoever holds scheduling:view with the
 * module on) that the dates from `from` to `to` changed, once `tx` commits: the calendar reads them again.
 */
export function rosterChanged(tx: Tx, ctx: RequestContext, from: string, to: string = from): Promise<void> {
  return publish(
    tx,
    ctx.scope.agencyId,
    REALTIME_TOPICS.scheduleRoster,
    { permission: 'scheduling:view', module: 'schedule' },
    { from, to },
  );
}

/**
 * Tells the trade's people (requester, colleague, and whoever arranged it) and the supervisors who
 * decide trades that it changed, once `tx` commits: their trades lists read again.
 */
export async function tradeChanged(
  tx: Tx,
  ctx: RequestContext,
  trade: { id: string; requesterId: string; recipientId: string; arrangedBy: string | null },
): Promise<void> {
  const { agencyId } = ctx.scope;
  const topic = REALTIME_TOPICS.scheduleTrades;
  const people = new Set([trade.requesterId, trade.recipientId, trade.arrangedBy].filter((id): id is string => id !== null));
  await publishAll(tx, agencyId, [
    { topic, audience: { permission: 'scheduling:modification.manage', module: 'schedule' }, data: { id: trade.id } },
    ...[...people].map((userId) => ({ topic, audience: { userId }, data: { id: trade.id } })),
  ]);
}
