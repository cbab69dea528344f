import crypto from 'node:crypto';
import { inSequence } from '../platform/database.ts';
import * as OTPAuth from 'otpauth';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Session } from '../../core/contracts/auth.ts';
import type { Challenge, EnrollFactorInput, EnrolledFactor, Factor, FactorList } from '../../core/contracts/mfa.ts';
import { mfaRequiredFor, type Scope } from '../platform/access.ts';
import { effectiveSecurityPolicy } from '../../core/contracts/agency.ts';
import { recordAudit, type AuditActor } from '../platform/audit.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { decrypt, encrypt } from '../platform/secret.ts';
import type { Services } from '../platform/services.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import {
  advanceTotpStep,
  takeChallengeAttempt,
  findAgency,
  findChallenge,
  findFactor,
  findSession,
  insertChallenge,
  insertFactor,
  listFactors,
  raiseSession,
  revokeSession,
  spendChallenge,
  updateFactor,
  type FactorRow,
} from './queries.ts';
import { clearLock, deleteFactors, findUserById, updateUser } from '../platform/users.ts';
import { mintSessionTokens } from './sessions.ts';
import { lockedError, recordFailedSignIn, secondFactorWait } from './lockout.ts';
import { tooManyAttempts } from './sign-in-throttle.ts';

/** Passkeys' package, loaded when a security key is first enrolled or used (4-5 MB of heap a server without one never holds). */
const webauthn = () => import('@simplewebauthn/server');

/** Challenges live 5 minutes; a phone code, which has to travel, 10 minutes. Each is answered once. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const PHONE_CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong answers to one challenge before it is void and a new one is needed. */
export const MAX_WRONG_ANSWERS = 5;
const MAX_FACTORS = 10;
const TOTP_PERIOD_SECONDS = 30;

