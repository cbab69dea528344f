import { AppError } from '../platform/errors.ts';
import type { Tx } from '../platform/database.ts';
import { agencyOfOpaqueToken, hashOpaqueToken, mintOpaqueToken } from './opaque-tokens.ts';
import { findOneTimeToken, insertOneTimeToken, spendOneTimeToken, type OneTimeTokenKind, type OneTimeTokenRow } from './queries.ts';

/** How long each kind of e-mailed link lives. Recovery: 15 minutes (QUALITY.md, CJIS IA-5). */
export const LINK_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  confirm_signup: 24 * 60 * 60 * 1000,
  recovery: 15 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
  unlock: 60 * 60 * 1000,
};

export async function createLink(
  tx: Tx,
  input: { agencyId: string; kind: OneTimeTokenKind; email: string; userId: string | null; createdBy?: string; data?: Record<string, unknown> },
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
