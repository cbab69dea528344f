import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { authFactors, mfaChallenges, sessions, users } from '../db/schema.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { queryRows, type Tx } from './database.ts';
import { expireOneTimeTokens } from './one-time-links.ts';
import { reusedStatement } from './reused-statements.ts';

/**
 * User accounts, as more than one module handles them: auth signs people up and in, admin invites,
 * disables, unlocks and resets them. Each function runs inside a tenant transaction and filters by
 * agency too. What only sign-in needs stays in server/auth/queries.ts.
 */

export type UserRow = typeof users.$inferSelect;

export async function claimEmail(tx: Tx, email: string, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ claimed: boolean }>(tx, sql`select precinct_claim_email(${email}, ${userId}) as claimed`);
  return row?.claimed === true;
}

const userById = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select()
      .from(users)
      .where(and(eq(users.agencyId, sql.placeholder('agencyId')), eq(users.id, sql.placeholder('userId')))),
);

export async function findUserById(tx: Tx, agencyId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await userById(tx, undefined, { agencyId, userId });
  return row;
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(tx: Tx, agencyId: string, userId: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
    .returning();
  return row!;
}

/** Revokes a user's live sessions, all of them or all but one. */
export async function revokeUserSessions(tx: Tx, agencyId: string, userId: string, reason: string, exceptSessionId?: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.agencyId, agencyId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function deleteFactors(tx: Tx, agencyId: string, userId: string, factorId?: string) {
  const condition = and(
    eq(authFactors.agencyId, agencyId),
    eq(authFactors.userId, userId),
    factorId ? eq(authFactors.id, factorId) : undefined,
  );
  await tx
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.agencyId, agencyId),
        inArray(mfaChallenges.factorId, tx.select({ id: authFactors.id }).from(authFactors).where(condition)),
      ),
    );
  return tx.delete(authFactors).where(condition).returning({ id: authFactors.id });
}

/** Clears a lock (an unlock link, or an administrator) and the failure count. */
export async function clearLock(tx: Tx, user: UserRow, actor: AuditActor, by: 'link' | 'second factor' | 'administrator') {
  await updateUser(tx, user.agencyId, user.id, { lockedAt: null, failedSignIns: 0, lastFailedSignInAt: null });
  await expireOneTimeTokens(tx, user.agencyId, user.id, 'unlock');
  await recordAudit(tx, user.agencyId, actor, {
    action: 'auth.unlocked',
    entityType: 'user',
    entityId: user.id,
    summary:
      by === 'link'
        ? `${user.email} unlocked their account by e-mail`
        : by === 'second factor'
          ? `${user.email} unlocked their account with their password and second factor`
          : `Unlocked ${user.email}`,
  });
}
