import type { CitationDraft, CitationKind, Court, Holiday, StopContent, StopPerson, StopVehicle } from '../contracts/citations.ts';
import { isValidVin } from '../vehicles.ts';

/**
 * The rules a stop's citations must pass to be issued, applied by the stop form (each failure beside
 * its field) and by the server (422 with the same field paths): `occurred_at`, `person.last_name`,
 * `vehicle.vin`, `citations.1.violations`, `citations.1.violations.0.speed`, `citations.0.court_key`.
 */

/** The statute facts the rules need (the server's rows, or the form's copy of the library). */
export interface StatuteFacts {
  id: string;
  code: string;
  kinds: readonly CitationKind[];
  speeding: boolean;
  effective_from: string;
  effective_to: string | null;
}

export interface RuleContext {
  statutes: ReadonlyMap<string, StatuteFacts>;
  courts: readonly Court[];
  holidays: readonly Holiday[];
  /** Today in the agency's time zone, YYYY-MM-DD. */
  today: string;
}

export type Problems = Record<string, string>;

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The court a citation of this kind answers in: the one chosen, else the first that takes the kind; a warning has none. */
export function courtFor(kind: CitationKind, courts: readonly Court[], chosenKey: string): Court | null {
  if (kind === 'warning') return null;
  if (chosenKey) return courts.find((court) => court.key === chosenKey) ?? null;
  return courts.find((court) => court.kinds.includes(kind)) ?? null;
}

/** Whether the court sits on that date: one of its session days and none of the agency's holidays. */
export function isSessionDay(date: string, court: Court, holidays: readonly Holiday[]): boolean {
  const weekday = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return court.session_days.includes(weekday) && !holidays.some((holiday) => holiday.date === date);
}

/**
 * The appearance date: the first day the court sits (a session day that is not a holiday) at least
 * `min_days` after the stop's date.
 */
export function appearanceDate(stopDate: string, court: Court, holidays: readonly Holiday[]): string {
  const first = dayNumber(stopDate) + court.min_days;
  for (let day = first; day < first + 400; day += 1) {
    const date = dateOf(day);
    if (isSessionDay(date, court, holidays)) return date;
  }
  // Unreachable for a court with a session day, unless a year of holidays covers them all.
  return dateOf(first);
}

/**
 * A citation number in the agency's format: `{YYYY}`/`{YY}` the year of issue, `{NNNNNN}` the sequence
 * padded to as many digits as N's (a longer number is written whole, never cut).
 */
export function formatCitationNumber(format: string, sequence: number, year: number): string {
  return format
    .replace(/\{YYYY\}/g, String(year))
    .replace(/\{YY\}/g, String(year % 100).padStart(2, '0'))
    .replace(/\{(N+)\}/g, (_, ns: string) => String(sequence).padStart(ns.length, '0'));
}

export function personName(person: Pick<StopPerson, 'first_name' | 'middle_name' | 'last_name'>): string {
  const given = [person.first_name, person.middle_name].filter(Boolean).join(' ');
  return [person.last_name, given].filter(Boolean).join(', ');
}

function personProblems(person: StopPerson, kinds: ReadonlySet<CitationKind>, today: string, problems: Problems): void {
  // A parking citation is written to the vehicle; every other kind names the person stopped.
  const namesPerson = [...kinds].some((kind) => kind !== 'parking');
  if (!namesPerson) return;
  if (!person.last_name) problems['person.last_name'] = 'Enter the last name';
  if (!person.first_name) problems['person.first_name'] = 'Enter the first name';
  const needsDetails = kinds.has('traffic') || kinds.has('ordinance');
  if (needsDetails && !person.date_of_birth) problems['person.date_of_birth'] = 'Enter the date of birth';
  if (person.date_of_birth) {
    if (person.date_of_birth > today) problems['person.date_of_birth'] = 'The date of birth is in the future';
    else if (dayNumber(today) - dayNumber(person.date_of_birth) > 120 * 366) problems['person.date_of_birth'] = 'Check the year of birth';
  }
  if (needsDetails && !person.address) problems['person.address'] = 'Enter the address';
  if (person.licence_number && !person.licence_state) problems['person.licence_state'] = 'Choose the state that issued the licence';
}

