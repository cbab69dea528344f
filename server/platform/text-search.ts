/** Text with LIKE's wildcards (`%`, `_`) and its escape character taken literally, to build a pattern around. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An (i)like pattern matching values that contain `text` as typed. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
