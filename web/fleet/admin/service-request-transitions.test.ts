import { describe, expect, it } from 'vitest';
import { SERVICE_REQUEST_STATUSES } from '../../../core/contracts/fleet.ts';
import { allowedMoves, centsToDollars, dollarsToCents, noteRequiredFor } from './service-request-transitions.ts';

describe('service request moves offered', () => {
  it('offers exactly the transitions the server allows', () => {
    expect(allowedMoves('open')).toEqual(['in_progress', 'completed', 'declined']);
    expect(allowedMoves('in_progress')).toEqual(['completed', 'declined', 'open']);
    expect(allowedMoves('completed')).toEqual(['open']);
    expect(allowedMoves('declined')).toEqual(['open']);
    for (const status of SERVICE_REQUEST_STATUSES) expect(allowedMoves(status)).not.toContain(status);
  });

  it('asks for a note to decline or reopen', () => {
    expect(noteRequiredFor('open', 'declined')).toBe(true);
    expect(noteRequiredFor('completed', 'open')).toBe(true);
    expect(noteRequiredFor('in_progress', 'open')).toBe(true);
    expect(noteRequiredFor('open', 'in_progress')).toBe(false);
    expect(noteRequiredFor('in_progress', 'completed')).toBe(false);
  });

  it('reads dollars as cents', () => {
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('125')).toBe(12500);
    expect(dollarsToCents('$1,200.5')).toBe(120050);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('12.345')).toBeUndefined();
    expect(dollarsToCents('abc')).toBeUndefined();
    expect(centsToDollars(120050)).toBe('1200.50');
    expect(centsToDollars(null)).toBe('');
  });
});
