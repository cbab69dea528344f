import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './platform/response-serializer.ts';
import { checkKeptJson } from './platform/kept-json.ts';
import { checkReusedStatements } from './platform/reused-statements.ts';
import { z } from 'zod';
import { matchesRoutePattern } from '../core/route-patterns.ts';
import { carriesSessionCookie } from '../core/session-cookie.ts';
import { readTlsFiles, type Config } from './env.ts';
import { SERVER_MODULES } from './modules.ts';
import { SigningKeys } from './platform/signing-keys.ts';
import { installAccessControl } from './platform/access.ts';
import type { Database } from './platform/database.ts';
import { BuildAssets } from './platform/build-assets.ts';
import { AppError, errorHandler } from './platform/errors.ts';
import { Mailer } from './platform/mail.ts';
import { loadSecret } from './platform/secret.ts';
import { closeHttp2SessionsOnClose } from './platform/https.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { LocalStorage } from './platform/storage.ts';
import { TextMessages, WebhookSmsSender } from './platform/sms.ts';
import { JobQueue } from './platform/jobs.ts';
import { RealtimeHub } from './platform/realtime.ts';
import type { Services } from './platform/services.ts';

/** Paths the API owns; anything else is the web app (index.html for client-side routes). */
export const API_PREFIXES = ['/auth/', '/rest/', '/storage/', '/realtime/', '/functions/', '/app/', '/docs/', '/health'];

const PERMISSIONS_POLICY = [
  'camera=(self)',
  'geolocation=(self)',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'interest-cohort=()',
  'browsing-topics=()',
].join(', ');

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

/** Builds the whole server (API and web app) on an open database. `serve.ts` adds listening and signals. */
export async function buildApp(config: Config, database: Database): Promise<BuiltApp> {
  const options = {
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
  };
  const app = config.tls
    ? // HTTPS answered by the server itself: HTTP/2 for browsers (a page's thirty-odd files on one
      // connection, without HTTP/1.1's six-at-a-time), HTTP/1.1 on the same port for other clients.
      // Typed as the HTTP/1.1 instance the routes are written against: Node's HTTP/2 compatibility
      // objects answer the same calls (headers, write, close), and the routes use nothing beyond them.
      (Fastify({
        ...options,
        http2: true,
        // Nagle off, as Node's HTTP/1.1 server has it: an event stream's messages and small answers leave at once.
        https: { allowHTTP1: true, noDelay: true, ...readTlsFiles(config.tls) },
      }) as unknown as FastifyInstance)
    : Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  // Answers hold only what their contract names; outside production each is also checked by zod (response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ checked: config.env !== 'production' }));
  // Reused statements are built again and compared with the kept one outside production too (reused-statements.ts).
  checkReusedStatements(config.env !== 'production');
  checkKeptJson(config.env !== 'production');
  app.setErrorHandler(errorHandler);

  const secret = loadSecret(config.secret, config.dataDir);
  const keys = new SigningKeys({ database, secret, rotationDays: config.keyRotationDays });
  await keys.init();
  const mailer = new Mailer({ database, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const sms = new TextMessages({
    sender: config.smsWebhookUrl ? new WebhookSmsSender(config.smsWebhookUrl) : null,
    database,
    log: app.log,
  });
  const services: Services = {
    config,
    database,
    keys,
    mailer,
    sms,
    secret,
    storage: new LocalStorage(config.dataDir),
    log: app.log,
    realtime: new RealtimeHub(database, app.log),
    jobs: new JobQueue(database, app.log),
    modules: SERVER_MODULES,
  };
  app.addHook('onClose', async () => mailer.close());
  await services.realtime.start();
  // Open streams end before the server waits for its connections to close.
  app.addHook('preClose', async () => services.realtime.stop());
  if (config.tls) closeHttp2SessionsOnClose(app);
  await services.jobs.start(
    SERVER_MODULES.flatMap((module) => module.jobs ?? []),
    services,
  );
  app.addHook('onClose', async () => services.jobs.stop());

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.analytics ? [config.analytics.host] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.analytics ? [config.analytics.host] : [])],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same answer as frame-ancestors 'none', for browsers that read only the older header.
    xFrameOptions: { action: 'deny' },
    // HSTS only means something over TLS; behind a TLS proxy (TRUST_PROXY) it is sent.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    // What a browser may use: the camera (photos of damage, a licence's barcode) and the position
    // (where a stop or an incident happened), on our own pages only; nothing else.
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Answers of the API carry personal and agency data: no browser or proxy keeps them, unless a
    // route said otherwise for something public (the signing keys, an agency's logo).
    if (!reply.hasHeader('cache-control') && API_PREFIXES.some((prefix) => request.url.startsWith(prefix)))
      reply.header('cache-control', 'no-store');
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Precinct API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  // Per-address limits in front of every auth endpoint (routes opt in with config.rateLimit).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts from your address; wait ${Math.ceil(context.ttl / 1000)} seconds and try again`,
      details: null,
      hint: null,
      code: 'rate_limited',
    }),
  });

  installAccessControl(app, { database, keys, issuer: config.jwtIssuer });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/health',
    {
      config: { access: { public: true } },
      schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) } },
    },
    async () => {
      await database.ping();
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
  typed.get('/docs/openapi.json', { config: { access: { public: true } } }, async () => app.swagger());
  typed.get('/app/config.json', { config: { access: { public: true } } }, async () => ({
    analytics: config.analytics,
    redirects: config.redirects,
  }));

  for (const module of services.modules) await module.routes(app, services);

  await serveWebApp(app, config.webDistDir, config.redirects);

  app.setNotFoundHandler((request, reply) =>
    errorHandler(new AppError('not_found', `Not found: ${request.method} ${request.url.split('?')[0]}`), request, reply),
  );
  return { app, services };
}

