import { sql } from 'drizzle-orm';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import type { Tx } from '../platform/database.ts';
import { countActiveAdmins } from './queries.ts';

export type AdminContext = RequestContext;
export { inAgency };

/**
 * Run after any change that can take admin:access away from someone (roles, permissions, members,
 * disabling): if nobody active holds it any more, the change is refused and its transaction rolls back.
 *
 * Two such changes at once (two admins disabling each other) would each still see the other admin
 * and both commit. The agency-wide advisory lock, held to the end of the transaction, makes the
 * second wait for the first to commit; under READ COMMITTED its count then sees that change.
 */
export async function assertAnAdminRemains(tx: Tx, agencyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'precinct:admins:' + agencyId}, 0))`);
  if ((await countActiveAdmins(tx, agencyId)) === 0)
    throw new AppError('conflict', 'This would leave the agency without an active administrator', {
      hint: 'give admin:access to someone else first',
    });
}

export function notFound(what: string) {
  return new AppError('not_found', `${what} not found`);
}
