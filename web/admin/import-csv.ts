/**
 * A first look at a CSV file before it is sent for import: its header and how many people it holds,
 * so the admin sees "12 people" before pressing Import. The server checks every row properly.
 */

export const IMPORT_COLUMNS = ['email', 'name', 'account_type', 'roles', 'badge_number', 'rank', 'phone'] as const;
export const REQUIRED_IMPORT_COLUMNS = ['email', 'name'] as const;

/** Splits CSV text into rows of cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((c) => c.trim() !== ''));
}

export type ImportPreview = {
  /** Data rows (people), blank lines not counted. */
  rowCount: number;
  columns: string[];
  /** Required columns the header lacks. */
  missing: string[];
  /** Header columns the import does not know. */
  unknown: string[];
};

export function previewImport(text: string): ImportPreview {
  const [header = [], ...data] = parseCsv(text);
  const columns = header.map((c) => c.trim().toLowerCase());
  return {
    rowCount: data.length,
    columns,
    missing: REQUIRED_IMPORT_COLUMNS.filter((c) => !columns.includes(c)),
    unknown: columns.filter((c) => c !== '' && !(IMPORT_COLUMNS as readonly string[]).includes(c)),
  };
}
