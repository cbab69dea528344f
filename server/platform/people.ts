import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { rolePermissions, roles, userRoles, users } from '../db/schema.ts';
import { inFixed, qualified, type Tx } from './database.ts';
import { isPermission, type Permission } from '../../core/permissions.ts';
import { containsPattern } from './text-search.ts';

/**
 * The agency's people as any module sees them: names beside its records, a search for its pickers, who
 * to tell about something. The users table belongs to the platform (server/auth and server/admin manage
 * accounts); a module reads people only through here.
 */

export interface Person {
  id: string;
  name: string;
}

/**
 * Active people of the agency whose name contains `q` (and who hold `permission` through a role, when
 * given), by name; and `includeId` (a picker's current value) whatever its status.
 */
export async function searchPeople(
  tx: Tx,
  agencyId: string,
  options: { q?: string | undefined; includeId?: string | undefined; permission?: string | undefined; limit: number },
): Promise<Person[]> {
  const matching = and(
    eq(users.agencyId, agencyId),
    eq(users.status, 'active'),
    options.q ? ilike(users.name, containsPattern(options.q)) : undefined,
    options.permission
      ? sql`exists (select 1 from ${userRoles} join ${rolePermissions} on ${rolePermissions.agencyId} = ${userRoles.agencyId} and ${rolePermissions.roleId} = ${userRoles.roleId} where ${userRoles.agencyId} = ${users.agencyId} and ${userRoles.userId} = ${users.id} and ${rolePermissions.permission} = ${options.permission})`
      : undefined,
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

/**
 * The name of the person whose id is in `userId` of the same row, as a column of a module's select:
 * `{ officerName: userNameOf(submissions.agencyId, submissions.officerId) }`. One statement, as a join
 * would be (a lookup by the users key per row); null where the row names no one. A NOT NULL `userId`
 * column is a foreign key to users in every module table (distribution rules), so its name is never null.
 */
export function userNameOf<C extends AnyPgColumn>(
  agencyId: AnyPgColumn,
  userId: C,
): SQL<C['_']['notNull'] extends true ? string : string | null> {
  return sql`(select ${users.name} from ${users} where ${users.agencyId} = ${qualified(agencyId)} and ${users.id} = ${qualified(userId)})`;
}

/**
 * A person's name by a join, for a page read as a subquery whose rows name people: `const officer =
 * personJoin('officer', page.agencyId, page.officerId)`, then `.leftJoin(officer.table, officer.on)` and
 * `officer.name` among the columns. Beside a page's rows, a join is cheaper for PostgreSQL than
 * `userNameOf`'s lookup per row (each a subplan run again with the row-level-security check), which
 * halved a month of squad checks' execution (docs/decisions/013, sixteenth step). Each join of the
 * users table in one statement needs its own `aliasName`.
 */
export function personJoin(aliasName: string, agencyId: AnyPgColumn | SQL.Aliased | SQL, userId: AnyPgColumn | SQL.Aliased | SQL) {
  const person = alias(users, aliasName);
  return { table: person, on: and(eq(person.agencyId, agencyId), eq(person.id, userId))!, name: person.name };
}

/** A person of the agency with the address to tell them by, whatever their status; undefined when there is none. */
export async function findPerson(tx: Tx, agencyId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)));
  return row;
}

/** Every person of the agency (id, e-mail), whatever their status: for seeding records that name people. */
export async function peopleOf(tx: Tx, agencyId: string) {
  return tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.agencyId, agencyId));
}

/**
 * Active people holding a permission through any role (e.g. the fleet office, to notify). The
 * permission and the status are written into the statement (a statement per permission, planned once):
 * as parameters, PostgreSQL costed the plan made without them above the one made for them, and so
 * planned it again on every run, 0.4 ms each, eight times what it takes to run (docs/decisions/013,
 * twenty-fifth step).
 */
export async function peopleWithPermission(tx: Tx, agencyId: string, permission: Permission) {
  if (!isPermission(permission)) throw new Error(`Not a permission: ${JSON.stringify(permission)}`);
  return tx
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.agencyId, users.agencyId), eq(userRoles.userId, users.id)))
    .innerJoin(rolePermissions, and(eq(rolePermissions.agencyId, userRoles.agencyId), eq(rolePermissions.roleId, userRoles.roleId)))
    .where(
      and(
        eq(users.agencyId, agencyId),
        inFixed(users.status, ['active']),
        sql`${rolePermissions.permission} = ${sql.raw(`'${permission}'`)}`,
      ),
    );
}

/**
 * The ids of the active people holding each of these permissions through any role: what
 * `peopleWithPermission` answers for each, in one statement.
 */
export async function holdersOfPermissions<P extends string>(
  tx: Tx,
  agencyId: string,
  permissions: readonly P[],
): Promise<Record<P, Set<string>>> {
  const holders = Object.fromEntries(permissions.map((permission) => [permission, new Set<string>()])) as Record<P, Set<string>>;
  const rows = await tx
    .selectDistinct({ id: users.id, permission: rolePermissions.permission })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.agencyId, users.agencyId), eq(userRoles.userId, users.id)))
    .innerJoin(rolePermissions, and(eq(rolePermissions.agencyId, userRoles.agencyId), eq(rolePermissions.roleId, userRoles.roleId)))
    .where(and(eq(users.agencyId, agencyId), eq(users.status, 'active'), inArray(rolePermissions.permission, [...permissions])));
  for (const row of rows) holders[row.permission as P]?.add(row.id);
  return holders;
}

/** A role of the agency (its id and name), by id; undefined when there is none (e.g. deleted since a setting named it). */
export async function roleById(tx: Tx, agencyId: string, roleId: string): Promise<{ id: string; name: string } | undefined> {
  const [role] = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.agencyId, agencyId), eq(roles.id, roleId)));
  return role;
}

/** Whether a person is a member of a role. */
export async function isRoleMember(tx: Tx, agencyId: string, roleId: string, userId: string): Promise<boolean> {
  const [member] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.agencyId, agencyId), eq(userRoles.roleId, roleId), eq(userRoles.userId, userId)));
  return Boolean(member);
}

/** The role an agency made from a built-in template (core/permissions.ts BUILT_IN_ROLES), if it still has it. */
export async function roleFromTemplate(tx: Tx, agencyId: string, templateKey: string): Promise<{ id: string; name: string } | undefined> {
  const [role] = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.agencyId, agencyId), eq(roles.templateKey, templateKey)))
    .limit(1);
  return role;
}

/** The active members of a role (id, e-mail, name, account type), by e-mail. */
export async function activeRoleMembers(tx: Tx, agencyId: string, roleId: string) {
  return tx
    .select({ id: users.id, email: users.email, name: users.name, accountType: users.accountType })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.agencyId, users.agencyId), eq(userRoles.userId, users.id)))
    .where(and(eq(users.agencyId, agencyId), eq(users.status, 'active'), eq(userRoles.roleId, roleId)))
    .orderBy(asc(users.email));
}
