import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AccessTokenClaims } from '../../core/contracts/auth.ts';
import { effectiveSecurityPolicy, type SecurityPolicy, type SysConfig } from '../../core/contracts/agency.ts';
import { acceptedPermissions, alsoRequiredPermissions, type Aal1Access, type EndpointAccess } from '../../core/endpoints.ts';
import { hasPermission, PERMISSIONS } from '../../core/permissions.ts';
import { checkModuleApiAccess } from '../../core/modules.ts';
import { sessions } from '../db/schema.ts';
import { verifyAccessToken } from './access-tokens.ts';
import { clientGone } from './client-gone.ts';
import type { SigningKeys } from './signing-keys.ts';
import type { Database, FirstRead, RequestScope, Tx } from './database.ts';
import { AppError } from './errors.ts';
import { KnownAccess, NOTHING_KNOWN, type AccessCheckAnswer } from './known-access.ts';

/**
 * What a route requires. There is no default: a route without `config.access` is refused when it
 * is registered, so nothing is open by accident.
 *  - `{ public: true }`: anyone (sign-in, JWKS, the web app's files).
 *  - `{ permission: 'authenticated' }`: any signed-in user with a live session.
 *  - `{ permission: 'fleet:admin', module: 'fleet' }`: that permission (admin:access passes) and the
 *    module switched on for the agency.
 * Every non-public route also needs a live session (not revoked, not idle past the agency's limit,
 * not past 12 hours) of an enabled user, and aal2 once a second factor is due (the agency requires
 * one, or the user has a verified one), except what `aal1` lets through.
 */
export type RouteAccess = EndpointAccess;

/** Who is calling, re-derived on the server for every request. Every query takes it first. */
export interface Scope {
  agencyId: string;
  userId: string;
  sessionId: string;
  accountType: AccessTokenClaims['app_metadata']['account_type'];
  roles: readonly string[];
  permissions: readonly string[];
  aal: AccessTokenClaims['aal'];
  /** Whether aal2 is due: the agency requires a second factor of the user, or they have a verified one. */
  secondFactorDue: boolean;
}

export interface RequestAuth {
  claims: AccessTokenClaims;
  scope: Scope;
  sysConfig: SysConfig;
  /** Whether the agency's policy requires aal2 of this user. */
  mfaRequired: boolean;
  /** Whether the user has a verified second factor (then aal2 is due whatever the policy). */
  hasVerifiedFactor: boolean;
}

/** Requests a client makes on its own (polling, prefetch) say so, and do not count as the user being active. */
export const BACKGROUND_HEADER = 'x-precinct-background';
/** Activity is written at most this often per session, to keep request handling cheap. */
const ACTIVITY_WRITE_INTERVAL_MS = 15_000;

/** Whether a session has been idle past the agency's limit (CJIS AC-11). */
export function isIdle(lastActivityAt: Date, inactivityMinutes: number, now = Date.now()): boolean {
  return now - lastActivityAt.getTime() > inactivityMinutes * 60_000;
}

export function mfaRequiredFor(policy: SecurityPolicy, permissions: readonly string[]): boolean {
  const { mfa_required } = effectiveSecurityPolicy(policy);
  return mfa_required === 'everyone' || (mfa_required === 'admins' && permissions.includes('admin:access'));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Open the request's transaction with its access check (one round trip, not two: see
     * Database.openRequestScope). For reads that answer JSON at once, which the endpoint kit marks: not
     * for bodies (an upload would hold a connection while it arrives) nor for event streams.
     */
    holdScope?: boolean;
    /** A read of the route's own, sent with the access check in the same message (FirstRead): holdScope routes. */
    firstRead?: FirstRead;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** The transaction opened with the access check, for the request's first `inAgency` (holdScope routes on PostgreSQL). */
    requestScope: RequestScope<unknown> | null;
  }
}

