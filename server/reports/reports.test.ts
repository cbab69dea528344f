import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { Report, ReportsSettings, ReportSummary, ReportTemplate } from '../../core/contracts/reports.ts';
import { userRoles } from '../db/schema.ts';
import { solidPng } from '../platform/sample-images.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, ifMatch } from '../test-support/api-calls.ts';
import { completeReport } from '../test-support/report-samples.ts';

const OFFICER = ['reports:editor', 'reports:templates.use', 'reports:templates.create_user'] as const;
const PNG = solidPng(2, 2, [30, 90, 200]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(DATABASE_KINDS)('the reports API on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let officer: Session;
  let otherOfficer: Session;
  let sergeant: Session;
  let secondSergeant: Session;
  let administrator: Session;
  let users: Record<'officer' | 'sergeant' | 'secondSergeant', TestUser>;

  const call = apiCaller(() => server);

  async function roleOf(user: TestUser): Promise<string> {
    return server.database.withTenant(agency.id, async (tx) => {
      const [row] = await tx
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.agencyId, agency.id), eq(userRoles.userId, user.id)));
      return row!.roleId;
    });
  }

  async function start(session: Session, typeKey = 'incident'): Promise<Report> {
    const response = await call(
      session,
      'POST',
      '/rest/v1/reports/reports',
      { type_key: typeKey },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Report;
  }

  async function submitted(session: Session, content = completeReport()): Promise<Report> {
    const draft = await start(session);
    const response = await call(session, 'POST', `/rest/v1/reports/reports/${draft.id}/submit`, content, ifMatch(draft.version));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Report;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Reports PD');
    users = {
      officer: await makeUser(server, agency, { permissions: [...OFFICER], name: 'Sam Officer' }),
      sergeant: await makeUser(server, agency, { permissions: [...OFFICER], name: 'Dana Sergeant' }),
      secondSergeant: await makeUser(server, agency, { permissions: [...OFFICER], name: 'Lee Sergeant' }),
    };
    officer = await signIn(server, users.officer);
    sergeant = await signIn(server, users.sergeant);
    secondSergeant = await signIn(server, users.secondSergeant);
    otherOfficer = await signIn(server, await makeUser(server, agency, { permissions: [...OFFICER], name: 'Pat Other' }));
    administrator = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    // Both sergeants review: put the second into the first one's role, and name that role the reviewers.
    const reviewerRole = await roleOf(users.sergeant);
    await server.database.withTenant(agency.id, (tx) =>
      tx.insert(userRoles).values({ agencyId: agency.id, userId: users.secondSergeant.id, roleId: reviewerRole }),
    );
    const settings = await call(administrator, 'PUT', '/rest/v1/reports/admin/settings', { reviewer_role_id: reviewerRole });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('starts a report from its type’s template with the next case number in the agency’s format, never the same twice', async () => {
    const year = new Date().getFullYear();
    const first = await start(officer);
    const second = await start(officer, 'theft');
    expect(first.case_number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(Number(second.case_number.slice(5))).toBe(Number(first.case_number.slice(5)) + 1);
    expect(first).toMatchObject({ status: 'draft', type_label: 'Incident', template_name: 'General incident', author_name: 'Sam Officer' });
    expect(second.template_name).toBe('Theft and burglary');
    expect(second.template.sections.flatMap((s) => s.fields).map((f) => f.key)).toContain('loss_value');
  });

  it('starts a guided OWI report that asks the OWI questions', async () => {
    const response = await call(officer, 'POST', '/rest/v1/reports/reports', { type_key: 'owi', guided: 'owi' });
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json() as Report;
    expect(report).toMatchObject({
      guided: 'owi',
      template_name: 'Operating while intoxicated (OWI)',
      type_label: 'Operating while intoxicated',
    });
    expect(report.template.sections.flatMap((s) => s.fields).map((f) => f.key)).toEqual(
      expect.arrayContaining(['hgn_clues', 'chemical_test']),
    );
  });

  it('creates a report written without a connection under the id the device chose, submitted at once and only once when the outbox sends it again', async () => {
    const id = crypto.randomUUID();
    const body = { id, type_key: 'incident', content: completeReport(), submit: true };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await call(officer, 'POST', '/rest/v1/reports/reports', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id, status: 'submitted' });
    const again = await call(officer, 'POST', '/rest/v1/reports/reports', body, headers);
    expect((again.json() as Report).case_number).toBe((first.json() as Report).case_number);
    const queue = (await call(sergeant, 'GET', '/rest/v1/reports/reports?queue=review&page_size=200')).json() as { items: ReportSummary[] };
    expect(queue.items.filter((r) => r.id === id)).toHaveLength(1);
    const taken = await call(officer, 'POST', '/rest/v1/reports/reports', { id, type_key: 'incident' });
    expect(taken.statusCode).toBe(409);
  });

  it('refuses a report sent complete from the outbox with a field missing, naming it, and keeps nothing', async () => {
    const id = crypto.randomUUID();
    const response = await call(officer, 'POST', '/rest/v1/reports/reports', {
      id,
      type_key: 'incident',
      content: completeReport({ location: '' }),
      submit: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.location).toBe('Say where it happened');
    expect((await call(officer, 'GET', `/rest/v1/reports/reports/${id}`)).statusCode).toBe(404);
  });

  it('refuses a report type the agency does not have, beside the type', async () => {
    const response = await call(officer, 'POST', '/rest/v1/reports/reports', { type_key: 'arson' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.type_key).toBe('Choose one of the agency’s report types');
  });

  it('autosaves a draft with If-Match, keeps only the editor’s formatting of the narrative and refuses a stale version', async () => {
    const draft = await start(officer);
    const content = completeReport({
      narrative: '<p onclick="steal()">Seen <strong>running</strong><script>alert(1)</script><img src=x onerror=alert(2)></p>',
    });
    const saved = await call(officer, 'PUT', `/rest/v1/reports/reports/${draft.id}`, content, ifMatch(draft.version));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Report).content.narrative).toBe('<p>Seen <strong>running</strong></p>');
    const stale = await call(officer, 'PUT', `/rest/v1/reports/reports/${draft.id}`, content, ifMatch(draft.version));
    expect(stale.statusCode).toBe(412);
  });

  it('refuses to submit an incomplete report, naming each missing or wrong field, and keeps the draft as it was', async () => {
    const draft = await start(officer);
    const partial = { ...completeReport(), location: '', answers: { offense: 'Theft', how_reported: 'Carrier pigeon' }, people: [] };
    const saved = (await call(officer, 'PUT', `/rest/v1/reports/reports/${draft.id}`, partial, ifMatch(draft.version))).json() as Report;
    const response = await call(officer, 'POST', `/rest/v1/reports/reports/${draft.id}/submit`, partial, ifMatch(saved.version));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      location: 'Say where it happened',
      'answers.how_reported': 'Choose one of: Dispatched call, Officer initiated, Walk-in, Phone report',
    });
    const after = (await call(officer, 'GET', `/rest/v1/reports/reports/${draft.id}`)).json() as Report;
    expect(after.status).toBe('draft');
    expect(after.content.answers.offense).toBe('Theft');
  });

  it('refuses to submit a narrative with an [INSERT …] placeholder left in it', async () => {
    const draft = await start(officer);
    const response = await call(
      officer,
      'POST',
      `/rest/v1/reports/reports/${draft.id}/submit`,
      completeReport({ narrative: '<p>The suspect fled toward [INSERT direction].</p>' }),
      ifMatch(draft.version),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.narrative).toBe('Replace every placeholder before submitting: [INSERT direction]');
  });

  it('goes to review, is returned with comments, is fixed and resubmitted, then approved, locked, and keeps every revision', async () => {
    const sent = await submitted(officer);
    expect(sent.status).toBe('submitted');
    const queue = (await call(sergeant, 'GET', '/rest/v1/reports/reports?queue=review')).json() as { items: ReportSummary[] };
    expect(queue.items.map((r) => r.id)).toContain(sent.id);

    const returned = await call(
      sergeant,
      'POST',
      `/rest/v1/reports/reports/${sent.id}/return`,
      { comment: 'Add the direction of travel.', fields: { narrative: 'Which way did the suspect go?' } },
      ifMatch(sent.version),
    );
    expect(returned.statusCode, returned.body).toBe(200);
    const back = returned.json() as Report;
    expect(back.review).toMatchObject({
      comment: 'Add the direction of travel.',
      fields: { narrative: 'Which way did the suspect go?' },
      by_name: 'Dana Sergeant',
    });
    const bell = (await call(officer, 'GET', '/rest/v1/notifications')).json() as { items: Array<{ title: string }> };
    expect(bell.items.map((n) => n.title)).toContain(`Report ${sent.case_number} was returned to you`);

    const fixed = await call(
      officer,
      'POST',
      `/rest/v1/reports/reports/${sent.id}/submit`,
      completeReport({ narrative: '<p>The suspect fled north on Lake St.</p>' }),
      ifMatch(back.version),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const approved = await call(
      secondSergeant,
      'POST',
      `/rest/v1/reports/reports/${sent.id}/approve`,
      undefined,
      ifMatch((fixed.json() as Report).version),
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const locked = approved.json() as Report;
    expect(locked).toMatchObject({ status: 'approved', reviewer_name: 'Lee Sergeant', can: { edit: false, supplement: true } });
    expect(locked.revisions.map((r) => r.event)).toEqual(['submitted', 'returned', 'submitted', 'approved']);
    expect(locked.revisions[0]!.content.narrative).toBe('<p>I responded to Riverside Market for a retail theft.</p>');

    const edit = await call(officer, 'PUT', `/rest/v1/reports/reports/${sent.id}`, completeReport(), ifMatch(locked.version));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This report is approved and locked: add a supplement instead');
  });

  it('refuses the approval of a report by the reviewer who wrote it, and by someone who is not a reviewer', async () => {
    const own = await submitted(sergeant);
    const self = await call(sergeant, 'POST', `/rest/v1/reports/reports/${own.id}/approve`, undefined, ifMatch(own.version));
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You wrote this report: another reviewer approves or returns it');
    const mine = await submitted(officer);
    const notReviewer = await call(otherOfficer, 'POST', `/rest/v1/reports/reports/${mine.id}/approve`, undefined, ifMatch(mine.version));
    expect(notReviewer.statusCode).toBe(404);
    const queue = (await call(otherOfficer, 'GET', '/rest/v1/reports/reports?queue=review')).json() as { items: ReportSummary[] };
    expect(queue.items).toEqual([]);
  });

  it('adds numbered supplements to an approved report only, reviewed as any report', async () => {
    const sent = await submitted(officer);
    const approved = (
      await call(sergeant, 'POST', `/rest/v1/reports/reports/${sent.id}/approve`, undefined, ifMatch(sent.version))
    ).json() as Report;
    const first = await call(otherOfficer, 'POST', `/rest/v1/reports/reports/${approved.id}/supplements`, undefined, {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(first.statusCode, first.body).toBe(201);
    const supplement = first.json() as Report;
    expect(supplement).toMatchObject({
      case_number: `${approved.case_number}-S1`,
      supplement: 1,
      parent_id: approved.id,
      status: 'draft',
      author_name: 'Pat Other',
    });
    const second = (await call(officer, 'POST', `/rest/v1/reports/reports/${approved.id}/supplements`)).json() as Report;
    expect(second.case_number).toBe(`${approved.case_number}-S2`);
    const parent = (await call(officer, 'GET', `/rest/v1/reports/reports/${approved.id}`)).json() as Report;
    expect(parent.supplements.map((s) => s.case_number)).toEqual([`${approved.case_number}-S2`]);
    const draft = await start(officer);
    const refused = await call(officer, 'POST', `/rest/v1/reports/reports/${draft.id}/supplements`);
    expect(refused.statusCode).toBe(409);
  });

  it('hides another officer’s draft (404) but lets every officer read and search approved reports by person and case number', async () => {
    const draft = await start(officer);
    expect((await call(otherOfficer, 'GET', `/rest/v1/reports/reports/${draft.id}`)).statusCode).toBe(404);
    const sent = await submitted(
      officer,
      completeReport({
        people: [{ role: 'victim', name: 'Harriet Quill', date_of_birth: '', address: '9 Elm St', phone: '', description: '' }],
      }),
    );
    expect((await call(otherOfficer, 'GET', `/rest/v1/reports/reports/${sent.id}`)).statusCode).toBe(404);
    await call(sergeant, 'POST', `/rest/v1/reports/reports/${sent.id}/approve`, undefined, ifMatch(sent.version));
    const byName = (await call(otherOfficer, 'GET', '/rest/v1/reports/reports?queue=all&q=quill')).json() as { items: ReportSummary[] };
    expect(byName.items.map((r) => r.id)).toEqual([sent.id]);
    expect(byName.items[0]!.people).toEqual(['Harriet Quill']);
    const byCase = (await call(otherOfficer, 'GET', `/rest/v1/reports/reports?queue=all&q=${sent.case_number}`)).json() as {
      items: ReportSummary[];
    };
    expect(byCase.items.map((r) => r.id)).toEqual([sent.id]);
  });

  it('finds a draft by the words it was saved with last, no longer by those it had before, even after a write with triggers off', async () => {
    const person = (name: string) => ({ role: 'witness' as const, name, date_of_birth: '', address: '', phone: '', description: '' });
    const found = async (q: string) =>
      ((await call(officer, 'GET', `/rest/v1/reports/reports?queue=mine&q=${q}`)).json() as { items: ReportSummary[] }).items.map(
        (r) => r.id,
      );
    const draft = await start(officer);
    const first = (
      await call(
        officer,
        'PUT',
        `/rest/v1/reports/reports/${draft.id}`,
        completeReport({ people: [person('Ophelia Zanzibar')] }),
        ifMatch(draft.version),
      )
    ).json() as Report;
    expect(await found('zanzi')).toEqual([draft.id]);
    await call(
      officer,
      'PUT',
      `/rest/v1/reports/reports/${draft.id}`,
      completeReport({ people: [person('Ophelia Quimby')] }),
      ifMatch(first.version),
    );
    expect(await found('quimb')).toEqual([draft.id]);
    expect(await found('zanzi')).toEqual([]);

    // Written with the triggers off (a restore, a replica), the words are stale until the owner rewrites them, as the README says.
    await server.database.owner.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update reports set search_text = 'ophelia wigglesworth' where id = ${draft.id}`);
    });
    expect(await found('wiggles')).toEqual([]);
    await server.database.owner.execute(sql`select precinct_search_words_rebuild()`);
    expect(await found('wiggles')).toEqual([draft.id]);
    expect(await found('quimb')).toEqual([]);
  });

  it('exports the reports of a search as CSV with the narrative as text', async () => {
    const response = await call(officer, 'GET', '/rest/v1/reports/reports.csv?queue=mine');
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.trim().split(/\r?\n/);
    expect(header).toBe('case_number,type,status,author,reviewer,occurred_at,location,people,narrative,submitted_at,approved_at');
    expect(rows.some((row) => row.includes('I responded to Riverside Market for a retail theft.'))).toBe(true);
  });

  it('keeps a personal template to its owner (404 to anyone else) and refuses an agency template to an officer without the permission', async () => {
    const [general] = (await call(officer, 'GET', '/rest/v1/reports/templates')).json() as ReportTemplate[];
    const created = await call(officer, 'POST', '/rest/v1/reports/templates', {
      name: 'My DUI notes',
      description: '',
      scope: 'personal',
      content: general!.content,
    });
    expect(created.statusCode, created.body).toBe(201);
    const mine = created.json() as ReportTemplate;
    expect(mine).toMatchObject({ scope: 'personal', owner_name: 'Sam Officer', can_edit: true });
    expect((await call(otherOfficer, 'GET', `/rest/v1/reports/templates/${mine.id}`)).statusCode).toBe(404);
    const foreignStart = await call(otherOfficer, 'POST', '/rest/v1/reports/reports', { type_key: 'incident', template_id: mine.id });
    expect(foreignStart.statusCode).toBe(404);
    const own = await call(officer, 'POST', '/rest/v1/reports/reports', { type_key: 'incident', template_id: mine.id });
    expect((own.json() as Report).template_name).toBe('My DUI notes');
    const agencyWide = await call(officer, 'POST', '/rest/v1/reports/templates', {
      name: 'Agency',
      description: '',
      scope: 'agency',
      content: general!.content,
    });
    expect(agencyWide.statusCode).toBe(403);
  });

  it('refuses a template with two fields of the same key, beside the second', async () => {
    const [general] = (await call(officer, 'GET', '/rest/v1/reports/templates')).json() as ReportTemplate[];
    const content = structuredClone(general!.content);
    content.sections[0]!.fields.push({ ...content.sections[0]!.fields[0]! });
    const response = await call(officer, 'POST', '/rest/v1/reports/templates', {
      name: 'Twice',
      description: '',
      scope: 'personal',
      content,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[`content.sections.0.fields.${content.sections[0]!.fields.length - 1}.key`]).toBe(
      'Another field has this key',
    );
  });

  it('answers 404 for a template and a report of another agency', async () => {
    const other = await makeAgency(server, 'Other PD');
    const outsider = await signIn(server, await makeUser(server, other, { permissions: [...OFFICER] }));
    const [foreignTemplate] = (await call(outsider, 'GET', '/rest/v1/reports/templates')).json() as ReportTemplate[];
    const foreignReport = await start(outsider);
    expect((await call(officer, 'GET', `/rest/v1/reports/templates/${foreignTemplate!.id}`)).statusCode).toBe(404);
    expect((await call(officer, 'GET', `/rest/v1/reports/reports/${foreignReport.id}`)).statusCode).toBe(404);
    expect(
      (await call(officer, 'POST', '/rest/v1/reports/reports', { type_key: 'incident', template_id: foreignTemplate!.id })).statusCode,
    ).toBe(404);
  });

  it('refuses reports to a limited account, as the module’s guard does', async () => {
    const limited = await signIn(server, await makeUser(server, agency, { permissions: [...OFFICER], accountType: 'limited' }));
    const response = await call(limited, 'GET', '/rest/v1/reports/reports');
    expect(response.statusCode).toBe(403);
  });

  it('lets the administrator change the case-number format and refuses one without a counter', async () => {
    const refused = await call(administrator, 'PUT', '/rest/v1/reports/admin/settings', { case_number_format: 'RPD-{YYYY}' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.case_number_format).toBe('Include the counter, e.g. {NNNNNN}');
    const changed = await call(administrator, 'PUT', '/rest/v1/reports/admin/settings', { case_number_format: 'RPD{YYYY}-{NNNNN}' });
    expect((changed.json() as ReportsSettings).case_number_format).toBe('RPD{YYYY}-{NNNNN}');
    const report = await start(officer);
    expect(report.case_number).toMatch(/^RPD\d{4}-\d{5}$/);
    await call(administrator, 'PUT', '/rest/v1/reports/admin/settings', { case_number_format: '{YYYY}-{NNNNNN}' });
  });

  const upload = async (session: Session, body: Buffer, type: string, name?: string): Promise<string> => {
    const response = await server.request({
      method: 'POST',
      url: `/storage/v1/object?purpose=reports${name ? `&name=${encodeURIComponent(name)}` : ''}`,
      token: session.access_token,
      headers: { 'content-type': type },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const readFile = async (session: Session, id: string) =>
    (await server.request({ method: 'GET', url: `/storage/v1/object/${id}`, token: session.access_token })).statusCode;

  it('attaches the author’s photo and PDF and lets only those who may see the report read them or list them', async () => {
    const photo = await upload(officer, PNG, 'image/png', 'IMG_2231.png');
    const pdf = await upload(officer, PDF, 'application/pdf');
    const draft = await start(officer);
    const saved = await call(
      officer,
      'PUT',
      `/rest/v1/reports/reports/${draft.id}`,
      completeReport({ attachment_ids: [photo, pdf] }),
      ifMatch(draft.version),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = await call(officer, 'GET', `/rest/v1/reports/reports/${draft.id}/attachments`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      { id: photo, name: 'IMG_2231.png', content_type: 'image/png', size: PNG.length, uploaded_at: expect.any(String) },
      { id: pdf, name: null, content_type: 'application/pdf', size: PDF.length, uploaded_at: expect.any(String) },
    ]);

    // A draft: its author and the administrators only.
    const outsider = await signIn(server, await makeUser(server, await makeAgency(server, 'Elsewhere PD'), { permissions: [...OFFICER] }));
    for (const session of [otherOfficer, sergeant, outsider]) {
      expect(await readFile(session, photo)).toBe(404);
      expect((await call(session, 'GET', `/rest/v1/reports/reports/${draft.id}/attachments`)).statusCode).toBe(404);
    }
    expect(await readFile(officer, photo)).toBe(200);
    expect(await readFile(administrator, pdf)).toBe(200);

    // Submitted: the reviewers too, not another officer.
    const sent = await call(
      officer,
      'POST',
      `/rest/v1/reports/reports/${draft.id}/submit`,
      completeReport({ attachment_ids: [photo, pdf] }),
      ifMatch(saved.json().version),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await readFile(sergeant, photo)).toBe(200);
    expect((await call(sergeant, 'GET', `/rest/v1/reports/reports/${draft.id}/attachments`)).json()).toHaveLength(2);
    expect(await readFile(otherOfficer, photo)).toBe(404);

    // Approved: the agency's record, read by every officer; never by another agency.
    await call(sergeant, 'POST', `/rest/v1/reports/reports/${draft.id}/approve`, undefined, ifMatch(sent.json().version));
    expect(await readFile(otherOfficer, pdf)).toBe(200);
    expect(await readFile(outsider, pdf)).toBe(404);
    expect((await call(outsider, 'GET', `/rest/v1/reports/reports/${draft.id}/attachments`)).statusCode).toBe(404);
  });

  it('refuses to attach a file the author did not upload, beside the attachments', async () => {
    const theirs = await upload(otherOfficer, PNG, 'image/png');
    const draft = await start(officer);
    const response = await call(
      officer,
      'PUT',
      `/rest/v1/reports/reports/${draft.id}`,
      completeReport({ attachment_ids: [theirs] }),
      ifMatch(draft.version),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ attachment_ids: 'Attach files you uploaded yourself' });
  });

  it('keeps a file the author removed after a return readable to the reviewer through the revision that held it, for the diff', async () => {
    const photo = await upload(officer, PNG, 'image/png');
    const first = await submitted(officer, completeReport({ attachment_ids: [photo] }));
    const back = (
      await call(sergeant, 'POST', `/rest/v1/reports/reports/${first.id}/return`, { comment: 'Wrong photo.' }, ifMatch(first.version))
    ).json() as Report;
    const again = await call(officer, 'POST', `/rest/v1/reports/reports/${first.id}/submit`, completeReport(), ifMatch(back.version));
    expect(again.statusCode, again.body).toBe(200);
    const report = again.json() as Report;
    expect(report.content.attachment_ids).toEqual([]);
    expect(report.revisions.map((revision) => revision.content.attachment_ids)).toEqual([[photo], [photo], []]);
    expect(await readFile(secondSergeant, photo)).toBe(200);
    expect(
      ((await call(secondSergeant, 'GET', `/rest/v1/reports/reports/${first.id}/attachments`)).json() as Array<{ id: string }>).map(
        (f) => f.id,
      ),
    ).toEqual([photo]);
    expect(await readFile(otherOfficer, photo)).toBe(404);
  });

  it('returns a report with comments on single fields, and refuses a comment on a field the report does not have', async () => {
    const sent = await submitted(officer);
    const unknown = await call(
      sergeant,
      'POST',
      `/rest/v1/reports/reports/${sent.id}/return`,
      { comment: 'See the fields.', fields: { 'answers.bac': 'What was the result?', 'people.4.name': 'Who?' } },
      ifMatch(sent.version),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({
      'fields.answers.bac': 'This report has no field “answers.bac” to comment on',
      'fields.people.4.name': 'This report has no field “people.4.name” to comment on',
    });
    const returned = await call(
      sergeant,
      'POST',
      `/rest/v1/reports/reports/${sent.id}/return`,
      {
        comment: 'See the fields.',
        fields: { 'answers.offense': 'Name the statute.', 'people.0.name': 'Her full name, please.', location: '  ' },
      },
      ifMatch(sent.version),
    );
    expect(returned.statusCode, returned.body).toBe(200);
    expect((returned.json() as Report).review?.fields).toEqual({
      'answers.offense': 'Name the statute.',
      'people.0.name': 'Her full name, please.',
    });
  });

  it('shows each person what needs them: returned reports to the author, and the review queue to a reviewer', async () => {
    const home = (await call(sergeant, 'GET', '/rest/v1/reports/home')).json() as { can_review: boolean; to_review: ReportSummary[] };
    expect(home.can_review).toBe(true);
    expect(home.to_review.length).toBeGreaterThan(0);
    expect(home.to_review.every((r) => r.status === 'submitted' && r.author_name !== 'Dana Sergeant')).toBe(true);
    const officerHome = (await call(otherOfficer, 'GET', '/rest/v1/reports/home')).json() as {
      can_review: boolean;
      to_review: ReportSummary[];
    };
    expect(officerHome).toMatchObject({ can_review: false, to_review: [] });
  });
});
