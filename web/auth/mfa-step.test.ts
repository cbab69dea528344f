import { describe, expect, it } from 'vitest';
import type { Factor, FactorList } from '../../core/contracts/mfa.ts';
import { toBase64Url } from '../lib/session/session-cookie.ts';
import { accessTokenLevel, factorsToOffer, mfaStep } from './mfa-step.ts';

function factor(overrides: Partial<Factor>): Factor {
  return {
    id: overrides.id ?? 'f',
    factor_type: 'totp',
    friendly_name: 'Authenticator app',
    status: 'verified',
    strength: 'strong',
    phone_hint: null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_used_at: null,
    ...overrides,
  };
}

function list(overrides: Partial<FactorList>): FactorList {
  return { factors: [], current_level: 'aal1', next_level: 'aal1', required: false, ...overrides };
}

describe('which second-factor step a signed-in user sees', () => {
  it('asks for nothing once the session is aal2', () => {
    expect(mfaStep(list({ current_level: 'aal2', next_level: 'aal2', factors: [factor({})], required: true }))).toBe('done');
  });

  it('asks for a factor when the user has a verified one and the session is aal1, required or not', () => {
    expect(mfaStep(list({ next_level: 'aal2', factors: [factor({})] }))).toBe('verify');
    expect(mfaStep(list({ next_level: 'aal2', factors: [factor({})], required: true }))).toBe('verify');
  });

  it('walks the user through adding one when the agency requires it and they have none verified', () => {
    expect(mfaStep(list({ required: true }))).toBe('enrol');
    expect(mfaStep(list({ required: true, factors: [factor({ status: 'unverified' })] }))).toBe('enrol');
  });

  it('lets a user without factors in an agency that does not require them carry on', () => {
    expect(mfaStep(list({}))).toBe('done');
    expect(mfaStep(list({ factors: [factor({ status: 'unverified' })] }))).toBe('done');
  });
});

describe('the order factors are offered in', () => {
  it('puts strong factors before the phone, the most recently used first, and leaves out unfinished ones', () => {
    const phone = factor({ id: 'phone', factor_type: 'phone', strength: 'weaker', last_used_at: '2026-03-01T00:00:00Z' });
    const oldKey = factor({ id: 'key', factor_type: 'webauthn', last_used_at: '2026-01-01T00:00:00Z' });
    const app = factor({ id: 'app', factor_type: 'totp', last_used_at: '2026-02-01T00:00:00Z' });
    const unfinished = factor({ id: 'new', status: 'unverified' });
    expect(factorsToOffer([phone, oldKey, unfinished, app]).map((f) => f.id)).toEqual(['app', 'key', 'phone']);
  });
});

describe("reading an access token's level", () => {
  const token = (payload: object) => `${toBase64Url('{"alg":"ES256"}')}.${toBase64Url(JSON.stringify(payload))}.sig`;
  it('reads aal1 and aal2, and gives null for anything else', () => {
    expect(accessTokenLevel(token({ aal: 'aal1' }))).toBe('aal1');
    expect(accessTokenLevel(token({ aal: 'aal2' }))).toBe('aal2');
    expect(accessTokenLevel(token({}))).toBeNull();
    expect(accessTokenLevel('not-a-token')).toBeNull();
    expect(accessTokenLevel('a.%%%.c')).toBeNull();
  });
});