export interface RouteRecord {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's zod schemas, for the sweeps that build requests from them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

/** Every route registered, with its declared access: walked by the permission and tenant sweeps. */
export function routeTable(app: FastifyInstance): RouteRecord[] {
  return (app as unknown as { precinctRoutes: RouteRecord[] }).precinctRoutes;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function installAccessControl(app: FastifyInstance, options: { database: Database; keys: SigningKeys; issuer: string }) {
  const deps = { ...options, known: new KnownAccess() };
  const records: RouteRecord[] = [];
  app.decorate('precinctRoutes', records);
  app.decorateRequest('auth', null);
  app.decorateRequest('requestScope', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access: add config.access`);
    for (const permission of [...acceptedPermissions(access), ...alsoRequiredPermissions(access)])
      if (!(permission in PERMISSIONS))
        throw new Error(`Route ${String(route.method)} ${route.url} requires an unknown permission ${permission}`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = (route.schema ?? {}) as RouteRecord['schema'];
      records.push({
        method: String(method),
        url: route.url,
        access,
        schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
      });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    try {
      const { holdScope, firstRead } = request.routeOptions.config;
      request.auth = await authenticate(request, deps, holdScope === true, firstRead);
      checkAccess(request.auth, access);
    } catch (error) {
      await request.requestScope?.end();
      throw error;
    }
    // Whatever happens next (answered, refused by validation, the client gone), the transaction ends
    // with the response: a no-op once the handler joined it. A client that went while the check was on
    // its way has closed already, and no response will end it.
    const scope = request.requestScope;
    if (scope && clientGone(reply.raw)) await scope.end();
    else if (scope) reply.raw.once('close', () => void scope.end());
  });
  app.addHook('onResponse', async (request) => {
    await request.requestScope?.end();
  });
}

/** Refuses a signed-in request the route does not allow: a second factor due, the module off, a permission missing. */
function checkAccess(auth: RequestAuth, access: Exclude<RouteAccess, { public: true }>): void {
  const { sysConfig, scope } = auth;
  const current = { agency_id: scope.agencyId, account_type: scope.accountType, roles: scope.roles, permissions: scope.permissions };
  const refusal = secondFactorRefusal(auth, access.aal1);
  if (refusal) throw refusal;
  if (access.module) {
    const moduleAccess = checkModuleApiAccess({ module: access.module, sysConfig, accountType: scope.accountType });
    if (!moduleAccess.allowed)
      throw new AppError(
        'module_disabled',
        moduleAccess.reason === 'disabled'
          ? `The ${moduleAccess.displayName} module is turned off for your agency`
          : `${moduleAccess.displayName} needs a full account; ask your agency administrator`,
      );
  }
  const accepted = acceptedPermissions(access);
  if (accepted.length > 0 && !accepted.some((permission) => hasPermission(current, permission))) {
    const labels = accepted.map((permission) => PERMISSIONS[permission].label);
    const named = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
    throw new AppError('forbidden', `You do not have permission to do this (${named}); ask your agency administrator`, {
      details: `requires ${accepted.join(' or ')}`,
    });
  }
  const missing = alsoRequiredPermissions(access).filter((permission) => !hasPermission(current, permission));
  if (missing.length > 0) {
    const labels = missing.map((permission) => PERMISSIONS[permission].label);
    throw new AppError('forbidden', `You do not have permission to do this (${labels.join(', ')}); ask your agency administrator`, {
      details: `also requires ${missing.join(' and ')}`,
    });
  }
}

/**
 * Why a password-only session may not reach a route, or null when it may: aal2 is due once the
 * agency requires a second factor of the user or the user has a verified one (spec section 3).
 */
export function secondFactorRefusal(auth: RequestAuth, aal1: Aal1Access | undefined): AppError | null {
  const { claims, mfaRequired, hasVerifiedFactor } = auth;
  if (claims.aal === 'aal2' || (!mfaRequired && !hasVerifiedFactor)) return null;
  if (aal1 === 'second-factor') return null;
  if (aal1 === 'enrol' && !hasVerifiedFactor) return null;
  if (aal1 === 'recovery' && claims.amr.some((entry) => entry.method === 'recovery')) return null;
  return secondFactorNeeded(hasVerifiedFactor);
}

/** 403 insufficient_aal: the user's verified factor is to be answered, or (without one) one to be added first. */
export function secondFactorNeeded(hasVerifiedFactor: boolean): AppError {
  return hasVerifiedFactor
    ? new AppError('insufficient_aal', 'This account requires a second sign-in factor: verify it to continue', { hint: 'verify a factor' })
    : new AppError('insufficient_aal', 'Your agency requires a second sign-in factor: verify one to continue', {
        hint: 'enrol or verify a factor',
      });
}

/**
 * The session, user and agency as they are now, in one statement (precinct_access_check, migration
 * 0040), which answers only "unchanged" while the agency's access version is the one this server read
 * the state at; the rare writes (an idle session ended, activity noted every 15 s) go into the request's
 * transaction when it holds one, in a transaction of their own otherwise.
 */
async function checkSession(
  request: FastifyRequest,
  deps: { database: Database; known: KnownAccess },
  agencyId: string,
  claims: AccessTokenClaims,
  options: { userCaused: boolean; hold: boolean; firstRead?: FirstRead | undefined; fresh?: boolean },
): Promise<{ ended: 'ended' | 'disabled' } | { ended: 'idle'; limit: number } | { row: SessionRow }> {
  const { database } = deps;
  const sessionId = claims.session_id;
  const known = options.fresh ? undefined : deps.known.get(agencyId, sessionId, claims.sub);
  const knownVersion = known?.version ?? NOTHING_KNOWN;
  const held = options.hold
    ? ((await database.openRequestScope?.<AccessCheckAnswer>(agencyId, sessionId, claims.sub, knownVersion, options.firstRead)) ?? null)
    : null;
  request.requestScope = held;
  const [answer] = held
    ? [held.found]
    : await database.scopedCall<AccessCheckAnswer>(
        sql`select * from precinct_access_check(${agencyId}, ${sessionId}, ${claims.sub}, ${knownVersion})`,
      );
  const found = deps.known.take(agencyId, sessionId, claims.sub, known, answer);
  // A rare write has a transaction of its own: a request's held one is read only. The pool keeps two
  // connections that no request holds (openRequestScope), so it never waits on requests that hold one each.
  const write = (work: (tx: Tx) => Promise<unknown>) => database.withTenant(agencyId, work);
  // PGlite answers timestamps as Date, node-postgres too; a string would mean a driver setting changed.
  if (!found || found.revoked_at || new Date(found.not_after).getTime() <= Date.now()) return { ended: 'ended' };
  if (found.status !== 'active') return { ended: 'disabled' };
  const lastActivity = new Date(found.last_activity_at);
  const limit = effectiveSecurityPolicy(found.security_policy).inactivity_minutes;
  const where = and(eq(sessions.agencyId, agencyId), eq(sessions.id, sessionId));
  if (isIdle(lastActivity, limit)) {
    // A known state's activity is what this server last wrote or read: another server may have noted
    // some since. Read it again before ending the session.
    if (answer?.unchanged) {
      await request.requestScope?.end();
      return checkSession(request, deps, agencyId, claims, { ...options, fresh: true });
    }
    await write((tx) => tx.update(sessions).set({ revokedAt: new Date(), revokedReason: 'idle' }).where(where));
    return { ended: 'idle', limit };
  }
  if (options.userCaused && Date.now() - lastActivity.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    const now = new Date();
    // Never backwards (two requests of a page load, two servers' clocks): a move back would raise the
    // agency's access version (migration 0040) and make every session of the agency read its state again.
    await write((tx) =>
      tx
        .update(sessions)
        .set({ lastActivityAt: now })
        .where(and(where, lt(sessions.lastActivityAt, now))),
    );
    found.last_activity_at = now;
  }
  return {
    row: {
      sysConfig: found.sys_config,
      securityPolicy: found.security_policy,
      accountType: found.account_type,
      permissions: found.permissions,
      roles: found.roles,
      hasVerifiedFactor: found.has_verified_factor,
    },
  };
}

interface SessionRow {
  sysConfig: SysConfig;
  securityPolicy: SecurityPolicy;
  accountType: Scope['accountType'];
  permissions: string[];
  roles: string[];
  hasVerifiedFactor: boolean;
}

/** Verifies the bearer token, then checks on the database that its session is live and its user enabled. */
async function authenticate(
  request: FastifyRequest,
  deps: { database: Database; keys: SigningKeys; issuer: string; known: KnownAccess },
  hold: boolean,
  firstRead?: FirstRead,
): Promise<RequestAuth> {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthorized', 'Sign in to continue', { hint: 'send Authorization: Bearer <access token>' });
  const claims = await verifyAccessToken(deps.keys, deps.issuer, token);
  const agencyId = claims.app_metadata.agency_id;
  const userCaused = !request.headers[BACKGROUND_HEADER];
  const outcome = await checkSession(request, deps, agencyId, claims, { userCaused, hold, firstRead });
  if ('ended' in outcome) {
    if (outcome.ended === 'disabled') throw new AppError('session_not_found', 'Your account is disabled; ask your agency administrator');
    if (outcome.ended === 'idle')
      throw new AppError('session_not_found', `You were signed out after ${outcome.limit} minutes without activity; sign in again`, {
        hint: 'idle',
      });
    throw new AppError('session_not_found', 'Your session has ended; sign in again');
  }
  const { row } = outcome;
  const mfaRequired = mfaRequiredFor(row.securityPolicy, row.permissions);
  return {
    claims,
    sysConfig: row.sysConfig,
    mfaRequired,
    hasVerifiedFactor: row.hasVerifiedFactor,
    scope: {
      agencyId,
      userId: claims.sub,
      sessionId: claims.session_id,
      accountType: row.accountType,
      roles: row.roles,
      permissions: row.permissions,
      aal: claims.aal,
      secondFactorDue: mfaRequired || row.hasVerifiedFactor,
    },
  };
}

export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('unauthorized', 'Sign in to continue');
  return request.auth;
}
