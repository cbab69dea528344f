import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { agencies, authFactors, mfaChallenges, refreshTokens, rolePermissions, roles, sessions, userRoles, users } from '../db/schema.ts';
import { queryRows, type Tx } from '../platform/database.ts';
import type { UserRow } from '../platform/users.ts';

/** The only database access of the auth area. Every function runs inside a tenant transaction and filters by agency too. */

export type SessionRow = typeof sessions.$inferSelect;

export async function agencyIdForEmail(tx: Tx, email: string): Promise<string | null> {
  const [row] = await queryRows<{ agency_id: string | null }>(tx, sql`select precinct_agency_for_email(${email}) as agency_id`);
  return row?.agency_id ?? null;
}

export async function findUserByEmail(tx: Tx, agencyId: string, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.email, email)));
  return row;
}

/** The user row, locked until the transaction ends (decisions that must not race, such as the lockout). */
export async function lockUserRow(tx: Tx, agencyId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
    .for('update');
  return row;
}

/** Role names and the union of their permissions: what goes into the access token. */
export async function loadUserAccess(tx: Tx, agencyId: string, userId: string) {
  const rows = await tx
    .select({ roleName: roles.name, permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.agencyId, userRoles.agencyId), eq(roles.id, userRoles.roleId)))
    .leftJoin(rolePermissions, and(eq(rolePermissions.agencyId, roles.agencyId), eq(rolePermissions.roleId, roles.id)))
    .where(and(eq(userRoles.agencyId, agencyId), eq(userRoles.userId, userId)));
  const roleNames = [...new Set(rows.map((r) => r.roleName))].sort();
  const permissions = [...new Set(rows.flatMap((r) => (r.permission ? [r.permission] : [])))].sort();
  return { roles: roleNames, permissions };
}

export async function findAgency(tx: Tx, agencyId: string) {
  const [row] = await tx.select().from(agencies).where(eq(agencies.id, agencyId));
  return row;
}

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await tx.insert(sessions).values(values).returning();
  return row!;
}

export async function findSession(tx: Tx, agencyId: string, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.agencyId, agencyId), eq(sessions.id, sessionId)));
  return row;
}

export async function touchSessionRefresh(tx: Tx, agencyId: string, sessionId: string) {
  await tx
    .update(sessions)
    .set({ refreshedAt: new Date() })
    .where(and(eq(sessions.agencyId, agencyId), eq(sessions.id, sessionId)));
}

export async function revokeSession(tx: Tx, agencyId: string, sessionId: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.agencyId, agencyId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Adds a refresh token; one already there (the successor made by an earlier use of its parent) is kept. */
export async function insertRefreshToken(tx: Tx, values: typeof refreshTokens.$inferInsert) {
  await tx
    .insert(refreshTokens)
    .values(values)
    .onConflictDoNothing({ target: [refreshTokens.agencyId, refreshTokens.tokenHash] });
}

export async function findRefreshToken(tx: Tx, agencyId: string, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.agencyId, agencyId), eq(refreshTokens.tokenHash, tokenHash)));
  return row;
}

/** Marks a refresh token spent; false when another request spent it first. */
export async function spendRefreshToken(tx: Tx, agencyId: string, id: number): Promise<boolean> {
  const spent = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.agencyId, agencyId), eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return spent.length === 1;
}

export type FactorRow = typeof authFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

export async function listFactors(tx: Tx, agencyId: string, userId: string): Promise<FactorRow[]> {
  return tx
    .select()
    .from(authFactors)
    .where(and(eq(authFactors.agencyId, agencyId), eq(authFactors.userId, userId)))
    .orderBy(authFactors.createdAt);
}

export async function findFactor(tx: Tx, agencyId: string, userId: string, factorId: string): Promise<FactorRow | undefined> {
  const [row] = await tx
    .select()
    .from(authFactors)
    .where(and(eq(authFactors.agencyId, agencyId), eq(authFactors.userId, userId), eq(authFactors.id, factorId)));
  return row;
}

export async function insertFactor(tx: Tx, values: typeof authFactors.$inferInsert): Promise<FactorRow> {
  const [row] = await tx.insert(authFactors).values(values).returning();
  return row!;
}

export async function updateFactor(
  tx: Tx,
  agencyId: string,
  factorId: string,
  values: Partial<typeof authFactors.$inferInsert>,
): Promise<FactorRow> {
  const [row] = await tx
    .update(authFactors)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(authFactors.agencyId, agencyId), eq(authFactors.id, factorId)))
    .returning();
  return row!;
}

/** Accepts a TOTP step only if it is newer than the last accepted one: a seen code can never be replayed. */
export async function advanceTotpStep(tx: Tx, agencyId: string, factorId: string, step: number): Promise<boolean> {
  const advanced = await tx
    .update(authFactors)
    .set({ lastUsedStep: step, lastUsedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(authFactors.agencyId, agencyId),
        eq(authFactors.id, factorId),
        or(isNull(authFactors.lastUsedStep), lt(authFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: authFactors.id });
  return advanced.length === 1;
}

export async function insertChallenge(tx: Tx, values: typeof mfaChallenges.$inferInsert): Promise<ChallengeRow> {
  const [row] = await tx.insert(mfaChallenges).values(values).returning();
  return row!;
}

export async function findChallenge(tx: Tx, agencyId: string, challengeId: string): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.agencyId, agencyId), eq(mfaChallenges.id, challengeId)));
  return row;
}

/** Marks a challenge answered; false when it already was (single use, even under a race). */
export async function spendChallenge(tx: Tx, agencyId: string, challengeId: string): Promise<boolean> {
  const spent = await tx
    .update(mfaChallenges)
    .set({ verifiedAt: new Date() })
    .where(and(eq(mfaChallenges.agencyId, agencyId), eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.verifiedAt)))
    .returning({ id: mfaChallenges.id });
  return spent.length === 1;
}

/**
 * Takes one of a challenge's attempts before the answer is judged, atomically, so parallel answers
 * cannot exceed the cap; false when none are left or it was already answered.
 */
export async function takeChallengeAttempt(tx: Tx, agencyId: string, challengeId: string, cap: number): Promise<boolean> {
  const taken = await tx
    .update(mfaChallenges)
    .set({ failedAttempts: sql`${mfaChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.agencyId, agencyId),
        eq(mfaChallenges.id, challengeId),
        isNull(mfaChallenges.verifiedAt),
        lt(mfaChallenges.failedAttempts, cap),
      ),
    )
    .returning({ id: mfaChallenges.id });
  return taken.length === 1;
}

export async function raiseSession(tx: Tx, agencyId: string, sessionId: string, method: string): Promise<SessionRow> {
  const [row] = await tx
    .update(sessions)
    .set({
      aal: 'aal2',
      amr: sql`${sessions.amr} || ${JSON.stringify([{ method, timestamp: Math.floor(Date.now() / 1000) }])}::jsonb`,
      lastActivityAt: new Date(),
    })
    .where(and(eq(sessions.agencyId, agencyId), eq(sessions.id, sessionId)))
    .returning();
  return row!;
}
