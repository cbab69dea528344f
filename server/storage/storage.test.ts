import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../platform/sample-images.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';

const PNG = solidPng(2, 2, [200, 30, 30]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A PNG with this header (8 bits a channel) and this image data, its chunks' lengths and CRCs right. */
function pngOf(header: { width: number; height: number; colourType: number; interlaced?: boolean }, imageData: Buffer): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const framed = Buffer.alloc(typed.length + 8);
    framed.writeUInt32BE(body.length, 0);
    typed.copy(framed, 4);
    framed.writeUInt32BE(zlib.crc32(typed), typed.length + 4);
    return framed;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr.set([8, header.colourType, 0, 0, header.interlaced ? 1 : 0], 8);
  return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', imageData), chunk('IEND', Buffer.alloc(0))]);
}
const sample = (name: string) => fs.readFileSync(new URL(`../test-support/samples/${name}`, import.meta.url));

describe.each(DATABASE_KINDS)('file storage (storage/v1) on %s', (kind) => {
  let server: TestServer;
  let officer: Session;
  let stranger: Session;
  let colleague: Session;
  let fleetOffice: Session;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const agency = await makeAgency(server);
    officer = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit'] }));
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
      expect(read.headers['content-security-policy']).toMatch(/default-src 'none'.*; sandbox$/);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(read.headers['content-disposition']).toBe(
        type === 'application/pdf' ? `attachment; filename="${created.json().id}.pdf"` : 'inline',
      );
      expect(Buffer.compare(read.rawPayload, body)).toBe(0);
    }
  });

  it('keeps the name the file had on the device, without its folders or control characters', async () => {
    const named = await server.request({
      method: 'POST',
      url: `/storage/v1/object?purpose=fleet&name=${encodeURIComponent('C:\\Users\\pat\\Desktop\\tyre\u0007 front left.png')}`,
      token: officer.access_token,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().name).toBe('tyre front left.png');
    expect((await upload(officer, PNG, 'image/png')).json().name).toBeNull();
  });

  it('accepts real JPEG and WebP photos, and refuses an image that is cut short or damaged, saying so beside the file', async () => {
    expect((await upload(officer, sample('photo.jpg'), 'image/jpeg')).statusCode).toBe(201);
    expect((await upload(officer, sample('photo.webp'), 'image/webp')).statusCode).toBe(201);
    const cut = await upload(officer, sample('photo.jpg').subarray(0, 300), 'image/jpeg');
    expect(cut.statusCode).toBe(400);
    expect(cut.json().fields).toEqual({ file: 'This JPEG image is damaged or incomplete; take or export the photo again' });
    const damaged = Buffer.from(PNG);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 20) ^ 0xff, damaged.length - 20);
    expect((await upload(officer, damaged, 'image/png')).json().fields).toEqual({
      file: 'This PNG image is damaged or incomplete; take or export the photo again',
    });
  });

  it('refuses a PNG whose header claims more than 40 megapixels, naming the limit, before inflating anything', async () => {
    // 20000 x 20000 RGBA: 1.6 GB of pixels claimed by a few kilobytes of compressed zeros.
    const bomb = pngOf({ width: 20_000, height: 20_000, colourType: 6 }, zlib.deflateSync(Buffer.alloc(4 * 1024 * 1024)));
    const refused = await upload(officer, bomb, 'image/png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ file: 'This image is larger than 40 megapixels; export it at a smaller size and try again' });
  });

  it('accepts an interlaced PNG whose seven passes hold exactly the rows its header promises, and refuses one with a row too many', async () => {
    // 3 x 3 RGB: passes 2 and 3 fall outside the image, so they have no rows (and no filter bytes) at all.
    const passes = [
      [1, 1],
      [0, 0],
      [0, 0],
      [1, 1],
      [2, 1],
      [1, 2],
      [3, 1],
    ] as const;
    const rows = passes.flatMap(([width, height]) => Array.from({ length: height }, () => Buffer.alloc(1 + width * 3, 0x80).fill(0, 0, 1)));
    const header = { width: 3, height: 3, colourType: 2, interlaced: true };
    expect((await upload(officer, pngOf(header, zlib.deflateSync(Buffer.concat(rows))), 'image/png')).statusCode).toBe(201);
    const tooLong = pngOf(header, zlib.deflateSync(Buffer.concat([...rows, rows[0]!])));
    expect((await upload(officer, tooLong, 'image/png')).json().fields).toEqual({
      file: 'This PNG image is damaged or incomplete; take or export the photo again',
    });
  });

  it('refuses a PDF that carries a script, even spelled with escapes, packed in a compressed object stream or behind text that looks like a stream', async () => {
    const plain = Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer <<>>\n%%EOF\n');
    const escaped = Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /J#61vaScript >> >> endobj\ntrailer <<>>\n%%EOF\n');
    const packed = Buffer.concat([
      Buffer.from('%PDF-1.5\n5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>\nstream\n'),
      zlib.deflateSync(Buffer.from('6 0 << /S /Launch /F (calc.exe) >>')),
      Buffer.from('\nendstream\nendobj\ntrailer <<>>\n%%EOF\n'),
    ]);
    const packedUnderEscapedType = Buffer.concat([
      Buffer.from('%PDF-1.5\n5 0 obj << /Type /Obj#53tm /N 1 /First 4 /Filter /FlateDecode >>\nstream\n'),
      zlib.deflateSync(Buffer.from('6 0 << /S /Launch /F (calc.exe) >>')),
      Buffer.from('\nendstream\nendobj\ntrailer <<>>\n%%EOF\n'),
    ]);
    // A reader sees two strings here, and the action between them; "stream" inside a string starts no stream.
    const behindStringStream = Buffer.from(
      '%PDF-1.4\n1 0 obj << /A (stream\n) /OpenAction << /S /JavaScript /JS (app.alert(1)) >> /B (endstream) >> endobj\ntrailer <<>>\n%%EOF\n',
    );
    for (const pdf of [plain, escaped, packed, packedUnderEscapedType, behindStringStream]) {
      const refused = await upload(officer, pdf, 'application/pdf');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({
        file: 'PDFs that run scripts, open programs or carry attached files are not accepted; print it to a new PDF and upload that',
      });
    }
  });

  it('accepts a PDF whose drawing happens to spell an action in its data, and refuses one whose object streams unpack to more than 16 MB', async () => {
    const drawing = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Length 24 >>\nstream\n(/JavaScript /Launch) Tj\nendstream\nendobj\ntrailer <<>>\n%%EOF\n',
    );
    expect((await upload(officer, drawing, 'application/pdf')).statusCode).toBe(201);
    const packedTooMuch = Buffer.concat([
      Buffer.from('%PDF-1.5\n5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>\nstream\n'),
      zlib.deflateSync(Buffer.alloc(17 * 1024 * 1024, ' ')),
      Buffer.from('\nendstream\nendobj\ntrailer <<>>\n%%EOF\n'),
    ]);
    const refused = await upload(officer, packedTooMuch, 'application/pdf');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      file: 'This PDF packs too much to check (over 16 MB once unpacked); print it to a new PDF and try again',
    });
  });

  it('keeps personal data out of browser and proxy caches, and lets pages use only the camera and the position', async () => {
    const profile = await server.request({ method: 'GET', url: '/rest/v1/profile', token: officer.access_token });
    expect(profile.headers['cache-control']).toBe('no-store');
    const refused = await server.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'x@precinct.test', password: 'nope' },
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(profile.headers['permissions-policy']).toMatch(/^camera=\(self\), geolocation=\(self\), microphone=\(\)/);
    expect(profile.headers['x-frame-options']).toBe('DENY');
    expect(profile.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });

  it('refuses a file that is not really an image or a PDF, whatever type it claims', async () => {
    const svg = await upload(officer, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().fields).toEqual({ file: 'Upload a photo (PNG, JPEG or WebP) or a PDF' });
    const empty = await upload(officer, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
  });

  it('lets only those who may make its records upload for a purpose', async () => {
    const uploadFor = (session: Session, purpose: string) =>
      server.request({
        method: 'POST',
        url: `/storage/v1/object?purpose=${purpose}`,
        token: session.access_token,
        headers: { 'content-type': 'image/png' },
        payload: PNG,
      });
    for (const purpose of ['citations', 'reports', 'fto']) {
      const refused = await uploadFor(officer, purpose);
      expect(refused.statusCode, purpose).toBe(403);
      expect(refused.json().message).toBe('You cannot upload files for this; ask your agency administrator for access');
    }
    const nobody = await signIn(server, await makeUser(server, await makeAgency(server)));
    expect((await uploadFor(nobody, 'fleet')).statusCode).toBe(403);
    expect((await uploadFor(officer, 'fleet')).statusCode).toBe(201);
    expect((await uploadFor(officer, 'signature')).statusCode).toBe(201);
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
