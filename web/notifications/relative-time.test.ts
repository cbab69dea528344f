import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time.ts';

describe('timeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says "just now" for the last minute', () => {
    expect(timeAgo('2026-11-22T11:59:30Z', now, 'en')).toBe('just now');
  });
  it('names minutes, hours and yesterday the way people say them', () => {
    expect(timeAgo('2026-11-22T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(timeAgo('2026-11-21T10:00:00Z', now, 'en')).toBe('yesterday');
  });
});
