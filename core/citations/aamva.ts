import type { StopPerson } from '../contracts/citations.ts';
import { US_STATES } from '../vehicles.ts';

/**
 * Reads the person from the PDF417 barcode on the back of a US driver licence or ID card (the AAMVA
 * DL/ID card design standard): each data element is a three-letter id and its value on a line of its
 * own (DAQ licence number, DCS family name, DAC/DCT given names, DAD middle name, DBB date of birth,
 * DAG street, DAI city, DAJ state, DAK ZIP). Versions 1 and 2 put the whole name in DAA ("LAST,FIRST,
 * MIDDLE"). Returns null when the text is not a licence barcode.
 */
export function parseLicenceBarcode(text: string): Partial<StopPerson> | null {
  if (!/ANSI |AAMVA/.test(text.slice(0, 40))) return null;
  const elements = new Map<string, string>();
  // eslint-disable-next-line no-control-regex -- the standard separates records with RS (0x1E)
  for (const line of text.split(/[\n\r\u001e]+/)) {
    // The first element of a subfile follows its type ("DL" or "ID") on the same line.
    const match = /(?:^|DL|ID)(D[A-Z]{2})(.*)$/.exec(line.trim());
    if (match && !elements.has(match[1]!)) elements.set(match[1]!, match[2]!.trim());
  }
  const element = (id: string) => elements.get(id) ?? '';
  let last = element('DCS');
  let first = element('DAC') || element('DCT');
  let middle = element('DAD');
  if (!last && element('DAA'))
    [last = '', first = '', middle = ''] = element('DAA')
      .split(/[,$]/)
      .map((part) => part.trim());
  if (first.includes(',') && !middle) [first = '', middle = ''] = first.split(',').map((part) => part.trim());
  const state = element('DAJ').toUpperCase();
  const knownState = (US_STATES as readonly string[]).includes(state) ? (state as StopPerson['state']) : '';
  const zip = element('DAK').replace(/[^0-9]/g, '');
  const licence = element('DAQ');
  if (!licence && !last) return null;
  return {
    first_name: titleCase(first),
    middle_name: titleCase(middle),
    last_name: titleCase(last),
    date_of_birth: birthDate(element('DBB'), knownState !== ''),
    address: titleCase(element('DAG')),
    city: titleCase(element('DAI')),
    state: knownState,
    zip: zip.length >= 9 && !/^0{4}$/.test(zip.slice(5, 9)) ? `${zip.slice(0, 5)}-${zip.slice(5, 9)}` : zip.slice(0, 5),
    licence_number: licence,
    licence_state: knownState,
  };
}

/** US cards write MMDDCCYY, Canadian ones CCYYMMDD. */
function birthDate(value: string, american: boolean): string {
  if (!/^\d{8}$/.test(value)) return '';
  const [year, month, day] =
    american && !/^(19|20)/.test(value)
      ? [value.slice(4), value.slice(0, 2), value.slice(2, 4)]
      : [value.slice(0, 4), value.slice(4, 6), value.slice(6)];
  return `${year}-${month}-${day}`;
}

function titleCase(value: string): string {
  return value.toLowerCase().replace(/(^|[\s'’-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}
