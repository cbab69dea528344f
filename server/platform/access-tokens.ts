import { SignJWT, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { AccessTokenClaims, type AAL, type AppMetadata } from '../../core/contracts/auth.ts';
import { AppError } from './errors.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type SigningKeys } from './signing-keys.ts';

export const AUDIENCE = 'authenticated';

export interface AccessTokenInput {
  userId: string;
  email: string;
  sessionId: string;
  aal: AAL;
  amr: Array<{ method: string; timestamp: number }>;
  appMetadata: AppMetadata;
}

export async function signAccessToken(keys: SigningKeys, issuer: string, input: AccessTokenInput, now = Date.now()) {
  const { kid, key } = keys.signingKey();
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    session_id: input.sessionId,
    aal: input.aal,
    amr: input.amr,
    app_metadata: input.appMetadata,
    email: input.email,
    role: 'authenticated',
  })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setSubject(input.userId)
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

const invalidSignature = () => new AppError('bad_jwt', 'Invalid JWT signature');

/**
 * Tokens already verified, so a client's next requests skip the ECDSA check (most of a token's cost):
 * the same bytes verify the same way. An entry is used only while its key is still known and the
 * token not expired; the oldest go first past the limit. One memory per set of keys (per server).
 */
const verifiedBy = new WeakMap<SigningKeys, Map<string, { claims: AccessTokenClaims; kid: string }>>();
const VERIFIED_LIMIT = 10_000;

/** Verifies signature, algorithm, issuer, audience and expiry, then the claims' shape. Throws 401 AppErrors. */
export async function verifyAccessToken(keys: SigningKeys, issuer: string, token: string): Promise<AccessTokenClaims> {
  const verified = verifiedBy.get(keys) ?? verifiedBy.set(keys, new Map()).get(keys)!;
  const known = verified.get(token);
  if (known) {
    if (known.claims.exp * 1000 > Date.now() && known.claims.iss === issuer && (await keys.verificationKey(known.kid))) return known.claims;
    verified.delete(token);
  }
  const claims = await verifySignedToken(keys, issuer, token);
  if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
  verified.set(token, { claims, kid: decodeProtectedHeader(token).kid! });
  return claims;
}

async function verifySignedToken(keys: SigningKeys, issuer: string, token: string): Promise<AccessTokenClaims> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'ES256') throw invalidSignature();
    kid = header.kid;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_jwt', 'The access token is malformed');
  }
  const key = kid ? await keys.verificationKey(kid) : null;
  if (!key) throw invalidSignature();
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], issuer, audience: AUDIENCE });
    const claims = AccessTokenClaims.safeParse(payload);
    if (!claims.success) throw new AppError('bad_jwt', 'The access token lacks required claims');
    return claims.data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired)
      throw new AppError('bad_jwt', 'The access token has expired', { hint: 'refresh the session' });
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw invalidSignature();
    if (error instanceof joseErrors.JWTClaimValidationFailed)
      throw new AppError('bad_jwt', `The access token is not valid here (${error.claim})`);
    throw new AppError('bad_jwt', 'The access token is malformed');
  }
}
