import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(DATABASE_KINDS)('file storage (storage/v1) on %s', (kind) => {
  let server: TestServer;
  let officer: Session;
  let stranger: Session;
  let colleague: Session;
  let fleetOffice: Session;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const agency = await makeAgency(server);
    officer = await signIn(server, await makeUser(server, agency));
    colleague = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit'] }));
    fleetOffice = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:admin'] }));
    stranger = await signIn(server, await makeUser(server, await makeAgency(server)));
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = (session: Session, body: Buffer, type: string) =>
    server.request({
      method: 'POST',
      url: '/storage/v1/object?purpose=fleet',
      token: session.access_token,
      headers: { 'content-type': type },
      payload: body,
    });

  it('stores a photo and a PDF and gives them back to the same agency, with headers that only let a browser show them', async () => {
    for (const [body, type] of [
      [PNG, 'image/png'],
      [PDF, 'application/pdf'],
    ] as const) {
      const created = await upload(officer, body, type);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ content_type: type, size: body.length, url: `/storage/v1/object/${created.json().id}` });
      const read = await server.request({ method: 'GET', url: created.json().url, token: officer.access_token });
      expect(read.headers['content-type']).toBe(type);
      expect(read.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(Buffer.compare(read.rawPayload, body)).toBe(0);
    }
  });

  it('refuses a file that is not really an image or a PDF, whatever type it claims', async () => {
    const svg = await upload(officer, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().fields).toEqual({ file: 'Upload a photo (PNG, JPEG or WebP) or a PDF' });
    const empty = await upload(officer, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
  });

  it('answers 404 to another agency and 401 to nobody', async () => {
    const created = (await upload(officer, PNG, 'image/png')).json();
    expect((await server.request({ method: 'GET', url: created.url, token: stranger.access_token })).statusCode).toBe(404);
    expect((await server.request({ method: 'GET', url: created.url })).statusCode).toBe(401);
  });

  it('lets the uploader and the fleet office read a fleet photo, and answers 404 to a colleague without fleet:admin', async () => {
    const created = (await upload(officer, PNG, 'image/png')).json();
    const read = (session: Session) => server.request({ method: 'GET', url: created.url, token: session.access_token });
    expect((await read(officer)).statusCode).toBe(200);
    expect((await read(fleetOffice)).statusCode).toBe(200);
    const refused = await read(colleague);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('File not found');
  });

  it('answers 429 with a plain message once a person sends more than 60 files in a minute, without slowing a colleague', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await upload(colleague, PNG, 'image/png')).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
    const limited = await upload(colleague, PNG, 'image/png');
    expect(limited.json().message).toMatch(/^You have sent a lot of files in the last minute; wait \d+ seconds and try again$/);
    expect((await upload(fleetOffice, PNG, 'image/png')).statusCode).toBe(201);
  });
});