function vehicleProblems(vehicle: StopVehicle, kinds: ReadonlySet<CitationKind>, today: string, problems: Problems): void {
  const needsVehicle = kinds.has('traffic') || kinds.has('parking');
  if (needsVehicle && !vehicle.plate) problems['vehicle.plate'] = 'Enter the plate';
  if ((needsVehicle || vehicle.plate) && !vehicle.plate_state) problems['vehicle.plate_state'] = 'Choose the plate’s state';
  if (vehicle.plate && !/^[A-Z0-9 -]{1,10}$/.test(vehicle.plate)) problems['vehicle.plate'] = 'Use letters, digits, spaces and dashes';
  if (vehicle.vin && !isValidVin(vehicle.vin)) {
    problems['vehicle.vin'] =
      vehicle.vin.length !== 17
        ? `A VIN has 17 characters; this one has ${vehicle.vin.length}`
        : /[IOQ]/.test(vehicle.vin)
          ? 'A VIN never has I, O or Q: check for 1 and 0'
          : 'The VIN’s check digit (9th character) does not match: check each character';
  }
  if (vehicle.year && Number(vehicle.year) > Number(today.slice(0, 4)) + 1) problems['vehicle.year'] = 'That model year is in the future';
}

function citationProblems(citation: CitationDraft, index: number, stopDate: string, context: RuleContext, problems: Problems): void {
  const at = `citations.${index}`;
  if (citation.violations.length === 0) problems[`${at}.violations`] = 'Add at least one violation';
  const seen = new Set<string>();
  citation.violations.forEach((violation, v) => {
    const path = `${at}.violations.${v}`;
    const statute = context.statutes.get(violation.statute_id);
    if (!statute) {
      problems[`${path}.statute_id`] = 'Choose a violation from the statute library';
      return;
    }
    if (seen.has(statute.id)) problems[`${path}.statute_id`] = `${statute.code} is on this citation twice`;
    seen.add(statute.id);
    if (!statute.kinds.includes(citation.kind))
      problems[`${path}.statute_id`] = `${statute.code} cannot be written on this kind of citation`;
    else if (statute.effective_from > stopDate || (statute.effective_to && statute.effective_to < stopDate))
      problems[`${path}.statute_id`] = `${statute.code} was not in force on the day of the stop`;
    if (statute.speeding) {
      if (violation.speed === null) problems[`${path}.speed`] = 'Enter the measured speed';
      if (violation.posted_limit === null) problems[`${path}.posted_limit`] = 'Enter the posted limit';
      if (violation.speed !== null && violation.posted_limit !== null && violation.speed <= violation.posted_limit)
        problems[`${path}.speed`] = 'The speed must be over the posted limit';
    }
  });
  if (citation.kind === 'warning') return;
  const court = courtFor(citation.kind, context.courts, citation.court_key);
  if (!court) {
    problems[`${at}.court_key`] = citation.court_key
      ? 'That court is not in the agency’s list'
      : 'No court takes this kind of citation: choose one';
    return;
  }
  if (!court.kinds.includes(citation.kind)) problems[`${at}.court_key`] = `${court.name} does not take this kind of citation`;
  if (citation.appearance_date) {
    const earliest = dateOf(dayNumber(stopDate) + court.min_days);
    if (citation.appearance_date < earliest)
      problems[`${at}.appearance_date`] = `Use ${earliest} or later (${court.min_days} days after the stop)`;
    else if (!isSessionDay(citation.appearance_date, court, context.holidays))
      problems[`${at}.appearance_date`] = `${court.name} does not sit that day`;
  }
}

/** Every rule a stop's drafts break, by field path; empty when they may be issued. */
export function stopProblems(stop: StopContent, context: RuleContext): Problems {
  const problems: Problems = {};
  const stopDate = stop.occurred_at.slice(0, 10);
  if (!stop.occurred_at) problems.occurred_at = 'Enter the date and time of the stop';
  else if (stopDate > context.today) problems.occurred_at = 'The stop cannot be in the future';
  if (!stop.location) problems.location = 'Enter where the stop was';
  if (stop.citations.length === 0) problems.citations = 'Add a citation or a written warning';
  const kinds = new Set(stop.citations.map((citation) => citation.kind));
  personProblems(stop.person, kinds, context.today, problems);
  vehicleProblems(stop.vehicle, kinds, context.today, problems);
  stop.citations.forEach((citation, index) => citationProblems(citation, index, stopDate, context, problems));
  return problems;
}
