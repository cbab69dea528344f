import type {
  CitationDraft,
  CitationKind,
  CitationsSettings,
  Court,
  Holiday,
  StatuteInput,
  StopPerson,
  StopVehicle,
} from '../../core/contracts/citations.ts';
import { formatCitationNumber } from '../../core/citations/citation-rules.ts';
import { zonedDateParts } from '../../core/dates.ts';
import { isValidVin } from '../../core/vehicles.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { nextNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import type { DemoAgency } from '../platform/modules.ts';
import { insertNotification } from '../platform/notices.ts';
import { activeRoleMembers, roleFromTemplate } from '../platform/people.ts';
import { derivedColumns, draftContent, issuedContent, type StopFields } from './citation-content.ts';
import { insertCitation, insertRevision, insertStop } from './citation-queries.ts';
import { CITATION_COUNTER, citationsSettingsOf } from './settings.ts';
import { insertStatute, type StatuteRow } from './statute-queries.ts';

/**
 * The demo's citations: Riverside's statute library (Wisconsin traffic statutes and the city's parking
 * and noise ordinances), its two courts and the court holidays of 2026–2027, and about fifty citations
 * and warnings written by Sam Patel (officer@) and Dana Ruiz (sergeant@) over three months, in every
 * state: drafts (one checked and ready), issued, filed with court, amended, voided with reasons, and
 * one void Sam asked for that waits for Dana. Numbers come from the agency's sequence in date order,
 * so the counter continues where the demo left it.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Row = [
  code: string,
  description: string,
  kinds: CitationKind[],
  fine: number | null,
  points: number,
  moving: boolean,
  speeding?: boolean,
];

const TW: CitationKind[] = ['traffic', 'warning'];
const T: CitationKind[] = ['traffic'];
const P: CitationKind[] = ['parking'];
const OW: CitationKind[] = ['ordinance', 'warning'];

const LIBRARY: Row[] = [
  ['346.57(4)(h)', 'Speeding: exceeding the posted limit', TW, 200.5, 4, true, true],
  ['346.57(4)(gm)', 'Speeding on a freeway (over 70 mph)', TW, 225.7, 4, true, true],
  ['346.57(4)(a)', 'Speeding in a school zone while children are present', T, 263.5, 4, true, true],
  ['346.57(2)', 'Speed too fast for conditions', TW, 213.1, 4, true],
  ['346.04(2)', 'Failure to obey a traffic control device', TW, 175.3, 3, true],
  ['346.37(1)(c)1', 'Failure to stop for a red light', TW, 175.3, 4, true],
  ['346.46(1)', 'Failure to stop at a stop sign', TW, 175.3, 4, true],
  ['346.18(1)', 'Failure to yield the right of way at an intersection', TW, 175.3, 4, true],
  ['346.18(2)', 'Failure to yield while turning left', TW, 175.3, 4, true],
  ['346.19(1)', 'Failure to yield to an emergency vehicle', T, 263.5, 4, true],
  ['346.13(1)', 'Unsafe lane deviation', TW, 175.3, 2, true],
  ['346.14(1)', 'Following too closely', TW, 200.5, 4, true],
  ['346.05(1)', 'Driving left of centre', TW, 213.1, 4, true],
  ['346.34(1)(b)', 'Turning or changing lanes without a signal', TW, 175.3, 2, true],
  ['346.89(1)', 'Inattentive driving', TW, 187.9, 4, true],
  ['346.89(3)(a)', 'Texting while driving', TW, 187.9, 4, true],
  ['346.62(2)', 'Reckless driving: endangering safety', T, 389.5, 8, true],
  ['346.935(2)', 'Open intoxicants in a motor vehicle (driver)', T, 263.5, 3, true],
  ['346.88(3)(a)', 'Obstructed view through the windshield', TW, 162.7, 0, false],
  ['347.48(2m)(b)', 'Seat belt not worn (driver)', TW, 10, 0, false],
  ['347.48(2m)(c)', 'Seat belt not worn (passenger)', TW, 10, 0, false],
  ['347.48(4)(a)', 'Child not properly restrained', TW, 175.3, 0, false],
  ['347.06(1)', 'Operating without required lamps lighted', TW, 162.7, 0, false],
  ['347.13(1)', 'Defective tail lamp', TW, 162.7, 0, false],
  ['347.39(1)', 'Defective or missing muffler', TW, 162.7, 0, false],
  ['343.05(3)(a)', 'Operating without a valid licence', TW, 200.5, 3, true],
  ['343.18(1)', 'Failure to carry a driver licence', TW, 150.1, 0, false],
  ['343.44(1)(a)', 'Operating while suspended', T, 200.5, 0, false],
  ['341.04(1)', 'Operating an unregistered vehicle', TW, 175.3, 0, false],
  ['341.15(1)', 'Failure to display licence plates', TW, 150.1, 0, false],
  ['344.62(1)', 'Operating a vehicle without insurance', TW, 200.5, 0, false],
  ['RMC 14-31(a)', 'Parking in a no-parking zone', P, 30, 0, false],
  ['RMC 14-31(b)', 'Overtime parking in a two-hour zone', P, 20, 0, false],
  ['RMC 14-32', 'Parking within 10 feet of a fire hydrant', P, 50, 0, false],
  ['RMC 14-33', 'Parking in a disabled space without a permit', P, 200, 0, false],
  ['RMC 14-34', 'Alternate-side winter parking (Nov 15 – Mar 31)', P, 40, 0, false],
  ['RMC 14-35', 'Parking on the sidewalk or terrace', P, 30, 0, false],
  ['RMC 14-36', 'Blocking a driveway or alley', P, 40, 0, false],
  ['RMC 9-12', 'Loud and unnecessary noise', OW, 150, 0, false],
  ['RMC 9-14', 'Amplified sound from a vehicle audible at 75 feet', OW, 150, 0, false],
  ['RMC 9-21', 'Littering', OW, 100, 0, false],
  ['RMC 9-30', 'In a city park after hours', OW, 75, 0, false],
  ['RMC 9-40', 'Dog running at large', OW, 50, 0, false],
];

/** Texting while driving before the 2024 revision: kept to show an expired statute (not offered for stops after 2023). */
const EXPIRED: Row = ['346.89(3)', 'Operating while using a handheld device (former text)', TW, 20, 0, true];

