import type { Factor, FactorList } from '../../core/contracts/mfa.ts';
import { fromBase64Url } from '../lib/session/session-cookie.ts';

/**
 * What a signed-in user must do about a second factor (spec section 3): nothing once the session is
 * aal2, or when there is nothing more to reach; answer one of their factors when they have a verified
 * one (next level aal2); add one first when their agency requires aal2 and they have none.
 */
export type MfaStep = 'done' | 'verify' | 'enrol';

export function mfaStep(list: Pick<FactorList, 'factors' | 'current_level' | 'next_level' | 'required'>): MfaStep {
  if (list.current_level === 'aal2') return 'done';
  if (list.next_level === 'aal2' && verifiedFactors(list.factors).length > 0) return 'verify';
  if (list.required) return 'enrol';
  return 'done';
}

export function verifiedFactors(factors: readonly Factor[]): Factor[] {
  return factors.filter((factor) => factor.status === 'verified');
}

const TYPE_ORDER = { webauthn: 0, totp: 1, phone: 2 } as const;

/**
 * The verified factors in the order to offer them: strong before weaker (phone), then the one used
 * most recently, so the first is the sensible default.
 */
export function factorsToOffer(factors: readonly Factor[]): Factor[] {
  return verifiedFactors(factors).sort((a, b) => {
    if (a.strength !== b.strength) return a.strength === 'strong' ? -1 : 1;
    const used = (b.last_used_at ?? '').localeCompare(a.last_used_at ?? '');
    if (used !== 0) return used;
    return TYPE_ORDER[a.factor_type] - TYPE_ORDER[b.factor_type];
  });
}

export const FACTOR_TYPE_LABELS = {
  totp: 'Authenticator app',
  webauthn: 'Security key or passkey',
  phone: 'Text message to a phone',
} as const;

/** The aal of an access token, read (not verified) from its payload; null when it cannot be read. */
export function accessTokenLevel(accessToken: string): 'aal1' | 'aal2' | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const aal: unknown = (JSON.parse(fromBase64Url(payload)) as { aal?: unknown }).aal;
    return aal === 'aal1' || aal === 'aal2' ? aal : null;
  } catch {
    return null;
  }
}
