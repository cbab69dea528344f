import { describe, expect, it } from 'vitest';
import { describeMaintenance } from './maintenance-status.ts';

describe('how a maintenance interval reads', () => {
  it('says by how much an overdue service is late, in miles and days', () => {
    expect(describeMaintenance({ state: 'overdue', miles_left: -300, days_left: -2, active: true })).toBe('Overdue by 300 mi and 2 days');
    expect(describeMaintenance({ state: 'overdue', miles_left: 1200, days_left: -1, active: true })).toBe('Overdue by 1 day');
  });

  it('says what comes first for a service due soon or later', () => {
    expect(describeMaintenance({ state: 'due_soon', miles_left: 450, days_left: 12, active: true })).toBe('Due in 12 days or 450 mi');
    expect(describeMaintenance({ state: 'ok', miles_left: 4200, days_left: null, active: true })).toBe('Next in 4,200 mi');
  });

  it('says an interval that was switched off is not tracked', () => {
    expect(describeMaintenance({ state: 'overdue', miles_left: -1, days_left: null, active: false })).toBe('Not tracked');
  });
});
