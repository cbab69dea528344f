import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { agencies, auditLog, oneTimeTokens, rolePermissions, roles, sessions, userRoles, users } from '../db/schema.ts';
import { inSequence, pageWithTotal, queryRows, type Tx } from '../platform/database.ts';
import type { AuditQuery, ListUsersQuery } from '../../core/contracts/admin.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { containsPattern, escapeLike } from '../platform/text-search.ts';

/** The only database access of the admin area. Every function filters by agency as well as running under its row-level security. */

export type RoleRow = typeof roles.$inferSelect;

export async function findAgencyRow(tx: Tx, agencyId: string) {
  const [row] = await tx.select().from(agencies).where(eq(agencies.id, agencyId));
  return row!;
}

/** The agency row locked until the transaction ends: read-modify-writes of sys_config must not interleave. */
export async function lockAgencyRow(tx: Tx, agencyId: string) {
  const [row] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update');
  return row!;
}

/** Updates the agency only if it is still at `version`; null when someone else changed it first. */
export function updateAgencyRow(tx: Tx, agencyId: string, version: number, values: Partial<typeof agencies.$inferInsert>) {
  return updateAtVersion(tx, agencies, eq(agencies.id, agencyId), version, values);
}

const USER_SORT_COLUMNS = {
  name: users.name,
  email: users.email,
  badge_number: users.badgeNumber,
  rank: users.rank,
  status: users.status,
  last_sign_in_at: users.lastSignInAt,
  created_at: users.createdAt,
} as const;

export async function listUsers(tx: Tx, agencyId: string, query: ListUsersQuery) {
  const conditions: Array<SQL | undefined> = [eq(users.agencyId, agencyId)];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.badgeNumber, pattern), ilike(users.rank, pattern)),
    );
  }
  if (query.role_id)
    conditions.push(
      inArray(
        users.id,
        tx
          .select({ id: userRoles.userId })
          .from(userRoles)
          .where(and(eq(userRoles.agencyId, agencyId), eq(userRoles.roleId, query.role_id))),
      ),
    );
  const where = and(...conditions);
  const column = USER_SORT_COLUMNS[query.sort];
  const direction = query.order === 'desc' ? desc : asc;
  const offset = (query.page - 1) * query.page_size;
  return pageWithTotal(tx.select({ n: count() }).from(users).where(where), offset, (total) =>
    tx
      .select({ ...getTableColumns(users), page_total: total })
      .from(users)
      .where(where)
      .orderBy(direction(column), asc(users.id))
      .limit(query.page_size)
      .offset(offset),
  );
}

export async function findUsers(tx: Tx, agencyId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select()
    .from(users)
    .where(and(eq(users.agencyId, agencyId), inArray(users.id, userIds)));
}

/** Roles (id, name) and permissions of each user. */
export async function rolesOfUsers(tx: Tx, agencyId: string, userIds: string[]) {
  const result = new Map<string, { roles: Array<{ id: string; name: string }>; permissions: Set<string> }>();
  for (const id of userIds) result.set(id, { roles: [], permissions: new Set() });
  if (userIds.length === 0) return result;
  const rows = await tx
    .select({ userId: userRoles.userId, roleId: roles.id, roleName: roles.name, permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.agencyId, userRoles.agencyId), eq(roles.id, userRoles.roleId)))
    .leftJoin(rolePermissions, and(eq(rolePermissions.agencyId, roles.agencyId), eq(rolePermissions.roleId, roles.id)))
    .where(and(eq(userRoles.agencyId, agencyId), inArray(userRoles.userId, userIds)));
  for (const row of rows) {
    const entry = result.get(row.userId)!;
    if (!entry.roles.some((r) => r.id === row.roleId)) entry.roles.push({ id: row.roleId, name: row.roleName });
    if (row.permission) entry.permissions.add(row.permission);
  }
  for (const entry of result.values()) entry.roles.sort((a, b) => a.name.localeCompare(b.name));
  return result;
}

