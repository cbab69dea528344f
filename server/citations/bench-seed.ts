import type { CitationKind, CitationsSettings, Court, StopPerson, StopVehicle } from '../../core/contracts/citations.ts';
import { formatCitationNumber } from '../../core/citations/citation-rules.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import type { Tx } from '../platform/database.ts';
import type { BenchAgency } from '../platform/modules.ts';
import { derivedColumns, issuedContent, type StopFields } from './citation-content.ts';
import { CITATION_COUNTER, citationsSettingsOf } from './settings.ts';
import type { StatuteRow } from './statute-queries.ts';

/**
 * The citations module's part of the bench dataset: a year of stops and citations at a patrol
 * division's rate (about ten a day for an agency of a hundred people, one stop in eight with a second
 * citation or a warning), written by the officers, numbered in date order. Citations older than a month
 * are filed with court, a few voided or amended; the last days hold drafts and a void request.
 */

const DAY = 86_400_000;
const STOPS_PER_DAY = 9;

type Row = Record<string, unknown>;
type Library = Array<
  [code: string, description: string, kinds: CitationKind[], fine: number, points: number, moving: boolean, speeding: boolean]
>;

const LIBRARY: Library = [
  ['346.57(4)(h)', 'Speeding: exceeding the posted limit', ['traffic', 'warning'], 20_050, 4, true, true],
  ['346.46(1)', 'Failure to stop at a stop sign', ['traffic', 'warning'], 17_530, 4, true, false],
  ['346.37(1)(c)1', 'Failure to stop for a red light', ['traffic', 'warning'], 17_530, 4, true, false],
  ['346.89(3)(a)', 'Texting while driving', ['traffic', 'warning'], 18_790, 4, true, false],
  ['347.48(2m)(b)', 'Seat belt not worn (driver)', ['traffic', 'warning'], 1_000, 0, false, false],
  ['344.62(1)', 'Operating a vehicle without insurance', ['traffic', 'warning'], 20_050, 0, false, false],
  ['343.05(3)(a)', 'Operating without a valid licence', ['traffic', 'warning'], 20_050, 3, true, false],
  ['347.13(1)', 'Defective tail lamp', ['traffic', 'warning'], 16_270, 0, false, false],
  ['RMC 14-31(a)', 'Parking in a no-parking zone', ['parking'], 3_000, 0, false, false],
  ['RMC 14-32', 'Parking within 10 feet of a fire hydrant', ['parking'], 5_000, 0, false, false],
  ['RMC 9-12', 'Loud and unnecessary noise', ['ordinance', 'warning'], 15_000, 0, false, false],
];

const COURTS: Court[] = [
  {
    key: 'municipal',
    name: 'Municipal Court',
    address: '1 Court St',
    phone: '',
    session_days: [2, 4],
    session_time: '08:30',
    min_days: 14,
    kinds: ['traffic', 'parking', 'ordinance'],
  },
];

const SURNAMES = ['Hoffman', 'Gonzalez', 'Reilly', 'Brown', 'Wu', 'Ortiz', 'Nguyen', 'Kowalski', 'Adeyemi', 'Larsen', 'Patel', 'Moreau'];
const GIVEN = ['Gerald', 'Maria', 'Tom', 'Aisha', 'Janet', 'Kevin', 'Linh', 'Piotr', 'Tunde', 'Ingrid', 'Ravi', 'Claire'];
const STREETS = ['Maple Ave', 'Lake St', 'Harlem Ave', 'Forest Ave', 'Burling Rd', 'Oak Ct', 'Longcommon Rd', 'Delaplaine Rd'];
const MAKES = [
  ['Toyota', 'Camry'],
  ['Ford', 'F-150'],
  ['Honda', 'Civic'],
  ['Chevrolet', 'Equinox'],
  ['Nissan', 'Altima'],
];

function stamp(date: Date): string {
  return date.toISOString().slice(0, 16);
}

