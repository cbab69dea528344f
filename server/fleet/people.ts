import { USER_SEARCH_LIMIT, type UserOption } from '../../core/contracts/fleet.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { searchPeople } from '../platform/people.ts';

/**
 * The agency's active people whose name contains `q` (at most 20, by name), for the fleet office's
 * pickers: the assigned officer of a vehicle, the officer filter of squad checks and (`fleet_office`)
 * who works a service request. Id and name only; `include` adds the picker's current value so it can always be shown.
 */
export function searchAgencyUsers(
  ctx: RequestContext,
  query: { q?: string | undefined; include?: string | undefined; fleet_office?: 'true' | 'false' | undefined },
): Promise<UserOption[]> {
  return inAgency(ctx, async (tx) => {
    const rows = await searchPeople(tx, ctx.scope.agencyId, {
      q: query.q || undefined,
      includeId: query.include,
      permission: query.fleet_office === 'true' ? 'fleet:admin' : undefined,
      limit: USER_SEARCH_LIMIT,
    });
    return rows.map((row) => ({ id: row.id, name: row.name }));
  });
}
