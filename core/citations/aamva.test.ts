import { describe, expect, it } from 'vitest';
import { parseLicenceBarcode } from './aamva.ts';

describe('a licence barcode', () => {
  it('fills the person from an AAMVA version 8 card', () => {
    const text = [
      '@',
      '\u001e\rANSI 636031080102DL00410288ZW03290015DLDAQW123-4567-8901-23',
      'DCSWHITFIELD',
      'DDEN',
      'DACDANA',
      'DADRAE',
      'DBB04121990',
      'DAG412 ELM ST',
      'DAIRIVERSIDE',
      'DAJWI',
      'DAK537110000  ',
      'DCGUSA',
    ].join('\n');
    expect(parseLicenceBarcode(text)).toEqual({
      first_name: 'Dana',
      middle_name: 'Rae',
      last_name: 'Whitfield',
      date_of_birth: '1990-04-12',
      address: '412 Elm St',
      city: 'Riverside',
      state: 'WI',
      zip: '53711',
      licence_number: 'W123-4567-8901-23',
      licence_state: 'WI',
    });
  });

  it('splits the whole name of an older card and keeps a ZIP+4', () => {
    const text = '@\n\u001e\rANSI 6360050101DL00300201DLDAQD12345678\nDAAO’NEIL,PAT,J\nDBB19850704\nDAJMN\nDAK554011234\n';
    expect(parseLicenceBarcode(text)).toMatchObject({
      last_name: 'O’Neil',
      first_name: 'Pat',
      middle_name: 'J',
      date_of_birth: '1985-07-04',
      zip: '55401-1234',
    });
  });

  it('reads nothing from a barcode that is not a licence', () => {
    expect(parseLicenceBarcode('https://example.com/product/12345')).toBeNull();
  });
});
