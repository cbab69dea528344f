import * as z from 'zod/mini';

/**
 * What every module records of a vehicle the same way: the VIN and its check digit, and the US states
 * and territories a plate or a licence is issued in.
 */

/** ISO 3779 VIN: 17 characters, no I, O or Q, with the check digit in position 9 (North America). */
export function isValidVin(vin: string): boolean {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return false;
  const values: Record<string, number> = {
    A: 1,
    B: 2,
    C: 3,
    D: 4,
    E: 5,
    F: 6,
    G: 7,
    H: 8,
    J: 1,
    K: 2,
    L: 3,
    M: 4,
    N: 5,
    P: 7,
    R: 9,
    S: 2,
    T: 3,
    U: 4,
    V: 5,
    W: 6,
    X: 7,
    Y: 8,
    Z: 9,
  };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce((total, ch, i) => total + (/\d/.test(ch) ? Number(ch) : values[ch]!) * weights[i]!, 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return vin[8] === check;
}

export const Vin = z
  .string()
  .check(
    z.trim(),
    z.toUpperCase(),
    z.refine(isValidVin, 'Not a valid VIN: 17 characters without I, O or Q, and its check digit (9th) must match'),
  );

/** The USPS codes of the states, DC and the territories, for plates and licences. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;
export type UsState = (typeof US_STATES)[number];
