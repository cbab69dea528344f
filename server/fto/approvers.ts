import { and, eq } from 'drizzle-orm';
import { userRoles } from '../db/schema.ts';
import { holds, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { isRoleMember, peopleWithPermission, roleById } from '../platform/people.ts';
import { ftoSettingsOf } from './caller.ts';

/**
 * Who approves DORs. Always a field training administrator (`fto:admin`) who did not write the DOR; an
 * agency may narrow it to the members of one role (settings: "who may approve"), e.g. its sergeants.
 * The settings refuse a role none of whose members holds `fto:admin`; a role deleted since narrows
 * nothing.
 */

type Role = { id: string; name: string };

async function memberIds(tx: Tx, agencyId: string, roleId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.agencyId, agencyId), eq(userRoles.roleId, roleId)));
  return new Set(rows.map((r) => r.userId));
}

/** The active people who approve DORs when `roleId` narrows it: the role's members holding `fto:admin`. */
export async function approversIn(tx: Tx, agencyId: string, roleId: string | null) {
  const admins = await peopleWithPermission(tx, agencyId, 'fto:admin');
  if (!roleId) return admins;
  const members = await memberIds(tx, agencyId, roleId);
  return admins.filter((person) => members.has(person.id));
}

/** The approver role the agency's settings name, if it still exists. */
async function approverRole(tx: Tx, ctx: RequestContext): Promise<Role | undefined> {
  const roleId = ftoSettingsOf(ctx.sysConfig).approver_role_id;
  return roleId ? roleById(tx, ctx.scope.agencyId, roleId) : undefined;
}

/** The approver role when the caller is not one of its members; undefined when the role lets them approve. */
async function roleShuttingOut(tx: Tx, ctx: RequestContext): Promise<Role | undefined> {
  const role = await approverRole(tx, ctx);
  if (!role) return undefined;
  return (await isRoleMember(tx, ctx.scope.agencyId, role.id, ctx.scope.userId)) ? undefined : role;
}

/** Whether the caller approves DORs in their agency (the DOR's own trainer is refused separately). */
export async function mayApprove(tx: Tx, ctx: RequestContext): Promise<boolean> {
  return holds(ctx, 'fto:admin') && !(await roleShuttingOut(tx, ctx));
}

/** Refuses a caller who is outside the agency's approver role. */
export async function requireApprover(tx: Tx, ctx: RequestContext): Promise<void> {
  const role = await roleShuttingOut(tx, ctx);
  if (role) throw new AppError('forbidden', `Only members of the role “${role.name}” approve DORs in this agency`);
}

/** The people told that a DOR waits for approval. */
export async function approvers(tx: Tx, ctx: RequestContext) {
  return approversIn(tx, ctx.scope.agencyId, (await approverRole(tx, ctx))?.id ?? null);
}
