import type { SysConfig } from '../../core/contracts/agency.ts';
import { ProductivitySettings, type UpdateProductivitySettingsInput } from '../../core/contracts/productivity.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { validationError } from '../platform/errors.ts';
import { isRoleMember, roleById } from '../platform/people.ts';

/** The productivity settings of an agency (its sys_config's productivity_settings), with defaults for what it never set. */
export function productivitySettingsOf(sysConfig: SysConfig): ProductivitySettings {
  const stored = (sysConfig.productivity_settings ?? {}) as Partial<ProductivitySettings>;
  return {
    enabled: stored.enabled === true,
    space_creators: stored.space_creators ?? 'everyone',
    creator_role_ids: stored.creator_role_ids ?? [],
  };
}

export function getProductivitySettings(ctx: RequestContext): ProductivitySettings {
  return productivitySettingsOf(ctx.sysConfig);
}

/** Whether the caller may create a space: the setting says everyone, administrators only, or the named roles' holders. */
export async function mayCreateSpaces(tx: Tx, ctx: RequestContext): Promise<boolean> {
  if (holds(ctx, 'admin:access')) return true;
  const settings = productivitySettingsOf(ctx.sysConfig);
  if (settings.space_creators === 'everyone') return true;
  if (settings.space_creators === 'admins') return false;
  for (const roleId of settings.creator_role_ids) if (await isRoleMember(tx, ctx.scope.agencyId, roleId, ctx.scope.userId)) return true;
  return false;
}

export function updateProductivitySettings(ctx: RequestContext, input: UpdateProductivitySettingsInput): Promise<ProductivitySettings> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const sysConfig = await lockSysConfig(tx, agencyId);
    const before = productivitySettingsOf(sysConfig);
    const next = ProductivitySettings.parse({ ...before, ...input, enabled: before.enabled });
    const problems: Record<string, string> = {};
    for (const [index, roleId] of next.creator_role_ids.entries())
      if (!(await roleById(tx, agencyId, roleId))) problems[`creator_role_ids.${index}`] = 'This role does not exist';
    if (next.space_creators === 'roles' && next.creator_role_ids.length === 0) problems.creator_role_ids = 'Choose at least one role';
    if (Object.keys(problems).length) throw validationError(problems);
    await writeSysConfig(tx, agencyId, { ...sysConfig, productivity_settings: { ...sysConfig.productivity_settings, ...next } });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'productivity.settings_changed',
      entityType: 'module',
      entityId: 'productivity',
      summary: 'Changed the productivity settings',
      before,
      after: next,
    });
    return next;
  });
}
