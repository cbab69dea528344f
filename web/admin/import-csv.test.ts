import { describe, expect, it } from 'vitest';
import { parseCsv, previewImport } from './import-csv.ts';

describe('the preview of a CSV import', () => {
  it('counts the people, not the header or blank lines, and reads quoted cells', () => {
    const text = '\uFEFFemail,name,roles\r\na@pd.test,"Lee, Ann",Officer;Sergeant\r\n\r\nb@pd.test,"Bo ""B"" Diaz\nJr",\n';
    expect(parseCsv(text)).toEqual([
      ['email', 'name', 'roles'],
      ['a@pd.test', 'Lee, Ann', 'Officer;Sergeant'],
      ['b@pd.test', 'Bo "B" Diaz\nJr', ''],
    ]);
    expect(previewImport(text)).toEqual({ rowCount: 2, columns: ['email', 'name', 'roles'], missing: [], unknown: [] });
  });

  it('names missing required columns and unknown ones', () => {
    expect(previewImport('Email,Full Name\nx@pd.test,X')).toEqual({
      rowCount: 1,
      columns: ['email', 'full name'],
      missing: ['name'],
      unknown: ['full name'],
    });
    expect(previewImport('')).toEqual({ rowCount: 0, columns: [], missing: ['email', 'name'], unknown: [] });
  });
});
