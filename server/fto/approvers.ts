import { and, eq } from 'drizzle-orm';
import { roles, userRoles } from '../db/schema.ts';
import type { RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { peopleWithPermission } from '../platform/people.ts';
import { ftoSettingsOf, holds } from './programs.ts';

/**
 * Who approves DORs. Always a field training administrator (`fto:admin`) who did not write the DOR; an
 * agency may narrow it to the members of one role (settings: "who may approve"), e.g. its sergeants.
 * A role that has since been deleted narrows nothing, so DORs never wait for nobody.
 */
async function approverRole(tx: Tx, ctx: RequestContext): Promise<{ id: string; name: string } | null> {
  const roleId = ftoSettingsOf(ctx.sysConfig).approver_role_id;
  if (!roleId) return null;
  const [role] = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.agencyId, ctx.scope.agencyId), eq(roles.id, roleId)));
  return role ?? null;
}

async function isMember(tx: Tx, agencyId: string, userId: string, roleId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.agencyId, agencyId), eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
  return row !== undefined;
}

/** Whether the caller approves DORs in their agency (the DOR's own trainer is refused separately). */
export async function mayApprove(tx: Tx, ctx: RequestContext): Promise<boolean> {
  if (!holds(ctx, 'fto:admin')) return false;
  const role = await approverRole(tx, ctx);
  return !role || (await isMember(tx, ctx.scope.agencyId, ctx.scope.userId, role.id));
}

/** Refuses a caller who is outside the agency's approver role. */
export async function requireApprover(tx: Tx, ctx: RequestContext): Promise<void> {
  const role = await approverRole(tx, ctx);
  if (role && !(await isMember(tx, ctx.scope.agencyId, ctx.scope.userId, role.id)))
    throw new AppError('forbidden', `Only members of the role “${role.name}” approve DORs in this agency`);
}

/** The people told that a DOR waits for approval. */
export async function approvers(tx: Tx, ctx: RequestContext) {
  const role = await approverRole(tx, ctx);
  const admins = await peopleWithPermission(tx, ctx.scope.agencyId, 'fto:admin');
  if (!role) return admins;
  const members = new Set(
    (
      await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.agencyId, ctx.scope.agencyId), eq(userRoles.roleId, role.id)))
    ).map((r) => r.userId),
  );
  return admins.filter((person) => members.has(person.id));
}
