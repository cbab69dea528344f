import type { AuthUser, LogoutScope, UpdateUserInput } from '../../core/contracts/auth.ts';
import { inSequence, type FirstRead } from '../platform/database.ts';
import { effectiveSecurityPolicy, type UserProfile } from '../../core/contracts/agency.ts';
import { secondFactorNeeded, type Scope } from '../platform/access.ts';
import { recordAudit, type AuditActor } from '../platform/audit.ts';
import { AppError, validationError } from '../platform/errors.ts';
import type { Services } from '../platform/services.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { findAgency, findSession, listFactors, revokeSession } from './queries.ts';
import { findUserById, revokeUserSessions, updateUser } from '../platform/users.ts';
import { PRESENTED_USER_COLUMNS, presentUser, type PresentedUser } from './sessions.ts';
import { agencies, users } from '../db/schema.ts';
import type { AgencyRow } from '../platform/agencies.ts';
import { getTableColumns } from 'drizzle-orm';

/**
 * The user's roles and permissions as the request's access check read them, in this request (one
 * statement fewer than reading them again, issue 13), in the order `loadUserAccess` (queries.ts) gives
 * them. Changing one's own name, phone or password leaves them as they are.
 */
function accessOf(scope: Scope): { roles: string[]; permissions: string[] } {
  return { roles: [...new Set(scope.roles)].sort(), permissions: [...new Set(scope.permissions)].sort() };
}

/** The columns of the agency's row that the profile shows, by their names in the schema. */
const PROFILE_AGENCY_COLUMNS = [
  'id',
  'name',
  'slug',
  'ori',
  'timezone',
  'sysConfig',
  'securityPolicy',
] as const satisfies readonly (keyof AgencyRow)[];
type ProfileAgency = Pick<AgencyRow, (typeof PROFILE_AGENCY_COLUMNS)[number]>;

/**
 * A row a first read answered, its columns named as in the database (`prefix` + column), keyed as
 * Drizzle keys `table`'s: what findUserById and findAgency give.
 */
function rowOf<K extends string>(table: typeof users | typeof agencies, keys: readonly K[], row: Record<string, unknown>, prefix = '') {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, row[`${prefix}${columns[key]!.name}`]]));
}

/**
 * The user's row and their agency's (its columns prefixed `agency_`), read in the access check's message
 * (FirstRead, migration 0048): the profile every app start reads, and `GET /auth/v1/user` from its user's
 * part, have no round trip of their own.
 */
export const profileRead: FirstRead = { call: 'precinct_profile' };

/** A recovery link lets the user set a new password without the old one for this long. */
const RECOVERY_WINDOW_MS = 15 * 60 * 1000;

export async function getCurrentUser(ctx: RequestContext): Promise<AuthUser> {
  const { scope } = ctx;
  // Read with the access check (profileRead) where the request's transaction was opened with it.
  const read = ctx.requestScope?.firstRows;
  const user = read ? userOf(read[0]) : await inAgency(ctx, (tx) => findUserById(tx, scope.agencyId, scope.userId));
  if (!user) throw new AppError('session_not_found', 'Your session has ended; sign in again');
  return presentUser(user, accessOf(scope));
}

/** The profile of spec section 3: the user, their agency, and its sys_config. */
export async function getProfile(ctx: RequestContext): Promise<UserProfile> {
  const { scope } = ctx;
  // Read with the access check (profileRead) where the request's transaction was opened with it.
  const read = ctx.requestScope?.firstRows;
  const [user, agency]: [PresentedUser | undefined, ProfileAgency | undefined] = read
    ? profileOf(read[0])
    : await inAgency(ctx, (tx) => inSequence([() => findUserById(tx, scope.agencyId, scope.userId), () => findAgency(tx, scope.agencyId)]));
  if (!user || !agency) throw new AppError('session_not_found', 'Your session has ended; sign in again');
  return {
    user: presentUser(user, accessOf(scope)),
    agency_info: {
      id: agency.id,
      name: agency.name,
      slug: agency.slug,
      ori: agency.ori,
      timezone: agency.timezone,
      sys_config: agency.sysConfig,
      security: (({ inactivity_minutes, mfa_required }) => ({ inactivity_minutes, mfa_required }))(
        effectiveSecurityPolicy(agency.securityPolicy),
      ),
    },
  };
}

/** The user's part of profileRead's row, as presentUser reads it (none: no such user). */
function userOf(row: Record<string, unknown> | undefined): PresentedUser | undefined {
  // The function's columns are the table's (migration 0048), so the row is the table's row in part.
  return row && (rowOf(users, PRESENTED_USER_COLUMNS, row) as unknown as PresentedUser);
}

