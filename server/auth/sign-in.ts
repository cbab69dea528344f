import type { PasswordGrantInput, RefreshGrantInput, Session, VerifyInput } from '../../core/contracts/auth.ts';
import { AppError } from '../platform/errors.ts';
import type { RequestOrigin, Services } from '../platform/services.ts';
import { agencyOfLink, spendLink } from './one-time-links.ts';
import { agencyOfOpaqueToken, hashOpaqueToken } from './opaque-tokens.ts';
import { verifyPassword } from './passwords.ts';
import {
  agencyIdForEmail,
  findRefreshToken,
  findSession,
  findUserByEmail,
  findUserById,
  revokeSession,
  spendRefreshToken,
  touchSessionRefresh,
  updateUser,
} from './queries.ts';
import { mintSessionTokens, startSession } from './sessions.ts';

/** The one answer to a wrong e-mail or a wrong password: it never tells which. */
const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid login credentials');

const disabledAccount = () =>
  new AppError('user_disabled', 'Your account is disabled; ask your agency administrator', { status: 400 });

/** grant_type=password */
export async function signInWithPassword(services: Services, input: PasswordGrantInput, origin: RequestOrigin): Promise<Session> {
  const agencyId = await services.database.withoutTenant((tx) => agencyIdForEmail(tx, input.email));
  const user = agencyId ? await services.database.withTenant(agencyId, (tx) => findUserByEmail(tx, agencyId, input.email)) : undefined;
  // The hash is checked outside any transaction: it takes tens of milliseconds by design.
  const passwordMatches = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !agencyId || !passwordMatches) throw invalidCredentials();
  if (user.status === 'disabled') throw disabledAccount();
  if (!user.emailConfirmedAt)
    throw new AppError('email_not_confirmed', 'Confirm your e-mail address first: open the link we sent you', {
      hint: 'ask for a new confirmation e-mail if it did not arrive',
    });
  return services.database.withTenant(agencyId, (tx) => startSession(services, tx, user, 'password', origin), { userId: user.id });
}

/**
 * grant_type=refresh_token: refresh tokens are single use and rotate. A token presented again
 * within 10 seconds of its first use (two tabs refreshing at once, a retried request) still works;
 * later, its reuse means it was stolen, and the whole session is revoked.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export async function refreshSession(services: Services, input: RefreshGrantInput): Promise<Session> {
  const agencyId = agencyOfOpaqueToken(input.refresh_token);
  const invalid = () => new AppError('invalid_token', 'Invalid Refresh Token: Refresh Token Not Found', { status: 400 });
  if (!agencyId) throw invalid();
  const outcome = await services.database.withTenant(agencyId, async (tx) => {
    const token = await findRefreshToken(tx, agencyId, hashOpaqueToken(input.refresh_token));
    if (!token) throw invalid();
    const session = await findSession(tx, agencyId, token.sessionId);
    if (!session || session.revokedAt || session.notAfter.getTime() <= Date.now())
      throw new AppError('session_not_found', 'Your session has ended; sign in again', { status: 400 });
    const firstUse = await spendRefreshToken(tx, agencyId, token.id);
    if (!firstUse) {
      const usedAt = token.usedAt ?? new Date();
      if (Date.now() - usedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
        await revokeSession(tx, agencyId, session.id, 'refresh token reused');
        return { revoked: true as const };
      }
    }
    const user = await findUserById(tx, agencyId, session.userId);
    if (!user || user.status !== 'active') throw new AppError('session_not_found', 'Your account is disabled; ask your agency administrator', { status: 400 });
    await touchSessionRefresh(tx, agencyId, session.id);
    return { session: await mintSessionTokens(services, tx, { user, sessionId: session.id, aal: session.aal, amr: session.amr, parentId: token.id }) };
  });
  // The revocation must commit, so it is reported after the transaction rather than thrown inside it.
  if ('revoked' in outcome)
    throw new AppError('refresh_token_already_used', 'Invalid Refresh Token: Already Used', { hint: 'sign in again' });
  return outcome.session;
}

/** POST /verify: an e-mailed link (sign-up confirmation or password recovery) signs the user in. */
export async function verifyLink(services: Services, input: VerifyInput, origin: RequestOrigin): Promise<Session> {
  const agencyId = agencyOfLink(input.token);
  const kind = input.type === 'signup' ? 'confirm_signup' : input.type === 'recovery' ? 'recovery' : 'unlock';
  return services.database.withTenant(agencyId, async (tx) => {
    const link = await spendLink(tx, agencyId, input.token, kind);
    const user = link.userId ? await findUserById(tx, agencyId, link.userId) : undefined;
    if (!user) throw new AppError('invalid_token', 'This link is not valid or has already been used');
    if (user.status === 'disabled') throw disabledAccount();
    // Following a recovery link also proves the address.
    const confirmed = user.emailConfirmedAt ? user : await updateUser(tx, agencyId, user.id, { emailConfirmedAt: new Date() });
    return startSession(services, tx, confirmed, input.type === 'recovery' ? 'recovery' : 'email', origin);
  });
}
