import { and, eq, gt, isNull } from 'drizzle-orm';
import { oneTimeTokens } from '../db/schema.ts';
import { AppError } from './errors.ts';
import type { Tx } from './database.ts';
import { agencyOfOpaqueToken, hashOpaqueToken, mintOpaqueToken } from './opaque-tokens.ts';

/**
 * E-mailed one-time links (sign-up confirmation, recovery, invitation, unlock): minted here for any
 * module, each usable once, stored only as a hash.
 */

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type OneTimeTokenKind = OneTimeTokenRow['kind'];

async function insertOneTimeToken(tx: Tx, values: typeof oneTimeTokens.$inferInsert) {
  await tx.insert(oneTimeTokens).values(values);
}

async function findOneTimeToken(tx: Tx, agencyId: string, tokenHash: string): Promise<OneTimeTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.agencyId, agencyId), eq(oneTimeTokens.tokenHash, tokenHash)));
  return row;
}

/** Spends a one-time token; false when it was already used (a concurrent click on the same link). */
async function spendOneTimeToken(tx: Tx, agencyId: string, id: string): Promise<boolean> {
  const spent = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.agencyId, agencyId), eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return spent.length === 1;
}

/** Ends earlier unused tokens of a kind for a user, so only the newest link works. */
export async function expireOneTimeTokens(tx: Tx, agencyId: string, userId: string, kind: OneTimeTokenKind) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.agencyId, agencyId),
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    );
}

/** How long each kind of e-mailed link lives. Recovery: 15 minutes (QUALITY.md, CJIS IA-5). */
export const LINK_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  confirm_signup: 24 * 60 * 60 * 1000,
  recovery: 15 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
  unlock: 60 * 60 * 1000,
};

export async function createLink(
  tx: Tx,
  input: {
    agencyId: string;
    kind: OneTimeTokenKind;
    email: string;
    userId: string | null;
    createdBy?: string;
    data?: Record<string, unknown>;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = mintOpaqueToken(input.agencyId);
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[input.kind]);
  await insertOneTimeToken(tx, {
    agencyId: input.agencyId,
    kind: input.kind,
    tokenHash: hash,
    email: input.email,
    userId: input.userId,
    data: input.data ?? {},
    expiresAt,
    createdBy: input.createdBy ?? null,
  });
  return { token, expiresAt };
}

export const invalidLink = () =>
  new AppError('invalid_token', 'This link is not valid or has already been used', { hint: 'ask for a new link' });
export const expiredLink = () => new AppError('token_expired', 'This link has expired', { hint: 'ask for a new link' });

/** The agency a link belongs to, or a 400 for anything that is not one of our links. */
export function agencyOfLink(token: string): string {
  const agencyId = agencyOfOpaqueToken(token);
  if (!agencyId) throw invalidLink();
  return agencyId;
}

/** Finds a live link of the given kind without spending it. */
export async function findLiveLink(tx: Tx, agencyId: string, token: string, kind: OneTimeTokenKind): Promise<OneTimeTokenRow> {
  const row = await findOneTimeToken(tx, agencyId, hashOpaqueToken(token));
  if (!row || row.kind !== kind || row.usedAt) throw invalidLink();
  if (row.expiresAt.getTime() <= Date.now()) throw expiredLink();
  return row;
}

/** Finds and spends a link: it works exactly once, even when clicked twice at the same moment. */
export async function spendLink(tx: Tx, agencyId: string, token: string, kind: OneTimeTokenKind): Promise<OneTimeTokenRow> {
  const row = await findLiveLink(tx, agencyId, token, kind);
  if (!(await spendOneTimeToken(tx, agencyId, row.id))) throw invalidLink();
  return row;
}
