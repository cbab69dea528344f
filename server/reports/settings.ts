import type { SysConfig } from '../../core/contracts/agency.ts';
import { ReportsSettings, type ReportType, type UpdateReportsSettingsInput } from '../../core/contracts/reports.ts';
import type { z } from 'zod';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { validationError } from '../platform/errors.ts';
import { activeRoleMembers, isRoleMember, peopleWithPermission, roleById } from '../platform/people.ts';
import { templatesByIds } from './template-queries.ts';

/** The reports settings of an agency and who reviews reports. */

export const DEFAULT_CASE_NUMBER_FORMAT = '{YYYY}-{NNNNNN}';
export const DEFAULT_ACKNOWLEDGEMENT =
  'I have read this narrative in full, corrected it, and it is my own account of what I saw and did. I am responsible for its content.';
/** An agency that has not named its types yet writes incident reports on the general form. */
const FALLBACK_TYPES: ReportType[] = [{ key: 'incident', label: 'Incident', template_id: null }];

export function reportsSettingsOf(sysConfig: SysConfig): ReportsSettings {
  const stored = (sysConfig.reports_settings ?? {}) as Partial<ReportsSettings>;
  return {
    enabled: stored.enabled === true,
    case_number_format: stored.case_number_format ?? DEFAULT_CASE_NUMBER_FORMAT,
    types: stored.types?.length ? stored.types : FALLBACK_TYPES,
    reviewer_role_id: stored.reviewer_role_id ?? null,
    acknowledgement_text: stored.acknowledgement_text ?? DEFAULT_ACKNOWLEDGEMENT,
    ai_type_keys: stored.ai_type_keys ?? [],
  };
}

/** Whether the caller reviews reports: an administrator, or a member of the agency's reviewer role. */
export async function isReviewer(tx: Tx, ctx: RequestContext): Promise<boolean> {
  if (holds(ctx, 'admin:access')) return true;
  const roleId = reportsSettingsOf(ctx.sysConfig).reviewer_role_id;
  return roleId !== null && (await isRoleMember(tx, ctx.scope.agencyId, roleId, ctx.scope.userId));
}

/** The people told that a report waits for review. */
export async function reviewers(tx: Tx, ctx: RequestContext): Promise<Array<{ id: string }>> {
  const roleId = reportsSettingsOf(ctx.sysConfig).reviewer_role_id;
  const role = roleId ? await roleById(tx, ctx.scope.agencyId, roleId) : undefined;
  return role ? activeRoleMembers(tx, ctx.scope.agencyId, role.id) : peopleWithPermission(tx, ctx.scope.agencyId, 'admin:access');
}

export function getReportsSettings(ctx: RequestContext): ReportsSettings {
  return reportsSettingsOf(ctx.sysConfig);
}

export function updateReportsSettings(ctx: RequestContext, input: z.infer<typeof UpdateReportsSettingsInput>): Promise<ReportsSettings> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const sysConfig = await lockSysConfig(tx, agencyId);
    const before = reportsSettingsOf(sysConfig);
    const next = ReportsSettings.parse({ ...before, ...input });
    const keys = new Set<string>();
    next.types.forEach((type, index) => {
      if (keys.has(type.key)) throw validationError({ [`types.${index}.key`]: 'Another report type has this key' });
      keys.add(type.key);
    });
    const templateIds = next.types.flatMap((type) => (type.template_id ? [type.template_id] : []));
    const known = new Map((await templatesByIds(tx, agencyId, templateIds)).map((t) => [t.id, t]));
    next.types.forEach((type, index) => {
      const template = type.template_id ? known.get(type.template_id) : undefined;
      if (type.template_id && (!template || template.scope !== 'agency' || template.retiredAt))
        throw validationError({ [`types.${index}.template_id`]: 'Choose one of the agency’s templates' });
    });
    // A type taken away takes its AI permission with it; one named that is not a type is a mistake.
    if (input.ai_type_keys) {
      const unknown = next.ai_type_keys.findIndex((key) => !keys.has(key));
      if (unknown >= 0) throw validationError({ ai_type_keys: `There is no report type “${next.ai_type_keys[unknown]}”` });
    }
    next.ai_type_keys = [...new Set(next.ai_type_keys.filter((key) => keys.has(key)))];
    if (
      next.reviewer_role_id &&
      next.reviewer_role_id !== before.reviewer_role_id &&
      !(await roleById(tx, agencyId, next.reviewer_role_id))
    )
      throw validationError({ reviewer_role_id: 'Choose one of the agency’s roles' });
    await writeSysConfig(tx, agencyId, {
      ...sysConfig,
      reports_settings: { ...sysConfig.reports_settings, ...next, enabled: before.enabled },
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'reports.settings_changed',
      entityType: 'module',
      entityId: 'reports',
      summary: 'Changed the reports settings',
      before,
      after: next,
    });
    return next;
  });
}
