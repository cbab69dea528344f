import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { agencyCounters, rolePermissions, storageObjects, userRoles, users } from '../db/schema.ts';
import type { Tx } from '../platform/database.ts';

/** The fleet module's database access to records it does not own (people, files, counters). Every query filters by agency as well as running under row-level security. */

export const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function nextNumber(tx: Tx, agencyId: string, name: string): Promise<number> {
  const [row] = await tx
    .insert(agencyCounters)
    .values({ agencyId, name, value: 1 })
    .onConflictDoUpdate({ target: [agencyCounters.agencyId, agencyCounters.name], set: { value: sql`${agencyCounters.value} + 1` } })
    .returning({ value: agencyCounters.value });
  return row!.value;
}

export async function userNames(tx: Tx, agencyId: string, ids: Array<string | null>): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Active people of the agency whose name contains `q`, by name; and `includeId` (a picker's current value) whatever its status. */
export async function searchActiveUsers(
  tx: Tx,
  agencyId: string,
  options: { q?: string | undefined; includeId?: string | undefined; limit: number },
) {
  const matching = and(
    eq(users.agencyId, agencyId),
    eq(users.status, 'active'),
    options.q ? ilike(users.name, escapeLike(options.q)) : undefined,
  );
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(matching)
    .orderBy(asc(users.name), asc(users.id))
    .limit(options.limit);
  if (options.includeId && !rows.some((r) => r.id === options.includeId)) {
    const [current] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.agencyId, agencyId), eq(users.id, options.includeId)));
    if (current) rows.unshift(current);
  }
  return rows;
}

/** Which of these ids are stored files of the agency. */
export async function existingStorageObjects(tx: Tx, agencyId: string, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await tx
    .select({ id: storageObjects.id })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), inArray(storageObjects.id, unique)));
  return new Set(rows.map((r) => r.id));
}

/** A stored file of the agency (id, content type), or undefined: another agency's id reads as not found. */
export async function findStorageObject(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select({ id: storageObjects.id, contentType: storageObjects.contentType })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), eq(storageObjects.id, id)));
  return row;
}

export async function userExists(tx: Tx, agencyId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)));
  return Boolean(row);
}

/** Active users holding a permission through any role (e.g. the fleet office, to notify). */
export async function usersWithPermission(tx: Tx, agencyId: string, permission: string) {
  return tx
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.agencyId, users.agencyId), eq(userRoles.userId, users.id)))
    .innerJoin(rolePermissions, and(eq(rolePermissions.agencyId, userRoles.agencyId), eq(rolePermissions.roleId, userRoles.roleId)))
    .where(and(eq(users.agencyId, agencyId), eq(users.status, 'active'), eq(rolePermissions.permission, permission)));
}

export async function findUser(tx: Tx, agencyId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)));
  return row;
}
