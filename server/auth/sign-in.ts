import crypto from 'node:crypto';
import type { PasswordGrantInput, Session, VerifyInput } from '../../core/contracts/auth.ts';
import { AppError } from '../platform/errors.ts';
import type { RequestOrigin, Services } from '../platform/services.ts';
import { agencyOfLink, spendLink } from '../platform/one-time-links.ts';
import { agencyOfOpaqueToken, hashOpaqueToken } from '../platform/opaque-tokens.ts';
import { verifyPassword } from './passwords.ts';
import { effectiveSecurityPolicy } from '../../core/contracts/agency.ts';
import { recordAudit } from '../platform/audit.ts';
import { lockedError, recordFailedSignIn } from './lockout.ts';
import { isIdle } from '../platform/access.ts';
import {
  agencyIdForEmail,
  findAgency,
  findRefreshToken,
  lockUserRow,
  findSession,
  findUserByEmail,
  listFactors,
  revokeSession,
  spendRefreshToken,
  touchSessionRefresh,
} from './queries.ts';
import { findUserById, updateUser } from '../platform/users.ts';
import { mintSessionTokens, refreshBinding, startSession } from './sessions.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

/** The one answer to a wrong e-mail or a wrong password: it never tells which. */
const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid login credentials');

const disabledAccount = () => new AppError('user_disabled', 'Your account is disabled; ask your agency administrator', { status: 400 });

/**
 * A refused password is answered no sooner than this after the request came in, whichever way it
 * was refused: an address with an account does more work (the failure is counted and audited, a lock
 * e-mailed) than one without, and the difference would otherwise tell who has an account.
 */
const REFUSED_SIGN_IN_MS = 250;

/**
 * grant_type=password. Every attempt on an existing account is audited; 5 failures in a row lock it.
 * Attempts on addresses with no account go to the server log (there is no agency to audit them in).
 * A wrong password is answered the same way for an address with an account, one without, and a locked
 * account, at the same pace; only the right password learns that the account is locked, and, where
 * the agency allows self-unlock, with a verified second factor it still gets a password-only session
 * in which answering that factor unlocks the account (factors.ts).
 */
export async function signInWithPassword(
  services: Services,
  throttle: SignInThrottle,
  input: PasswordGrantInput,
  origin: RequestOrigin,
): Promise<Session> {
  const started = performance.now();
  throttle.check(input.email, origin.ip);
  try {
    const session = await checkPassword(services, input, origin);
    throttle.succeeded(input.email, origin.ip);
    return session;
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_credentials') {
      throttle.failed(input.email, origin.ip);
      const wait = REFUSED_SIGN_IN_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    throw error;
  }
}

async function checkPassword(services: Services, input: PasswordGrantInput, origin: RequestOrigin): Promise<Session> {
  const agencyId = await services.database.withoutTenant((tx) => agencyIdForEmail(tx, input.email));
  const found = agencyId
    ? await services.database.withTenant(agencyId, async (tx) => {
        const user = await findUserByEmail(tx, agencyId, input.email);
        const agency = await findAgency(tx, agencyId);
        return user && agency ? { user, policy: effectiveSecurityPolicy(agency.securityPolicy) } : undefined;
      })
    : undefined;
  // The hash is checked outside any transaction: it takes tens of milliseconds by design.
  const passwordMatches = await verifyPassword(found?.user.passwordHash ?? null, input.password);
  if (!found) {
    // No agency to audit it in: the operator's log gets it, with the address hashed (a typo of a real
    // address is personal data) so that a spray across many addresses still shows as one source.
    services.log.warn(
      {
        event: 'auth.sign_in_unknown_email',
        emailSha256: crypto.createHash('sha256').update(input.email.trim().toLowerCase()).digest('hex').slice(0, 16),
        ip: origin.ip,
        userAgent: origin.userAgent,
      },
      'sign-in attempt for an address with no account',
    );
    throw invalidCredentials();
  }
  const { user, policy } = found;
  const actor = { userId: user.id, email: user.email, origin };
  if (!passwordMatches) {
    // Counted (and, on the fifth, locked and e-mailed), but answered as any wrong password.
    await services.database.withTenant(user.agencyId, (tx) => recordFailedSignIn(services, tx, user, actor));
    throw invalidCredentials();
  }
  if (user.status === 'disabled') throw disabledAccount();
  if (!user.emailConfirmedAt)
    throw new AppError('email_not_confirmed', 'Confirm your e-mail address first: open the link we sent you', {
      hint: 'ask for a new confirmation e-mail if it did not arrive',
    });
  const outcome = await services.database.withTenant(
    user.agencyId,
    async (tx): Promise<{ session: Session } | { locked: true }> => {
      // The lock may have been set since the password was checked (parallel guesses): read it again, locked.
      const current = await lockUserRow(tx, user.agencyId, user.id);
      if (current?.lockedAt) {
        // The way back from a lock, besides the e-mailed link: the password and then the second factor,
        // both ways only where the agency lets users unlock themselves; otherwise only an administrator.
        if (!policy.self_unlock) return { locked: true as const };
        const factors = await listFactors(tx, user.agencyId, user.id);
        if (!factors.some((factor) => factor.status === 'verified')) return { locked: true as const };
        await recordAudit(tx, user.agencyId, actor, {
          action: 'auth.signed_in',
          entityType: 'user',
          entityId: user.id,
          summary: `${user.email} signed in with a password to a locked account; answering their second factor unlocks it`,
        });
        return { session: await startSession(services, tx, user, 'password', origin) };
      }
      if (current && current.failedSignIns > 0)
        await updateUser(tx, user.agencyId, user.id, { failedSignIns: 0, lastFailedSignInAt: null });
      await recordAudit(tx, user.agencyId, actor, {
        action: 'auth.signed_in',
        entityType: 'user',
        entityId: user.id,
        summary: `${user.email} signed in with a password`,
      });
      return { session: await startSession(services, tx, user, 'password', origin) };
    },
    { userId: user.id },
  );
  if ('session' in outcome) return outcome.session;
  await services.database.withTenant(user.agencyId, (tx) =>
    recordAudit(tx, user.agencyId, actor, {
      action: 'auth.sign_in_refused',
      entityType: 'user',
      entityId: user.id,
      summary: `Refused sign-in for ${user.email}: account locked`,
    }),
  );
  throw lockedError(policy.self_unlock);
}

