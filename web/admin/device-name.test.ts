import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name.ts';

describe('a session’s device in words', () => {
  it('names the browser and the system', () => {
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe(
      'Chrome on Windows',
    );
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Linux');
  });

  it('says so when the device is unknown, and shows an unrecognised agent as it is', () => {
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName('curl/8.0')).toBe('curl/8.0');
  });
});
