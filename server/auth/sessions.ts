import crypto from 'node:crypto';
import type { AAL, AuthUser, Session } from '../../core/contracts/auth.ts';
import type { Tx } from '../platform/database.ts';
import type { RequestOrigin, Services } from '../platform/services.ts';
import { signAccessToken } from '../platform/access-tokens.ts';
import { mintOpaqueToken, successorOpaqueToken } from '../platform/opaque-tokens.ts';
import { insertRefreshToken, insertSession, loadUserAccess } from './queries.ts';
import { updateUser, type UserRow } from '../platform/users.ts';

/** CJIS: whatever the activity, a session ends after 12 hours and the user signs in again. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** The columns of a user's row that `presentUser` reads, by their names in the schema. */
export const PRESENTED_USER_COLUMNS = [
  'id',
  'agencyId',
  'email',
  'emailConfirmedAt',
  'name',
  'badgeNumber',
  'rank',
  'phone',
  'accountType',
  'status',
  'userMetadata',
  'createdAt',
  'lastSignInAt',
] as const satisfies readonly (keyof UserRow)[];

export type PresentedUser = Pick<UserRow, (typeof PRESENTED_USER_COLUMNS)[number]>;

/** The user as the API shows it: the contract's fields only, never a hash or an internal column. */
export function presentUser(row: PresentedUser, access: { roles: string[]; permissions: string[] }): AuthUser {
  return {
    id: row.id,
    agency_id: row.agencyId,
    email: row.email,
    email_confirmed_at: row.emailConfirmedAt?.toISOString() ?? null,
    name: row.name,
    badge_number: row.badgeNumber,
    rank: row.rank,
    phone: row.phone,
    account_type: row.accountType,
    status: row.status,
    app_metadata: { agency_id: row.agencyId, account_type: row.accountType, ...access },
    user_metadata: row.userMetadata,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/**
 * What a browser keeping its refresh token in the httpOnly cookie sends with a refresh
 * (refresh-cookie.ts): derived from the session with the server secret, so it is the same for the
 * session's whole life (a refresh answer the page never stored cannot strand it), and nothing is
 * stored to check it.
 */
export function refreshBinding(secret: Buffer, sessionId: string): string {
  return crypto.createHmac('sha256', secret).update(`refresh-binding:${sessionId}`, 'utf8').digest('base64url');
}

/** Mints an access token and a fresh refresh token for an existing session. */
export async function mintSessionTokens(
  services: Services,
  tx: Tx,
  input: {
    user: UserRow;
    sessionId: string;
    aal: AAL;
    amr: Array<{ method: string; timestamp: number }>;
    parent?: { id: number; token: string };
  },
): Promise<Session> {
  const { user } = input;
  const access = await loadUserAccess(tx, user.agencyId, user.id);
  // A refresh replaces its token with the one successor derived from it; the insert is skipped when a
  // use inside the reuse grace already made it.
  const refresh = input.parent ? successorOpaqueToken(services.secret, user.agencyId, input.parent.token) : mintOpaqueToken(user.agencyId);
  await insertRefreshToken(tx, {
    agencyId: user.agencyId,
    sessionId: input.sessionId,
    tokenHash: refresh.hash,
    parentId: input.parent?.id ?? null,
  });
  const presented = presentUser(user, access);
  const { token, expiresAt, expiresIn } = await signAccessToken(services.keys, services.config.jwtIssuer, {
    userId: user.id,
    email: user.email,
    sessionId: input.sessionId,
    aal: input.aal,
    amr: input.amr,
    appMetadata: presented.app_metadata,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refresh.token,
    refresh_binding: refreshBinding(services.secret, input.sessionId),
    user: presented,
  };
}

/** Starts a new session for a user who just proved who they are (password, or an e-mailed link). */
export async function startSession(services: Services, tx: Tx, user: UserRow, method: string, origin: RequestOrigin): Promise<Session> {
  const now = new Date();
  const session = await insertSession(tx, {
    agencyId: user.agencyId,
    userId: user.id,
    aal: 'aal1',
    amr: [{ method, timestamp: Math.floor(now.getTime() / 1000) }],
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    ip: origin.ip,
    notAfter: new Date(now.getTime() + SESSION_MAX_AGE_MS),
  });
  const signedIn = await updateUser(tx, user.agencyId, user.id, { lastSignInAt: now });
  return mintSessionTokens(services, tx, { user: signedIn, sessionId: session.id, aal: session.aal, amr: session.amr });
}
