import { effectiveSecurityPolicy } from '../../core/contracts/agency.ts';
import type { UnlockInput } from '../../core/contracts/auth.ts';
import { recordAudit, type AuditActor } from '../platform/audit.ts';
import { AppError } from '../platform/errors.ts';
import type { Tx } from '../platform/database.ts';
import type { Services } from '../platform/services.ts';
import { agencyOfLink, createLink, spendLink, expireOneTimeTokens } from '../platform/one-time-links.ts';
import { findAgency } from './queries.ts';
import { clearLock, findUserById, type UserRow } from '../platform/users.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../platform/database.ts';
import { delayAfter, PER_EMAIL } from './sign-in-throttle.ts';

/** CJIS AC-7: 5 consecutive failed sign-ins within 15 minutes lock the account. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

/**
 * How long before the user's next second-factor answer is even checked: the same progressive delay
 * as wrong passwords (sign-in-throttle.ts), counted in the database, since whoever holds the
 * password may sign in again and again, even to a locked account, to keep guessing codes.
 */
export function secondFactorWait(user: Pick<UserRow, 'failedSignIns' | 'lastFailedSignInAt'>, now = Date.now()): number {
  if (!user.lastFailedSignInAt || now - user.lastFailedSignInAt.getTime() > LOCKOUT_WINDOW_MS) return 0;
  return user.lastFailedSignInAt.getTime() + delayAfter(PER_EMAIL, user.failedSignIns) - now;
}

export function lockedError(selfUnlock: boolean) {
  return new AppError(
    'account_locked',
    `Your account is locked after ${LOCKOUT_THRESHOLD} failed sign-ins in a row.${selfUnlock ? ' We have e-mailed you a link to unlock it;' : ''} your agency administrator can unlock it${selfUnlock ? ' too' : ''}.`,
    { hint: selfUnlock ? 'open the unlock link in the e-mail' : 'ask your agency administrator' },
  );
}

/**
 * Counts a failed sign-in; on the fifth within 15 minutes of each other the account locks, the
 * owner gets an unlock link (unless the agency turned self-unlock off), and both land in the audit
 * log. Returns whether the account is now locked.
 */
export async function recordFailedSignIn(
  services: Services,
  tx: Tx,
  user: UserRow,
  actor: AuditActor,
  what: 'password' | 'second factor' = 'password',
): Promise<boolean> {
  // One statement, so concurrent failures each count (a read-then-write would lose updates and let
  // a burst of parallel guesses count as one). `locked_at = now()` marks a lock made by this statement.
  const windowSql = sql.raw(`interval '${LOCKOUT_WINDOW_MS / 60_000} minutes'`);
  const [counted] = await queryRows<{ failed_sign_ins: number; newly_locked: boolean }>(
    tx,
    sql`update users set
          failed_sign_ins = case when last_failed_sign_in_at > now() - ${windowSql} then failed_sign_ins + 1 else 1 end,
          locked_at = case
            when locked_at is null and (case when last_failed_sign_in_at > now() - ${windowSql} then failed_sign_ins + 1 else 1 end) >= ${LOCKOUT_THRESHOLD}
            then now() else locked_at end,
          last_failed_sign_in_at = now()
        where agency_id = ${user.agencyId} and id = ${user.id}
        returning failed_sign_ins, coalesce(locked_at = now(), false) as newly_locked`,
  );
  const failures = counted?.failed_sign_ins ?? 1;
  const locks = counted?.newly_locked === true;
  const now = new Date();
  await recordAudit(tx, user.agencyId, actor, {
    action: what === 'password' ? 'auth.sign_in_failed' : 'auth.mfa_failed',
    entityType: 'user',
    entityId: user.id,
    summary: `${what === 'password' ? 'Failed sign-in' : 'Wrong second-factor answer'} for ${user.email} (${failures} in a row)`,
  });
  if (!locks) return false;
  await recordAudit(tx, user.agencyId, actor, {
    action: 'auth.locked',
    entityType: 'user',
    entityId: user.id,
    summary: `Locked ${user.email} after ${failures} failed sign-ins`,
  });
  const agency = await findAgency(tx, user.agencyId);
  const selfUnlock = effectiveSecurityPolicy(agency?.securityPolicy ?? {}).self_unlock;
  await expireOneTimeTokens(tx, user.agencyId, user.id, 'unlock');
  if (selfUnlock) {
    const link = await createLink(tx, { agencyId: user.agencyId, kind: 'unlock', email: user.email, userId: user.id });
    await services.mailer.enqueue(tx, user.agencyId, {
      to: user.email,
      subject: 'Your Precinct account is locked',
      text: [
        `Hello ${user.name},`,
        '',
        `Your Precinct account was locked after ${failures} failed sign-in attempts in a row, at ${now.toUTCString()}.`,
        'If that was you, unlock it here and sign in again:',
        '',
        `${services.config.publicUrl}/login?unlock=${link.token}`,
        '',
        'The link works once and expires in one hour. If it was not you, unlock it all the same and then',
        'change your password; tell your agency administrator that someone tried to sign in as you.',
      ].join('\n'),
    });
  }
  return true;
}

export async function unlockWithLink(services: Services, input: UnlockInput, actor: Omit<AuditActor, 'userId' | 'email'>): Promise<void> {
  const agencyId = agencyOfLink(input.token);
  await services.database.withTenant(agencyId, async (tx) => {
    const link = await spendLink(tx, agencyId, input.token, 'unlock');
    const user = link.userId ? await findUserById(tx, agencyId, link.userId) : undefined;
    if (!user) throw new AppError('invalid_token', 'This link is not valid or has already been used');
    await clearLock(tx, user, { ...actor, userId: user.id, email: user.email }, 'link');
  });
}
