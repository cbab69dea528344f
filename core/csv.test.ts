import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from './csv.ts';

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

describe('CSV imports', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, and names the line each row starts on', () => {
    const text =
      '\uFEFFcode,description\r\n346.57(4)(h),"Speeding, 1-10 over"\r\n\r\n"347.48(2m)","Seat belt ""required"",\nsecond line"\n343.05,Licence';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['code', 'description'] },
      { line: 2, cells: ['346.57(4)(h)', 'Speeding, 1-10 over'] },
      { line: 4, cells: ['347.48(2m)', 'Seat belt "required",\nsecond line'] },
      { line: 6, cells: ['343.05', 'Licence'] },
    ]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow('Line 2');
  });

  it('reads back what toCsv writes', () => {
    expect(parseCsv(toCsv(['a', 'b'], [['x, y', 'say "hi"']])).map((row) => row.cells)).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
  });
});
