/**
 * A real SMTP server that keeps every message it receives (the app under test sends to it through
 * nodemailer), and a tiny HTTP API on loopback through which tests, which run in other processes,
 * read them:
 *
 *   GET    /messages?to=<address>   JSON array of CapturedMail, oldest first (all when `to` is omitted)
 *   DELETE /messages                forget every message
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mail-parse.ts';

export interface CapturedMail {
  id: number;
  /** ISO time the message was received. */
  receivedAt: string;
  /** Envelope recipients and To/Cc addresses, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
}

export interface MailCapture {
  smtpPort: number;
  /** Base URL of the HTTP API, e.g. http://127.0.0.1:40123 */
  apiUrl: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

function listen(server: {
  listen(port: number, host: string, cb: () => void): unknown;
  once(event: 'error', cb: (e: Error) => void): unknown;
}): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}

export async function startMailCapture(): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    // Plain SMTP on loopback: with STARTTLS offered, nodemailer would upgrade to a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'Precinct test mail capture',
    size: 25 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const parsed = parseMail(Buffer.concat(chunks));
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          messages.push({
            id: nextId++,
            receivedAt: new Date().toISOString(),
            to: [...new Set([...envelopeTo, ...parsed.to])],
            from,
            subject: parsed.subject,
            text: parsed.text,
          });
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });
  smtp.on('error', (error) => console.error(`[mail capture] SMTP error: ${error.message}`));
  // smtp-server's own listen() goes to its net.Server; listen on an ephemeral port.
  const smtpNet = smtp.server;
  await listen(smtpNet);
  const smtpPort = (smtpNet.address() as AddressInfo).port;

  const api: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/messages') return send(404, { message: 'Not found' });
    if (req.method === 'GET') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      return send(200, to ? messages.filter((m) => m.to.includes(to)) : messages);
    }
    if (req.method === 'DELETE') {
      messages.length = 0;
      return send(200, {});
    }
    return send(405, { message: 'Method not allowed' });
  });
  await listen(api);
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

  return {
    smtpPort,
    apiUrl,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        api.closeAllConnections();
        api.close(() => smtp.close(() => resolve()));
      }),
  };
}
