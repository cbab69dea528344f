import { hasPermission, type Permission } from '../../core/permissions.ts';
import type { SysConfig } from '../../core/contracts/agency.ts';
import type { FtoSettings } from '../../core/contracts/fto.ts';
import type { RequestContext } from '../platform/context.ts';
import type { Viewer } from './binder-queries.ts';

/** What the caller may do in field training, and the agency's field training settings. */

/** Whether the caller holds a permission (admin:access passes every one). */
export function holds(ctx: RequestContext, permission: Permission): boolean {
  const { agencyId, accountType, roles, permissions } = ctx.scope;
  return hasPermission({ agency_id: agencyId, account_type: accountType, roles, permissions }, permission);
}

/** What the caller may see of field training: a trainee their binder, a trainer theirs, the coordinator all. */
export function viewerOf(ctx: RequestContext): Viewer {
  return { userId: ctx.scope.userId, all: holds(ctx, 'fto:admin'), trainee: holds(ctx, 'fto:user'), trainer: holds(ctx, 'fto:trainer') };
}

export function ftoSettingsOf(sysConfig: SysConfig): FtoSettings {
  const stored = (sysConfig.field_training_settings ?? {}) as Partial<FtoSettings>;
  return {
    enabled: stored.enabled === true,
    default_program_id: stored.default_program_id ?? null,
    trainee_sees_comments_before_acknowledging: stored.trainee_sees_comments_before_acknowledging ?? true,
    approver_role_id: stored.approver_role_id ?? null,
  };
}