/** The newest live invitation's expiry of each invited user. */
export async function invitationExpiries(tx: Tx, agencyId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, Date>();
  const rows = await tx
    .select({
      userId: oneTimeTokens.userId,
      expiresAt: sql<Date>`max(${oneTimeTokens.expiresAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.agencyId, agencyId),
        eq(oneTimeTokens.kind, 'invitation'),
        isNull(oneTimeTokens.usedAt),
        inArray(oneTimeTokens.userId, userIds),
      ),
    )
    .groupBy(oneTimeTokens.userId);
  return new Map(rows.map((r) => [r.userId!, r.expiresAt]));
}

export async function setUserRoles(tx: Tx, agencyId: string, userId: string, roleIds: string[]) {
  await tx.delete(userRoles).where(and(eq(userRoles.agencyId, agencyId), eq(userRoles.userId, userId)));
  if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ agencyId, userId, roleId })));
}

export function updateUserRow(
  tx: Tx,
  agencyId: string,
  userId: string,
  version: number | null,
  values: Partial<typeof users.$inferInsert>,
) {
  return updateAtVersion(tx, users, and(eq(users.agencyId, agencyId), eq(users.id, userId)), version, values);
}

export async function listRoles(tx: Tx, agencyId: string) {
  const [roleRows, permissionRows, memberRows] = await inSequence([
    () => tx.select().from(roles).where(eq(roles.agencyId, agencyId)).orderBy(asc(roles.name)),
    () => tx.select().from(rolePermissions).where(eq(rolePermissions.agencyId, agencyId)),
    () =>
      tx.select({ roleId: userRoles.roleId, n: count() }).from(userRoles).where(eq(userRoles.agencyId, agencyId)).groupBy(userRoles.roleId),
  ]);
  return roleRows.map((role) => ({
    role,
    permissions: permissionRows
      .filter((p) => p.roleId === role.id)
      .map((p) => p.permission)
      .sort(),
    memberCount: memberRows.find((m) => m.roleId === role.id)?.n ?? 0,
  }));
}

export async function findRole(tx: Tx, agencyId: string, roleId: string) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.agencyId, agencyId), eq(roles.id, roleId)));
  return role;
}

export async function findRolesByIds(tx: Tx, agencyId: string, roleIds: string[]) {
  if (roleIds.length === 0) return [];
  return tx
    .select()
    .from(roles)
    .where(and(eq(roles.agencyId, agencyId), inArray(roles.id, roleIds)));
}

export async function permissionsOfRole(tx: Tx, agencyId: string, roleId: string) {
  const rows = await tx
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.agencyId, agencyId), eq(rolePermissions.roleId, roleId)));
  return rows.map((r) => r.permission).sort();
}

export async function membersOfRole(tx: Tx, agencyId: string, roleId: string) {
  return tx
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(userRoles)
    .innerJoin(users, and(eq(users.agencyId, userRoles.agencyId), eq(users.id, userRoles.userId)))
    .where(and(eq(userRoles.agencyId, agencyId), eq(userRoles.roleId, roleId)))
    .orderBy(asc(users.name));
}

export async function insertRole(tx: Tx, agencyId: string, input: { name: string; description: string }) {
  const [role] = await tx.insert(roles).values({ agencyId, name: input.name, description: input.description }).returning();
  return role!;
}

export function updateRoleRow(tx: Tx, agencyId: string, roleId: string, version: number, values: Partial<typeof roles.$inferInsert>) {
  return updateAtVersion(tx, roles, and(eq(roles.agencyId, agencyId), eq(roles.id, roleId)), version, values);
}

export async function setRolePermissions(tx: Tx, agencyId: string, roleId: string, permissions: string[]) {
  await tx.delete(rolePermissions).where(and(eq(rolePermissions.agencyId, agencyId), eq(rolePermissions.roleId, roleId)));
  if (permissions.length > 0) await tx.insert(rolePermissions).values(permissions.map((permission) => ({ agencyId, roleId, permission })));
}

export async function setRoleMembers(tx: Tx, agencyId: string, roleId: string, userIds: string[]) {
  await tx.delete(userRoles).where(and(eq(userRoles.agencyId, agencyId), eq(userRoles.roleId, roleId)));
  if (userIds.length > 0) await tx.insert(userRoles).values(userIds.map((userId) => ({ agencyId, userId, roleId })));
}

export async function deleteRoleRow(tx: Tx, agencyId: string, roleId: string) {
  await tx.delete(roles).where(and(eq(roles.agencyId, agencyId), eq(roles.id, roleId)));
}

/** How many active users hold admin:access through any role. */
export async function countActiveAdmins(tx: Tx, agencyId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(distinct u.id)::int as n
          from users u
          join user_roles ur on ur.agency_id = u.agency_id and ur.user_id = u.id
          join role_permissions rp on rp.agency_id = ur.agency_id and rp.role_id = ur.role_id
         where u.agency_id = ${agencyId} and u.status = 'active' and rp.permission = 'admin:access'`,
  );
  return row?.n ?? 0;
}

export async function countUsersByStatus(tx: Tx, agencyId: string) {
  const rows = await tx.select({ status: users.status, n: count() }).from(users).where(eq(users.agencyId, agencyId)).groupBy(users.status);
  return {
    invited: rows.find((r) => r.status === 'invited')?.n ?? 0,
    active: rows.find((r) => r.status === 'active')?.n ?? 0,
    disabled: rows.find((r) => r.status === 'disabled')?.n ?? 0,
  };
}

export async function listAudit(
  tx: Tx,
  agencyId: string,
  query: Omit<AuditQuery, 'page' | 'page_size'> & { limit: number; offset: number },
) {
  const conditions: Array<SQL | undefined> = [eq(auditLog.agencyId, agencyId)];
  if (query.actor_id) conditions.push(eq(auditLog.actorId, query.actor_id));
  if (query.action) conditions.push(or(eq(auditLog.action, query.action), sql`${auditLog.action} like ${`${escapeLike(query.action)}.%`}`));
  if (query.entity_id) conditions.push(eq(auditLog.entityId, query.entity_id));
  if (query.from) conditions.push(gte(auditLog.occurredAt, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.occurredAt, new Date(query.to)));
  const where = and(...conditions);
  return pageWithTotal(tx.select({ n: count() }).from(auditLog).where(where), query.offset, (total) =>
    // The actor's name as it is now, beside the e-mail the entry recorded (the log itself is never rewritten).
    tx
      .select({ ...getTableColumns(auditLog), actorName: users.name, page_total: total })
      .from(auditLog)
      .leftJoin(users, and(eq(users.agencyId, auditLog.agencyId), eq(users.id, auditLog.actorId)))
      .where(where)
      .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
  );
}

/** A user's sessions that are neither ended nor past their hard limit, most recently used first. */
export function liveSessionsOf(tx: Tx, agencyId: string, userId: string) {
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.agencyId, agencyId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.notAfter, new Date())))
    .orderBy(desc(sessions.lastActivityAt), desc(sessions.createdAt));
}

/** Ends one live session of the user: its refresh tokens are refused from now on and its access token at its next request. False when there was none. */
export async function endSessionOf(tx: Tx, agencyId: string, userId: string, sessionId: string, reason: string): Promise<boolean> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.agencyId, agencyId), eq(sessions.userId, userId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
