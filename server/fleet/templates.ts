import {
  TemplateInput as TemplateInputSchema,
  type Template,
  type TemplateInput,
  type TemplateSection,
} from '../../core/contracts/fleet.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { POLICE_DEFAULT_TEMPLATE } from './default-template.ts';
import {
  findTemplate,
  findTemplateVersions,
  insertTemplate,
  insertTemplateVersion,
  listTemplates,
  setCurrentVersion,
  updateTemplateRow,
  type TemplateRow,
} from './template-queries.ts';
import { fleetSettingsOf } from './settings.ts';

async function present(tx: Tx, agencyId: string, rows: TemplateRow[]): Promise<Template[]> {
  const versions = await findTemplateVersions(
    tx,
    agencyId,
    rows.map((r) => r.currentVersionId).filter((id): id is string => Boolean(id)),
  );
  return rows.map((row) => {
    const current = versions.find((v) => v.id === row.currentVersionId)!;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      vehicle_types: row.vehicleTypes,
      version_id: current.id,
      version_number: current.versionNumber,
      sections: current.sections as TemplateSection[],
      retired: row.retiredAt !== null,
      updated_at: row.updatedAt.toISOString(),
      version: row.version,
    };
  });
}

export async function loadTemplate(tx: Tx, agencyId: string, templateId: string): Promise<Template> {
  const row = await findTemplate(tx, agencyId, templateId);
  if (!row) throw new AppError('not_found', 'Template not found');
  return (await present(tx, agencyId, [row]))[0]!;
}

export function listAgencyTemplates(ctx: RequestContext): Promise<Template[]> {
  return inAgency(ctx, async (tx) => present(tx, ctx.scope.agencyId, await listTemplates(tx, ctx.scope.agencyId)));
}

export function getTemplate(ctx: RequestContext, templateId: string): Promise<Template> {
  return inAgency(ctx, (tx) => loadTemplate(tx, ctx.scope.agencyId, templateId));
}

/** Creates a template with its first version. Used by the builder and to seed a new agency's police default. */
export async function insertTemplateWithVersion(tx: Tx, agencyId: string, userId: string | null, raw: TemplateInput) {
  const input = TemplateInputSchema.parse(raw);
  const template = await insertTemplate(tx, {
    agencyId,
    name: input.name,
    description: input.description,
    vehicleTypes: input.vehicle_types,
  });
  const version = await insertTemplateVersion(tx, {
    agencyId,
    templateId: template.id,
    versionNumber: 1,
    sections: input.sections,
    createdBy: userId,
  });
  // The template row exists before its first version; now point it there.
  await setCurrentVersion(tx, agencyId, template.id, version.id);
  return { templateId: template.id, versionId: version.id };
}

/** A new agency starts with the police default template. */
export async function seedFleetDefaults(tx: Tx, agencyId: string) {
  return insertTemplateWithVersion(tx, agencyId, null, POLICE_DEFAULT_TEMPLATE);
}

export function createTemplate(ctx: RequestContext, input: TemplateInput): Promise<Template> {
  return inAgency(ctx, (tx) => insertNewTemplate(tx, ctx, input));
}

async function insertNewTemplate(tx: Tx, ctx: RequestContext, input: TemplateInput): Promise<Template> {
  checkVehicleTypes(ctx, input.vehicle_types ?? []);
  const { templateId } = await insertTemplateWithVersion(tx, ctx.scope.agencyId, ctx.scope.userId, input);
  const created = await loadTemplate(tx, ctx.scope.agencyId, templateId);
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: 'squad_check_template.created',
    entityType: 'squad_check_template',
    entityId: templateId,
    summary: `Created the squad check template ${created.name}`,
    after: { name: created.name, vehicle_types: created.vehicle_types },
  });
  return created;
}

function checkVehicleTypes(ctx: RequestContext, types: string[]) {
  const known = fleetSettingsOf(ctx.sysConfig).vehicle_types.map((t) => t.key);
  const unknown = types.filter((t) => !known.includes(t));
  if (unknown.length > 0)
    throw new AppError('validation_failed', 'Unknown vehicle type', {
      fields: { vehicle_types: `Unknown vehicle type: ${unknown.join(', ')}` },
    });
}

/** Saving a template makes a new version; submissions already made keep the version they were filled against. */
export function updateTemplate(ctx: RequestContext, templateId: string, version: number, raw: TemplateInput): Promise<Template> {
  const input = TemplateInputSchema.parse(raw);
  checkVehicleTypes(ctx, input.vehicle_types);
  return inAgency(ctx, async (tx) => {
    const before = await loadTemplate(tx, ctx.scope.agencyId, templateId);
    if (before.version !== version) throw staleVersion('template');
    const next = await insertTemplateVersion(tx, {
      agencyId: ctx.scope.agencyId,
      templateId,
      versionNumber: before.version_number + 1,
      sections: input.sections,
      createdBy: ctx.scope.userId,
    });
    const updated = await updateTemplateRow(tx, ctx.scope.agencyId, templateId, version, {
      name: input.name,
      description: input.description,
      vehicleTypes: input.vehicle_types,
      currentVersionId: next.id,
    });
    if (!updated) throw staleVersion('template');
    const after = await loadTemplate(tx, ctx.scope.agencyId, templateId);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'squad_check_template.updated',
      entityType: 'squad_check_template',
      entityId: templateId,
      summary: `Saved version ${after.version_number} of the squad check template ${after.name}`,
      before: { version_number: before.version_number, name: before.name },
      after: { version_number: after.version_number, name: after.name },
    });
    return after;
  });
}

export function setTemplateRetired(ctx: RequestContext, templateId: string, retired: boolean): Promise<Template> {
  return inAgency(ctx, async (tx) => {
    const before = await loadTemplate(tx, ctx.scope.agencyId, templateId);
    await updateTemplateRow(tx, ctx.scope.agencyId, templateId, before.version, { retiredAt: retired ? new Date() : null });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: retired ? 'squad_check_template.retired' : 'squad_check_template.restored',
      entityType: 'squad_check_template',
      entityId: templateId,
      summary: `${retired ? 'Retired' : 'Restored'} the squad check template ${before.name}`,
    });
    return loadTemplate(tx, ctx.scope.agencyId, templateId);
  });
}

/**
 * The template a vehicle is checked against: the settings' default for its type, else an active
 * template naming its type, else an active template for all vehicles.
 */
export async function templateForVehicleType(tx: Tx, ctx: RequestContext, vehicleType: string): Promise<Template | null> {
  const settings = fleetSettingsOf(ctx.sysConfig);
  const all = (await present(tx, ctx.scope.agencyId, await listTemplates(tx, ctx.scope.agencyId))).filter((t) => !t.retired);
  const configured = settings.default_templates[vehicleType];
  return (
    all.find((t) => t.id === configured) ??
    all.find((t) => t.vehicle_types.includes(vehicleType)) ??
    all.find((t) => t.vehicle_types.length === 0) ??
    null
  );
}
