import { describe, expect, it } from 'vitest';
import { SERVICE_REQUEST_STATUSES } from '../../../core/contracts/fleet.ts';
import {
  allowedMoves,
  centsToDollars,
  dollarsToCents,
  formatWait,
  isOverdue,
  noteRequiredFor,
  waitedFor,
} from './service-request-transitions.ts';

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

describe('how long a request waited', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const request = (status: 'open' | 'in_progress' | 'completed' | 'declined', created: string, closed: string | null = null) => ({
    status,
    created_at: created,
    completed_at: status === 'completed' ? closed : null,
    updated_at: closed ?? created,
  });

  it('reads an open request’s wait until now in days and hours, never a date', () => {
    expect(formatWait(waitedFor(request('open', '2026-11-22T08:00:00Z'), now))).toBe('3 d 4 h');
    expect(formatWait(waitedFor(request('in_progress', '2026-11-25T07:00:00Z'), now))).toBe('5 h');
    expect(formatWait(waitedFor(request('open', '2026-11-25T11:40:00Z'), now))).toBe('20 min');
    expect(formatWait(waitedFor(request('open', '2026-11-16T12:00:00Z'), now))).toBe('9 d');
    expect(formatWait(waitedFor(request('open', '2026-11-24T11:00:00Z'), now))).toBe('1 d 1 h');
  });

  it('stops the clock when a request is completed or declined', () => {
    expect(formatWait(waitedFor(request('completed', '2026-11-10T12:00:00Z', '2026-11-12T15:00:00Z'), now))).toBe('2 d 3 h');
    expect(formatWait(waitedFor(request('declined', '2026-11-10T12:00:00Z', '2026-11-10T13:30:00Z'), now))).toBe('1 h');
  });

  it('calls an open request overdue only once its due date has passed', () => {
    expect(isOverdue({ status: 'open', due_on: '2026-11-24' }, '2026-11-25')).toBe(true);
    expect(isOverdue({ status: 'open', due_on: '2026-11-25' }, '2026-11-25')).toBe(false);
    expect(isOverdue({ status: 'completed', due_on: '2026-11-01' }, '2026-11-25')).toBe(false);
    expect(isOverdue({ status: 'in_progress', due_on: null }, '2026-11-25')).toBe(false);
  });
});
