import { describe, expect, it } from 'vitest';
import { isValidVin, Vin } from './vehicles.ts';

describe('a VIN', () => {
  it('is accepted with a matching check digit, in either case', () => {
    expect(isValidVin('1HGCM82633A004352')).toBe(true);
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true); // check digit X
    expect(Vin.parse(' 1hgcm82633a004352 ')).toBe('1HGCM82633A004352');
  });

  it('is refused with a wrong check digit, a forbidden letter or the wrong length', () => {
    expect(isValidVin('1HGCM82643A004352')).toBe(false);
    expect(isValidVin('1HGCM8263OA004352')).toBe(false);
    expect(isValidVin('1HGCM82633A00435')).toBe(false);
    expect(Vin.safeParse('1HGCM82643A004352').error?.issues[0]?.message).toMatch(/check digit/);
  });
});