const COURTS: Court[] = [
  {
    key: 'municipal',
    name: 'Riverside Municipal Court',
    address: '27 Riverside Rd, Riverside, WI 53177',
    phone: '(262) 555-0140',
    session_days: [2, 4],
    session_time: '08:30',
    min_days: 14,
    kinds: ['traffic', 'parking', 'ordinance'],
  },
  {
    key: 'circuit',
    name: 'County Circuit Court',
    address: '730 Wisconsin Ave, Racine, WI 53403',
    phone: '(262) 555-0191',
    session_days: [1, 2, 3, 4, 5],
    session_time: '09:00',
    min_days: 21,
    kinds: ['traffic'],
  },
];

const HOLIDAYS: Holiday[] = [
  ['2026-01-01', 'New Year’s Day'],
  ['2026-01-19', 'Martin Luther King Jr. Day'],
  ['2026-02-16', 'Presidents’ Day'],
  ['2026-05-25', 'Memorial Day'],
  ['2026-06-19', 'Juneteenth'],
  ['2026-07-03', 'Independence Day (observed)'],
  ['2026-09-07', 'Labor Day'],
  ['2026-11-11', 'Veterans Day'],
  ['2026-11-26', 'Thanksgiving Day'],
  ['2026-11-27', 'Day after Thanksgiving'],
  ['2026-12-24', 'Christmas Eve'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-31', 'New Year’s Eve'],
  ['2027-01-01', 'New Year’s Day'],
  ['2027-01-18', 'Martin Luther King Jr. Day'],
  ['2027-02-15', 'Presidents’ Day'],
  ['2027-05-31', 'Memorial Day'],
  ['2027-06-18', 'Juneteenth (observed)'],
  ['2027-07-05', 'Independence Day (observed)'],
  ['2027-09-06', 'Labor Day'],
  ['2027-11-11', 'Veterans Day'],
  ['2027-11-25', 'Thanksgiving Day'],
  ['2027-11-26', 'Day after Thanksgiving'],
  ['2027-12-23', 'Christmas Eve (observed)'],
  ['2027-12-24', 'Christmas Day (observed)'],
  ['2027-12-31', 'New Year’s Day (observed)'],
].map(([date, name]) => ({ date: date!, name: name! }));

const VIOLATOR_TEXT = [
  'This citation is a summons to Riverside Municipal Court (or the court shown) on the appearance date and time printed above.',
  'To pay without appearing: pay the total shown before the appearance date at riverside.example/pay, by mail to Riverside Municipal Court, 27 Riverside Rd, Riverside, WI 53177, or in person (Mon–Fri 8:00–4:30). Payment is a plea of no contest.',
  'To contest: appear in court on the appearance date. If you neither pay nor appear, a judgment may be entered against you, and your driving privilege may be suspended.',
  'Questions: (262) 555-0140.',
].join('\n\n');

/** A VIN with its check digit computed, from 16 other characters (the 9th is replaced). */
function vin(base: string): string {
  for (const digit of '0123456789X') {
    const candidate = `${base.slice(0, 8)}${digit}${base.slice(9)}`;
    if (isValidVin(candidate)) return candidate;
  }
  return '';
}

const person = (
  first: string,
  last: string,
  dob: string,
  address: string,
  licence: string,
  middle = '',
  city = 'Riverside',
  zip = '53177',
): StopPerson => ({
  first_name: first,
  middle_name: middle,
  last_name: last,
  date_of_birth: dob,
  address,
  city,
  state: 'WI',
  zip,
  licence_number: licence,
  licence_state: licence ? 'WI' : '',
  phone: '',
});

const PEOPLE: StopPerson[] = [
  person('Marcus', 'Holloway', '1991-03-14', '412 Elm St', 'H450-7719-1031-04', 'J'),
  person('Jennifer', 'Kowalski', '1984-11-02', '88 Oak Ct', 'K242-1180-4462-02'),
  person('Tyler', 'Brandt', '2004-06-21', '1517 Lakeshore Dr', 'B653-2291-0471-06'),
  person('Aisha', 'Brown', '1978-01-30', '230 N Main St, Apt 4', 'B650-5521-7830-01', 'M'),
  person('Luis', 'Hernandez', '1996-09-09', '9 Willow Ln', 'H655-4120-9969-09', '', 'Racine', '53403'),
  person('Karen', 'Lindqvist', '1969-05-17', '3104 Pine Ridge Rd', 'L532-0812-6957-05'),
  person('Devon', 'Price', '2001-12-03', '77 Harbor View', 'P620-3307-1123-12', 'A'),
  person('Olivia', 'Nguyen', '1999-08-25', '640 College Ave', 'N250-7764-9938-08', '', 'Kenosha', '53140'),
  person('Robert', 'Schmidt', '1957-04-11', '12 Cedar Creek Rd', 'S530-6645-7451-04', 'W'),
  person('Brianna', 'Okafor', '1993-02-28', '505 Maple Ave', 'O216-9983-3068-02'),
  person('Ethan', 'Larson', '2006-10-15', '2210 Sunset Blvd', 'L625-1107-0615-10'),
  person('Samantha', 'Ruiz-Keller', '1987-07-04', '18 Birch St', 'R242-5507-8744-07', 'R'),
  person('Gerald', 'Hoffman', '1962-12-19', '2215 Maple Ave', 'H155-6672-6259-12'),
  person('Priya', 'Raman', '1990-03-08', '911 Water St, Unit 2B', 'R550-8813-9048-03'),
  person('Cody', 'Weber', '1998-05-30', '4 Prairie Ct', '', '', 'Sturtevant', '53177'),
  person('Natalie', 'Fischer', '1982-09-13', '367 W 6th St', 'F260-4431-8293-09', 'E', 'Racine', '53403'),
];

const car = (plate: string, make: string, model: string, year: string, color: string, vinBase = ''): StopVehicle => ({
  plate,
  plate_state: 'WI',
  make,
  model,
  year,
  color,
  vin: vinBase ? vin(vinBase) : '',
});

const VEHICLES: StopVehicle[] = [
  car('ABK-4471', 'Toyota', 'Camry', '2019', 'Silver', '4T1B11HK0KU123456'),
  car('AHR-2093', 'Ford', 'F-150', '2021', 'Black', '1FTFW1E50MFA12345'),
  car('AGT-8812', 'Honda', 'Civic', '2016', 'Blue', '19XFC2F50GE212345'),
  car('ALN-3305', 'Chevrolet', 'Equinox', '2020', 'White', '2GNAXKEV0L6123456'),
  car('AJF-6620', 'Subaru', 'Outback', '2018', 'Green'),
  car('AMC-1194', 'Jeep', 'Grand Cherokee', '2017', 'Grey', '1C4RJFAG0HC612345'),
  car('AKD-5577', 'Nissan', 'Altima', '2015', 'Red'),
  car('270-XRB', 'Dodge', 'Ram 1500', '2014', 'Maroon', '1C6RR7LT0ES123456'),
  car('AFW-9021', 'Hyundai', 'Elantra', '2022', 'White', '5NPLM4AG0NH012345'),
  car('ANB-4418', 'Kia', 'Soul', '2012', 'Yellow'),
  car('AHV-7360', 'Volkswagen', 'Jetta', '2013', 'Black', '3VWDP7AJ0DM212345'),
  car('ALC-0082', 'Tesla', 'Model 3', '2023', 'Grey', '5YJ3E1EA0PF412345'),
];

const PLACES = [
  'Hwy 20 (Washington Ave) at S Green Bay Rd',
  'Main St and 6th St',
  'Lakeshore Dr, 1500 block',
  'Durand Ave near Taylor Ave',
  'I-94 northbound at mile 333',
  'College Ave and 14th St',
  'Riverside Park, north lot',
  'Maple Ave and Birch St',
  'Willow Ln, in front of 9',
  'Memorial Dr at Riverside High School (school zone)',
  '300 block of N Main St',
  'Harbor View and Water St',
];

/** The violations a traffic stop of each pattern is written for (codes; the speeds are filled for speeding statutes). */
const TRAFFIC = [
  ['346.57(4)(h)'],
  ['346.46(1)'],
  ['346.37(1)(c)1'],
  ['346.57(4)(h)', '347.48(2m)(b)'],
  ['346.89(3)(a)'],
  ['346.14(1)'],
  ['343.05(3)(a)', '344.62(1)'],
  ['346.18(2)'],
  ['346.57(4)(a)'],
  ['346.34(1)(b)'],
  ['341.04(1)'],
  ['346.04(2)'],
  ['346.57(4)(gm)'],
  ['343.44(1)(a)'],
];
const PARKING = ['RMC 14-31(a)', 'RMC 14-32', 'RMC 14-33', 'RMC 14-34', 'RMC 14-36', 'RMC 14-31(b)'];
const ORDINANCE = ['RMC 9-12', 'RMC 9-14', 'RMC 9-30', 'RMC 9-21'];
const WARNINGS = ['347.13(1)', '347.48(2m)(b)', '346.88(3)(a)', '341.15(1)', '347.06(1)'];
const SECOND = ['347.48(2m)(b)', '344.62(1)', '343.18(1)', '346.34(1)(b)'];

const NOTES = [
  'Driver stated he was late for work. Radar (front antenna) tracking history consistent with visual estimate. Calibrated at start of shift.',
  'Driver cooperative; admitted not seeing the sign. Dashcam clip saved to the case folder.',
  'Light was red for about 2 seconds before entry; two vehicles had to brake. Witness: none.',
  'Phone in right hand, screen lit, head down for several seconds at the light cycle.',
  'Complainant at 1517 Lakeshore Dr called twice in the past week about the same vehicle.',
  '',
];

/** Why each voided demo citation was voided, by its stop. */
const VOID_REASONS: Record<number, string> = {
  6: 'Cited the registered owner instead of the driver: the driver was the owner’s son. Reissued to the driver.',
  17: 'Duplicate: the same complaint was written twice from the squad laptop after the connection dropped.',
  29: 'The music came from a permitted block party (permit 26-114) the officer had not been told of.',
};
const voidReason = (index: number) => VOID_REASONS[index] ?? 'Written in error: the violator was given a warning instead.';
const VOID_REQUEST = 'The driver’s phone was mounted and in hands-free mode; the dashcam shows no handling. Please void.';

/** A plate as written wrong at the roadside: its last two characters swapped. */
const transposed = (plate: string) => `${plate.slice(0, -2)}${plate.slice(-1)}${plate.slice(-2, -1)}`;

function localStamp(instant: Date, timeZone: string): string {
  const p = zonedDateParts(instant, timeZone)!;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

type Plan = 'draft' | 'validated' | 'issued' | 'filed' | 'void' | 'void_requested' | 'amended' | 'amended_filed' | 'filed_amended';

/** Newest stop first: what happened to its citations. */
function planOf(index: number, days: number): Plan {
  if (index === 0 || index === 2) return 'draft';
  if (index === 1) return 'validated';
  if (index === 4) return 'void_requested';
  if (index === 6 || index === 17 || index === 29) return 'void';
  if (index === 9) return 'amended';
  if (index === 21) return 'filed_amended';
  if (index === 33) return 'amended_filed';
  return days > 24 ? 'filed' : 'issued';
}

export async function seedDemoCitations(tx: Tx, { agencyId, size }: DemoAgency): Promise<void> {
  const officerRole = await roleFromTemplate(tx, agencyId, 'officer');
  const sergeantRole = await roleFromTemplate(tx, agencyId, 'sergeant');
  if (!officerRole) return;
  const officer = (await activeRoleMembers(tx, agencyId, officerRole.id)).find((p) => p.accountType === 'full');
  const sergeant = sergeantRole ? (await activeRoleMembers(tx, agencyId, sergeantRole.id))[0] : undefined;
  if (!officer) return;

  const sysConfig = await lockSysConfig(tx, agencyId);
  const timeZone = sysConfig.general_settings.timezone;
  const settings: CitationsSettings = {
    ...citationsSettingsOf(sysConfig),
    number_format: 'RPD{YY}-{NNNNNN}',
    courts: COURTS,
    holidays: HOLIDAYS,
    violator_copy_text: VIOLATOR_TEXT,
  };
  await writeSysConfig(tx, agencyId, {
    ...sysConfig,
    citations_settings: { ...sysConfig.citations_settings, ...settings, enabled: sysConfig.citations_settings.enabled },
  });

  const byCode = new Map<string, StatuteRow>();
  const add = async ([code, description, kinds, fine, points, moving, speeding = false]: Row, from: string, to: string | null) => {
    const input: StatuteInput = {
      code,
      description,
      kinds,
      fine_cents: fine === null ? null : Math.round(fine * 100),
      points,
      moving,
      speeding,
      effective_from: from,
      effective_to: to,
    };
    const row = (await insertStatute(tx, {
      agencyId,
      code: input.code,
      description: input.description,
      kinds: input.kinds,
      fineCents: input.fine_cents,
      points: input.points,
      moving: input.moving,
      speeding: input.speeding,
      effectiveFrom: input.effective_from,
      effectiveTo: input.effective_to,
    }))!;
    if (!to) byCode.set(code, row);
  };
  for (const row of LIBRARY) await add(row, '2024-01-01', null);
  await add(EXPIRED, '2012-01-01', '2023-12-31');

  // Sergeant's stops where there is a sergeant; the small agency's officer writes them all.
  const writers = sergeant ? [officer, officer, sergeant] : [officer];
  const stops = size === 'large' ? 36 : 6;
  const now = Date.now();
  type Made = {
    index: number;
    plan: Plan;
    writer: { id: string; name: string };
    occurred: Date;
    ids: string[];
    drafts: CitationDraft[];
    fields: StopFields;
  };
  const made: Made[] = [];
  for (let index = 0; index < stops; index += 1) {
    const days = 0.2 + index * 2.45;
    const occurred = new Date(now - days * DAY_MS - ((index * 5) % 9) * HOUR_MS);
    const plan =
      size === 'large' ? planOf(index, days) : (['draft', 'issued', 'issued', 'void_requested', 'filed', 'filed'] as const)[index]!;
    const writer = writers[index % writers.length]!;
    const kind: CitationKind = index % 6 === 3 ? 'parking' : index % 6 === 5 ? 'ordinance' : 'traffic';
    const who = PEOPLE[index % PEOPLE.length]!;
    const vehicle = VEHICLES[index % VEHICLES.length]!;
    const fields: StopFields = {
      occurred_at: localStamp(occurred, timeZone),
      location: PLACES[index % PLACES.length]!,
      latitude: 42.72 + ((index * 37) % 100) / 5000,
      longitude: -87.8 - ((index * 53) % 100) / 5000,
      // A parking citation is written to the vehicle: the owner is not stopped.
      person: kind === 'parking' ? person('', '', '', '', '') : who,
      vehicle: kind === 'ordinance' && index % 12 === 11 ? { ...car('', '', '', '', ''), plate_state: '' } : vehicle,
    };
    const codes =
      kind === 'parking'
        ? [PARKING[index % PARKING.length]!]
        : kind === 'ordinance'
          ? [ORDINANCE[index % ORDINANCE.length]!]
          : TRAFFIC[index % TRAFFIC.length]!;
    const violation = (code: string, n: number) => {
      const statute = byCode.get(code)!;
      const limit = code === '346.57(4)(gm)' ? 70 : code === '346.57(4)(a)' ? 15 : [25, 30, 35, 45, 55][n % 5]!;
      return {
        statute_id: statute.id,
        speed: statute.speeding ? limit + 9 + (n % 14) : null,
        posted_limit: statute.speeding ? limit : null,
      };
    };
    const drafts: CitationDraft[] = [
      {
        id: crypto.randomUUID(),
        kind,
        violations: codes.map((code) => violation(code, index)),
        // Reckless driving and driving while suspended are answered in the circuit court.
        court_key: codes.includes('343.44(1)(a)') ? 'circuit' : '',
        appearance_date: '',
        officer_notes: kind === 'parking' ? '' : NOTES[index % NOTES.length]!,
      },
    ];
    if (kind === 'traffic' && index % 4 === 0 && index > 0)
      drafts.push({
        ...drafts[0]!,
        id: crypto.randomUUID(),
        violations: [violation(SECOND[(index / 4) % SECOND.length]!, index)],
        officer_notes: '',
        court_key: '',
      });
    if (kind === 'traffic' && index % 5 === 2)
      drafts.push({
        id: crypto.randomUUID(),
        kind: 'warning',
        violations: [violation(WARNINGS[index % WARNINGS.length]!, index)],
        court_key: '',
        appearance_date: '',
        officer_notes: '',
      });
    // No code twice on one stop's citations of the same kind.
    if (
      drafts.length > 1 &&
      drafts[1]!.kind === drafts[0]!.kind &&
      drafts[0]!.violations.some((v) => v.statute_id === drafts[1]!.violations[0]!.statute_id)
    )
      drafts.splice(1, 1);
    made.push({ index, plan, writer, occurred, ids: drafts.map((d) => d.id), drafts, fields });
  }

  // Oldest first, so the numbers climb with the dates.
  for (const stop of [...made].reverse()) {
    const { plan, writer, occurred, drafts, fields } = stop;
    const statutes = new Map([...byCode.values()].map((row) => [row.id, row]));
    const written = new Date(occurred.getTime() + 12 * 60_000);
    const stopRow = await insertStop(tx, {
      agencyId,
      id: crypto.randomUUID(),
      officerId: writer.id,
      occurredAt: fields.occurred_at,
      occurredInstant: occurred,
      location: fields.location,
      latitude: fields.latitude,
      longitude: fields.longitude,
      person: fields.person,
      vehicle: fields.vehicle,
      createdAt: occurred,
      updatedAt: written,
    });
    const stopId = stopRow!.id;
    for (const [position, draft] of drafts.entries()) {
      if (plan === 'draft' || plan === 'validated') {
        const content = draftContent(fields, draft, statutes);
        await insertCitation(tx, {
          agencyId,
          id: draft.id,
          stopId,
          officerId: writer.id,
          position,
          status: plan === 'validated' ? 'validated' : 'draft',
          ...derivedColumns(content, null),
          kind: draft.kind,
          content,
          occurredAt: content.occurred_at,
          occurredOn: content.occurred_at.slice(0, 10),
          createdAt: occurred,
          updatedAt: written,
        });
        continue;
      }
      const sequence = await nextNumber(tx, agencyId, CITATION_COUNTER);
      const number = formatCitationNumber(settings.number_format, sequence, zonedDateParts(written, timeZone)!.year);
      const content = issuedContent(fields, draft, statutes, settings);
      const first = position === 0;
      const voided = plan === 'void' && first;
      const asked = plan === 'void_requested' && first;
      const amended = first && (plan === 'amended' || plan === 'amended_filed' || plan === 'filed_amended');
      const filedFirst = plan === 'filed_amended';
      const filed =
        (plan === 'filed' || plan === 'amended_filed' || (plan === 'void' && !first) || (filedFirst && !first)) && draft.kind !== 'warning';
      // An amended citation was issued with the plate transposed and corrected later.
      const asIssued = amended ? { ...content, vehicle: { ...content.vehicle, plate: transposed(content.vehicle.plate) } } : content;
      const amendedContent = content;
      const amendReason = `Plate transposed at the roadside: ${asIssued.vehicle.plate} was written for ${content.vehicle.plate}. Corrected from the registration.`;
      const later = (hours: number) => new Date(Math.min(now - HOUR_MS, written.getTime() + hours * HOUR_MS));
      const sergeantId = sergeant?.id ?? writer.id;
      await insertCitation(tx, {
        agencyId,
        id: draft.id,
        stopId,
        officerId: writer.id,
        position,
        status: voided ? 'void' : filed ? 'filed' : 'issued',
        number,
        sequence,
        ...derivedColumns(amendedContent, number),
        kind: draft.kind,
        content: amendedContent,
        occurredAt: content.occurred_at,
        occurredOn: content.occurred_at.slice(0, 10),
        issuedAt: written,
        filedAt: filed ? later(24 * 20) : null,
        amended: amended ? 1 : 0,
        voidReason: voided ? voidReason(stop.index) : null,
        voidedBy: voided ? sergeantId : null,
        voidedAt: voided ? later(30) : null,
        voidRequest: asked ? { reason: VOID_REQUEST, by: writer.id, at: later(5).toISOString() } : null,
        createdAt: occurred,
        updatedAt: voided ? later(30) : amended ? later(48) : filed ? later(24 * 20) : written,
      });
      const keep = (
        event: 'issued' | 'amended' | 'void_requested' | 'voided' | 'filed',
        actorId: string,
        at: Date,
        reason: string | null,
        kept = content,
      ) => insertRevision(tx, { agencyId, citationId: draft.id, event, actorId, reason, content: kept, at });
      await keep('issued', writer.id, written, null, asIssued);
      const clerk = sergeantId;
      if (filedFirst && first) {
        await keep('filed', clerk, later(24 * 10), null, asIssued);
        await keep('amended', writer.id, later(24 * 12), amendReason);
      } else if (amended) await keep('amended', writer.id, later(48), amendReason);
      if (filed) await keep('filed', clerk, later(24 * 20), null, amendedContent);
      if (asked) {
        await keep('void_requested', writer.id, later(5), VOID_REQUEST);
        if (sergeant)
          await insertNotification(tx, {
            agencyId,
            userId: sergeant.id,
            kind: 'citations.void_requested',
            title: `${writer.name} asks for citation ${number} to be voided`,
            body: `The reason given: ${VOID_REQUEST}`,
            link: `/citations/${draft.id}`,
            createdAt: later(5),
          });
      }
      if (voided) {
        await keep('voided', sergeantId, later(30), voidReason(stop.index));
        if (writer.id !== sergeantId)
          await insertNotification(tx, {
            agencyId,
            userId: writer.id,
            kind: 'citations.voided',
            title: `Citation ${number} was voided`,
            body: `${sergeant?.name ?? 'A supervisor'} voided it: ${voidReason(stop.index)}`,
            link: `/citations/${draft.id}`,
            createdAt: later(30),
            readAt: later(40),
          });
      }
    }
  }
}
