import { describe, expect, it } from 'vitest';
import { delayAfter, PER_EMAIL, SignInThrottle } from './sign-in-throttle.ts';

function throttleAt(failuresPerAddress = 30) {
  const clock = { now: 1_000_000 };
  return { clock, throttle: new SignInThrottle({ failuresPerAddress, now: () => clock.now }) };
}

describe('delays between failed sign-ins', () => {
  it('costs nothing for the first ten failures of an address, then doubles from one second up to ten minutes', () => {
    expect(delayAfter(PER_EMAIL, 9)).toBe(0);
    expect([10, 11, 12, 13].map((n) => delayAfter(PER_EMAIL, n))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(delayAfter(PER_EMAIL, 40)).toBe(10 * 60_000);
  });

  it('refuses an attempt for an address until its wait is over, and a right password clears it', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 11; i += 1) throttle.failed('Officer@Agency.test', null);
    expect(() => throttle.check('officer@agency.test', null)).toThrow('Too many sign-in attempts; try again in 2 seconds');
    clock.now += 2_000;
    expect(() => throttle.check('officer@agency.test', null)).not.toThrow();
    expect(() => throttle.check('someone.else@agency.test', null)).not.toThrow();
    throttle.succeeded('officer@agency.test', null);
    throttle.failed('officer@agency.test', null);
    expect(() => throttle.check('officer@agency.test', null)).not.toThrow();
  });

  it('slows a script spraying many addresses from one network address', () => {
    const { throttle } = throttleAt(30);
    for (let i = 0; i < 31; i += 1) throttle.failed(`user${i}@agency.test`, '203.0.113.9');
    expect(() => throttle.check('user99@agency.test', '203.0.113.9')).toThrow(/try again in 2 seconds/);
    expect(() => throttle.check('user99@agency.test', '198.51.100.4')).not.toThrow();
  });

  it('counts one address’s many typos from a station’s network address once, so its colleagues there are not held up', () => {
    const { throttle } = throttleAt(30);
    for (let i = 0; i < 40; i += 1) throttle.failed('officer@agency.test', '203.0.113.9');
    expect(() => throttle.check('colleague@agency.test', '203.0.113.9')).not.toThrow();
  });

  it('lets an address that signed in from a network address within 15 minutes past that network address’s wait while someone sprays from it', () => {
    const { clock, throttle } = throttleAt(30);
    throttle.succeeded('officer@agency.test', '203.0.113.9');
    clock.now += 10 * 60_000;
    for (let i = 0; i < 31; i += 1) throttle.failed(`user${i}@agency.test`, '203.0.113.9');
    expect(() => throttle.check('officer@agency.test', '203.0.113.9')).not.toThrow();
    expect(() => throttle.check('newcomer@agency.test', '203.0.113.9')).toThrow(/try again in 2 seconds/);
    // Sixteen minutes after the sign-in it no longer counts; the spray still does.
    clock.now += 6 * 60_000;
    throttle.failed('user31@agency.test', '203.0.113.9');
    expect(() => throttle.check('officer@agency.test', '203.0.113.9')).toThrow(/try again in 4 seconds/);
  });

  it('takes an address that signs in after a typo off its network address’s count', () => {
    const { throttle } = throttleAt(30);
    for (let i = 0; i < 29; i += 1) throttle.failed(`user${i}@agency.test`, '203.0.113.9');
    throttle.failed('officer@agency.test', '203.0.113.9');
    expect(() => throttle.check('newcomer@agency.test', '203.0.113.9')).toThrow(/try again in 1 second/);
    throttle.succeeded('officer@agency.test', '203.0.113.9');
    expect(() => throttle.check('newcomer@agency.test', '203.0.113.9')).not.toThrow();
  });

  it('forgets failures after 15 minutes', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 15; i += 1) throttle.failed('officer@agency.test', '203.0.113.9');
    clock.now += 15 * 60_000 + 1;
    expect(() => throttle.check('officer@agency.test', '203.0.113.9')).not.toThrow();
    throttle.failed('officer@agency.test', '203.0.113.9');
    expect(() => throttle.check('officer@agency.test', '203.0.113.9')).not.toThrow();
  });
});
