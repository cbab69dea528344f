import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Text with LIKE's wildcards (`%`, `_`) and its escape character taken literally, to build a pattern around. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An (i)like pattern matching values that contain `text` as typed. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** The words of a text as a search finds them: lower case, split at anything but letters and digits. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A typed search as a tsquery text for a `to_tsvector('simple', …)` column: each word a prefix, all of
 * them required (at most 8); null when nothing is left to search (only punctuation).
 */
export function prefixQuery(typed: string): string | null {
  const terms = searchTerms(typed).slice(0, 8);
  return terms.length ? terms.map((term) => `${term}:*`).join(' & ') : null;
}

/** The kinds of rows whose search words PostgreSQL keeps (search_words, migration 0046). */
export type SearchKind = 'report' | 'citation';

/**
 * The condition "the row's words match `query`" (a tsquery text: `prefixQuery`, or one exact word) for
 * a table whose search words PostgreSQL keeps: its id among those `precinct_search_matches` gives, the
 * agency in scope's matches read from the words' own index (migration 0046). A condition on the row's
 * own words could use no index under row-level security, and read every row of the agency to test it.
 */
export function matchingIds(kind: SearchKind, id: AnyPgColumn, query: string): SQL {
  // As an array read once (an InitPlan), whose ids the table's primary key finds one by one: as `in (select …)`,
  // a generic plan read every row of the agency to test its id against the matches.
  return sql`${id} = any(array(select precinct_search_matches(${kind}, to_tsquery('simple', ${query}))))`;
}
