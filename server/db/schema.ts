import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgencyAddress, SecurityPolicy, SysConfig } from '../../core/contracts/agency.ts';
import type { UserMetadata } from '../../core/contracts/auth.ts';
import { timestamps } from './columns.ts';

/**
 * Tenancy rule: every tenant table has `agency_id`, and it leads every unique key and every index
 * that serves lookups, so the schema can be distributed by agency (Citus) unchanged. Citus refuses a
 * unique key or primary key without the distribution column (it cannot check uniqueness across
 * nodes), and a foreign key between distributed tables that does not pair `agency_id` with
 * `agency_id`: so no key is unique on `id` alone, and every reference to another tenant table is
 * `(agency_id, x_id)` → `(agency_id, id)` (server/db/distribution-rules.test.ts checks both).
 * Row-level security on every tenant table is set up in the SQL migration `0001_tenancy.sql`.
 */

export const agencies = pgTable(
  'agencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ori: text('ori'),
    timezone: text('timezone').notNull(),
    sysConfig: jsonb('sys_config').$type<SysConfig>().notNull(),
    address: jsonb('address').$type<AgencyAddress>().notNull().default({}),
    securityPolicy: jsonb('security_policy').$type<SecurityPolicy>().notNull().default({}),
    /** Storage key of the agency's logo, when one was uploaded. */
    logoKey: text('logo_key'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('agencies_slug_key').on(t.slug)],
);

export const users = pgTable(
  'users',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    name: text('name').notNull(),
    badgeNumber: text('badge_number'),
    rank: text('rank'),
    phone: text('phone'),
    accountType: text('account_type', { enum: ['limited', 'full'] })
      .notNull()
      .default('limited'),
    status: text('status', { enum: ['invited', 'active', 'disabled'] })
      .notNull()
      .default('active'),
    userMetadata: jsonb('user_metadata').$type<UserMetadata>().notNull().default({}),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Consecutive failed sign-ins, counted within 15 minutes of each other (CJIS AC-7). */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lastFailedSignInAt: timestamp('last_failed_sign_in_at', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('users_agency_email_key').on(t.agencyId, t.email),
    // The admin user list sorts by each of these (ListUsersQuery sort); the order comes from an index.
    index('users_name_idx').on(t.agencyId, t.name, t.id),
    index('users_badge_idx').on(t.agencyId, t.badgeNumber, t.id),
    index('users_rank_idx').on(t.agencyId, t.rank, t.id),
    index('users_status_idx').on(t.agencyId, t.status, t.name),
    index('users_last_sign_in_idx').on(t.agencyId, t.lastSignInAt, t.id),
    index('users_created_idx').on(t.agencyId, t.createdAt, t.id),
  ],
);

/**
 * E-mail addresses are unique across the whole deployment (one person, one agency), and signing in
 * starts from an address alone, before the agency is known. This directory maps an address to its
 * agency; the API's database role cannot read it directly, only through two narrow functions
 * (`precinct_agency_for_email`, `precinct_claim_email`). Under Citus it is a reference table.
 */
export const emailDirectory = pgTable('email_directory', {
  email: text('email').primaryKey(),
  agencyId: uuid('agency_id').notNull(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable(
  'roles',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    id: uuid('id').notNull().defaultRandom(),
    /** The built-in template this role came from (core/permissions.ts BUILT_IN_ROLES), or null for a custom role. */
    templateKey: text('template_key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.id] }), uniqueIndex('roles_agency_name_key').on(t.agencyId, sql`lower(${t.name})`)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    agencyId: uuid('agency_id').notNull(),
    roleId: uuid('role_id').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.roleId, t.permission] }),
    foreignKey({ columns: [t.agencyId, t.roleId], foreignColumns: [roles.agencyId, roles.id] }).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    agencyId: uuid('agency_id').notNull(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId, t.roleId] }),
    index('user_roles_role_idx').on(t.agencyId, t.roleId),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.roleId], foreignColumns: [roles.agencyId, roles.id] }).onDelete('cascade'),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    amr: jsonb('amr').$type<Array<{ method: string; timestamp: number }>>().notNull().default([]),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hard end of the session whatever the activity (CJIS: sign in again after 12 hours). */
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('sessions_user_idx').on(t.agencyId, t.userId),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    sessionId: uuid('session_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('refresh_tokens_hash_key').on(t.agencyId, t.tokenHash),
    index('refresh_tokens_session_idx').on(t.agencyId, t.sessionId),
    foreignKey({ columns: [t.agencyId, t.sessionId], foreignColumns: [sessions.agencyId, sessions.id] }).onDelete('cascade'),
  ],
);

