import { hasPermission, type Permission } from '../../core/permissions.ts';
import type { FastifyRequest } from 'fastify';
import type { SysConfig } from '../../core/contracts/agency.ts';
import { requireAuth, type Scope } from './access.ts';
import type { AuditActor } from './audit.ts';
import type { RequestScope, Tx } from './database.ts';
import type { Services } from './services.ts';

/** What every signed-in use case gets: the platform, who is acting (scope) and how to name them in the audit log. */
export interface RequestContext {
  services: Services;
  scope: Scope;
  actor: AuditActor;
  /** The agency's configuration as the request's guard read it. */
  sysConfig: SysConfig;
  /** The request's transaction when the platform opened one (an idempotent create): `inAgency` joins it. */
  tx?: Tx;
  /** The transaction opened with the access check (a read on PostgreSQL): the first `inAgency` joins it. */
  requestScope?: RequestScope<unknown> | null;
}

export function requestContext(services: Services, request: FastifyRequest): RequestContext {
  const auth = requireAuth(request);
  return {
    services,
    scope: auth.scope,
    sysConfig: auth.sysConfig,
    requestScope: request.requestScope,
    actor: {
      userId: auth.scope.userId,
      email: auth.claims.email,
      origin: { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
    },
  };
}

/** One transaction in the caller's agency, as the caller. */
export function inAgency<T>(ctx: RequestContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (ctx.tx) return work(ctx.tx);
  return ctx.requestScope?.join(work) ?? ctx.services.database.withTenant(ctx.scope.agencyId, work, { userId: ctx.scope.userId });
}

/** Whether the caller holds a permission (admin:access passes every one). */
export function holds(ctx: RequestContext, permission: Permission): boolean {
  const { agencyId, accountType, roles, permissions } = ctx.scope;
  return hasPermission({ agency_id: agencyId, account_type: accountType, roles, permissions }, permission);
}
