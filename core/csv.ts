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

/** One line of a parsed CSV: its cells and the line number it starts on (1 is the first line of the file). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * Reads CSV (RFC 4180, as spreadsheets save it): commas, cells quoted with `"` (a doubled `""` inside),
 * quoted cells spanning lines, CRLF or LF line ends, a byte-order mark. Blank lines are skipped. Each
 * row keeps the line it starts on, so an import names the line a person sees in their editor. Throws
 * with the line number when a quote is never closed.
 */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  while (i < source.length) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += ch;
    i += 1;
  }
  if (quoted) throw new Error(`Line ${quoteLine}: a quoted cell is never closed`);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}
