import { fillPath, type Answer, type Endpoint } from '../../core/endpoints.ts';
import type { EndpointCaller } from '../platform/modules.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { openDatabase, type Database } from '../platform/database.ts';
import type { Services } from '../platform/services.ts';
import { pgliteTemplate } from '../../test/pglite-template.ts';
import { createScratchDatabase } from '../../test/postgres.ts';
import { startMailCapture, type CapturedMail, type MailCapture } from '../../e2e/support/mail-capture.ts';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export interface TestServer {
  kind: DatabaseKind;
  app: FastifyInstance;
  services: Services;
  database: Database;
  mail: MailCapture;
  /** Waits for a message to `to` (optionally matching a subject) to arrive at the SMTP server. */
  waitForMail(to: string, subject?: RegExp, timeoutMs?: number): Promise<CapturedMail & { links: string[] }>;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real server on a real database (in-memory PGlite, or a scratch database on the test run's
 * PostgreSQL server), with e-mail going through a real SMTP server. Requests go through
 * fastify.inject: the full stack, minus the socket.
 */
export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { routes?: (app: FastifyInstance) => void; parkedMs?: number } = {},
): Promise<TestServer> {
  const mail = await startMailCapture();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-test-'));
  const scratch = kind === 'postgres' ? await createScratchDatabase(inject('postgresUrl')) : null;
  const config = loadConfig({
    // Every answer is also checked against its contract by zod (server/platform/response-serializer.ts).
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://precinct.test',
    SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
    SEED_DEMO: 'false',
    // Tests sign in hundreds of times from one address; the limit itself has its own test.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Likewise many wrong passwords; the per-address delays have their own tests (sign-in-throttle).
    SIGN_IN_FAILURES_PER_ADDRESS: '1000000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const database = await openDatabase({
    url: config.databaseUrl,
    // Migrations as the owner when the server signs in as a role of its own (DATABASE_ADMIN_URL), as serve.ts does.
    ...(config.databaseAdminUrl ? { adminUrl: config.databaseAdminUrl } : {}),
    dataDir: 'memory://',
    poolSize: 4,
    ...(options.parkedMs !== undefined ? { parkedMs: options.parkedMs } : {}),
    ...(config.databaseUrl ? {} : { pgliteDump: pgliteTemplate() }),
  });
  const { app, services } = await buildApp(config, database);
  options.routes?.(app);
  await app.ready();

  return {
    kind,
    app,
    services,
    database,
    mail,
    async waitForMail(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mail.messages.find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
        if (found) return { ...found, links: [...found.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]) };
        if (Date.now() > deadline) throw new Error(`No e-mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    request({ token, headers, ...options }) {
      const all = { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      if (String(options.url ?? '').startsWith('/realtime/')) return openingOfStream(app, { ...options, headers: all });
      return app.inject({ ...options, headers: all });
    },
    async close() {
      await app.close();
      await database.close();
      await mail.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server of the same deployment as `first`: its database (unless `env` names other URLs) and
 * the secret its signing keys are sealed with, so each accepts the other's tokens.
 */
export function startSecondServer(first: TestServer, env: Record<string, string> = {}): Promise<TestServer> {
  const { databaseUrl, dataDir } = first.services.config;
  return startTestServer('postgres', {
    DATABASE_URL: databaseUrl!,
    PRECINCT_SECRET: fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim(),
    ...env,
  });
}

/**
 * An event stream never ends by itself, so a sweep's request to realtime/v1 reads its answer up to the
 * first frame (or the whole of a refusal) and lets go: the status, the headers and what came first.
 * The stream itself is closed when the server closes. Tests of the stream's messages use a real socket.
 */
async function openingOfStream(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (response.statusCode === 200 && text.includes('\n\n')) break;
  }
  stream.destroy();
  return Object.assign(response, { body: text, payload: text, json: () => JSON.parse(text) as unknown });
}

/** The token query parameter of the first link in a message. */
export function tokenFromLink(links: string[]): string {
  const link = links.find((l) => l.includes('token=') || l.includes('invitation='));
  if (!link) throw new Error(`No token link among ${links.join(', ')}`);
  const url = new URL(link);
  return url.searchParams.get('token') ?? url.searchParams.get('invitation')!;
}

/** Calls endpoints of the API tables as the holder of `token`, parsing answers with their schemas (module sweep fixtures use it). */
export function endpointCaller(server: TestServer, token: string): EndpointCaller {
  return async <E extends Endpoint>(endpoint: E, options: Parameters<EndpointCaller>[1] = {}): Promise<Answer<E>> => {
    const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const url = `${fillPath(endpoint.url, options.params)}${search}`;
    const response = await server.request({
      method: endpoint.method,
      url,
      token,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.body !== undefined ? { payload: options.body as string } : {}),
    });
    if (response.statusCode >= 400) throw new Error(`${endpoint.method} ${url} answered ${response.statusCode}: ${response.body}`);
    const schema = endpoint.response;
    return (schema !== null && typeof schema === 'object' ? z.parse(schema, response.json()) : response.body) as Answer<E>;
  };
}
