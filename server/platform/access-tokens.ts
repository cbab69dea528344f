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

/** Verifies signature, algorithm, issuer, audience and expiry, then the claims' shape. Throws 401 AppErrors. */
export async function verifyAccessToken(keys: SigningKeys, issuer: string, token: string): Promise<AccessTokenClaims> {
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
