import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, ok } from '../test-support/api-calls.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { StoredFile } from '../../core/contracts/storage.ts';
import type { Binder, Program, ReferenceDocument } from '../../core/contracts/fto.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(DATABASE_KINDS)('a field training program’s reference material on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let coordinator: Session;
  let otherCoordinator: Session;
  let administrator: Session;
  let trainer: Session;
  let trainee: Session;
  let otherTrainee: Session;
  let program: Program;
  let binder: Binder;
  let otherBinder: Binder;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Reference Material PD');
    const users: Record<'trainer' | 'trainee' | 'otherTrainee', TestUser> = {
      trainer: await makeUser(server, agency, { permissions: ['fto:trainer'], name: 'Chris Trainer' }),
      trainee: await makeUser(server, agency, { permissions: ['fto:user'], name: 'Riley Trainee' }),
      otherTrainee: await makeUser(server, agency, { permissions: ['fto:user'], name: 'Sam Trainee' }),
    };
    coordinator = await signIn(server, await makeUser(server, agency, { permissions: ['fto:admin'], name: 'Morgan Coordinator' }));
    otherCoordinator = await signIn(server, await makeUser(server, agency, { permissions: ['fto:admin'], name: 'Lee Second' }));
    administrator = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Pat Chief' }));
    trainer = await signIn(server, users.trainer);
    trainee = await signIn(server, users.trainee);
    otherTrainee = await signIn(server, users.otherTrainee);
    program = ((await call(coordinator, 'GET', '/rest/v1/fto/admin/programs')).json() as Program[])[0]!;
    binder = await openBinder(users.trainee, users.trainer);
    otherBinder = await openBinder(users.otherTrainee, users.trainer);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = apiCaller(() => server);

  async function openBinder(traineeUser: TestUser, trainerUser: TestUser): Promise<Binder> {
    const response = await call(coordinator, 'POST', '/rest/v1/fto/admin/binders', {
      trainee_id: traineeUser.id,
      program_id: program.id,
      start_date: '2026-09-01',
      trainers: program.content.phases.map((p) => ({ phase_key: p.key, trainer_id: trainerUser.id })),
    });
    return ok<Binder>(response, 201);
  }

  const upload = (session: Session, body: Buffer = PDF, type = 'application/pdf') =>
    server.request({
      method: 'POST',
      url: '/storage/v1/object?purpose=fto',
      token: session.access_token,
      headers: { 'content-type': type },
      payload: body,
    });

  async function uploaded(session: Session): Promise<StoredFile> {
    const response = await upload(session);
    return ok<StoredFile>(response, 201);
  }

  const add = (session: Session, body: object, headers: Record<string, string> = {}) =>
    call(session, 'POST', `/rest/v1/fto/admin/programs/${program.id}/reference`, body, headers);

  async function added(title: string): Promise<ReferenceDocument> {
    const file = await uploaded(coordinator);
    const response = await add(coordinator, { file_id: file.id, title, description: '' });
    return ok<ReferenceDocument>(response, 201);
  }

  const binderList = async (session: Session, id = binder.id) =>
    (await call(session, 'GET', `/rest/v1/fto/binders/${id}/reference`)).json() as ReferenceDocument[];

  it('lets the coordinator upload a PDF and add it to the program, once for a retried request', async () => {
    const file = await uploaded(coordinator);
    const body = { file_id: file.id, title: 'Patrol procedures manual', description: 'Chapters 1–4 before phase 2.' };
    const key = { 'idempotency-key': 'reference-manual-1' };
    const response = await add(coordinator, body, key);
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json() as ReferenceDocument;
    expect(document).toMatchObject({
      program_id: program.id,
      title: 'Patrol procedures manual',
      description: 'Chapters 1–4 before phase 2.',
      url: `/storage/v1/object/${file.id}`,
      content_type: 'application/pdf',
      size: PDF.length,
      added_by_name: 'Morgan Coordinator',
    });
    const retried = await add(coordinator, body, key);
    expect(retried.json().id).toBe(document.id);
    const listed = (await call(coordinator, 'GET', `/rest/v1/fto/admin/programs/${program.id}/reference`)).json() as ReferenceDocument[];
    expect(listed.filter((d) => d.title === 'Patrol procedures manual')).toHaveLength(1);
  });

  it('shows the trainee of a binder on the program its reference material, newest first, and lets them download the file', async () => {
    const older = await added('Beat map');
    const newer = await added('Radio code book');
    const listed = await binderList(trainee);
    expect(listed.map((d) => d.id).slice(0, 2)).toEqual([newer.id, older.id]);
    const file = await call(trainee, 'GET', newer.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    expect((await call(trainer, 'GET', newer.url)).statusCode).toBe(200);
    expect((await binderList(trainer)).map((d) => d.id)).toContain(newer.id);
  });

  it('answers 404 to a trainee asking for another binder’s reference material, while showing them their own', async () => {
    const response = await call(otherTrainee, 'GET', `/rest/v1/fto/binders/${binder.id}/reference`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such binder');
    expect((await binderList(otherTrainee, otherBinder.id)).length).toBeGreaterThan(0);
  });

  it('refuses to add a file someone else uploaded, beside the file', async () => {
    const theirs = await uploaded(otherCoordinator);
    const response = await add(coordinator, { file_id: theirs.id, title: 'Borrowed manual', description: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ file_id: 'Upload the file first' });
  });

  it('refuses a document without a title, naming the field', async () => {
    const file = await uploaded(coordinator);
    const response = await add(coordinator, { file_id: file.id, title: '  ', description: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.title).toBe('Give it a name');
  });

  it('takes a retired document out of the lists, keeps it in the audit log, and answers 404 to retiring it again', async () => {
    const document = await added('Old evidence policy');
    const retired = await call(coordinator, 'POST', `/rest/v1/fto/admin/reference/${document.id}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect((await binderList(trainee)).map((d) => d.id)).not.toContain(document.id);
    const programList = (
      await call(coordinator, 'GET', `/rest/v1/fto/admin/programs/${program.id}/reference`)
    ).json() as ReferenceDocument[];
    expect(programList.map((d) => d.id)).not.toContain(document.id);
    expect((await call(coordinator, 'POST', `/rest/v1/fto/admin/reference/${document.id}/retire`)).statusCode).toBe(404);
    const audit = (await call(administrator, 'GET', '/rest/v1/admin/audit?action=fto&page_size=200')).json() as {
      items: Array<{ action: string; entity_id: string | null }>;
    };
    const entries = audit.items.filter((e) => e.entity_id === document.id).map((e) => e.action);
    expect(entries.sort()).toEqual(['fto.reference_added', 'fto.reference_retired']);
  });

  it('refuses a trainer and a trainee uploading, adding, retiring or listing a program’s reference material', async () => {
    const file = await uploaded(coordinator);
    const document = await added('Report writing guide');
    for (const session of [trainer, trainee]) {
      expect((await upload(session)).statusCode).toBe(403);
      expect((await add(session, { file_id: file.id, title: 'Not theirs to add', description: '' })).statusCode).toBe(403);
      expect((await call(session, 'POST', `/rest/v1/fto/admin/reference/${document.id}/retire`)).statusCode).toBe(403);
      expect((await call(session, 'GET', `/rest/v1/fto/admin/programs/${program.id}/reference`)).statusCode).toBe(403);
    }
  });

  it('answers 404 for a program of no agency of the caller’s', async () => {
    const response = await call(coordinator, 'GET', '/rest/v1/fto/admin/programs/00000000-0000-4000-8000-000000000000/reference');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such program');
  });
});
