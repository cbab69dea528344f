import { describe, expect, it } from 'vitest';
import { odometerBackwardsMessage } from './odometer.ts';

describe('odometerBackwardsMessage', () => {
  it('names the current reading with thousands separators', () => {
    expect(odometerBackwardsMessage(1_234_567)).toBe('The odometer already reads 1,234,567; a reading cannot go backwards');
    expect(odometerBackwardsMessage(0)).toBe('The odometer already reads 0; a reading cannot go backwards');
  });
});
