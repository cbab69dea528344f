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
