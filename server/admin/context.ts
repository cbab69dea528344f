import type { Scope } from '../platform/access.ts';
import type { AuditActor } from '../platform/audit.ts';
import { AppError } from '../platform/errors.ts';
import type { Tx } from '../platform/database.ts';
import type { Services } from '../platform/services.ts';
import { countActiveAdmins } from './queries.ts';

/** What every admin use case gets: the platform, who is acting (scope) and how to name them in the audit log. */
export interface AdminContext {
  services: Services;
  scope: Scope;
  actor: AuditActor;
}

export function inAgency<T>(ctx: AdminContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.services.database.withTenant(ctx.scope.agencyId, work, { userId: ctx.scope.userId });
}

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
