import {
  LOGO_UPLOAD,
  type AdminOverview,
  type AgencyProfile,
  type ModuleState,
  type UpdateAgencyInput,
} from '../../core/contracts/admin.ts';
import { inSequence } from '../platform/database.ts';
import { effectiveSecurityPolicy, type SysConfig } from '../../core/contracts/agency.ts';
import { MODULE_LIST, type ModuleKey, MODULES } from '../../core/modules.ts';
import { agencies } from '../db/schema.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Tx } from '../platform/database.ts';
import { fileContentProblem } from '../platform/file-content.ts';
import { AppError } from '../platform/errors.ts';
import { IMAGE_TYPES, sniffImage } from '../platform/storage.ts';
import { staleVersion } from '../platform/versioning.ts';
import { inAgency, type AdminContext } from './context.ts';
import { countUsersByStatus, findAgencyRow, listAudit, listRoles, lockAgencyRow, updateAgencyRow } from './queries.ts';
import { presentAuditEntry } from './audit-log.ts';

type AgencyRow = typeof agencies.$inferSelect;

const LOGO_MAX_BYTES = LOGO_UPLOAD.maxBytes;

export function logoUrl(row: AgencyRow): string | null {
  return row.logoKey ? `/storage/v1/object/public/agency-logos/${row.id}?v=${row.version}` : null;
}

function presentAgency(row: AgencyRow): AgencyProfile {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    ori: row.ori,
    timezone: row.timezone,
    clock: row.sysConfig.general_settings.clock ?? '12h',
    address: row.address,
    security_policy: effectiveSecurityPolicy(row.securityPolicy),
    logo_url: logoUrl(row),
    version: row.version,
  };
}

function moduleStates(sysConfig: SysConfig): ModuleState[] {
  return MODULE_LIST.map((m) => ({ key: m.key, label: m.label, enabled: sysConfig[m.settingsKey]?.enabled === true }));
}

function auditable(row: AgencyRow) {
  return {
    name: row.name,
    ori: row.ori,
    timezone: row.timezone,
    clock: row.sysConfig.general_settings.clock,
    address: row.address,
    security_policy: row.securityPolicy,
  };
}

export function getAgencyProfile(ctx: AdminContext): Promise<AgencyProfile> {
  return inAgency(ctx, async (tx) => presentAgency(await findAgencyRow(tx, ctx.scope.agencyId)));
}

/** A timezone change applies everywhere at once: the profile's timezone and sys_config's general_settings are one value. */
export function updateAgencyProfile(ctx: AdminContext, version: number, input: UpdateAgencyInput): Promise<AgencyProfile> {
  return inAgency(ctx, async (tx) => {
    const before = await findAgencyRow(tx, ctx.scope.agencyId);
    if (before.version !== version) throw staleVersion('agency profile');
    const timezone = input.timezone ?? before.timezone;
    const sysConfig: SysConfig = {
      ...before.sysConfig,
      general_settings: {
        ...before.sysConfig.general_settings,
        timezone,
        clock: input.clock ?? before.sysConfig.general_settings.clock ?? '12h',
      },
    };
    const after = await updateAgencyRow(tx, ctx.scope.agencyId, version, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.ori !== undefined ? { ori: input.ori } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.security_policy !== undefined ? { securityPolicy: { ...before.securityPolicy, ...input.security_policy } } : {}),
      timezone,
      sysConfig,
    });
    if (!after) throw staleVersion('agency profile');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: input.security_policy ? 'agency.security_policy_changed' : 'agency.updated',
      entityType: 'agency',
      entityId: ctx.scope.agencyId,
      summary: 'Changed the agency profile',
      before: auditable(before),
      after: auditable(after),
    });
    return presentAgency(after);
  });
}

export async function uploadAgencyLogo(ctx: AdminContext, data: Buffer): Promise<AgencyProfile> {
  if (data.length === 0) throw new AppError('validation_failed', 'The file is empty', { fields: { logo: 'The file is empty' } });
  if (data.length > LOGO_MAX_BYTES)
    throw new AppError('validation_failed', 'The logo must be 2 MB or smaller', {
      fields: { logo: 'The logo must be 2 MB or smaller' },
      status: 413,
    });
  const type = sniffImage(data);
  if (!type)
    throw new AppError('validation_failed', 'Upload a PNG, JPEG or WebP image', {
      fields: { logo: 'Upload a PNG, JPEG or WebP image' },
      status: 415,
    });
  const problem = await fileContentProblem(type, data);
  if (problem) throw new AppError('validation_failed', problem, { fields: { logo: problem } });
  const key = ctx.services.storage.newKey(ctx.scope.agencyId, 'logo', IMAGE_TYPES[type]);
  await ctx.services.storage.put(key, data);
  return setLogo(ctx, key, 'agency.logo_changed', 'Changed the agency logo');
}

export function removeAgencyLogo(ctx: AdminContext): Promise<AgencyProfile> {
  return setLogo(ctx, null, 'agency.logo_removed', 'Removed the agency logo');
}

function setLogo(ctx: AdminContext, key: string | null, action: string, summary: string) {
  return inAgency(ctx, async (tx) => {
    const before = await findAgencyRow(tx, ctx.scope.agencyId);
    const after = await updateAgencyRow(tx, ctx.scope.agencyId, before.version, { logoKey: key });
    if (!after) throw staleVersion('agency profile');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action,
      entityType: 'agency',
      entityId: ctx.scope.agencyId,
      summary,
      before: { logo: before.logoKey },
      after: { logo: key },
    });
    return presentAgency(after);
  });
}

export function listModules(ctx: AdminContext): Promise<ModuleState[]> {
  return inAgency(ctx, async (tx) => moduleStates((await findAgencyRow(tx, ctx.scope.agencyId)).sysConfig));
}

/** Switching a module takes effect on the server at once (its API answers 403) and in browsers on their next navigation. */
export function setModuleEnabled(ctx: AdminContext, module: ModuleKey, enabled: boolean): Promise<ModuleState[]> {
  return inAgency(ctx, async (tx: Tx) => {
    const before = await lockAgencyRow(tx, ctx.scope.agencyId);
    const key = MODULES[module].settingsKey;
    const sysConfig: SysConfig = { ...before.sysConfig, [key]: { ...before.sysConfig[key], enabled } };
    const after = await updateAgencyRow(tx, ctx.scope.agencyId, before.version, { sysConfig });
    if (!after) throw staleVersion('agency configuration');
    if (before.sysConfig[key]?.enabled !== enabled)
      await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
        action: enabled ? 'module.enabled' : 'module.disabled',
        entityType: 'module',
        entityId: module,
        summary: `Turned ${enabled ? 'on' : 'off'} ${MODULES[module].label}`,
        before: { enabled: before.sysConfig[key]?.enabled ?? false },
        after: { enabled },
      });
    return moduleStates(after.sysConfig);
  });
}

export function getOverview(ctx: AdminContext): Promise<AdminOverview> {
  return inAgency(ctx, async (tx) => {
    const [agency, users, roles, recent] = await inSequence([
      () => findAgencyRow(tx, ctx.scope.agencyId),
      () => countUsersByStatus(tx, ctx.scope.agencyId),
      () => listRoles(tx, ctx.scope.agencyId),
      () => listAudit(tx, ctx.scope.agencyId, { limit: 10, offset: 0 }),
    ]);
    return {
      users_by_status: users,
      role_count: roles.length,
      modules: moduleStates(agency.sysConfig),
      recent_activity: recent.rows.map(presentAuditEntry),
    };
  });
}
