import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.ts';

describe('isUuid', () => {
  it('accepts a UUID in either case', () => {
    expect(isUuid('0b8f5a0e-8c1d-4f0e-9f59-2a7d7f1c3e11')).toBe(true);
    expect(isUuid('0B8F5A0E-8C1D-4F0E-9F59-2A7D7F1C3E11')).toBe(true);
  });

  it('refuses something only shaped like one: 36 dashes, a missing group, a stray character', () => {
    expect(isUuid('-'.repeat(36))).toBe(false);
    expect(isUuid('0b8f5a0e-8c1d-4f0e-9f592a7d7f1c3e11')).toBe(false);
    expect(isUuid('0b8f5a0e-8c1d-4f0e-9f59-2a7d7f1c3e1g')).toBe(false);
    expect(isUuid(' 0b8f5a0e-8c1d-4f0e-9f59-2a7d7f1c3e11')).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
