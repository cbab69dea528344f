import { AccountType, DEFAULT_ACCOUNT_TYPE } from '../../../core/contracts/auth.ts';
import type { Claims } from '../../../core/permissions.ts';
import { fromBase64Url } from './session-cookie.ts';

/**
 * The session's claims, read from the access token's app_metadata (spec sections 3 and 4). The
 * browser only reads them, to decide what to show; the server verifies the token's signature on
 * every request.
 */

export const CLAIMS_DECODE_ERROR = 'Failed to decode JWT token';
export const UNKNOWN_CLAIMS_ERROR = 'Unknown error occurred';

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The claims in an access token. Throws Error('Failed to decode JWT token') when it cannot be read. */
export function decodeClaims(accessToken: string): Claims {
  const payload = accessToken.split('.')[1];
  if (accessToken.split('.').length !== 3 || !payload) throw new Error(CLAIMS_DECODE_ERROR);
  let decoded: unknown;
  try {
    decoded = JSON.parse(fromBase64Url(payload));
  } catch {
    throw new Error(CLAIMS_DECODE_ERROR);
  }
  if (typeof decoded !== 'object' || decoded === null) throw new Error(CLAIMS_DECODE_ERROR);
  const metadata: unknown = (decoded as { app_metadata?: unknown }).app_metadata;
  if (typeof metadata !== 'object' || metadata === null) throw new Error(CLAIMS_DECODE_ERROR);
  const { agency_id, account_type, roles, permissions } = metadata as Record<string, unknown>;
  if (typeof agency_id !== 'string') throw new Error(CLAIMS_DECODE_ERROR);
  const accountType = AccountType.safeParse(account_type);
  return {
    agency_id,
    // Spec section 3: the account type defaults to 'limited'.
    account_type: accountType.success ? accountType.data : DEFAULT_ACCOUNT_TYPE,
    roles: isStringArray(roles) ? roles : [],
    permissions: isStringArray(permissions) ? permissions : [],
  };
}

export type ClaimsResult = { claims: Claims | null; error: string | null };

/**
 * Loads the claims the way the auth state does on sign-in and on refresh: a decode failure clears
 * the claims and sets 'Failed to decode JWT token'; a failure that is not an Error sets 'Unknown
 * error occurred'. No token (signed out) clears the claims without an error.
 */
export function loadClaims(accessToken: string | null | undefined, decode: (token: string) => Claims = decodeClaims): ClaimsResult {
  if (!accessToken) return { claims: null, error: null };
  try {
    return { claims: decode(accessToken), error: null };
  } catch (error) {
    return { claims: null, error: error instanceof Error ? error.message : UNKNOWN_CLAIMS_ERROR };
  }
}