function presentFactor(row: FactorRow): Factor {
  return {
    id: row.id,
    factor_type: row.factorType,
    friendly_name: row.friendlyName,
    status: row.status,
    strength: row.factorType === 'phone' ? 'weaker' : 'strong',
    phone_hint: row.phone ? `•••• ${row.phone.slice(-4)}` : null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: 'Precinct',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

function relyingParty(services: Services) {
  const url = new URL(services.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

function phoneCodeHash(services: Services, challengeId: string, code: string) {
  return crypto.createHmac('sha256', services.secret).update(`${challengeId}:${code}`).digest('hex');
}

function inScope<T>(services: Services, scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
  return services.database.withTenant(scope.agencyId, work, { userId: scope.userId });
}

export function listMyFactors(ctx: RequestContext): Promise<FactorList> {
  const { scope } = ctx;
  return inAgency(ctx, async (tx) => {
    const [factors, agency] = await inSequence([() => listFactors(tx, scope.agencyId, scope.userId), () => findAgency(tx, scope.agencyId)]);
    return {
      factors: factors.map(presentFactor),
      current_level: scope.aal,
      next_level: factors.some((f) => f.status === 'verified') ? 'aal2' : 'aal1',
      required: mfaRequiredFor(agency?.securityPolicy ?? {}, scope.permissions),
    };
  });
}

const DEFAULT_NAMES = { totp: 'Authenticator app', phone: 'Phone', webauthn: 'Security key' } as const;

export function enrollFactor(services: Services, scope: Scope, input: EnrollFactorInput, actor: AuditActor): Promise<EnrolledFactor> {
  return inScope(services, scope, async (tx) => {
    const existing = await listFactors(tx, scope.agencyId, scope.userId);
    // Abandoned enrolments older than a day make room for new ones.
    for (const stale of existing.filter((f) => f.status === 'unverified' && Date.now() - f.createdAt.getTime() > 86_400_000))
      await deleteFactors(tx, scope.agencyId, scope.userId, stale.id);
    if (existing.length >= MAX_FACTORS) throw new AppError('conflict', `You can have at most ${MAX_FACTORS} factors; remove one first`);
    // Someone holding only the password (or a recovery link) must not be able to add a factor of
    // their own and so reach aal2: with a verified factor on file, adding one needs that factor first.
    if (existing.some((f) => f.status === 'verified') && (await findSession(tx, scope.agencyId, scope.sessionId))?.aal !== 'aal2')
      throw new AppError('insufficient_aal', 'Verify one of your factors before adding another', { hint: 'verify a factor first' });
    const user = await findUserById(tx, scope.agencyId, scope.userId);
    const friendlyName = input.friendly_name ?? DEFAULT_NAMES[input.factor_type];
    let totp: EnrolledFactor['totp'];
    let secretEncrypted: string | null = null;
    if (input.factor_type === 'totp') {
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      secretEncrypted = encrypt(services.secret, secret);
      totp = { secret, uri: totpFor(secret, user!.email).toString() };
    }
    const row = await insertFactor(tx, {
      agencyId: scope.agencyId,
      userId: scope.userId,
      factorType: input.factor_type,
      friendlyName,
      secretEncrypted,
      phone: input.factor_type === 'phone' ? input.phone : null,
    });
    await recordAudit(tx, scope.agencyId, actor, {
      action: 'auth.factor_enrolment_started',
      entityType: 'factor',
      entityId: row.id,
      summary: `Started adding a ${input.factor_type} factor "${friendlyName}"`,
    });
    return { ...presentFactor(row), ...(totp ? { totp } : {}) };
  });
}

export async function challengeFactor(services: Services, scope: Scope, factorId: string): Promise<Challenge> {
  const { rpID } = relyingParty(services);
  const prepared = await inScope(services, scope, async (tx) => {
    const factor = await findFactor(tx, scope.agencyId, scope.userId, factorId);
    if (!factor) throw new AppError('not_found', 'Factor not found');
    const user = await findUserById(tx, scope.agencyId, scope.userId);
    const challengeId = crypto.randomUUID();
    let credentialOptions: Record<string, unknown> | undefined;
    let webauthnChallenge: string | null = null;
    let code: string | null = null;
    if (factor.factorType === 'webauthn') {
      if (factor.status === 'unverified') {
        const others = (await listFactors(tx, scope.agencyId, scope.userId)).filter((f) => f.credentialId && f.id !== factor.id);
        const { generateRegistrationOptions } = await webauthn();
        const options = await generateRegistrationOptions({
          rpName: 'Precinct',
          rpID,
          userName: user!.email,
          userDisplayName: user!.name,
          userID: Buffer.from(user!.id.replaceAll('-', ''), 'hex'),
          attestationType: 'none',
          excludeCredentials: others.map((f) => ({ id: f.credentialId!, transports: f.transports ?? [] })),
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        });
        credentialOptions = options as unknown as Record<string, unknown>;
        webauthnChallenge = options.challenge;
      } else {
        const { generateAuthenticationOptions } = await webauthn();
        const options = await generateAuthenticationOptions({
          rpID,
          allowCredentials: [{ id: factor.credentialId!, transports: factor.transports ?? [] }],
          userVerification: 'preferred',
        });
        credentialOptions = options as unknown as Record<string, unknown>;
        webauthnChallenge = options.challenge;
      }
    }
    if (factor.factorType === 'phone') code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const lifetime = factor.factorType === 'phone' ? PHONE_CODE_LIFETIME_MS : CHALLENGE_LIFETIME_MS;
    const challenge = await insertChallenge(tx, {
      agencyId: scope.agencyId,
      id: challengeId,
      factorId,
      sessionId: scope.sessionId,
      codeHash: code ? phoneCodeHash(services, challengeId, code) : null,
      webauthnChallenge,
      expiresAt: new Date(Date.now() + lifetime),
    });
    return { factor, challenge, code, credentialOptions };
  });
  if (prepared.code && prepared.factor.phone)
    await services.sms
      .send(
        scope.agencyId,
        prepared.factor.phone,
        `Your Precinct sign-in code is ${prepared.code}. It expires in 10 minutes. Never share it.`,
      )
      .catch(() => {
        throw new AppError('unavailable', 'We could not send the text message; try again, or use another factor');
      });
  return {
    id: prepared.challenge.id,
    type: prepared.factor.factorType,
    expires_at: Math.floor(prepared.challenge.expiresAt.getTime() / 1000),
    ...(prepared.credentialOptions ? { credential_options: prepared.credentialOptions } : {}),
  };
}

type Verdict = { ok: true; factor: FactorRow } | { ok: false; message: string; field: string; locked?: boolean; selfUnlock?: boolean };

/** Answers a challenge: a right answer raises the session to aal2 (and completes an enrolment). */
export async function verifyFactor(
  services: Services,
  scope: Scope,
  factorId: string,
  input: { challenge_id: string; code?: string | undefined; credential_response?: Record<string, unknown> | undefined },
  actor: AuditActor,
): Promise<Session> {
  const { rpID, origin } = relyingParty(services);
  const outcome = await inScope(services, scope, async (tx) => {
    const factor = await findFactor(tx, scope.agencyId, scope.userId, factorId);
    const challenge = await findChallenge(tx, scope.agencyId, input.challenge_id);
    if (!factor || !challenge || challenge.factorId !== factorId || challenge.sessionId !== scope.sessionId)
      throw new AppError('not_found', 'Challenge not found; ask for a new one');
    if (challenge.verifiedAt) throw new AppError('invalid_token', 'This challenge was already answered; ask for a new one');
    if (challenge.expiresAt.getTime() <= Date.now()) throw new AppError('token_expired', 'This challenge has expired; ask for a new one');
    if (!(await takeChallengeAttempt(tx, scope.agencyId, challenge.id, MAX_WRONG_ANSWERS)))
      throw new AppError('rate_limited', 'Too many wrong answers to this challenge; ask for a new one');

    const owner = (await findUserById(tx, scope.agencyId, scope.userId))!;
    const wait = secondFactorWait(owner);
    if (wait > 0) throw tooManyAttempts(wait);
    // A session opened before the account locked cannot answer its way out where only an administrator unlocks.
    if (owner.lockedAt && !effectiveSecurityPolicy((await findAgency(tx, scope.agencyId))?.securityPolicy ?? {}).self_unlock)
      throw lockedError(false);
    const verdict = await judge(services, tx, factor, challenge, input, { rpID, origin });
    if (!verdict.ok) {
      // Wrong answers count toward the same lockout as wrong passwords, across challenges, so new
      // challenges cannot be used to keep guessing; a lock also ends the session doing the guessing.
      const locked = await recordFailedSignIn(services, tx, owner, actor, 'second factor');
      if (locked) await revokeSession(tx, scope.agencyId, scope.sessionId, 'locked after wrong second-factor answers');
      const selfUnlock = effectiveSecurityPolicy((await findAgency(tx, scope.agencyId))?.securityPolicy ?? {}).self_unlock;
      return { ...verdict, locked, selfUnlock };
    }
    // The password and the factor together are a way back from a lock the user may release (sign-in.ts).
    if (owner.lockedAt) await clearLock(tx, owner, actor, 'second factor');
    else if (owner.failedSignIns > 0) await updateUser(tx, scope.agencyId, scope.userId, { failedSignIns: 0, lastFailedSignInAt: null });
    if (!(await spendChallenge(tx, scope.agencyId, challenge.id)))
      throw new AppError('invalid_token', 'This challenge was already answered; ask for a new one');
    // Completing an enrolment proves only the new factor: where the user already had one, the
    // session must have proven that one already.
    if (verdict.factor.status === 'unverified') {
      const others = (await listFactors(tx, scope.agencyId, scope.userId)).filter((f) => f.id !== factor.id && f.status === 'verified');
      if (others.length > 0 && (await findSession(tx, scope.agencyId, scope.sessionId))?.aal !== 'aal2')
        throw new AppError('insufficient_aal', 'Verify one of your factors before adding another', { hint: 'verify a factor first' });
    }
    let verifiedFactor = verdict.factor;
    if (verifiedFactor.status === 'unverified') {
      verifiedFactor = await updateFactor(tx, scope.agencyId, factor.id, { status: 'verified' });
      await recordAudit(tx, scope.agencyId, actor, {
        action: 'auth.factor_added',
        entityType: 'factor',
        entityId: factor.id,
        summary: `Added the ${factor.factorType} factor "${factor.friendlyName}"`,
      });
    }
    const session = await raiseSession(
      tx,
      scope.agencyId,
      scope.sessionId,
      factor.factorType === 'webauthn' ? 'webauthn' : factor.factorType === 'phone' ? 'phone' : 'totp',
    );
    await recordAudit(tx, scope.agencyId, actor, {
      action: 'auth.mfa_verified',
      entityType: 'session',
      entityId: scope.sessionId,
      summary: `Verified the ${factor.factorType} factor "${factor.friendlyName}"`,
    });
    const user = await findUserById(tx, scope.agencyId, scope.userId);
    return {
      ok: true as const,
      session: await mintSessionTokens(services, tx, { user: user!, sessionId: session.id, aal: session.aal, amr: session.amr }),
    };
  });
  // The failed attempt is counted in a committed transaction, then reported.
  if (!outcome.ok) {
    if (outcome.locked) throw lockedError(outcome.selfUnlock ?? true);
    throw validationError({ [outcome.field]: outcome.message }, outcome.message);
  }
  return outcome.session;
}

async function judge(
  services: Services,
  tx: Tx,
  factor: FactorRow,
  challenge: { id: string; codeHash: string | null; webauthnChallenge: string | null },
  input: { code?: string | undefined; credential_response?: Record<string, unknown> | undefined },
  rp: { rpID: string; origin: string },
): Promise<Verdict> {
  const wrongCode: Verdict = { ok: false, field: 'code', message: 'That code is not right; check it and try again' };
  if (factor.factorType === 'totp') {
    if (!input.code) return wrongCode;
    const totp = totpFor(decrypt(services.secret, factor.secretEncrypted!), 'x');
    const now = Date.now();
    const delta = totp.validate({ token: input.code, timestamp: now, window: 1 });
    if (delta === null) return wrongCode;
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
    if (!(await advanceTotpStep(tx, factor.agencyId, factor.id, step)))
      return { ok: false, field: 'code', message: 'That code was already used; wait for the next one' };
    return { ok: true, factor };
  }
  if (factor.factorType === 'phone') {
    if (!input.code || !challenge.codeHash) return wrongCode;
    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = Buffer.from(phoneCodeHash(services, challenge.id, input.code), 'hex');
    if (!crypto.timingSafeEqual(expected, given)) return wrongCode;
    return { ok: true, factor: await updateFactor(tx, factor.agencyId, factor.id, { lastUsedAt: new Date() }) };
  }
  const refused: Verdict = { ok: false, field: 'credential_response', message: 'The security key’s answer was not accepted; try again' };
  if (!input.credential_response || !challenge.webauthnChallenge) return refused;
  // Loaded before the try below, which takes any error for a refused answer: a package that fails to
  // load is the server's fault, not a failed sign-in to count towards a lockout.
  const { verifyAuthenticationResponse, verifyRegistrationResponse } = await webauthn();
  try {
    if (factor.status === 'unverified') {
      const result = await verifyRegistrationResponse({
        response: input.credential_response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge.webauthnChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: false,
      });
      if (!result.verified) return refused;
      const { credential } = result.registrationInfo;
      return {
        ok: true,
        factor: await updateFactor(tx, factor.agencyId, factor.id, {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? [],
          lastUsedAt: new Date(),
        }),
      };
    }
    const result = await verifyAuthenticationResponse({
      response: input.credential_response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.webauthnChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: factor.credentialId!,
        publicKey: new Uint8Array(Buffer.from(factor.publicKey!, 'base64url')),
        counter: factor.signCount ?? 0,
        transports: (factor.transports ?? []) as never,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return refused;
    return {
      ok: true,
      factor: await updateFactor(tx, factor.agencyId, factor.id, {
        signCount: result.authenticationInfo.newCounter,
        lastUsedAt: new Date(),
      }),
    };
  } catch {
    return refused;
  }
}

export function renameFactor(services: Services, scope: Scope, factorId: string, friendlyName: string, actor: AuditActor): Promise<Factor> {
  return inScope(services, scope, async (tx) => {
    const factor = await findFactor(tx, scope.agencyId, scope.userId, factorId);
    if (!factor) throw new AppError('not_found', 'Factor not found');
    const renamed = await updateFactor(tx, scope.agencyId, factorId, { friendlyName });
    await recordAudit(tx, scope.agencyId, actor, {
      action: 'auth.factor_renamed',
      entityType: 'factor',
      entityId: factorId,
      summary: `Renamed the factor "${factor.friendlyName}" to "${friendlyName}"`,
    });
    return presentFactor(renamed);
  });
}

/** Removing a factor needs an aal2 session when the user has any verified factor. */
export function removeFactor(services: Services, scope: Scope, factorId: string, actor: AuditActor): Promise<void> {
  return inScope(services, scope, async (tx) => {
    const factors = await listFactors(tx, scope.agencyId, scope.userId);
    const factor = factors.find((f) => f.id === factorId);
    if (!factor) throw new AppError('not_found', 'Factor not found');
    const session = await findSession(tx, scope.agencyId, scope.sessionId);
    if (factors.some((f) => f.status === 'verified') && session?.aal !== 'aal2')
      throw new AppError('insufficient_aal', 'Verify one of your factors before removing one', { hint: 'verify a factor first' });
    await deleteFactors(tx, scope.agencyId, scope.userId, factorId);
    await recordAudit(tx, scope.agencyId, actor, {
      action: 'auth.factor_removed',
      entityType: 'factor',
      entityId: factorId,
      summary: `Removed the ${factor.factorType} factor "${factor.friendlyName}"`,
    });
  });
}
