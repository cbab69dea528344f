/**
 * The reports search: what a report is found by (its case number, location, people, vehicles and
 * property) kept as words beside it, and a typed search turned into a prefix query over those words,
 * served by a full-text index (PostgreSQL's own, no extension; search_words, migration 0046, which
 * `matchingIds` in platform/text-search.ts asks): "hoff maple" finds Gerald Hoffman's
 * report on Maple Ave, "2026-000123" and "2026000123" its case number.
 */

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The words a report is found by. */
export function searchWords(caseNumber: string, parts: readonly string[]): string {
  const compact = caseNumber.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return [...new Set([compact, ...words(caseNumber), ...parts.flatMap(words)])].join(' ').slice(0, 20_000);
}

/** A typed search as a tsquery text: each word a prefix, all of them required; null when nothing is left to search. */
export function searchQuery(typed: string): string | null {
  const terms = words(typed).slice(0, 8);
  return terms.length ? terms.map((term) => `${term}:*`).join(' & ') : null;
}