export async function seedBenchCitations(tx: Tx, bench: BenchAgency): Promise<void> {
  const { agencyId, now, days, activity } = bench;
  const rand = bench.random;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const active = bench.people.filter((p) => p.status === 'active');
  const writers = active.filter((p) => p.role === 'officer' || p.role === 'sergeant');
  const supervisors = active.filter((p) => p.role === 'sergeant');
  if (writers.length === 0 || supervisors.length === 0) return;

  const sysConfig = await lockSysConfig(tx, agencyId);
  const settings: CitationsSettings = { ...citationsSettingsOf(sysConfig), courts: COURTS };
  await writeSysConfig(tx, agencyId, { ...sysConfig, citations_settings: { ...sysConfig.citations_settings, ...settings, enabled: true } });

  const statuteRows: Row[] = [];
  const statutes: StatuteRow[] = LIBRARY.map(([code, description, kinds, fine, points, moving, speeding]) => {
    const row = {
      agencyId,
      id: crypto.randomUUID(),
      code,
      description,
      kinds,
      fineCents: fine,
      points,
      moving,
      speeding,
      effectiveFrom: '2020-01-01',
      effectiveTo: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    statuteRows.push({
      agency_id: agencyId,
      id: row.id,
      code,
      description,
      kinds,
      fine_cents: fine,
      points,
      moving,
      speeding,
      effective_from: row.effectiveFrom,
      effective_to: null,
      version: 1,
      created_at: now,
      updated_at: now,
    });
    return row;
  });
  const byId = new Map(statutes.map((s) => [s.id, s]));
  const ofKind = (kind: CitationKind) => statutes.filter((s) => s.kinds.includes(kind));

  const stops: Row[] = [];
  const citations: Row[] = [];
  const revisions: Row[] = [];
  let sequence = 0;
  const count = Math.round(days * STOPS_PER_DAY * activity);
  // Oldest first, so the numbers climb with the dates.
  const instants = Array.from({ length: count }, () => now.getTime() - rand() * days * DAY).sort((a, b) => a - b);
  for (const at of instants) {
    const occurred = new Date(at);
    const ageDays = (now.getTime() - at) / DAY;
    const officer = pick(writers);
    const roll = rand();
    const kind: CitationKind = roll < 0.72 ? 'traffic' : roll < 0.9 ? 'parking' : 'ordinance';
    const name = { first: pick(GIVEN), last: pick(SURNAMES) };
    const street = `${100 + Math.floor(rand() * 2800)} ${pick(STREETS)}`;
    const [make, model] = pick(MAKES);
    const person: StopPerson = {
      first_name: kind === 'parking' ? '' : name.first,
      middle_name: '',
      last_name: kind === 'parking' ? '' : name.last,
      date_of_birth:
        kind === 'parking' ? '' : `19${60 + Math.floor(rand() * 40)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`,
      address: kind === 'parking' ? '' : street,
      city: 'Riverside',
      state: 'WI',
      zip: '53177',
      licence_number: '',
      licence_state: '',
      phone: '',
    };
    const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
    const plate = `A${pick([...letters])}${pick([...letters])}-${1000 + Math.floor(rand() * 9000)}`;
    const vehicle: StopVehicle = {
      plate,
      plate_state: 'WI',
      make: make!,
      model: model!,
      year: String(2008 + Math.floor(rand() * 16)),
      color: 'Silver',
      vin: '',
    };
    const fields: StopFields = {
      occurred_at: stamp(occurred),
      location: street,
      latitude: null,
      longitude: null,
      person,
      vehicle,
    };
    const stopId = crypto.randomUUID();
    stops.push({
      agency_id: agencyId,
      id: stopId,
      officer_id: officer.id,
      occurred_at: fields.occurred_at,
      occurred_instant: occurred,
      location: street,
      latitude: null,
      longitude: null,
      person,
      vehicle,
      version: 1,
      created_at: occurred,
      updated_at: occurred,
    });
    // One stop in eight gets a second citation or a warning.
    const kinds: CitationKind[] = [kind];
    if (kind === 'traffic' && rand() < 0.125) kinds.push(rand() < 0.5 ? 'traffic' : 'warning');
    const draftStop = ageDays < 1 && rand() < 0.15;
    kinds.forEach((citationKind, position) => {
      const statute = pick(ofKind(citationKind).filter((s) => position === 0 || s.code !== '346.57(4)(h)'));
      const violation = { statute_id: statute.id, speed: statute.speeding ? 47 : null, posted_limit: statute.speeding ? 35 : null };
      const content = issuedContent(
        fields,
        { kind: citationKind, violations: [violation], court_key: '', appearance_date: '', officer_notes: 'Cooperative.' },
        byId,
        settings,
      );
      const id = crypto.randomUUID();
      const derived = derivedColumns(content, null);
      const base = {
        agency_id: agencyId,
        id,
        stop_id: stopId,
        position,
        kind: citationKind,
        content,
        officer_id: officer.id,
        occurred_at: fields.occurred_at,
        occurred_on: fields.occurred_at.slice(0, 10),
        location: street,
        violator_name: derived.violatorName,
        plate,
        codes: derived.codes,
        statute_ids: derived.statuteIds,
        total_fine_cents: derived.totalFineCents,
        amended: 0,
        void_reason: null,
        voided_by: null,
        voided_at: null,
        version: 1,
        created_at: occurred,
      };
      if (draftStop) {
        citations.push({
          ...base,
          number: null,
          sequence: null,
          status: 'draft',
          appearance_date: null,
          court_key: null,
          search_text: derivedColumns(content, null).searchText,
          issued_at: null,
          filed_at: null,
          void_request: null,
          updated_at: occurred,
        });
        return;
      }
      sequence += 1;
      const issuedAt = new Date(at + 10 * 60_000);
      const number = formatCitationNumber(settings.number_format, sequence, issuedAt.getUTCFullYear());
      const fate = rand();
      const voided = fate < 0.02 && ageDays > 3;
      const amended = !voided && fate < 0.05;
      const filed = !voided && citationKind !== 'warning' && ageDays > 30;
      const asked = !voided && !filed && ageDays < 5 && fate > 0.99;
      const filedAt = filed ? new Date(at + 21 * DAY) : null;
      citations.push({
        ...base,
        number,
        sequence,
        status: voided ? 'void' : filed ? 'filed' : 'issued',
        appearance_date: content.appearance_date,
        court_key: content.court_key,
        search_text: derivedColumns(content, number).searchText,
        issued_at: issuedAt,
        filed_at: filedAt,
        amended: amended ? 1 : 0,
        void_reason: voided ? 'Written to the wrong driver' : null,
        voided_by: voided ? pick(supervisors).id : null,
        voided_at: voided ? new Date(at + 2 * DAY) : null,
        void_request: asked ? { reason: 'Duplicate of another citation', by: officer.id, at: new Date(at + DAY).toISOString() } : null,
        updated_at: filedAt ?? issuedAt,
      });
      let revision = 0;
      const keep = (event: string, actor: string, when: Date, reason: string | null) =>
        revisions.push({ agency_id: agencyId, citation_id: id, revision: ++revision, event, actor_id: actor, reason, content, at: when });
      keep('issued', officer.id, issuedAt, null);
      if (amended) keep('amended', officer.id, new Date(at + DAY), 'Plate corrected from the registration');
      if (voided) keep('voided', pick(supervisors).id, new Date(at + 2 * DAY), 'Written to the wrong driver');
      if (filed) keep('filed', pick(supervisors).id, filedAt!, null);
      bench.audit({
        at: issuedAt,
        actor: officer,
        action: 'citations.issued',
        entityType: 'citation',
        entityId: id,
        summary: `Issued ${citationKind === 'warning' ? 'written warning' : 'citation'} ${number}`,
        after: null,
      });
    });
  }
  await bench.insert('citation_statutes', statuteRows);
  for (let i = 0; i < stops.length; i += 2000) await bench.insert('citation_stops', stops.slice(i, i + 2000));
  for (let i = 0; i < citations.length; i += 1000) await bench.insert('citations', citations.slice(i, i + 1000));
  for (let i = 0; i < revisions.length; i += 2000) await bench.insert('citation_revisions', revisions.slice(i, i + 2000));
  if (sequence > 0) await bench.setCounter(CITATION_COUNTER, sequence);
}
