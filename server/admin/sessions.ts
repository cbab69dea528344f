import type { UserSession } from '../../core/contracts/admin.ts';
import { effectiveSecurityPolicy } from '../../core/contracts/agency.ts';
import { isIdle } from '../platform/access.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { findUserById, revokeUserSessions } from '../platform/users.ts';
import { inAgency, notFound, type AdminContext } from './context.ts';
import { endSessionOf, findAgencyRow, liveSessionsOf } from './queries.ts';

/**
 * A user's signed-in sessions, for the admin's user drawer, and ending them. Ending a session revokes
 * it as signing out does: its refresh token is refused from then on, and its access token stops
 * working at its next request (every request checks the session).
 */

async function findUser(tx: Tx, ctx: AdminContext, userId: string) {
  const user = await findUserById(tx, ctx.scope.agencyId, userId);
  if (!user) throw notFound('User');
  return user;
}

async function liveSessions(tx: Tx, ctx: AdminContext, userId: string): Promise<UserSession[]> {
  const rows = await liveSessionsOf(tx, ctx.scope.agencyId, userId);
  const agency = await findAgencyRow(tx, ctx.scope.agencyId);
  // A session idle past the agency's limit is over, though it is marked so only at its next request.
  const limit = effectiveSecurityPolicy(agency.securityPolicy).inactivity_minutes;
  return rows
    .filter((row) => !isIdle(row.lastActivityAt, limit))
    .map((row) => ({
      id: row.id,
      user_agent: row.userAgent,
      ip: row.ip,
      signed_in_at: row.createdAt.toISOString(),
      last_used_at: row.lastActivityAt.toISOString(),
      aal: row.aal,
      current: row.id === ctx.scope.sessionId,
    }));
}

export function listUserSessions(ctx: AdminContext, userId: string): Promise<UserSession[]> {
  return inAgency(ctx, async (tx) => {
    await findUser(tx, ctx, userId);
    return liveSessions(tx, ctx, userId);
  });
}

/** Ends one session of the user (not the administrator's own current one: signing out does that). */
export function endUserSession(ctx: AdminContext, userId: string, sessionId: string): Promise<UserSession[]> {
  return inAgency(ctx, async (tx) => {
    const user = await findUser(tx, ctx, userId);
    if (sessionId === ctx.scope.sessionId) throw new AppError('conflict', 'This is the session you are using; sign out to end it');
    if (!(await endSessionOf(tx, ctx.scope.agencyId, userId, sessionId, 'ended by an administrator'))) throw notFound('Session');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'auth.session_ended',
      entityType: 'user',
      entityId: userId,
      summary: `Ended one session of ${user.name}`,
      after: { session_id: sessionId },
    });
    return liveSessions(tx, ctx, userId);
  });
}

/** Ends every session of the user; for the administrator's own account, every one but the session in use. */
export function endUserSessions(ctx: AdminContext, userId: string): Promise<UserSession[]> {
  return inAgency(ctx, async (tx) => {
    const user = await findUser(tx, ctx, userId);
    const own = userId === ctx.scope.userId;
    await revokeUserSessions(tx, ctx.scope.agencyId, userId, 'ended by an administrator', own ? ctx.scope.sessionId : undefined);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'auth.sessions_ended',
      entityType: 'user',
      entityId: userId,
      summary: own ? 'Ended every other session of their own account' : `Ended every session of ${user.name}`,
    });
    return liveSessions(tx, ctx, userId);
  });
}
