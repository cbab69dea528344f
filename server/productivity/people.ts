import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PEOPLE_PAGE_SIZE, type PersonMatch, type SearchPeopleQuery } from '../../core/contracts/productivity.ts';
import { rolePermissions, userRoles, users } from '../db/schema.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { escapeLike } from '../platform/text-search.ts';
import * as q from './queries.ts';
import { isAdmin } from './visibility.ts';

/**
 * The people a space's member can add to a space or share a task with (decision 021): the agency's
 * active people who can open productivity at all (a full account holding productivity:access, or
 * admin:access, through a role), found by the start of their name, of a word of their name, or of
 * their e-mail address. Only a member of a space (or an administrator) looks people up: someone a task
 * was only shared with adds nobody and shares nothing, so they are refused rather than shown the roster.
 */
export function searchProductivityPeople(ctx: RequestContext, query: z.output<typeof SearchPeopleQuery>): Promise<PersonMatch[]> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    if (!isAdmin(ctx) && (await q.spaceIdsOf(tx, agencyId, ctx.scope.userId)).length === 0)
      throw new AppError('forbidden', 'Only the members of a space look people up, to add them to it or share a task with them');
    const found = await peopleWithAccess(tx, agencyId, { q: query.q, limit: PEOPLE_PAGE_SIZE });
    if (query.include && !found.some((person) => person.id === query.include)) {
      const [chosen] = await peopleWithAccess(tx, agencyId, { id: query.include, limit: 1 });
      if (chosen) found.unshift(chosen);
    }
    return found;
  });
}

/** Text taken literally inside a regular expression. */
const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** Whether the user row holds productivity:access or admin:access through one of their roles. */
const opensProductivity = sql`exists (select 1 from ${userRoles} join ${rolePermissions} on ${rolePermissions.agencyId} = ${userRoles.agencyId} and ${rolePermissions.roleId} = ${userRoles.roleId} where ${userRoles.agencyId} = ${users.agencyId} and ${userRoles.userId} = ${users.id} and ${rolePermissions.permission} in ('productivity:access', 'admin:access'))`;

async function peopleWithAccess(
  tx: Tx,
  agencyId: string,
  options: { q?: string | undefined; id?: string; limit: number },
): Promise<PersonMatch[]> {
  const typed = options.q || null;
  return tx
    .select({ id: users.id, name: users.name, rank: users.rank, badge_number: users.badgeNumber })
    .from(users)
    .where(
      and(
        eq(users.agencyId, agencyId),
        eq(users.status, 'active'),
        eq(users.accountType, 'full'),
        opensProductivity,
        options.id ? eq(users.id, options.id) : undefined,
        typed
          ? or(
              // The start of the name or of any word in it (after a space, a hyphen, an apostrophe…).
              sql`${users.name} ~* ${`(^|[^[:alnum:]])${escapeRegex(typed)}`}`,
              ilike(users.email, `${escapeLike(typed)}%`),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(options.limit);
}