/**
 * grant_type=refresh_token: refresh tokens are single use and rotate. A token presented again
 * within 10 seconds of its first use (two tabs refreshing at once, a retried request) still works
 * and gets the same successor as the first use, so the session never forks into two live chains;
 * later, its reuse means it was stolen, and the whole session is revoked.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export async function refreshSession(
  services: Services,
  input: { refresh_token: string },
  /** The token came from the browser's httpOnly cookie, with this binding (refresh-cookie.ts). */
  cookie?: { binding: string | undefined },
): Promise<Session> {
  const agencyId = agencyOfOpaqueToken(input.refresh_token);
  const invalid = () => new AppError('invalid_token', 'Invalid Refresh Token: Refresh Token Not Found', { status: 400 });
  if (!agencyId) throw invalid();
  const outcome = await services.database.withTenant(agencyId, async (tx) => {
    const token = await findRefreshToken(tx, agencyId, hashOpaqueToken(input.refresh_token));
    if (!token) throw invalid();
    // Checked before the token is spent, so a cookie left behind by a sign-out cannot even use it up.
    if (cookie && !bindingMatches(refreshBinding(services.secret, token.sessionId), cookie.binding))
      throw new AppError('session_not_found', 'This browser was signed out; sign in again', { status: 400 });
    const session = await findSession(tx, agencyId, token.sessionId);
    if (!session || session.revokedAt || session.notAfter.getTime() <= Date.now())
      throw new AppError('session_not_found', 'Your session has ended; sign in again', { status: 400 });
    // A refresh is not activity: a session left idle past the agency's limit ends here.
    const agency = await findAgency(tx, agencyId);
    const limit = effectiveSecurityPolicy(agency?.securityPolicy ?? {}).inactivity_minutes;
    if (isIdle(session.lastActivityAt, limit)) {
      await revokeSession(tx, agencyId, session.id, 'idle');
      return { idle: limit };
    }
    const firstUse = await spendRefreshToken(tx, agencyId, token.id);
    if (!firstUse) {
      const usedAt = token.usedAt ?? new Date();
      if (Date.now() - usedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
        await revokeSession(tx, agencyId, session.id, 'refresh token reused');
        return { revoked: true as const };
      }
    }
    const user = await findUserById(tx, agencyId, session.userId);
    if (!user || user.status !== 'active')
      throw new AppError('session_not_found', 'Your account is disabled; ask your agency administrator', { status: 400 });
    await touchSessionRefresh(tx, agencyId, session.id);
    return {
      session: await mintSessionTokens(services, tx, {
        user,
        sessionId: session.id,
        aal: session.aal,
        amr: session.amr,
        parent: { id: token.id, token: input.refresh_token },
      }),
    };
  });
  // The revocation must commit, so it is reported after the transaction rather than thrown inside it.
  if ('revoked' in outcome)
    throw new AppError('refresh_token_already_used', 'Invalid Refresh Token: Already Used', { hint: 'sign in again' });
  if ('idle' in outcome)
    throw new AppError('session_not_found', `You were signed out after ${outcome.idle} minutes without activity; sign in again`, {
      status: 400,
      hint: 'idle',
    });
  return outcome.session;
}

function bindingMatches(expected: string, sent: string | undefined): boolean {
  if (sent === undefined) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(expected)];
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** POST /verify: an e-mailed link (sign-up confirmation or password recovery) signs the user in. */
export async function verifyLink(services: Services, input: VerifyInput, origin: RequestOrigin): Promise<Session> {
  const agencyId = agencyOfLink(input.token);
  const kind = input.type === 'signup' ? 'confirm_signup' : 'recovery';
  return services.database.withTenant(agencyId, async (tx) => {
    const link = await spendLink(tx, agencyId, input.token, kind);
    const user = link.userId ? await findUserById(tx, agencyId, link.userId) : undefined;
    if (!user) throw new AppError('invalid_token', 'This link is not valid or has already been used');
    if (user.status === 'disabled') throw disabledAccount();
    if (user.lockedAt) {
      const agency = await findAgency(tx, agencyId);
      throw lockedError(effectiveSecurityPolicy(agency?.securityPolicy ?? {}).self_unlock);
    }
    // Following a recovery link also proves the address.
    const confirmed = user.emailConfirmedAt ? user : await updateUser(tx, agencyId, user.id, { emailConfirmedAt: new Date() });
    await recordAudit(
      tx,
      agencyId,
      { userId: user.id, email: user.email, origin },
      {
        action: input.type === 'recovery' ? 'auth.recovery_link_used' : 'auth.email_confirmed',
        entityType: 'user',
        entityId: user.id,
        summary:
          input.type === 'recovery'
            ? `${user.email} signed in with a password-recovery link`
            : `${user.email} confirmed their e-mail address`,
      },
    );
    return startSession(services, tx, confirmed, input.type === 'recovery' ? 'recovery' : 'email', origin);
  });
}
