import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type {
  Citation,
  CitationCopy,
  CitationDraft,
  CitationsSettings,
  CitationsSetup,
  CitationStats,
  CitationSummary,
  ImportStatutesResult,
  Statute,
  StatuteInput,
  Stop,
  StopContent,
} from '../../core/contracts/citations.ts';
import { parseCsv } from '../../core/csv.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, fresh, ifMatch } from '../test-support/api-calls.ts';

const BASE = '/rest/v1/citations';
/** A VIN whose check digit (9th character) matches, and the same with it wrong. */
const GOOD_VIN = '1HGCM82633A004352';
const BAD_VIN = '1HGCM82623A004352';

/** A date `days` before today, YYYY-MM-DD (in UTC, a day's margin from the agency's Chicago clock either way). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

describe.each(DATABASE_KINDS)('the citations API on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let officer: Session;
  let otherOfficer: Session;
  let sergeant: Session;
  let clerk: Session;
  let administrator: Session;
  let outsider: Session;
  const statutes: Record<'stop_sign' | 'speeding' | 'seat_belt' | 'parking' | 'expired', Statute> = {} as never;
  const stopDate = daysAgo(3);

  const call = apiCaller(() => server, BASE);

  function statuteInput(extra: Partial<StatuteInput> & Pick<StatuteInput, 'code' | 'description'>): StatuteInput {
    return {
      kinds: ['traffic', 'warning'],
      fine_cents: 17_530,
      points: 4,
      moving: true,
      speeding: false,
      effective_from: '2020-01-01',
      effective_to: null,
      ...extra,
    };
  }

  function draft(extra: Partial<CitationDraft> = {}): CitationDraft {
    return {
      id: crypto.randomUUID(),
      kind: 'traffic',
      violations: [{ statute_id: statutes.stop_sign.id, speed: null, posted_limit: null }],
      court_key: '',
      appearance_date: '',
      officer_notes: 'Driver admitted rolling the stop; dashcam clip 0412.',
      ...extra,
    };
  }

  function stopContent(citations: CitationDraft[], extra: Partial<StopContent> = {}): StopContent {
    return {
      occurred_at: `${stopDate}T14:20`,
      location: 'Harlem Ave and 26th St',
      latitude: 41.84,
      longitude: -87.8,
      person: {
        first_name: 'Dana',
        middle_name: 'Lee',
        last_name: 'Reyes',
        date_of_birth: '1988-04-02',
        address: '88 Oak Ct',
        city: 'Riverside',
        state: 'WI',
        zip: '53177',
        licence_number: 'R200-1234-5678',
        licence_state: 'WI',
        phone: '',
      },
      vehicle: { plate: 'ABC 1234', plate_state: 'WI', make: 'Toyota', model: 'Camry', year: '2019', color: 'Silver', vin: GOOD_VIN },
      citations,
      ...extra,
    };
  }

  async function createStop(session: Session, content: StopContent): Promise<Stop> {
    const response = await call(session, 'POST', '/stops', { id: crypto.randomUUID(), ...content }, fresh());
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Stop;
  }

  /** A stop created and issued at once: its issued citations. */
  async function issued(session: Session, content: StopContent): Promise<{ stop: Stop; citations: CitationSummary[] }> {
    const stop = await createStop(session, content);
    const response = await call(session, 'POST', `/stops/${stop.id}/issue`, content, ifMatch(stop.version));
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as Stop;
    return { stop: after, citations: after.issued };
  }

  async function citation(session: Session, id: string): Promise<Citation> {
    const response = await call(session, 'GET', `/citations/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Citation;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Citations PD');
    officer = await signIn(server, await makeUser(server, agency, { permissions: ['citations:access'], name: 'Sam Officer' }));
    otherOfficer = await signIn(server, await makeUser(server, agency, { permissions: ['citations:access'], name: 'Pat Other' }));
    sergeant = await signIn(
      server,
      await makeUser(server, agency, { permissions: ['citations:access', 'citations:manage', 'citations:void'], name: 'Dana Sergeant' }),
    );
    clerk = await signIn(
      server,
      await makeUser(server, agency, { permissions: ['citations:access', 'citations:manage'], name: 'Rory Clerk' }),
    );
    administrator = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    const elsewhere = await makeAgency(server, 'Elsewhere PD');
    outsider = await signIn(
      server,
      await makeUser(server, elsewhere, { permissions: ['citations:access', 'citations:manage', 'citations:void'], name: 'Out Sider' }),
    );

    const add = async (input: StatuteInput) => {
      const response = await call(administrator, 'POST', '/admin/statutes', input, fresh());
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Statute;
    };
    statutes.stop_sign = await add(statuteInput({ code: '346.46(1)', description: 'Failure to stop at a stop sign' }));
    statutes.speeding = await add(
      statuteInput({ code: '346.57(4)(h)', description: 'Speeding 11–15 mph over the limit', fine_cents: 20_050, speeding: true }),
    );
    statutes.seat_belt = await add(
      statuteInput({ code: '347.48(2m)', description: 'Seat belt not worn', fine_cents: 1_000, points: 0, moving: false }),
    );
    statutes.parking = await add(
      statuteInput({
        code: 'RMC 12-4',
        description: 'Parking in a no-parking zone',
        kinds: ['parking'],
        fine_cents: 3_000,
        points: 0,
        moving: false,
      }),
    );
    statutes.expired = await add(
      statuteInput({ code: '346.89(3)', description: 'Texting while driving (old text)', effective_to: '2021-12-31' }),
    );
    const settings = await call(administrator, 'PUT', '/admin/settings', {
      number_format: 'RPD-{YY}-{NNNNN}',
      courts: [
        {
          key: 'municipal',
          name: 'Riverside Municipal Court',
          address: '27 Riverside Rd',
          phone: '(555) 010-2000',
          session_days: [2, 4],
          session_time: '08:30',
          min_days: 14,
          kinds: ['traffic', 'parking', 'ordinance'],
        },
      ],
      holidays: [],
      violator_copy_text: 'Pay online at pay.riverside.example or appear in court on the date shown.',
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('issues a stop’s two citations and a warning with consecutive numbers in the agency’s format, each with its court date, and keeps revision 1', async () => {
    const content = stopContent([
      draft(),
      draft({ violations: [{ statute_id: statutes.speeding.id, speed: 47, posted_limit: 35 }] }),
      draft({ kind: 'warning', violations: [{ statute_id: statutes.seat_belt.id, speed: null, posted_limit: null }], officer_notes: '' }),
    ]);
    const { stop, citations } = await issued(officer, content);
    expect(stop.citations).toEqual([]);
    expect(citations).toHaveLength(3);
    const year = String(new Date().getFullYear()).slice(2);
    const numbers = citations.map((c) => c.number!);
    for (const number of numbers) expect(number).toMatch(new RegExp(`^RPD-${year}-\\d{5}$`));
    const sequence = numbers.map((n) => Number(n.slice(-5)));
    expect(sequence).toEqual([sequence[0], sequence[0]! + 1, sequence[0]! + 2]);
    expect(citations.map((c) => c.status)).toEqual(['issued', 'issued', 'issued']);

    const first = await citation(officer, citations[0]!.id);
    const appearance = first.content.appearance_date!;
    expect(first.court?.name).toBe('Riverside Municipal Court');
    expect([2, 4]).toContain(new Date(`${appearance}T12:00:00Z`).getUTCDay());
    expect(Date.parse(appearance) - Date.parse(stopDate)).toBeGreaterThanOrEqual(14 * 86_400_000);
    expect(first.content.violations[0]).toMatchObject({
      code: '346.46(1)',
      description: 'Failure to stop at a stop sign',
      fine_cents: 17_530,
      points: 4,
    });
    expect(first.revisions).toEqual([expect.objectContaining({ revision: 1, event: 'issued', by_name: 'Sam Officer' })]);
    expect(first.siblings.map((s) => s.kind).sort()).toEqual(['traffic', 'warning']);
    const warning = await citation(officer, citations[2]!.id);
    expect(warning).toMatchObject({ kind: 'warning', court: null, appearance_date: null });
  });

  it('refuses to issue an invalid stop, naming each field that fails, and gives no number', async () => {
    const setup = (await call(officer, 'GET', '/setup')).json() as CitationsSetup;
    const content = stopContent(
      [
        draft({ violations: [] }),
        draft({ violations: [{ statute_id: statutes.speeding.id, speed: null, posted_limit: 35 }] }),
        draft({ violations: [{ statute_id: statutes.expired.id, speed: null, posted_limit: null }] }),
      ],
      { location: '' },
    );
    content.person.last_name = '';
    const stop = await createStop(officer, content);
    const response = await call(officer, 'POST', `/stops/${stop.id}/issue`, content, ifMatch(stop.version));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      fields: {
        location: 'Enter where the stop was',
        'person.last_name': 'Enter the last name',
        'citations.0.violations': 'Add at least one violation',
        'citations.1.violations.0.speed': 'Enter the measured speed',
        'citations.2.violations.0.statute_id': '346.89(3) was not in force on the day of the stop',
      },
    });
    const after = (await call(officer, 'GET', `/stops/${stop.id}`)).json() as Stop;
    expect(after.issued).toEqual([]);
    expect(after.citations).toHaveLength(3);
    expect(((await call(officer, 'GET', '/setup')).json() as CitationsSetup).next_number).toBe(setup.next_number);
  });

  it('refuses a VIN whose check digit does not match, beside the VIN', async () => {
    const content = stopContent([draft()]);
    content.vehicle.vin = BAD_VIN;
    const stop = await createStop(officer, content);
    const response = await call(officer, 'POST', `/stops/${stop.id}/validate`, content, ifMatch(stop.version));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields['vehicle.vin']).toBe('The VIN’s check digit (9th character) does not match: check each character');
  });

  it('marks checked drafts ready to issue, and any change makes a draft a draft again', async () => {
    const content = stopContent([draft(), draft({ kind: 'warning', officer_notes: '' })]);
    const stop = await createStop(officer, content);
    const checked = await call(officer, 'POST', `/stops/${stop.id}/validate`, content, ifMatch(stop.version));
    expect(checked.statusCode, checked.body).toBe(200);
    const ready = checked.json() as Stop;
    expect(ready.ready.sort()).toEqual(content.citations.map((c) => c.id).sort());
    const list = (await call(officer, 'GET', '/citations?status=validated')).json() as { items: CitationSummary[] };
    expect(list.items.map((c) => c.id)).toEqual(expect.arrayContaining(content.citations.map((c) => c.id)));

    const changed = { ...content, citations: [{ ...content.citations[0]!, officer_notes: 'Changed' }, content.citations[1]!] };
    const saved = (await call(officer, 'PUT', `/stops/${stop.id}`, changed, ifMatch(ready.version))).json() as Stop;
    expect(saved.ready).toEqual([content.citations[1]!.id]);
    const moved = { ...changed, location: 'Another corner' };
    const again = (await call(officer, 'PUT', `/stops/${stop.id}`, moved, ifMatch(saved.version))).json() as Stop;
    expect(again.ready).toEqual([]);
    const stale = await call(officer, 'PUT', `/stops/${stop.id}`, moved, ifMatch(saved.version));
    expect(stale.statusCode).toBe(412);
  });

  it('never changes an issued citation through its stop: a save naming it is refused and the citation stays as issued', async () => {
    const content = stopContent([draft()]);
    const { stop, citations } = await issued(officer, content);
    const issuedId = citations[0]!.id;
    const edited = { ...content, citations: [{ ...content.citations[0]!, officer_notes: 'Sneaky edit' }] };
    const refused = await call(officer, 'PUT', `/stops/${stop.id}`, edited, ifMatch(stop.version));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('amend it');
    const moved = await call(
      officer,
      'PUT',
      `/stops/${stop.id}`,
      { ...content, location: 'Elsewhere', citations: [] },
      ifMatch(stop.version),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await citation(officer, issuedId);
    expect(after.content.officer_notes).toBe(content.citations[0]!.officer_notes);
    expect(after.location).toBe('Harlem Ave and 26th St');
    expect(after.status).toBe('issued');
  });

  it('prints the violator’s copy without the officer’s notes and with the agency’s instructions, and the court copy with the notes', async () => {
    const { citations } = await issued(officer, stopContent([draft({ officer_notes: 'Officer only: prior warning last month' })]));
    const violator = await call(officer, 'GET', `/citations/${citations[0]!.id}/copies/violator`);
    expect(violator.statusCode, violator.body).toBe(200);
    const copy = violator.json() as CitationCopy;
    expect(copy).toMatchObject({ copy: 'violator', agency_name: 'Citations PD', officer_name: 'Sam Officer', officer_notes: null });
    expect(copy.instructions).toBe('Pay online at pay.riverside.example or appear in court on the date shown.');
    expect(violator.body).not.toContain('Officer only');
    const court = (await call(officer, 'GET', `/citations/${citations[0]!.id}/copies/court`)).json() as CitationCopy;
    expect(court).toMatchObject({ copy: 'court', officer_notes: 'Officer only: prior warning last month', instructions: null });
  });

  it('amends an issued citation with a reason, re-checked, keeping the earlier revision, and tells the managers', async () => {
    const { citations } = await issued(officer, stopContent([draft()]));
    const before = await citation(officer, citations[0]!.id);
    const amendment = {
      reason: 'Wrong plate typed at the roadside',
      occurred_at: before.content.occurred_at,
      location: before.content.location,
      person: before.content.person,
      vehicle: { ...before.content.vehicle, plate: 'ABC 1284' },
      violations: [{ statute_id: statutes.speeding.id, speed: null, posted_limit: null }],
      court_key: '',
      appearance_date: '',
      officer_notes: before.content.officer_notes,
    };
    const refused = await call(officer, 'POST', `/citations/${before.id}/amend`, amendment, ifMatch(before.version));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      'violations.0.speed': 'Enter the measured speed',
      'violations.0.posted_limit': 'Enter the posted limit',
    });
    const noReason = await call(officer, 'POST', `/citations/${before.id}/amend`, { ...amendment, reason: '' }, ifMatch(before.version));
    expect(noReason.statusCode).toBe(400);

    const fixed = { ...amendment, violations: [{ statute_id: statutes.stop_sign.id, speed: null, posted_limit: null }] };
    const response = await call(officer, 'POST', `/citations/${before.id}/amend`, fixed, ifMatch(before.version));
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as Citation;
    expect(after).toMatchObject({ amended: 1, plate: 'ABC 1284', number: before.number, status: 'issued' });
    expect(after.revisions.map((r) => [r.revision, r.event, r.reason])).toEqual([
      [1, 'issued', null],
      [2, 'amended', 'Wrong plate typed at the roadside'],
    ]);
    const bell = (await server.request({ method: 'GET', url: '/rest/v1/notifications', token: clerk.access_token })).json() as {
      items: Array<{ title: string }>;
    };
    expect(bell.items.map((n) => n.title)).toContain(`Citation ${before.number} was amended`);
    const search = (await call(clerk, 'GET', '/citations?queue=all&q=abc 1234')).json() as { items: CitationSummary[] };
    expect(search.items.map((c) => c.id)).not.toContain(before.id);
  });

  it('lets an officer ask for a void (the supervisors told), refuses the void to anyone without citations:void, and a supervisor voids it', async () => {
    const { citations } = await issued(officer, stopContent([draft()]));
    const issuedOne = await citation(officer, citations[0]!.id);
    expect(issuedOne.can).toEqual({ edit: false, amend: true, void: false, request_void: true });
    const asked = await call(
      officer,
      'POST',
      `/citations/${issuedOne.id}/void-request`,
      { reason: 'Wrong driver: the owner was cited' },
      ifMatch(issuedOne.version),
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const requested = asked.json() as Citation;
    expect(requested.void_request).toMatchObject({ reason: 'Wrong driver: the owner was cited', by_name: 'Sam Officer' });
    const home = (await call(sergeant, 'GET', '/home')).json() as { void_requests: CitationSummary[]; can: { void: boolean } };
    expect(home.can.void).toBe(true);
    expect(home.void_requests.map((c) => c.id)).toContain(issuedOne.id);
    const bell = (await server.request({ method: 'GET', url: '/rest/v1/notifications', token: sergeant.access_token })).json() as {
      items: Array<{ kind: string; link: string }>;
    };
    expect(bell.items).toContainEqual(expect.objectContaining({ kind: 'citations.void_requested', link: `/citations/${issuedOne.id}` }));

    const byOfficer = await call(officer, 'POST', `/citations/${issuedOne.id}/void`, { reason: 'Mine' }, ifMatch(requested.version));
    expect(byOfficer.statusCode).toBe(403);
    const byClerk = await call(clerk, 'POST', `/citations/${issuedOne.id}/void`, { reason: 'Mine' }, ifMatch(requested.version));
    expect(byClerk.statusCode).toBe(403);
    const noReason = await call(sergeant, 'POST', `/citations/${issuedOne.id}/void`, { reason: ' ' }, ifMatch(requested.version));
    expect(noReason.statusCode).toBe(400);
    const voided = await call(
      sergeant,
      'POST',
      `/citations/${issuedOne.id}/void`,
      { reason: 'Cited the wrong driver' },
      ifMatch(requested.version),
    );
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      status: 'void',
      void_reason: 'Cited the wrong driver',
      void_request: null,
      void_requested: false,
    });
    const officerBell = (await server.request({ method: 'GET', url: '/rest/v1/notifications', token: officer.access_token })).json() as {
      items: Array<{ kind: string; title: string }>;
    };
    expect(officerBell.items).toContainEqual(
      expect.objectContaining({ kind: 'citations.voided', title: `Citation ${issuedOne.number} was voided` }),
    );
    const again = await call(
      sergeant,
      'POST',
      `/citations/${issuedOne.id}/void`,
      { reason: 'Twice' },
      ifMatch((voided.json() as Citation).version),
    );
    expect(again.statusCode).toBe(409);
  });

  it('keeps an officer’s stops and citations from other officers and other agencies, and the everyone queue from a plain officer', async () => {
    const { stop, citations } = await issued(officer, stopContent([draft()]));
    expect((await call(otherOfficer, 'GET', `/stops/${stop.id}`)).statusCode).toBe(404);
    expect((await call(otherOfficer, 'GET', `/citations/${citations[0]!.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/stops/${stop.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/citations/${citations[0]!.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/citations/${citations[0]!.id}/copies/violator`)).statusCode).toBe(404);
    const filed = (await call(outsider, 'POST', '/court-export/filed', { citation_ids: [citations[0]!.id] })).json();
    expect(filed).toEqual({ filed: 0, skipped: 1 });
    expect((await call(officer, 'GET', '/citations?queue=all')).statusCode).toBe(403);
    expect((await call(officer, 'GET', '/citations.csv')).statusCode).toBe(403);
    expect((await call(sergeant, 'GET', `/stops/${stop.id}`)).statusCode).toBe(200);
    const others = (await call(otherOfficer, 'GET', '/citations')).json() as { items: CitationSummary[] };
    expect(others.items.map((c) => c.id)).not.toContain(citations[0]!.id);
  });

  it('lists the officer’s drafts first, then the newest, and finds citations by number, name, plate, statute and status', async () => {
    const draftStop = await createStop(officer, stopContent([draft()], { occurred_at: `${daysAgo(20)}T09:00` }));
    const { citations } = await issued(
      officer,
      stopContent([draft({ violations: [{ statute_id: statutes.seat_belt.id, speed: null, posted_limit: null }] })], {
        person: { ...stopContent([]).person, last_name: 'Quillfeather' },
      }),
    );
    const mine = (await call(officer, 'GET', '/citations?page_size=200')).json() as { items: CitationSummary[] };
    const firstIssued = mine.items.findIndex((c) => c.status !== 'draft' && c.status !== 'validated');
    expect(mine.items.slice(0, firstIssued).every((c) => c.status === 'draft' || c.status === 'validated')).toBe(true);
    expect(mine.items.slice(firstIssued).some((c) => c.status === 'draft')).toBe(false);
    expect(mine.items.map((c) => c.id)).toContain(draftStop.citations[0]!.id);
    const number = citations[0]!.number!;
    for (const q of [number, number.replace(/-/g, ''), 'quillfeather', 'abc 1234', '347.48'])
      expect(
        ((await call(sergeant, 'GET', `/citations?queue=all&q=${encodeURIComponent(q)}`)).json() as { items: CitationSummary[] }).items.map(
          (c) => c.id,
        ),
        q,
      ).toContain(citations[0]!.id);
    const byStatute = (await call(sergeant, 'GET', `/citations?queue=all&statute_id=${statutes.seat_belt.id}`)).json() as {
      items: CitationSummary[];
    };
    expect(byStatute.items.every((c) => c.codes.includes('347.48(2m)'))).toBe(true);
    const csv = await call(clerk, 'GET', '/citations.csv?queue=all&q=quillfeather');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(number);
    const home = (await call(officer, 'GET', '/home')).json() as { drafts_total: number; can: { manage: boolean } };
    expect(home.drafts_total).toBeGreaterThan(0);
    expect(home.can.manage).toBe(false);
  });

  it('exports the period’s issued citations for court one line per violation, and marks only issued ones filed', async () => {
    const { citations } = await issued(
      officer,
      stopContent([
        draft({
          violations: [
            { statute_id: statutes.stop_sign.id, speed: null, posted_limit: null },
            { statute_id: statutes.speeding.id, speed: 52, posted_limit: 35 },
          ],
        }),
        draft({ kind: 'warning', violations: [{ statute_id: statutes.seat_belt.id, speed: null, posted_limit: null }] }),
      ]),
    );
    const [ticket, warning] = citations;
    const exported = await call(clerk, 'GET', `/court-export.csv?from=${stopDate}&to=${stopDate}&court_key=municipal`);
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = parseCsv(exported.body).map((row) => row.cells);
    const header = rows[0]!;
    const lines = rows.slice(1).filter((cells) => cells[header.indexOf('citation_number')] === ticket!.number);
    expect(lines.map((cells) => [cells[header.indexOf('statute')], cells[header.indexOf('speed')]])).toEqual([
      ['346.46(1)', ''],
      ['346.57(4)(h)', '52'],
    ]);
    expect(exported.body).not.toContain(warning!.number!);
    expect((await call(officer, 'GET', `/court-export.csv?from=${stopDate}&to=${stopDate}`)).statusCode).toBe(403);

    const draftStop = await createStop(officer, stopContent([draft()]));
    const marked = await call(clerk, 'POST', '/court-export/filed', {
      citation_ids: [ticket!.id, draftStop.citations[0]!.id, warning!.id],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ filed: 1, skipped: 2 });
    const filed = await citation(clerk, ticket!.id);
    expect(filed.status).toBe('filed');
    expect(filed.revisions.map((r) => r.event)).toEqual(['issued', 'filed']);
    const again = await call(clerk, 'GET', `/court-export.csv?from=${stopDate}&to=${stopDate}`);
    expect(again.body).not.toContain(ticket!.number!);

    // An amendment of a filed citation sends it back to be filed again.
    const amended = await call(
      officer,
      'POST',
      `/citations/${ticket!.id}/amend`,
      {
        reason: 'Posted limit was 30',
        occurred_at: filed.content.occurred_at,
        location: filed.content.location,
        person: filed.content.person,
        vehicle: filed.content.vehicle,
        violations: [
          { statute_id: statutes.stop_sign.id, speed: null, posted_limit: null },
          { statute_id: statutes.speeding.id, speed: 52, posted_limit: 30 },
        ],
        court_key: filed.content.court_key,
        appearance_date: filed.content.appearance_date,
        officer_notes: filed.content.officer_notes,
      },
      ifMatch(filed.version),
    );
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ status: 'issued', amended: 1, filed_at: null });
  });

  it('counts issued, voided and amended citations by officer, statute and kind, and per month', async () => {
    const from = daysAgo(40);
    const to = daysAgo(0);
    const byOfficer = await call(sergeant, 'GET', `/stats?from=${from}&to=${to}&group=officer`);
    expect(byOfficer.statusCode, byOfficer.body).toBe(200);
    const stats = byOfficer.json() as CitationStats;
    const sam = stats.rows.find((row) => row.label === 'Sam Officer')!;
    expect(sam.issued).toBeGreaterThanOrEqual(10);
    expect(sam.voided).toBeGreaterThanOrEqual(1);
    expect(sam.amended).toBeGreaterThanOrEqual(1);
    expect(stats.months.reduce((sum, month) => sum + month.issued, 0)).toBe(stats.rows.reduce((sum, row) => sum + row.issued, 0));
    const byStatute = (await call(sergeant, 'GET', `/stats?from=${from}&to=${to}&group=statute`)).json() as CitationStats;
    expect(byStatute.rows.find((row) => row.key === '346.46(1)')?.label).toBe('346.46(1) Failure to stop at a stop sign');
    const byKind = (await call(sergeant, 'GET', `/stats?from=${from}&to=${to}&group=kind`)).json() as CitationStats;
    expect(byKind.rows.map((row) => row.key)).toEqual(expect.arrayContaining(['traffic', 'warning']));
    expect((await call(officer, 'GET', `/stats?from=${from}&to=${to}`)).statusCode).toBe(403);
  });

  it('imports statutes from CSV all or nothing, naming a bad line by its number, with a dry run first', async () => {
    const header = 'code,description,kinds,fine,points,moving,speeding,effective_from,effective_to';
    const bad = [
      header,
      '346.04(1),Failure to obey traffic signal,traffic;warning,175.30,4,yes,no,2020-01-01,',
      '346.18(1),"Failure to yield, intersection",traffic,lots,4,yes,no,2020-01-01,',
    ].join('\n');
    const refused = await call(administrator, 'POST', '/admin/statutes/import', { csv: bad });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toEqual({
      created: 0,
      updated: 0,
      errors: [{ line: 3, message: 'fine: “lots” is not an amount (use 175 or 175.50, or leave it empty)' }],
    });
    const listed = (await call(officer, 'GET', '/statutes?q=346.04')).json() as Statute[];
    expect(listed).toEqual([]);

    const good = [
      header,
      '346.04(1),Failure to obey traffic signal,traffic;warning,175.30,4,yes,no,2020-01-01,',
      '346.46(1),Failure to stop at a stop sign (new text),traffic warning,180,4,yes,no,2020-01-01,',
    ].join('\r\n');
    const dry = (await call(administrator, 'POST', '/admin/statutes/import', { csv: good, dry_run: true })).json() as ImportStatutesResult;
    expect(dry).toEqual({ created: 1, updated: 1, errors: [] });
    expect(((await call(officer, 'GET', '/statutes?q=346.04')).json() as Statute[]).length).toBe(0);
    const done = (await call(administrator, 'POST', '/admin/statutes/import', { csv: good })).json() as ImportStatutesResult;
    expect(done).toEqual({ created: 1, updated: 1, errors: [] });
    const signal = (await call(officer, 'GET', '/statutes?q=346.04')).json() as Statute[];
    expect(signal).toEqual([
      expect.objectContaining({ code: '346.04(1)', fine_cents: 17_530, kinds: ['traffic', 'warning'], moving: true }),
    ]);
    const inForce = (await call(officer, 'GET', `/statutes?on=${stopDate}&kind=traffic`)).json() as Statute[];
    expect(inForce.map((s) => s.code)).not.toContain('346.89(3)');
    expect(inForce.map((s) => s.code)).toContain('346.46(1)');
    expect((await call(officer, 'POST', '/admin/statutes/import', { csv: good })).statusCode).toBe(403);
  });

  it('moves the next number forward but never back, previewed in the agency’s format', async () => {
    const setup = (await call(officer, 'GET', '/setup')).json() as CitationsSetup;
    const back = await call(administrator, 'PUT', '/admin/settings', { next_number: 1 });
    expect(back.statusCode).toBe(400);
    expect(back.json().fields.next_number).toContain(`use ${setup.next_number} or more`);
    const forward = await call(administrator, 'PUT', '/admin/settings', { next_number: setup.next_number + 100 });
    expect(forward.statusCode, forward.body).toBe(200);
    const after = (await call(officer, 'GET', '/setup')).json() as CitationsSetup;
    expect(after.next_number).toBe(setup.next_number + 100);
    expect(after.next_number_preview).toBe(
      `RPD-${String(new Date().getFullYear()).slice(2)}-${String(setup.next_number + 100).padStart(5, '0')}`,
    );
    const { citations } = await issued(officer, stopContent([draft()]));
    expect(citations[0]!.number).toBe(after.next_number_preview);
    const duplicateCourts = await call(administrator, 'PUT', '/admin/settings', {
      courts: [...(after.courts as CitationsSettings['courts']), after.courts[0]!],
    });
    expect(duplicateCourts.statusCode).toBe(400);
    expect(duplicateCourts.json().fields['courts.1.key']).toBe('Another court has this key');
    expect((await call(officer, 'PUT', '/admin/settings', { next_number: 999_999 })).statusCode).toBe(403);
  });

  it('discards a stop of drafts only, by its officer, and keeps a stop with an issued citation', async () => {
    const drafts = await createStop(officer, stopContent([draft()]));
    expect((await call(otherOfficer, 'DELETE', `/stops/${drafts.id}`, undefined, ifMatch(drafts.version))).statusCode).toBe(404);
    const gone = await call(officer, 'DELETE', `/stops/${drafts.id}`, undefined, ifMatch(drafts.version));
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await call(officer, 'GET', `/stops/${drafts.id}`)).statusCode).toBe(404);
    const { stop } = await issued(officer, stopContent([draft()]));
    const kept = await call(officer, 'DELETE', `/stops/${stop.id}`, undefined, ifMatch(stop.version));
    expect(kept.statusCode).toBe(409);
  });

  it('creates a stop sent twice from the outbox only once', async () => {
    const body = { id: crypto.randomUUID(), ...stopContent([draft()]) };
    const headers = fresh();
    const first = await call(officer, 'POST', '/stops', body, headers);
    const again = await call(officer, 'POST', '/stops', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    const taken = await call(officer, 'POST', '/stops', body, fresh());
    expect(taken.statusCode).toBe(409);
  });

  it.runIf(kind === 'postgres')('gives 50 citations issued by 10 officers at once 50 distinct consecutive numbers', async () => {
    const officers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        signIn(server, await makeUser(server, agency, { permissions: ['citations:access'], name: `Racer ${i}` })),
      ),
    );
    // Ten clients at once, each issuing its five stops one after another, as ten officers at the roadside would.
    const answers = (
      await Promise.all(
        officers.map(async (session) => {
          const mine = [];
          for (let i = 0; i < 5; i += 1) {
            const content = stopContent([draft()]);
            const stop = await createStop(session, content);
            mine.push(await call(session, 'POST', `/stops/${stop.id}/issue`, content, ifMatch(stop.version)));
          }
          return mine;
        }),
      )
    ).flat();
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers.map((answer) => Number((answer.json() as Stop).issued[0]!.number!.slice(-5))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers[49]! - numbers[0]!).toBe(49);
  });
});
