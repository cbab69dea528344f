import { describe, expect, it } from 'vitest';
import { CLAIMS_DECODE_ERROR, UNKNOWN_CLAIMS_ERROR, decodeClaims, loadClaims } from './claims.ts';
import { toBase64Url } from './session-cookie.ts';

const AGENCY = '0d6c4c62-55a8-4bbb-9a5a-8d4c1f1b7a21';

function token(payload: unknown): string {
  return `${toBase64Url('{"alg":"ES256"}')}.${toBase64Url(JSON.stringify(payload))}.signature`;
}

describe('claims read from the access token', () => {
  it('come from app_metadata', () => {
    const claims = decodeClaims(
      token({ sub: 'u', app_metadata: { agency_id: AGENCY, account_type: 'full', roles: ['officer'], permissions: ['fleet:admin'] } }),
    );
    expect(claims).toEqual({ agency_id: AGENCY, account_type: 'full', roles: ['officer'], permissions: ['fleet:admin'] });
  });

  it("default the account type to 'limited' and the lists to empty", () => {
    expect(decodeClaims(token({ app_metadata: { agency_id: AGENCY } }))).toEqual({
      agency_id: AGENCY,
      account_type: 'limited',
      roles: [],
      permissions: [],
    });
    expect(decodeClaims(token({ app_metadata: { agency_id: AGENCY, account_type: 'captain', roles: 'x' } })).account_type).toBe('limited');
  });

  it.each([
    '',
    'not-a-jwt',
    'a.b',
    'a.%%%.c',
    token('just a string'),
    token({ sub: 'no metadata' }),
    token({ app_metadata: { roles: [] } }),
  ])("fail with 'Failed to decode JWT token' for %j", (bad) => {
    expect(() => decodeClaims(bad)).toThrow(CLAIMS_DECODE_ERROR);
  });

  it('clear the claims and set the decode error when the token cannot be read', () => {
    expect(loadClaims('garbage')).toEqual({ claims: null, error: 'Failed to decode JWT token' });
  });

  it("report 'Unknown error occurred' when loading fails with something that is not an Error", () => {
    const throwsString = () => {
      throw 'not an error';
    };
    expect(loadClaims('anything', throwsString)).toEqual({ claims: null, error: UNKNOWN_CLAIMS_ERROR });
    expect(UNKNOWN_CLAIMS_ERROR).toBe('Unknown error occurred');
  });

  it('are cleared without an error when signed out', () => {
    expect(loadClaims(null)).toEqual({ claims: null, error: null });
  });
});
