import type { SysConfig } from '../../core/contracts/agency.ts';
import type { FtoSettings } from '../../core/contracts/fto.ts';
import { holds, type RequestContext } from '../platform/context.ts';
import type { Viewer } from './binder-queries.ts';

/** What the caller may do in field training, and the agency's field training settings. */

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
