import type { CreateRoleInput, Role, RoleDetail, UpdateRoleInput } from '../../core/contracts/admin.ts';
import { inSequence } from '../platform/database.ts';
import { hasPermission, isDeletableRole, type Permission } from '../../core/permissions.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { assertAnAdminRemains, inAgency, notFound, type AdminContext } from './context.ts';
import {
  deleteRoleRow,
  findRole,
  findUsers,
  insertRole,
  listRoles,
  membersOfRole,
  permissionsOfRole,
  setRoleMembers,
  setRolePermissions,
  updateRoleRow,
} from './queries.ts';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const nameTaken = (name: string) => validationError({ name: `There is already a role called ${name}` });

/** Nobody may grant a permission they do not hold (admin:access holds them all). */
function assertGrantable(ctx: AdminContext, permissions: readonly string[]) {
  const claims = {
    agency_id: ctx.scope.agencyId,
    account_type: ctx.scope.accountType,
    roles: ctx.scope.roles,
    permissions: ctx.scope.permissions,
  };
  const missing = permissions.filter((p) => !hasPermission(claims, p as Permission));
  if (missing.length > 0) throw validationError({ permissions: `You cannot grant ${missing.join(', ')}: you do not hold it` });
}

async function loadRole(tx: Tx, ctx: AdminContext, roleId: string): Promise<RoleDetail> {
  const role = await findRole(tx, ctx.scope.agencyId, roleId);
  if (!role) throw notFound('Role');
  const [permissions, members] = await inSequence([
    () => permissionsOfRole(tx, ctx.scope.agencyId, roleId),
    () => membersOfRole(tx, ctx.scope.agencyId, roleId),
  ]);
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    template_key: role.templateKey,
    permissions,
    member_count: members.length,
    version: role.version,
    members,
  };
}

export function listAgencyRoles(ctx: AdminContext): Promise<Role[]> {
  return inAgency(ctx, async (tx) =>
    (await listRoles(tx, ctx.scope.agencyId)).map(({ role, permissions, memberCount }) => ({
      id: role.id,
      name: role.name,
      description: role.description,
      template_key: role.templateKey,
      permissions,
      member_count: memberCount,
      version: role.version,
    })),
  );
}

export function getAgencyRole(ctx: AdminContext, roleId: string): Promise<RoleDetail> {
  return inAgency(ctx, (tx) => loadRole(tx, ctx, roleId));
}

export async function createRole(ctx: AdminContext, input: CreateRoleInput): Promise<RoleDetail> {
  const permissions = [...new Set(input.permissions ?? [])];
  assertGrantable(ctx, permissions);
  try {
    return await inAgency(ctx, async (tx) => {
      const role = await insertRole(tx, ctx.scope.agencyId, { name: input.name, description: input.description ?? '' });
      await setRolePermissions(tx, ctx.scope.agencyId, role.id, permissions);
      const created = await loadRole(tx, ctx, role.id);
      await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
        action: 'role.created',
        entityType: 'role',
        entityId: role.id,
        summary: `Created the role ${role.name}`,
        after: { name: role.name, description: role.description, permissions },
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function updateRole(ctx: AdminContext, roleId: string, version: number, input: UpdateRoleInput): Promise<RoleDetail> {
  try {
    return await inAgency(ctx, async (tx) => {
      const before = await loadRole(tx, ctx, roleId);
      if (before.version !== version) throw staleVersion('role');
      const updated = await updateRoleRow(tx, ctx.scope.agencyId, roleId, version, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      });
      if (!updated) throw staleVersion('role');
      if (input.permissions) {
        const next = [...new Set(input.permissions)];
        assertGrantable(
          ctx,
          next.filter((p) => !before.permissions.includes(p)),
        );
        await setRolePermissions(tx, ctx.scope.agencyId, roleId, next);
        await assertAnAdminRemains(tx, ctx.scope.agencyId);
      }
      const after = await loadRole(tx, ctx, roleId);
      await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
        action: input.permissions ? 'role.permissions_changed' : 'role.updated',
        entityType: 'role',
        entityId: roleId,
        summary: `Changed the role ${after.name}`,
        before: { name: before.name, description: before.description, permissions: before.permissions },
        after: { name: after.name, description: after.description, permissions: after.permissions },
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name ?? '');
    throw error;
  }
}

/** A role with members cannot be deleted: move its people first, so nobody loses access by surprise. The built-in Administrator role is never deleted. */
export function deleteRole(ctx: AdminContext, roleId: string): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const role = await loadRole(tx, ctx, roleId);
    if (!isDeletableRole(role))
      throw new AppError('conflict', `The built-in role ${role.name} cannot be deleted: it is what keeps the agency administrable`);
    if (role.member_count > 0)
      throw new AppError(
        'conflict',
        `The role ${role.name} still has ${role.member_count} member${role.member_count === 1 ? '' : 's'}; remove them first`,
      );
    await deleteRoleRow(tx, ctx.scope.agencyId, roleId);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'role.deleted',
      entityType: 'role',
      entityId: roleId,
      summary: `Deleted the role ${role.name}`,
      before: { name: role.name, description: role.description, permissions: role.permissions },
    });
  });
}

export function setMembersOfRole(ctx: AdminContext, roleId: string, userIds: string[]): Promise<RoleDetail> {
  return inAgency(ctx, async (tx) => {
    const before = await loadRole(tx, ctx, roleId);
    const unique = [...new Set(userIds)];
    const found = await findUsers(tx, ctx.scope.agencyId, unique);
    if (found.length !== unique.length) throw validationError({ user_ids: 'One of the chosen people is not in your agency' });
    const added = unique.filter((id) => !before.members.some((m) => m.id === id));
    if (added.length > 0) assertGrantable(ctx, before.permissions);
    await setRoleMembers(tx, ctx.scope.agencyId, roleId, unique);
    await assertAnAdminRemains(tx, ctx.scope.agencyId);
    const after = await loadRole(tx, ctx, roleId);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'role.members_changed',
      entityType: 'role',
      entityId: roleId,
      summary: `Changed who holds the role ${after.name}`,
      before: { members: before.members.map((m) => m.email) },
      after: { members: after.members.map((m) => m.email) },
    });
    return after;
  });
}
