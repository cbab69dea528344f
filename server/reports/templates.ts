import type { ReportTemplate, ReportTypeWithTemplate, TemplateContent, TemplateInput } from '../../core/contracts/reports.ts';
import { GENERAL_TEMPLATE } from '../../core/reports/general-template.ts';
import type { UpdateTemplateInput } from '../../core/contracts/reports.ts';
import type { z } from 'zod';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { reportsSettingsOf } from './settings.ts';
import {
  findTemplate,
  insertTemplate,
  templatesByIds,
  updateTemplateRow,
  usableTemplates,
  type ListedTemplate,
} from './template-queries.ts';

/**
 * Report templates: the agency's (built by holders of `reports:templates.create_agency`, used by
 * everyone) and each officer's own (`reports:templates.create_user`, used by its owner alone). A
 * template is retired, never deleted; a report keeps the copy it started from.
 */

function mayEdit(ctx: RequestContext, template: ListedTemplate['template']): boolean {
  return template.scope === 'agency' ? holds(ctx, 'reports:templates.create_agency') : template.ownerId === ctx.scope.userId;
}

function present(ctx: RequestContext, row: ListedTemplate): ReportTemplate {
  const { template } = row;
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    scope: template.scope,
    owner_id: template.ownerId,
    owner_name: row.ownerName,
    content: template.content,
    type_keys: reportsSettingsOf(ctx.sysConfig)
      .types.filter((type) => type.template_id === template.id)
      .map((type) => type.key),
    can_edit: mayEdit(ctx, template) && (template.scope === 'agency' || holds(ctx, 'reports:templates.create_user')),
    retired: template.retiredAt !== null,
    version: template.version,
    updated_at: template.updatedAt.toISOString(),
  };
}

/** A template the caller may see: the agency's, or their own. Anyone else's answers 404, as if it did not exist. */
export async function visibleTemplate(tx: Tx, ctx: RequestContext, id: string): Promise<ListedTemplate> {
  const row = await findTemplate(tx, ctx.scope.agencyId, id);
  if (!row || (row.template.scope === 'personal' && row.template.ownerId !== ctx.scope.userId))
    throw new AppError('not_found', 'There is no such template');
  return row;
}

/** Keys are unique across the template (they name the answers), and a choice has its choices. */
function checkContent(content: TemplateContent): void {
  const problems: Record<string, string> = {};
  const sectionKeys = new Set<string>();
  const fieldKeys = new Set<string>();
  const listKinds = new Set<string>();
  content.sections.forEach((section, s) => {
    if (sectionKeys.has(section.key)) problems[`content.sections.${s}.key`] = 'Another section has this key';
    sectionKeys.add(section.key);
    section.fields.forEach((field, f) => {
      const at = `content.sections.${s}.fields.${f}`;
      if (fieldKeys.has(field.key) || ['location', 'occurred_at'].includes(field.key)) problems[`${at}.key`] = 'Another field has this key';
      fieldKeys.add(field.key);
      if (field.kind === 'choice' && field.options.length < 2) problems[`${at}.options`] = 'Give at least two choices';
      if (['person', 'vehicle', 'property', 'narrative'].includes(field.kind)) {
        if (listKinds.has(field.kind)) problems[`${at}.kind`] = 'A template has one field of this kind';
        listKinds.add(field.kind);
      }
    });
  });
  if (Object.keys(problems).length) throw validationError(problems, 'The template needs a few changes: see the fields marked');
}

export function listTemplates(ctx: RequestContext): Promise<ReportTemplate[]> {
  return inAgency(ctx, async (tx) => {
    const rows = await usableTemplates(tx, ctx.scope.agencyId, ctx.scope.userId, holds(ctx, 'reports:templates.create_agency'));
    return rows.map((row) => present(ctx, row));
  });
}

export function getTemplate(ctx: RequestContext, id: string): Promise<ReportTemplate> {
  return inAgency(ctx, async (tx) => present(ctx, await visibleTemplate(tx, ctx, id)));
}

export function createTemplate(ctx: RequestContext, input: TemplateInput): Promise<ReportTemplate> {
  return inAgency(ctx, async (tx) => {
    if (input.scope === 'agency' && !holds(ctx, 'reports:templates.create_agency'))
      throw new AppError('forbidden', 'Only holders of “Create agency templates” build templates for the whole agency');
    if (input.scope === 'personal' && !holds(ctx, 'reports:templates.create_user'))
      throw new AppError('forbidden', 'Only holders of “Create personal templates” build their own templates');
    checkContent(input.content);
    const row = await insertTemplate(tx, {
      agencyId: ctx.scope.agencyId,
      name: input.name,
      description: input.description,
      scope: input.scope,
      ownerId: input.scope === 'personal' ? ctx.scope.userId : null,
      content: input.content,
    });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'reports.template_created',
      entityType: 'report_template',
      entityId: row.id,
      summary: `Created the ${input.scope} report template “${input.name}”`,
    });
    return present(ctx, (await findTemplate(tx, ctx.scope.agencyId, row.id))!);
  });
}

export function updateTemplate(
  ctx: RequestContext,
  id: string,
  version: number,
  input: z.infer<typeof UpdateTemplateInput>,
): Promise<ReportTemplate> {
  return inAgency(ctx, async (tx) => {
    const current = await visibleTemplate(tx, ctx, id);
    if (!mayEdit(ctx, current.template))
      throw new AppError(
        'forbidden',
        current.template.scope === 'agency'
          ? 'Only holders of “Create agency templates” change the agency’s templates'
          : 'Only its owner changes a personal template',
      );
    checkContent(input.content);
    if (input.retired && reportsSettingsOf(ctx.sysConfig).types.some((type) => type.template_id === id))
      throw validationError({ retired: 'A report type starts from this template: give the type another template first' });
    const updated = await updateTemplateRow(tx, ctx.scope.agencyId, id, version, {
      name: input.name,
      description: input.description,
      content: input.content,
      ...(input.retired === undefined ? {} : { retiredAt: input.retired ? (current.template.retiredAt ?? new Date()) : null }),
    });
    if (!updated) throw staleVersion('template');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'reports.template_changed',
      entityType: 'report_template',
      entityId: id,
      summary: `Changed the report template “${input.name}”${input.retired ? ' (retired)' : ''}`,
      before: { name: current.template.name, content: current.template.content },
      after: { name: input.name, content: input.content },
    });
    return present(ctx, { template: updated, ownerName: current.ownerName });
  });
}

/** The agency's report types, each with the form a report of it starts on (its template, or the general form). */
export function listReportTypes(ctx: RequestContext): Promise<ReportTypeWithTemplate[]> {
  return inAgency(ctx, async (tx) => {
    const types = reportsSettingsOf(ctx.sysConfig).types;
    const ids = types.flatMap((type) => (type.template_id ? [type.template_id] : []));
    const templates = new Map((await templatesByIds(tx, ctx.scope.agencyId, ids)).map((t) => [t.id, t]));
    return types.map((type) => {
      const template = type.template_id ? templates.get(type.template_id) : undefined;
      return { ...type, template_name: template?.name ?? 'General incident', template: template?.content ?? GENERAL_TEMPLATE };
    });
  });
}
