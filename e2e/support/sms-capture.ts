/**
 * A stand-in for the operator's SMS relay: the app server POSTs `{ "to", "text" }` to SMS_WEBHOOK_URL
 * (server/platform/sms.ts); this keeps every message, readable over HTTP by the tests (which run in
 * other processes):
 *
 *   POST   /sms                 { to, text }  -> 204 (what the app server sends)
 *   GET    /messages?to=<phone> JSON array of CapturedSms, oldest first (all when `to` is omitted)
 *   DELETE /messages            forget every message
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedSms {
  id: number;
  /** ISO time the message was received. */
  receivedAt: string;
  to: string;
  text: string;
}

export interface SmsCapture {
  /** Where the app server sends text messages (SMS_WEBHOOK_URL). */
  webhookUrl: string;
  /** Base URL of the HTTP API, e.g. http://127.0.0.1:40123 */
  apiUrl: string;
  messages: CapturedSms[];
  close(): Promise<void>;
}

export async function startSmsCapture(): Promise<SmsCapture> {
  const messages: CapturedSms[] = [];
  let nextId = 1;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (url.pathname === '/sms' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to?: unknown; text?: unknown };
          if (typeof body.to !== 'string' || typeof body.text !== 'string') return send(400, { message: 'Send { to, text }' });
          messages.push({ id: nextId++, receivedAt: new Date().toISOString(), to: body.to, text: body.text });
          return send(204);
        } catch {
          return send(400, { message: 'Not JSON' });
        }
      });
      return;
    }
    if (url.pathname !== '/messages') return send(404, { message: 'Not found' });
    if (req.method === 'GET') {
      const to = url.searchParams.get('to');
      return send(200, to ? messages.filter((m) => m.to === to) : messages);
    }
    if (req.method === 'DELETE') {
      messages.length = 0;
      return send(200, {});
    }
    return send(405, { message: 'Method not allowed' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    webhookUrl: `${apiUrl}/sms`,
    apiUrl,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