/** Second factors (spec section 3): TOTP apps, phone codes, WebAuthn security keys and passkeys. */
export const authFactors = pgTable(
  'auth_factors',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    factorType: text('factor_type', { enum: ['totp', 'phone', 'webauthn'] }).notNull(),
    friendlyName: text('friendly_name').notNull(),
    status: text('status', { enum: ['unverified', 'verified'] })
      .notNull()
      .default('unverified'),
    /** TOTP secret, encrypted with the server's master secret. */
    secretEncrypted: text('secret_encrypted'),
    /** The last TOTP time step accepted: a code of that step or earlier is never accepted again. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    phone: text('phone'),
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: jsonb('transports').$type<string[]>(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('auth_factors_user_idx').on(t.agencyId, t.userId),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** A factor challenge: lives 5 minutes, answered once. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    factorId: uuid('factor_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    /** Phone codes are stored hashed. */
    codeHash: text('code_hash'),
    webauthnChallenge: text('webauthn_challenge'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    foreignKey({ columns: [t.agencyId, t.factorId], foreignColumns: [authFactors.agencyId, authFactors.id] }).onDelete('cascade'),
  ],
);

/** Single-use e-mailed tokens: sign-up confirmation, password recovery, invitations, unlock links. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind', { enum: ['confirm_signup', 'recovery', 'invitation', 'unlock'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id'),
    email: text('email').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('one_time_tokens_hash_key').on(t.agencyId, t.tokenHash),
    index('one_time_tokens_user_idx').on(t.agencyId, t.userId, t.kind),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** E-mail, or a text message to a phone (phone codes). */
    channel: text('channel', { enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a sender claimed it; a claim older than 10 minutes (the sender died) is retried. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('mail_outbox_status_idx').on(t.agencyId, t.status, t.createdAt),
    foreignKey({ columns: [t.agencyId], foreignColumns: [agencies.id] }),
  ],
);

/**
 * The audit trail (CJIS AU-2/AU-3): who did what, when, from where, before and after. Append-only: the
 * database refuses UPDATE, DELETE and TRUNCATE (trigger in the migration), the API's role may only
 * insert and read, and each entry carries the hash of the agency's previous entry, so a removed or
 * edited entry breaks the chain.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('audit_log_time_idx').on(t.agencyId, t.occurredAt),
    index('audit_log_actor_idx').on(t.agencyId, t.actorId, t.occurredAt),
    index('audit_log_entity_idx').on(t.agencyId, t.entityType, t.entityId),
  ],
);

/** JWT signing keys: platform-wide, not tenant data. Private keys are stored encrypted. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a newer key took over signing; the key stays published until its last token expires. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * The platform's tables holding one agency's rows; row-level security is enabled and forced on each. A
 * module's tables are declared in its manifest (ServerModule.tables); `tenantTables` in
 * server/platform/modules.ts joins the two, so the row-level-security and distribution tests cover a new
 * module's tables without an edit here.
 */
export const PLATFORM_TENANT_TABLES = [
  'agencies',
  'users',
  'roles',
  'role_permissions',
  'user_roles',
  'sessions',
  'refresh_tokens',
  'one_time_tokens',
  'mail_outbox',
  'audit_log',
  'auth_factors',
  'mfa_challenges',
  'agency_counters',
  'idempotency_keys',
  'storage_objects',
  'notifications',
  'realtime_events',
] as const;

// ------------------------------------------------------------------ platform: counters, idempotency

/** Per-agency sequences (service request numbers, later citation and case numbers): never reused. */
export const agencyCounters = pgTable(
  'agency_counters',
  {
    agencyId: uuid('agency_id').notNull(),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.name] })],
);

/**
 * Idempotency-Key records: a create retried with the same key replays the first answer instead of
 * creating twice; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    agencyId: uuid('agency_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.userId, t.key] })],
);

// ------------------------------------------------------------------ platform: files and notices

/*
 * Files and notices are the platform's, not the storage and notifications modules' (which serve them over
 * HTTP): any module attaches files (server/platform/attachments.ts checks them) and tells users things
 * (server/platform/notices.ts), and the platform code that does so may import server/db but no module.
 */

/** Files uploaded through storage/v1 (squad-check photos, signatures, service-request photos). */
export const storageObjects = pgTable(
  'storage_objects',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    purpose: text('purpose').notNull(),
    /** The file's name on the uploader's device (`IMG_2231.jpg`), cleaned; null when none was given. */
    name: text('name'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.id] })],
);

/**
 * In-app notifications: what a user is told (a service request changed, a squad check opened a
 * request) besides the e-mail, shown under the bell until read. Kept 90 days.
 */
export const notifications = pgTable(
  'notifications',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** A dotted kind such as `fleet.service_request.status`, for grouping and analytics. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** An in-app path to open, such as `/fleet`. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('notifications_user_recent_idx').on(t.agencyId, t.userId, t.createdAt),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

// ------------------------------------------------------------------ platform: live updates

/**
 * What realtime/v1 sent, kept for an hour so a client that reconnects catches up (server/platform/realtime.ts).
 * Written in the transaction of the change it is about; `pg_notify` in the same transaction tells every
 * server process once it commits. The audience: one user, or the holders of a permission (with a module on).
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    topic: text('topic').notNull(),
    userId: uuid('user_id'),
    permission: text('permission'),
    module: text('module'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('realtime_events_recent_idx').on(t.agencyId, t.createdAt),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);
