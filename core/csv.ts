/**
 * CSV for exports (RFC 4180: CRLF lines, a trailing CRLF), with the spreadsheet-formula guard written
 * once: a cell starting with =, +, -, @, tab or carriage return gets an apostrophe in front, so a
 * name such as `=HYPERLINK(…)` stays text when the file is opened (CSV injection).
 */

export type CsvQuoting = 'always' | 'when-needed';

export function csvCell(value: unknown, quoting: CsvQuoting = 'when-needed'): string {
  if (value === null || value === undefined) return quoting === 'always' ? '""' : '';
  const raw = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const text = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return quoting === 'always' || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row; `quoting: 'always'` quotes every data cell (the header stays bare). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[], quoting: CsvQuoting = 'when-needed'): string {
  const lines = [header.map((name) => csvCell(name)).join(','), ...rows.map((row) => row.map((cell) => csvCell(cell, quoting)).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
