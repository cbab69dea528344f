import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';

/**
 * The server's configuration, read once from the environment and validated. This is the only
 * module that reads process.env (a lint rule keeps it so). A bad value stops the server with a
 * message naming the variable.
 */
const Port = z.coerce.number().int().min(0, 'must be a port number (0-65535)').max(65535, 'must be a port number (0-65535)');

const Flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const Url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const Redirects = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of { "from", "to", "permanent"? }' });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(
      z.object({
        from: z.string().startsWith('/', 'each "from" must be a path starting with /'),
        to: z.string().min(1),
        permanent: z.boolean().default(false),
      }),
    ),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: Port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: Url(['postgres:', 'postgresql:']).optional(),
  DATABASE_ADMIN_URL: Url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PUBLIC_URL: Url(['http:', 'https:']).optional(),
  SMTP_URL: Url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Precinct <no-reply@precinct.local>'),
  SMS_WEBHOOK_URL: Url(['http:', 'https:']).optional(),
  SMS_INBOUND_SECRET: z.string().min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 24`)').optional(),
  PRECINCT_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  AUTH_KEY_ROTATION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SEED_DEMO: Flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  POSTHOG_KEY: z.string().min(1).optional(),
  POSTHOG_HOST: Url(['https:', 'http:']).default('https://us.i.posthog.com'),
  ROUTE_REDIRECTS: Redirects.optional(),
  TRUST_PROXY: Flag.default(false),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  AI_BASE_URL: Url(['http:', 'https:']).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  /** Absent: the embedded PGlite database in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** The connection migrations run on (owner of the schema); defaults to databaseUrl. */
  databaseAdminUrl: string | undefined;
  databasePoolSize: number;
  databasePoolWaitMs: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  /** The shared secret the SMS relay sends with each inbound reply (the all-call's text answers); unset: replies are refused. */
  smsInboundSecret: string | undefined;
  secret: string | undefined;
  jwtIssuer: string;
  keyRotationDays: number;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
  analytics: { key: string; host: string } | null;
  redirects: Array<{ from: string; to: string; permanent: boolean }>;
  trustProxy: boolean;
  /**
   * The files of the certificate (with its chain) and private key, PEM, the server answers HTTPS with
   * itself, over HTTP/2 and HTTP/1.1 on the same port. Null: plain HTTP, for a TLS proxy in front or for a
   * trial on localhost.
   */
  tls: TlsFiles | null;
  /** Requests per minute one address may make to each auth endpoint. */
  authRateLimitPerMinute: number;
  /** Failed sign-ins from one network address within 15 minutes before each further one waits longer. */
  signInFailuresPerAddress: number;
  /**
   * The AI provider that drafts narratives from transcripts: any OpenAI-compatible chat-completions
   * endpoint (OpenAI, Azure, a local Ollama, llama.cpp or vLLM). Null until AI_BASE_URL and AI_MODEL are set.
   */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
}

/** Where the server's certificate (with its chain) and private key are, PEM; read at start and on SIGHUP (readTlsFiles). */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses configuration from an environment (process.env by default); throws ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most shells' `VAR= command`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.AI_BASE_URL) !== Boolean(e.AI_MODEL))
    throw new ConfigError(
      `Invalid configuration:\n  ${e.AI_BASE_URL ? 'AI_MODEL' : 'AI_BASE_URL'}: must be set with ${e.AI_BASE_URL ? 'AI_BASE_URL' : 'AI_MODEL'}`,
    );
  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE))
    throw new ConfigError(
      `Invalid configuration:\n  ${e.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'}: must be set with ${e.TLS_CERT_FILE ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'}`,
    );
  const tlsFiles =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) } : null;
  // Read now, so that a file that cannot be read, or a key that is not the certificate's, stops the start with a message.
  if (tlsFiles) readTlsFiles(tlsFiles);
  if (tlsFiles && e.PUBLIC_URL?.startsWith('http:'))
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: must start with https:// when the server answers HTTPS itself (TLS_CERT_FILE)',
    );
  const publicUrl = (e.PUBLIC_URL ?? `${tlsFiles ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseAdminUrl: e.DATABASE_ADMIN_URL ?? e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePoolWaitMs: e.DATABASE_POOL_WAIT_MS,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    smsInboundSecret: e.SMS_INBOUND_SECRET,
    secret: e.PRECINCT_SECRET,
    jwtIssuer: e.JWT_ISSUER ?? `${publicUrl}/auth/v1`,
    keyRotationDays: e.AUTH_KEY_ROTATION_DAYS,
    // The embedded database is for trying Precinct out: seed it unless told not to. A real
    // PostgreSQL is seeded only when asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    analytics: e.POSTHOG_KEY ? { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST } : null,
    redirects: e.ROUTE_REDIRECTS ?? [],
    trustProxy: e.TRUST_PROXY,
    tls: tlsFiles,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    signInFailuresPerAddress: e.SIGN_IN_FAILURES_PER_ADDRESS,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
        : null,
  };
}

/**
 * The certificate and key, read from their files and checked to go together (a TLS context is made of
 * them); a file that cannot be read, is not PEM, or a key that is not the certificate's is a
 * ConfigError naming its variable. The key is kept nowhere else: the server asks for it when it starts
 * and when it reads a renewed certificate.
 */
export function readTlsFiles(files: TlsFiles): { cert: Buffer; key: Buffer } {
  const cert = readPem('TLS_CERT_FILE', files.certFile);
  const key = readPem('TLS_KEY_FILE', files.keyFile);
  try {
    tls.createSecureContext({ cert, key });
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unusable';
    throw new ConfigError(`Invalid configuration:\n  TLS_KEY_FILE: ${files.keyFile} is not the key of ${files.certFile} (${reason})`);
  }
  return { cert, key };
}

function readPem(variable: string, file: string): Buffer {
  let content: Buffer;
  try {
    content = fs.readFileSync(file);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new ConfigError(`Invalid configuration:\n  ${variable}: cannot read ${file} (${reason})`);
  }
  if (!content.includes('-----BEGIN ')) throw new ConfigError(`Invalid configuration:\n  ${variable}: ${file} is not a PEM file`);
  return content;
}
