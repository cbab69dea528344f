/**
 * HTTPS answered by the server itself (TLS_CERT_FILE, TLS_KEY_FILE), on a real socket: browsers speak
 * HTTP/2 to it, other clients HTTP/1.1 on the same port, and the long-lived live-update stream works
 * over HTTP/2 as over HTTP/1.1.
 */
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localhostCertificate } from '../scripts/localhost-certificate.ts';
import { reloadCertificate } from './platform/https.ts';
import { notify } from './platform/notices.ts';
import { makeAgency, makeUser, TEST_PASSWORD, type TestAgency } from './test-support/factories.ts';
import { startTestServer, type TestServer } from './test-support/test-server.ts';

/** Whether a new HTTP/2 connection trusting only `ca` is accepted. */
function connects(base: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = http2.connect(base, { ca });
    client.once('connect', () => {
      client.close();
      resolve(true);
    });
    client.once('error', () => resolve(false));
  });
}

type Answer = { status: number; headers: http2.IncomingHttpHeaders; body: string };

/** One request over an HTTP/2 session; the body is read as text, up to `until` when the answer is a stream. */
function overHttp2(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
  until?: (text: string) => boolean,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    let answer: Answer = { status: 0, headers: {}, body: '' };
    stream.setEncoding('utf8');
    stream.once('response', (responseHeaders) => {
      answer = { status: Number(responseHeaders[':status']), headers: responseHeaders, body: '' };
    });
    stream.on('data', (chunk: string) => {
      answer.body += chunk;
      if (until?.(answer.body)) {
        stream.close();
        resolve(answer);
      }
    });
    stream.once('end', () => resolve(answer));
    stream.once('error', reject);
    stream.end(body);
  });
}

describe('the server answering HTTPS itself', () => {
  let server: TestServer;
  let base: string;
  let ca: string;
  let agency: TestAgency;
  let session: http2.ClientHttp2Session;

  beforeAll(async () => {
    const certificate = await localhostCertificate(fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-tls-')));
    ca = certificate.cert;
    // No PUBLIC_URL: answering HTTPS, the server's own address is an https one (its cookies Secure).
    server = await startTestServer('pglite', { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile, PUBLIC_URL: '' });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    agency = await makeAgency(server, 'Secure Agency');
    session = http2.connect(base, { ca });
  });

  afterAll(async () => {
    session?.close();
    await server?.close();
  });

  it('listens on an https address', () => {
    expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers an HTTP/2 client, with the same security headers as over HTTP/1.1', async () => {
    const answer = await overHttp2(session, { ':path': '/health' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok', database: 'ok' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('answers an HTTP/1.1 client on the same port', async () => {
    const answer = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      https
        .get(`${base}/health`, { ca }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.once('end', () => resolve({ status: response.statusCode ?? 0, version: response.httpVersion, body }));
        })
        .once('error', reject);
    });
    expect(answer).toMatchObject({ status: 200, version: '1.1' });
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok', database: 'ok' });
  });

  it('signs a browser in over HTTP/2 and keeps its refresh token in a Secure cookie', async () => {
    const user = await makeUser(server, agency, { permissions: [] });
    const answer = await overHttp2(
      session,
      {
        ':method': 'POST',
        ':path': '/auth/v1/token?grant_type=password',
        'content-type': 'application/json',
        // What the web app sends (server/auth/refresh-cookie.ts).
        'x-precinct-refresh-cookie': '1',
      },
      JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ token_type: 'bearer', user: { email: user.email } });
    expect(JSON.parse(answer.body)).toMatchObject({ refresh_token: '' });
    expect([answer.headers['set-cookie'] ?? []].flat()).toEqual([
      expect.stringMatching(/^precinct-refresh=.+; HttpOnly; SameSite=Strict; Secure$/),
    ]);
  });

  it('streams live updates over HTTP/2: the ready frame, then a notice sent to the user', async () => {
    const user = await makeUser(server, agency, { permissions: [] });
    const signedIn = await overHttp2(
      session,
      { ':method': 'POST', ':path': '/auth/v1/token?grant_type=password', 'content-type': 'application/json' },
      JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    );
    const { access_token: token } = JSON.parse(signedIn.body) as { access_token: string };
    // Node drops what HTTP/2 forbids (a connection header) with a warning: the stream must send none.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    let notified = false;
    const answer = await overHttp2(
      session,
      { ':path': '/realtime/v1/stream', accept: 'text/event-stream', authorization: `Bearer ${token}` },
      undefined,
      (text) => {
        // Once the stream is open (its ready frame came), a notice for the user.
        if (!notified && text.includes('event: ready')) {
          notified = true;
          void server.database.withTenant(agency.id, (tx) =>
            notify(tx, agency.id, user.id, { kind: 'test.realtime', title: 'Radio check at 22:00' }),
          );
        }
        return text.includes('event: notifications');
      },
    ).finally(() => process.off('warning', onWarning));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(warnings).toEqual([]);
    expect(answer.body).toMatch(/^retry: 2000\nevent: ready\n/);
    expect(answer.body).toContain('event: notifications');
  });

  it('answers new connections with a renewed certificate read again from its files, and keeps the old one when the new files are bad', async () => {
    const files = server.services.config.tls!;
    const renewed = await localhostCertificate(fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-tls-')));
    fs.writeFileSync(files.certFile, renewed.cert);
    fs.writeFileSync(files.keyFile, renewed.key);
    reloadCertificate(server.app, files);
    expect(await connects(base, renewed.cert)).toBe(true);
    expect(await connects(base, ca)).toBe(false);
    // A key that is not the certificate's: refused, and the renewed certificate stays.
    const other = await localhostCertificate(fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-tls-')));
    fs.writeFileSync(files.keyFile, other.key);
    expect(() => reloadCertificate(server.app, files)).toThrow();
    expect(await connects(base, renewed.cert)).toBe(true);
    // The connection opened before the renewal still answers.
    expect((await overHttp2(session, { ':path': '/health' })).status).toBe(200);
  });
});
