import {
  CITATION_KIND_LABELS,
  type AmendCitationInput,
  type CitationDraft,
  type CitationKind,
  type CitationsSetup,
  type Statute,
  type StopContent,
  type StopPerson,
} from '../../core/contracts/citations.ts';
import type { RuleContext, StatuteFacts } from '../../core/citations/citation-rules.ts';
import { zonedDateParts } from '../../core/dates.ts';
import { isValidVin } from '../../core/vehicles.ts';

/**
 * The stop form's logic apart from its screen: a new stop's values, the rules' context from what the
 * device kept, the names of the fields a problem is about (the summary at the top links to each), and
 * the licence scan's merge into the person.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Now on the agency's wall clock, `YYYY-MM-DDTHH:mm` (what a stop's date and time hold). */
export function agencyNow(timeZone: string, now: Date = new Date()): string {
  const parts = zonedDateParts(now, timeZone);
  if (!parts) return now.toISOString().slice(0, 16);
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

export const EMPTY_PERSON: StopPerson = {
  first_name: '',
  middle_name: '',
  last_name: '',
  date_of_birth: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  licence_number: '',
  licence_state: '',
  phone: '',
};

export function newCitation(kind: CitationKind, id: string = crypto.randomUUID()): CitationDraft {
  return { id, kind, violations: [], court_key: '', appearance_date: '', officer_notes: '' };
}

/** A stop as it starts: now, nowhere yet, nobody yet, and one traffic citation to fill in. */
export function emptyStop(occurredAt: string): StopContent {
  return {
    occurred_at: occurredAt,
    location: '',
    latitude: null,
    longitude: null,
    person: { ...EMPTY_PERSON },
    vehicle: { plate: '', plate_state: '', make: '', model: '', year: '', color: '', vin: '' },
    citations: [newCitation('traffic')],
  };
}

/** What stopProblems needs, from the setup and the statute library the device kept. */
export function ruleContext(setup: Pick<CitationsSetup, 'courts' | 'holidays'>, statutes: readonly Statute[], today: string): RuleContext {
  return {
    statutes: new Map<string, StatuteFacts>(statutes.map((statute) => [statute.id, statute])),
    courts: setup.courts,
    holidays: setup.holidays,
    today,
  };
}

/** $125.00; "Set by the court" for none. */
export function money(cents: number | null): string {
  if (cents === null) return 'Set by the court';
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** How a statute reads in the picker: code — description — fine. */
export function statuteLabel(statute: Pick<Statute, 'code' | 'description' | 'fine_cents'>): string {
  return `${statute.code} — ${statute.description} — ${money(statute.fine_cents)}`;
}

const FIELD_LABELS: Record<string, string> = {
  occurred_at: 'Date and time',
  location: 'Location',
  citations: 'Citations',
  'person.first_name': 'First name',
  'person.middle_name': 'Middle name',
  'person.last_name': 'Last name',
  'person.date_of_birth': 'Date of birth',
  'person.address': 'Address',
  'person.city': 'City',
  'person.state': 'State',
  'person.zip': 'ZIP code',
  'person.licence_number': 'Licence number',
  'person.licence_state': 'Licence state',
  'person.phone': 'Phone',
  'vehicle.plate': 'Plate',
  'vehicle.plate_state': 'Plate state',
  'vehicle.make': 'Make',
  'vehicle.model': 'Model',
  'vehicle.year': 'Year',
  'vehicle.color': 'Colour',
  'vehicle.vin': 'VIN',
};

const CITATION_FIELD_LABELS: Record<string, string> = {
  kind: 'kind',
  violations: 'violations',
  court_key: 'court',
  appearance_date: 'appearance date',
  officer_notes: 'officer-only notes',
};

const VIOLATION_FIELD_LABELS: Record<string, string> = { statute_id: 'statute', speed: 'speed', posted_limit: 'posted limit' };

/**
 * The name a field path reads as in the summary: `person.last_name` is "Last name",
 * `citations.1.violations.0.speed` is "Citation 2 (Written warning), violation 1: speed".
 */
export function fieldLabel(path: string, stop: Pick<StopContent, 'citations'>): string {
  if (FIELD_LABELS[path]) return FIELD_LABELS[path];
  const match = /^citations\.(\d+)(?:\.(\w+)(?:\.(\d+)(?:\.(\w+))?)?)?$/.exec(path);
  if (!match) return path;
  const index = Number(match[1]);
  const kind = stop.citations[index]?.kind;
  const citation = `Citation ${index + 1}${kind ? ` (${CITATION_KIND_LABELS[kind]})` : ''}`;
  if (!match[2]) return citation;
  if (match[2] === 'violations' && match[3] !== undefined) {
    const violation = `violation ${Number(match[3]) + 1}`;
    return `${citation}, ${match[4] ? `${violation}: ${VIOLATION_FIELD_LABELS[match[4]] ?? match[4]}` : violation}`;
  }
  return `${citation}: ${CITATION_FIELD_LABELS[match[2]] ?? match[2]}`;
}

/** The DOM id of a field's input (or its group), for the summary's links: `field-person-last_name`. */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^a-z0-9_]/gi, '-')}`;
}

/** Problems in the order the form shows their fields: the stop, the person, the vehicle, then each citation. */
export function orderedProblems(problems: Record<string, string>): [string, string][] {
  const rank = (path: string) => {
    if (path === 'occurred_at') return '0';
    if (path === 'location' || path === 'latitude' || path === 'longitude') return '1';
    if (path.startsWith('person.')) return `2${String(Object.keys(EMPTY_PERSON).indexOf(path.slice(7)) + 1).padStart(2, '0')}`;
    if (path.startsWith('vehicle.')) return '3';
    if (path === 'citations') return '4';
    const match = /^citations\.(\d+)/.exec(path);
    return match ? `5${match[1]!.padStart(3, '0')}${path}` : '9';
  };
  return Object.entries(problems).sort(([a], [b]) => rank(a).localeCompare(rank(b)));
}

/**
 * The person after a licence scan: what the licence says replaces what was typed, and what it leaves
 * out (an empty element) keeps what was typed.
 */
export function mergeLicence(person: StopPerson, scanned: Partial<StopPerson>): StopPerson {
  const merged = { ...person };
  for (const [key, value] of Object.entries(scanned) as [keyof StopPerson, string][]) {
    if (value) (merged as Record<keyof StopPerson, string>)[key] = value;
  }
  return merged;
}

/** What the VIN field says as it is typed: how many characters, a letter a VIN never has, or whether the check digit matches. */
export function vinHint(vin: string): { ok: boolean; text: string } | null {
  if (!vin) return null;
  if (/[IOQ]/.test(vin)) return { ok: false, text: 'A VIN never has I, O or Q: check for 1 and 0' };
  if (/[^A-Z0-9]/.test(vin)) return { ok: false, text: 'A VIN has only letters and digits' };
  if (vin.length < 17) return { ok: false, text: `${vin.length} of 17 characters` };
  return isValidVin(vin)
    ? { ok: true, text: 'The check digit matches' }
    : { ok: false, text: 'The check digit (9th character) does not match: check each character' };
}

/**
 * An amendment's problems by the amendment's own paths: the rules run on it as a stop with this one
 * citation, and `citations.0.violations.1.speed` comes back as `violations.1.speed`.
 */
export function amendProblems(
  input: AmendCitationInput,
  kind: CitationKind,
  check: (stop: StopContent) => Record<string, string>,
): Record<string, string> {
  const stop: StopContent = {
    occurred_at: input.occurred_at,
    location: input.location,
    latitude: null,
    longitude: null,
    person: input.person,
    vehicle: input.vehicle,
    citations: [
      {
        id: '00000000-0000-4000-8000-000000000000',
        kind,
        violations: input.violations,
        court_key: input.court_key,
        appearance_date: input.appearance_date,
        officer_notes: input.officer_notes,
      },
    ],
  };
  const problems: Record<string, string> = {};
  for (const [path, message] of Object.entries(check(stop))) {
    if (path.startsWith('citations.0.')) problems[path.slice('citations.0.'.length)] = message;
    else if (path !== 'citations') problems[path] = message;
  }
  return problems;
}

/** A measured speed or posted limit as typed: digits only, null when empty. */
export function wholeNumberOrNull(text: string): number | null {
  const digits = text.replace(/\D/g, '').slice(0, 3);
  return digits ? Number(digits) : null;
}

/**
 * The citations a court export's CSV holds: their ids (its `citation_id` column) when it has them, else
 * their numbers (`citation_number` or `number`), so the clerk marks filed exactly the citations the file
 * carried; null when the file has neither column.
 */
export function citationsInCsv(csv: string): { by: 'id' | 'number'; values: Set<string> } | null {
  const rows = parseCsv(csv);
  const header = rows[0]?.map((cell) => cell.trim().toLowerCase()) ?? [];
  const idColumn = header.indexOf('citation_id');
  const numberColumn = header.findIndex((cell) => cell === 'citation_number' || cell === 'number');
  const column = idColumn >= 0 ? idColumn : numberColumn;
  if (column < 0) return null;
  return {
    by: idColumn >= 0 ? 'id' : 'number',
    values: new Set(
      rows
        .slice(1)
        .map((row) => row[column]?.trim() ?? '')
        .filter(Boolean),
    ),
  };
}

/** RFC 4180 CSV: quoted fields with doubled quotes and line breaks inside. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
