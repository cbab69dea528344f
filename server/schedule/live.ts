import { REALTIME_TOPICS } from '../../core/contracts/realtime.ts';
import type { RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { publish } from '../platform/realtime.ts';

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
