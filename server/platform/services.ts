import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env.ts';
import type { SigningKeys } from './signing-keys.ts';
import type { Database } from './database.ts';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { RealtimeHub } from './realtime.ts';
import type { LocalStorage } from './storage.ts';
import type { ServerModule } from './modules.ts';
import type { TextMessages } from './sms.ts';

/** What use cases need from the platform, passed explicitly (no globals). */
export interface Services {
  config: Config;
  database: Database;
  keys: SigningKeys;
  mailer: Mailer;
  storage: LocalStorage;
  sms: TextMessages;
  /** The master secret (32 bytes): encrypts signing keys and TOTP secrets, keys phone-code hashes. */
  secret: Buffer;
  log: FastifyBaseLogger;
  /** Durable jobs kept in the database (pg-boss): what must happen later, even across a restart. */
  jobs: JobQueue;
  /** The process's live-update streams (realtime/v1). */
  realtime: RealtimeHub;
  /** The modules this server runs (server/modules.ts). */
  modules: readonly ServerModule[];
}

/** Where a request came from, recorded on sessions (and in the audit log once it exists). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}
