import { inAgency, type RequestContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import type { Tx } from '../platform/database.ts';
import { countActiveAdmins } from './queries.ts';

export type AdminContext = RequestContext;
export { inAgency };

/**
 * Run after any change that can take admin:access away from someone (roles, permissions, members,
 * disabling): if nobody active holds it any more, the change is refused and its transaction rolls back.
 */
export async function assertAnAdminRemains(tx: Tx, agencyId: string) {
  if ((await countActiveAdmins(tx, agencyId)) === 0)
    throw new AppError('conflict', 'This would leave the agency without an active administrator', {
      hint: 'give admin:access to someone else first',
    });
}

export function notFound(what: string) {
  return new AppError('not_found', `${what} not found`);
}
