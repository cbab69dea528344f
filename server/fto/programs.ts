import type { FtoSettings, Program, ProgramInput } from '../../core/contracts/fto.ts';
import type { z } from 'zod';
import type { UpdateFtoSettingsInput } from '../../core/contracts/fto.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { approversIn } from './approvers.ts';
import { roleById } from '../platform/people.ts';
import { addProgramVersion, insertProgram, programsWithVersions } from './binder-queries.ts';
import { ftoSettingsOf } from './caller.ts';
import { DEFAULT_PROGRAM_NAME, defaultProgramContent } from './default-program.ts';

/** Every agency starts with the San Jose model program, so a coordinator can open a binder on day one. */
export async function seedDefaultProgram(tx: Tx, agencyId: string, createdBy: string | null = null) {
  return insertProgram(tx, agencyId, DEFAULT_PROGRAM_NAME, defaultProgramContent(), createdBy);
}

type ProgramListing = Awaited<ReturnType<typeof programsWithVersions>>[number];

function presentProgram(row: ProgramListing): Program {
  return {
    id: row.program.id,
    name: row.program.name,
    version_id: row.program.currentVersionId,
    version_number: row.number,
    content: row.content,
    active_binders: row.activeBinders,
    updated_at: row.program.updatedAt.toISOString(),
    version: row.program.version,
  };
}

export function listPrograms(ctx: RequestContext): Promise<Program[]> {
  return inAgency(ctx, async (tx) => (await programsWithVersions(tx, ctx.scope.agencyId)).map(presentProgram));
}

export function getProgram(ctx: RequestContext, id: string): Promise<Program> {
  return inAgency(ctx, async (tx) => {
    const [row] = await programsWithVersions(tx, ctx.scope.agencyId, id);
    if (!row) throw new AppError('not_found', 'No such program');
    return presentProgram(row);
  });
}

/**
 * Saves a program as a new version. Binders already running keep the version they started on; new
 * binders start on this one. A phase that open binders are in cannot be removed.
 */
export function updateProgram(ctx: RequestContext, id: string, version: number, input: ProgramInput): Promise<Program> {
  return inAgency(ctx, async (tx) => {
    const [before] = await programsWithVersions(tx, ctx.scope.agencyId, id);
    if (!before) throw new AppError('not_found', 'No such program');
    if (before.program.version !== version) throw staleVersion('program');
    const keys = new Set(input.content.phases.map((p) => p.key));
    const removed = before.content.phases.filter((p) => !keys.has(p.key));
    if (removed.length && before.activeBinders > 0)
      throw validationError({ phases: `${removed[0]!.name} is still in use by open binders: rename it rather than remove it` });
    const updated = await addProgramVersion(tx, ctx.scope.agencyId, id, version, { ...input, createdBy: ctx.scope.userId });
    if (!updated) throw staleVersion('program');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.program_changed',
      entityType: 'fto_program',
      entityId: id,
      summary: `Saved version ${before.number + 1} of ${input.name}`,
      before: { name: before.program.name, version: before.number },
      after: { name: input.name, version: before.number + 1 },
    });
    const [after] = await programsWithVersions(tx, ctx.scope.agencyId, id);
    return presentProgram(after!);
  });
}

/**
 * Who approves DORs is the agency's call, not the approvers' own: only an administrator changes it, to a
 * role of the agency with at least one member who holds `fto:admin` (or back to any coordinator).
 */
async function checkApproverRole(tx: Tx, ctx: RequestContext, roleId: string | null): Promise<void> {
  if (!holds(ctx, 'admin:access')) throw new AppError('forbidden', 'Only an agency administrator changes who approves DORs');
  if (!roleId) return;
  const role = await roleById(tx, ctx.scope.agencyId, roleId);
  if (!role) throw validationError({ approver_role_id: 'Choose one of the agency’s roles' });
  if ((await approversIn(tx, ctx.scope.agencyId, roleId)).length === 0)
    throw validationError({
      approver_role_id: `Nobody in “${role.name}” holds the Field training administrator permission: give it to the role first`,
    });
}

export function updateFtoSettings(ctx: RequestContext, input: z.infer<typeof UpdateFtoSettingsInput>): Promise<FtoSettings> {
  return inAgency(ctx, async (tx) => {
    const sysConfig = await lockSysConfig(tx, ctx.scope.agencyId);
    const before = ftoSettingsOf(sysConfig);
    const next = { ...before, ...input };
    if (next.default_program_id && !(await programsWithVersions(tx, ctx.scope.agencyId, next.default_program_id)).length)
      throw validationError({ default_program_id: 'Choose one of the programs' });
    if (next.approver_role_id !== before.approver_role_id) await checkApproverRole(tx, ctx, next.approver_role_id);
    await writeSysConfig(tx, ctx.scope.agencyId, {
      ...sysConfig,
      field_training_settings: { ...sysConfig.field_training_settings, ...next, enabled: before.enabled },
    });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.settings_changed',
      entityType: 'module',
      entityId: 'fto',
      summary: 'Changed the field training settings',
      before,
      after: next,
    });
    return next;
  });
}
