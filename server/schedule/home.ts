import type { ScheduleHome } from '../../core/contracts/schedule.ts';
import { SCHEDULING_ADMIN_PERMISSIONS } from '../../core/contracts/schedule.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import { openCallsForMe } from './allcall.ts';
import { overtimeForMe } from './overtime.ts';
import { gapsAhead } from './shifts.ts';
import { tradesWaiting } from './trades.ts';
import * as shiftQueries from './shift-queries.ts';
import * as timeOffQueries from './time-off-queries.ts';

/** What the home screen shows of scheduling: my next shifts and pending time off; to a manager, what waits for them. */
export function scheduleHome(ctx: RequestContext): Promise<ScheduleHome> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const scheduler = SCHEDULING_ADMIN_PERMISSIONS.every((permission) => holds(ctx, permission));
    return {
      next_shifts: await shiftQueries.nextShifts(tx, agencyId, ctx.scope.userId, new Date(), 5),
      my_pending_time_off: await timeOffQueries.countRequests(tx, agencyId, 'pending', ctx.scope.userId),
      time_off_to_decide: holds(ctx, 'scheduling:pto.manage') ? await timeOffQueries.countRequests(tx, agencyId, 'pending') : 0,
      gaps_ahead: scheduler ? await gapsAhead(tx, ctx) : 0,
      open_allcalls_for_me: await openCallsForMe(tx, ctx),
      trades_waiting: await tradesWaiting(tx, ctx),
      overtime_for_me: await overtimeForMe(tx, ctx),
    };
  });
}