/**
 * The sign-in page of its own (login.html: the form without the router, the query client or the
 * modules' routes; web/sign-in.tsx) is sent for /login to a browser with no session cookie, unless a
 * configured redirect takes /login elsewhere: the app (index.html) carries out redirects.
 */
function sendsSignInPage(urlPath: string, cookieHeader: string | undefined, redirects: Config['redirects']): boolean {
  return (
    matchesRoutePattern(urlPath, '/login') &&
    !carriesSessionCookie(cookieHeader) &&
    !redirects.some((redirect) => matchesRoutePattern(urlPath, redirect.from))
  );
}

/** How a file of assets/ may be cached: a year, never revalidated (its name changes with its content). */
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Serves the built React app: real files as they are, any other path as index.html (client routes). */
async function serveWebApp(app: FastifyInstance, distDir: string, redirects: Config['redirects']) {
  // The build writes .br and .gz copies of its text files (vite.config.ts): sent to browsers that accept them.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });
  const indexFile = path.join(distDir, 'index.html');
  const signInFile = path.join(distDir, 'login.html');
  // The files of the installable app (vite.config.ts installableApp) whose names do not change with the build.
  const offlineAppFiles = new Set(['sw.js', 'manifest.webmanifest']);
  // The build's content-hashed files, from memory after their first request (platform/build-assets.ts).
  const assets = new BuildAssets(distDir);
  app.get('/*', { config: { access: { public: true } } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (API_PREFIXES.some((prefix) => urlPath.startsWith(prefix)))
      throw new AppError('not_found', `Not found: ${request.method} ${urlPath}`);
    const relative = path
      .normalize(urlPath)
      .replace(/^(\.\.(\/|\\|$))+/, '')
      .replace(/^\/+/, '');
    const asset = relative.startsWith('assets/') ? await assets.get(relative, request.headers['accept-encoding']) : null;
    if (asset) {
      reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).type(asset.type);
      if (asset.negotiated) reply.header('vary', 'accept-encoding');
      if (asset.encoding) reply.header('content-encoding', asset.encoding);
      return reply.send(asset.body);
    }
    const file = path.join(distDir, relative);
    if (relative && file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // The service worker and the web app manifest keep their names from build to build: the browser must
      // ask every time (a cached sw.js would keep an old build installed after a deployment).
      if (offlineAppFiles.has(relative)) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile(relative, { cacheControl: false });
      }
      if (relative.startsWith('assets/')) {
        // An asset BuildAssets does not keep (a source map, a type it does not know): cached the same way.
        reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
        return reply.sendFile(relative, { cacheControl: false });
      }
      return reply.sendFile(relative, { cacheControl: true, maxAge: 0 });
    }
    if (!fs.existsSync(indexFile))
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet. Run `npm run build` (or `npm start`, which builds it).');
    reply.header('cache-control', 'no-cache');
    // Which page /login gets depends on the session cookie.
    if (matchesRoutePattern(urlPath, '/login')) reply.header('vary', 'cookie');
    const page = sendsSignInPage(urlPath, request.headers.cookie, redirects) && fs.existsSync(signInFile) ? 'login.html' : 'index.html';
    return reply.sendFile(page, { cacheControl: false });
  });
}