/** profileRead's row split into the user's columns and the agency's (none: no such user). */
function profileOf(row: Record<string, unknown> | undefined): [PresentedUser | undefined, ProfileAgency | undefined] {
  if (!row) return [undefined, undefined];
  // The agency's `agency_id` is the user's, which the join made the agency's id.
  return [userOf(row), rowOf(agencies, PROFILE_AGENCY_COLUMNS, row, 'agency_') as unknown as ProfileAgency];
}

/**
 * Updates the user's own name, phone, preferences or password. A new password needs the current
 * one (or a session opened by a recovery link moments ago) and ends the user's other sessions.
 */
export async function updateCurrentUser(services: Services, scope: Scope, input: UpdateUserInput, actor: AuditActor): Promise<AuthUser> {
  const factorStepDue = scope.aal !== 'aal2' && scope.secondFactorDue;
  const current = await services.database.withTenant(scope.agencyId, async (tx) => {
    const user = await findUserById(tx, scope.agencyId, scope.userId);
    const session = await findSession(tx, scope.agencyId, scope.sessionId);
    const agency = await findAgency(tx, scope.agencyId);
    if (!user || !session || !agency) throw new AppError('session_not_found', 'Your session has ended; sign in again');
    const hasVerifiedFactor = factorStepDue && (await listFactors(tx, scope.agencyId, scope.userId)).some((f) => f.status === 'verified');
    return { user, session, agency, hasVerifiedFactor };
  });
  const recovery = current.session.amr.find((m) => m.method === 'recovery');
  const viaRecovery = recovery !== undefined && Date.now() - recovery.timestamp * 1000 < RECOVERY_WINDOW_MS;
  // A recovery link's session without the second factor that is due may set a new password, nothing else.
  if (factorStepDue) {
    if (!viaRecovery || !input.password) throw secondFactorNeeded(current.hasVerifiedFactor);
    if (input.name !== undefined || input.phone !== undefined || input.data !== undefined)
      throw new AppError(
        'insufficient_aal',
        `Set your new password now; ${current.hasVerifiedFactor ? 'verify' : 'add'} your second sign-in factor to change anything else`,
        { hint: current.hasVerifiedFactor ? 'verify a factor' : 'enrol or verify a factor' },
      );
  }
  let newHash: string | undefined;
  if (input.password) {
    assertAcceptablePassword(input.password, current.agency.securityPolicy, {
      email: current.user.email,
      name: input.name ?? current.user.name,
      agencyName: current.agency.name,
    });
    // The current password is proven before anything is said about the new one, and only compared
    // with what was just proven: otherwise "this is your current password" would check guesses of it
    // for whoever holds the session, a recovery link's above all (which needs no current password,
    // so may set the one it had: telling it so would tell the link's holder the old password).
    if (!viaRecovery) {
      if (!input.current_password) throw validationError({ current_password: 'Enter your current password' });
      if (!(await verifyPassword(current.user.passwordHash, input.current_password)))
        throw validationError({ current_password: 'That is not your current password' });
      if (input.password === input.current_password) throw validationError({ password: 'This is your current password; choose a new one' });
    }
    newHash = await hashPassword(input.password);
  }
  return services.database.withTenant(scope.agencyId, async (tx) => {
    const changes: Parameters<typeof updateUser>[3] = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.phone !== undefined) changes.phone = input.phone || null;
    if (input.data !== undefined) changes.userMetadata = { ...current.user.userMetadata, ...input.data };
    if (newHash) changes.passwordHash = newHash;
    const user = await updateUser(tx, scope.agencyId, scope.userId, changes);
    if (newHash) {
      await revokeUserSessions(tx, scope.agencyId, scope.userId, 'password changed', scope.sessionId);
      await recordAudit(tx, scope.agencyId, actor, {
        action: 'auth.password_changed',
        entityType: 'user',
        entityId: scope.userId,
        summary: `${user.email} changed their password; their other sessions were ended`,
      });
    }
    return presentUser(user, accessOf(scope));
  });
}

export async function signOut(
  services: Services,
  scope: Scope,
  logoutScope: z.infer<typeof LogoutScope>,
  actor: AuditActor,
): Promise<void> {
  await services.database.withTenant(scope.agencyId, async (tx) => {
    await recordAudit(tx, scope.agencyId, actor, {
      action: 'auth.signed_out',
      entityType: 'session',
      entityId: scope.sessionId,
      summary:
        logoutScope === 'local' ? 'Signed out' : logoutScope === 'global' ? 'Signed out everywhere' : 'Signed out of every other session',
    });
    if (logoutScope === 'local') await revokeSession(tx, scope.agencyId, scope.sessionId, 'signed out');
    else
      await revokeUserSessions(
        tx,
        scope.agencyId,
        scope.userId,
        'signed out everywhere',
        logoutScope === 'others' ? scope.sessionId : undefined,
      );
  });
}
