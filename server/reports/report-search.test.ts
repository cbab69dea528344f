import { describe, expect, it } from 'vitest';
import { searchQuery, searchWords } from './report-search.ts';

describe('the reports search', () => {
  it('keeps a report’s case number whole and in parts, and every name, address and serial as lower-case words', () => {
    expect(searchWords('2026-000123', ['2215 Maple Ave', 'Gerald Hoffman', 'WTU123C4567D'])).toBe(
      '2026000123 2026 000123 2215 maple ave gerald hoffman wtu123c4567d',
    );
  });

  it('turns what is typed into required word prefixes, dropping punctuation that would break the query', () => {
    expect(searchQuery('Hoff maple')).toBe('hoff:* & maple:*');
    expect(searchQuery('2026-000123')).toBe('2026:* & 000123:*');
    expect(searchQuery("o'brien & | !")).toBe('o:* & brien:*');
    expect(searchQuery(' !! ')).toBeNull();
  });
});
