import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV exports', () => {
  it('keeps spreadsheet formulas from running by putting an apostrophe in front (CSV injection)', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+1 555 0100', 'always')).toBe('"\'+1 555 0100"');
  });

  it('quotes only the cells that need it, unless asked to quote every one', () => {
    expect(csvCell('Smith, Pat "PJ"')).toBe('"Smith, Pat ""PJ"""');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('plain', 'always')).toBe('"plain"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(null, 'always')).toBe('""');
  });

  it('writes objects as JSON and numbers and booleans as they read', () => {
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(false)).toBe('false');
  });

  it('ends every line, the last included, with CRLF and leaves the header bare', () => {
    expect(toCsv(['unit', 'note'], [['B-1', 'a, b']], 'always')).toBe('unit,note\r\n"B-1","a, b"\r\n');
    expect(toCsv(['unit'], [])).toBe('unit\r\n');
  });
});
