import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { AiDraft, AiDraftingStatus, Report } from '../../core/contracts/reports.ts';
import { draftAnswer, startChatStandIn, type ChatStandIn } from '../test-support/chat-stand-in.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, fresh, ifMatch } from '../test-support/api-calls.ts';

const OFFICER = ['reports:editor', 'reports:templates.use', 'reports:templates.create_user'] as const;

const TRANSCRIPT = [
  'WEBVTT',
  '',
  '00:00:03.000 --> 00:00:07.000',
  '<v Officer Sam Officer>I stopped you because you were weaving over the centre line on Lake Street.',
  '',
  '00:00:08.000 --> 00:00:11.000',
  '<v Driver>I only had two beers at the Anchor Bar.',
  '',
  '00:00:40.000 --> 00:00:44.000',
  '<v Officer Sam Officer>Your preliminary breath test shows 0.11.',
  '',
].join('\n');

describe.each(DATABASE_KINDS)('drafting a narrative from a transcript on %s', (kind) => {
  let server: TestServer;
  let standIn: ChatStandIn;
  let agency: TestAgency;
  let officer: Session;
  let otherOfficer: Session;
  let administrator: Session;
  let outsider: Session;

  const call = apiCaller(() => server);
  const draft = (session: Session, body: object = { type_key: 'incident', transcript: TRANSCRIPT, file_name: 'bodycam-0412.vtt' }) =>
    call(session, 'POST', '/functions/v1/draft-narrative', body);
  const use = (session: Session, id: string, signature: string) =>
    call(session, 'POST', `/rest/v1/reports/ai/drafts/${id}/use`, { signature }, fresh());
  const auditActions = async () =>
    server.database.withTenant(agency.id, async (tx) => {
      const { auditLog } = await import('../db/schema.ts');
      const { eq } = await import('drizzle-orm');
      const rows = await tx
        .select({ action: auditLog.action, summary: auditLog.summary })
        .from(auditLog)
        .where(eq(auditLog.agencyId, agency.id));
      return rows;
    });

  beforeAll(async () => {
    standIn = await startChatStandIn();
    server = await startTestServer(kind, {
      AI_BASE_URL: standIn.baseUrl,
      AI_MODEL: 'stand-in-7b',
      AI_API_KEY: 'sk-test',
      AI_TIMEOUT_MS: '1500',
    });
    agency = await makeAgency(server, 'Drafting PD');
    officer = await signIn(server, await makeUser(server, agency, { permissions: [...OFFICER], name: 'Sam Officer' }));
    otherOfficer = await signIn(server, await makeUser(server, agency, { permissions: [...OFFICER], name: 'Pat Other' }));
    administrator = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    const elsewhere = await makeAgency(server, 'Elsewhere PD');
    outsider = await signIn(server, await makeUser(server, elsewhere, { permissions: [...OFFICER], name: 'Out Sider' }));
    const allowed = await call(administrator, 'PUT', '/rest/v1/reports/admin/settings', { ai_type_keys: ['incident'] });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('says whether drafting is set up, which model it uses and for which report types', async () => {
    const response = await call(officer, 'GET', '/rest/v1/reports/ai/status');
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json() as AiDraftingStatus;
    expect(status).toMatchObject({ configured: true, model: 'stand-in-7b', types: [{ key: 'incident', label: 'Incident' }] });
    expect(status.acknowledgement_text).toMatch(/my own account/);
  });

  it('asks the provider for cited sentences and answers the checked draft: invented facts become [INSERT] placeholders', async () => {
    standIn.answerNext(
      draftAnswer([
        [
          {
            text: 'On [INSERT date and time], I stopped a vehicle that was weaving over the centre line on Lake Street.',
            passages: ['P1'],
          },
          { text: 'The driver said he had two beers at the Anchor Bar.', passages: ['P2'] },
        ],
        [
          { text: 'His preliminary breath test showed 0.14.', passages: ['P3'] },
          { text: 'He admitted to taking prescription medication.', passages: ['P7'] },
        ],
      ]),
    );
    const response = await draft(officer);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as AiDraft;
    expect(result.format).toBe('webvtt');
    expect(result.passages.map((p) => p.id)).toEqual(['P1', 'P2', 'P3']);
    expect(result.passages[1]).toEqual({ id: 'P2', start_ms: 8000, speaker: 'Driver', text: 'I only had two beers at the Anchor Bar.' });
    expect(result.paragraphs[0]!.map((s) => s.passages)).toEqual([['P1'], ['P2']]);
    expect(result.paragraphs[1]![0]!.text).toBe('His preliminary breath test showed [INSERT 0.14 (not in the transcript)].');
    expect(result.paragraphs[1]![1]!.text).toMatch(/^\[INSERT statement the transcript does not support/);
    expect(result.placeholders).toHaveLength(3);
    expect(result).toMatchObject({
      model: 'stand-in-7b',
      prompt_tokens: 812,
      completion_tokens: 164,
      report_id: null,
      acknowledgement: null,
    });

    const asked = standIn.requests.at(-1)!;
    expect(asked.model).toBe('stand-in-7b');
    expect(asked.authorization).toBe('Bearer sk-test');
    expect(asked.response_format).toEqual({ type: 'json_object' });
    expect(asked.messages[0]!.content).toMatch(/Never add facts/);
    expect(asked.messages[1]!.content).toContain('P2 [00:00:08] Driver: I only had two beers at the Anchor Bar.');
    expect(asked.messages[1]!.content).toContain('Reporting officer: Sam Officer');

    const audit = await auditActions();
    expect(audit.find((entry) => entry.action === 'reports.ai_drafted')?.summary).toMatch(
      /from “bodycam-0412\.vtt” \(WebVTT captions, 3 passages, sha256 [0-9a-f]{12}\) with stand-in-7b: 812 prompt and 164 completion tokens in \d+ ms, 3 placeholders/,
    );
  });

  it('starts a report from a signed draft with the cited narrative, and keeps it from being submitted while an [INSERT] is left', async () => {
    standIn.answerNext(
      draftAnswer([[{ text: 'At [INSERT time], the driver said he had two beers at the Anchor Bar.', passages: ['P2'] }]]),
    );
    const made = (await draft(officer)).json() as AiDraft;

    const unsigned = await use(officer, made.id, 'Someone Else');
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ fields: { signature: 'Type your name as your account has it: Sam Officer' } });

    const used = await use(officer, made.id, '  sam officer ');
    expect(used.statusCode, used.body).toBe(201);
    const report = used.json() as Report;
    expect(report.ai_draft_id).toBe(made.id);
    expect(report.content.narrative).toBe(
      '<p><span data-cite="P2">At [INSERT time], the driver said he had two beers at the Anchor Bar.</span></p>',
    );

    const again = await use(officer, made.id, 'Sam Officer');
    expect(again.statusCode).toBe(409);

    const opened = (await call(officer, 'GET', `/rest/v1/reports/ai/drafts/${made.id}`)).json() as AiDraft;
    expect(opened.report_id).toBe(report.id);
    expect(opened.acknowledgement).toMatchObject({ name: 'Sam Officer' });
    expect(opened.disclosure).toMatch(
      /^AI assisted: the first draft of this narrative was written by an AI model \(stand-in-7b\) from the transcript “bodycam-0412\.vtt” \(3 passages\)/,
    );
    expect(opened.disclosure).toMatch(/Sam Officer reviewed and edited it and signed: “I have read this narrative/);

    const submit = await call(
      officer,
      'POST',
      `/rest/v1/reports/reports/${report.id}/submit`,
      {
        ...report.content,
        occurred_at: '2026-11-20T01:40',
        reported_at: '2026-11-20T02:15',
        location: '1400 N Lake St',
        answers: { offense: 'OWI', how_reported: 'Officer initiated' },
      },
      ifMatch(report.version),
    );
    expect(submit.statusCode).toBe(400);
    expect((submit.json() as { fields: Record<string, string> }).fields.narrative).toMatch(/\[INSERT time\]/);

    const audit = await auditActions();
    expect(audit.some((entry) => entry.action === 'reports.ai_used' && /used the stand-in-7b draft in report/.test(entry.summary))).toBe(
      true,
    );
  });

  it('keeps the cited sentences through an edit, but not a crafted attribute', async () => {
    standIn.answerNext(draftAnswer([[{ text: 'The driver said he had two beers.', passages: ['P2'] }]]));
    const made = (await draft(officer)).json() as AiDraft;
    const report = (await use(officer, made.id, 'Sam Officer')).json() as Report;
    const saved = await call(
      officer,
      'PUT',
      `/rest/v1/reports/reports/${report.id}`,
      {
        ...report.content,
        narrative:
          '<p><span data-cite="P2">The driver said he had two beers.</span> <span data-cite="javascript:x" onclick="x()">Hi</span></p>',
      },
      ifMatch(report.version),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Report).content.narrative).toBe('<p><span data-cite="P2">The driver said he had two beers.</span> Hi</p>');
  });

  it('lets only the officer who drafted it, and those who may see its report, open a draft; no one else and no other agency', async () => {
    standIn.answerNext(draftAnswer([[{ text: 'The driver said he had two beers.', passages: ['P2'] }]]));
    const made = (await draft(officer)).json() as AiDraft;
    expect((await call(otherOfficer, 'GET', `/rest/v1/reports/ai/drafts/${made.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/rest/v1/reports/ai/drafts/${made.id}`)).statusCode).toBe(404);
    expect((await use(otherOfficer, made.id, 'Pat Other')).statusCode).toBe(404);
    expect((await use(outsider, made.id, 'Out Sider')).statusCode).toBe(404);
    expect((await call(administrator, 'GET', `/rest/v1/reports/ai/drafts/${made.id}`)).statusCode).toBe(404);
    await use(officer, made.id, 'Sam Officer');
    // An administrator sees every report, so the draft behind one too.
    expect((await call(administrator, 'GET', `/rest/v1/reports/ai/drafts/${made.id}`)).statusCode).toBe(200);
  });

  it('refuses a report type the agency has not allowed, and an empty transcript, field by field, before asking the provider', async () => {
    const asked = standIn.requests.length;
    await call(administrator, 'PUT', '/rest/v1/reports/admin/settings', {
      types: [
        { key: 'incident', label: 'Incident', template_id: null },
        { key: 'theft', label: 'Theft', template_id: null },
      ],
    });
    const notAllowed = await draft(officer, { type_key: 'theft', transcript: TRANSCRIPT });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json()).toMatchObject({
      fields: { type_key: 'Your agency does not allow drafting this report type from a transcript' },
    });
    const empty = await draft(officer, { type_key: 'incident', transcript: 'WEBVTT\n\n' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { transcript: 'The transcript has no speech in it' } });
    expect(standIn.requests.length).toBe(asked);
    const unknownType = await call(administrator, 'PUT', '/rest/v1/reports/admin/settings', { ai_type_keys: ['robbery'] });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toMatchObject({ fields: { ai_type_keys: 'There is no report type “robbery”' } });
  });

  it('answers a provider that errs, times out or answers malformed JSON with a clear message, and audits each failure', async () => {
    standIn.answerNext({ kind: 'status', status: 500, message: 'model overloaded' });
    const refused = await draft(officer);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      message: expect.stringMatching(/^The AI provider refused the request \(500: .*Nothing you entered was lost/),
    });

    standIn.answerNext({ kind: 'content', content: 'Sure! Here is your report: the driver was drunk.' });
    const malformed = await draft(officer);
    expect(malformed.statusCode).toBe(502);
    expect(malformed.json()).toMatchObject({ message: expect.stringMatching(/^The AI provider's answer was not the draft asked for/) });

    standIn.answerNext({ kind: 'silence', ms: 5000 });
    const silent = await draft(officer);
    expect(silent.statusCode).toBe(504);
    expect(silent.json()).toMatchObject({ message: expect.stringMatching(/^The AI provider did not answer within 2 seconds/) });

    const failures = (await auditActions()).filter((entry) => entry.action === 'reports.ai_failed').map((entry) => entry.summary);
    expect(failures.map((summary) => /\((refused|malformed|timeout)\)$/.exec(summary)?.[1])).toEqual(['refused', 'malformed', 'timeout']);
  });

  it('says plainly when no provider is set up, and how to set one up', async () => {
    const configured = server.services.config.ai;
    // The same server with the operator's AI_* variables unset (read per request).
    server.services.config.ai = null;
    try {
      const status = (await call(officer, 'GET', '/rest/v1/reports/ai/status')).json() as AiDraftingStatus;
      expect(status).toMatchObject({ configured: false, model: null });
      const response = await draft(officer);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        message: expect.stringMatching(
          /^Drafting from a transcript is not set up on this server\. The operator sets AI_BASE_URL and AI_MODEL/,
        ),
      });
    } finally {
      server.services.config.ai = configured;
    }
  });

  it('keeps drafting to holders of reports:templates.use', async () => {
    const writer = await signIn(server, await makeUser(server, agency, { permissions: ['reports:editor'], name: 'Wri Ter' }));
    expect((await draft(writer)).statusCode).toBe(403);
    expect((await call(writer, 'GET', '/rest/v1/reports/ai/status')).statusCode).toBe(403);
  });
});
