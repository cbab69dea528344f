import type { FastifyInstance } from 'fastify';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TaskLinkKind } from '../../core/contracts/productivity.ts';
import type { UploadPurpose } from '../../core/contracts/storage.ts';
import type { Answer, Api, Endpoint, Schema } from '../../core/endpoints.ts';
import { checkModuleApiAccess, isModuleKey } from '../../core/modules.ts';
import type { Permission } from '../../core/permissions.ts';
import { PLATFORM_TENANT_TABLES } from '../db/schema.ts';
import type { RequestContext } from './context.ts';
import type { Tx } from './database.ts';
import type { JobDefinition } from './jobs.ts';
import type { Services } from './services.ts';

/**
 * A server module's manifest: everything the shared code needs to know of it. The app, agency
 * creation, the demo seed and the sweeps iterate the list in server/modules.ts, so adding a module is
 * one line there and no edit of shared code.
 */
export interface ServerModule {
  /** The module's name (its folder, its API table's name). */
  name: string;
  /** The module's API tables: the permission snapshot, the sweeps and the OpenAPI document read them. */
  apis: readonly Api[];
  /** Registers the module's endpoints (registerApi with each table). */
  routes(app: FastifyInstance, services: Services): Promise<void>;
  /**
   * The module's tables (server/<module>/schema.ts), every one a tenant table: row-level security is
   * enabled and forced on each in the module's migration, and the tenancy, distribution and query-plan
   * tests cover them through `tenantTables`.
   */
  tables?: readonly PgTable[];
  /** The module's settings in the agency's sys_config, validated with defaults (never read with a cast). */
  settings?: { key: string; schema: Schema };
  /** What every new agency gets, inside the transaction that creates it. */
  onAgencyCreated?(tx: Tx, agencyId: string): Promise<void>;
  /** The demo agency's records of this module, inside the transaction that creates the agency. */
  seedDemo?(tx: Tx, demo: DemoAgency): Promise<void>;
  /** The module's records in one agency of the bench dataset (bench/bench-data.ts), inside the transaction that seeds the agency. */
  seedBench?(tx: Tx, bench: BenchAgency): Promise<void>;
  /** Who may read an upload of each purpose the module owns, besides its uploader (admin:access reads all). */
  fileReaders?: Partial<Record<UploadPurpose, readonly Permission[]>>;
  /** Who may upload a file of each purpose the module owns (any one permission; admin:access may upload all). */
  fileUploaders?: Partial<Record<UploadPurpose, readonly Permission[]>>;
  /**
   * For a purpose whose files belong to records not everyone sees (a report's attachments): whether the
   * caller may read this file, besides holding one of `fileReaders` (a reader who may not see any record
   * attaching it is told the file is not found). Its uploader and admin:access read it regardless.
   */
  fileReadChecks?: Partial<Record<UploadPurpose, FileReadCheck>>;
  /**
   * For each kind of the module's records another module may point at (a task's link to a vehicle):
   * the record as the caller may see it, under the module's own rule (who may open it through the
   * module's API), or null. Null alike for a record that does not exist and one the caller may not
   * see, so whoever asks cannot tell them apart. Reached through `readableRecord`, which first
   * refuses a module switched off for the agency or closed to the caller's account.
   */
  recordReadChecks?: Partial<Record<LinkableKind, RecordReadCheck>>;
  /**
   * Records for the tenant sweep: made through the API as an administrator of agency B, their ids are
   * then tried by agency A on every route that takes an id (server/platform/sweeps.test.ts).
   */
  sweepFixtures?(call: EndpointCaller): Promise<string[]>;
  /** The module's durable jobs (server/platform/jobs.ts): a worker for each runs in every server process. */
  jobs?: readonly JobDefinition[];
}

/** Whether the caller may read a stored file (its id and who uploaded it), run in the caller's agency transaction. */
export type FileReadCheck = (tx: Tx, ctx: RequestContext, file: { id: string; uploadedBy: string }) => Promise<boolean>;

/** The kinds of record one module may point at in another (core/contracts/productivity.ts TASK_LINK_KINDS). */
export type LinkableKind = TaskLinkKind;

/** What the caller may see of a record another module points at: what it is called. */
export interface SeenRecord {
  /** The record as its own module names it in a list (`Unit 2214 · 2024 Ford Explorer`). */
  label: string;
}

/** The record with this id as the caller may see it, run in the caller's agency transaction; null when it does not exist or they may not see it. */
export type RecordReadCheck = (tx: Tx, ctx: RequestContext, recordId: string) => Promise<SeenRecord | null>;

export interface DemoAgency {
  agencyId: string;
  /** The large demo agency gets a full fleet and history; the small one a few records. */
  size: 'large' | 'small';
  /** Keeps a file in storage as `createdBy` uploaded it (a demo document); its id. Absent when seeding without storage. */
  storeFile?(file: {
    data: Buffer;
    contentType: 'application/pdf' | 'image/png';
    purpose: UploadPurpose;
    createdBy: string;
    /** Its name as the uploader's device had it (`IMG_2231.png`). */
    name?: string;
  }): Promise<string>;
}

/**
 * One agency of the bench dataset as a module's seedBench sees it: the platform has written the agency,
 * its people and their roles; the module adds its records in bulk and tells the audit entries they left.
 */
export interface BenchAgency {
  agencyId: string;
  /** "Now" of the dataset: the history ends here. */
  now: Date;
  /** Days of history. */
  days: number;
  /** How busy the agency is: records at this share of the realistic rates. */
  activity: number;
  /** The agency's seeded generator, shared by the platform and the modules in order: the same agency number gives the same dataset. */
  random: () => number;
  /** The agency's people, each with the built-in role it holds (core/permissions.ts BUILT_IN_ROLES keys). */
  people: readonly BenchPerson[];
  /** Writes rows (snake_case columns) in bulk as the API's role, so row-level security checks each, and counts them. */
  insert(table: string, rows: Array<Record<string, unknown>>): Promise<void>;
  /** Sets a per-agency sequence (agency_counters) to the last number the module's records used. */
  setCounter(name: string, value: number): Promise<void>;
  /** An entry of the audit trail; the platform chains every entry by hash, oldest first, once all modules are seeded. */
  audit(entry: BenchAuditEntry): void;
}

export interface BenchPerson {
  id: string;
  email: string;
  name: string;
  role: string;
  status: 'active' | 'invited' | 'disabled';
}

export interface BenchAuditEntry {
  at: Date;
  actor: { id: string; email: string };
  action: string;
  entityType: string;
  entityId: string;
  summary: string;
  after: Record<string, unknown> | null;
  before?: Record<string, unknown> | null;
}

/** Calls an endpoint as a signed-in user and answers its parsed body; throws on an error status. */
export type EndpointCaller = <E extends Endpoint>(
  endpoint: E,
  options?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> },
) => Promise<Answer<E>>;

/** Who may upload a file of this purpose, from the modules' manifests: nobody (but admin:access) where none says. */
export function fileUploadersOf(modules: readonly ServerModule[], purpose: string): readonly Permission[] {
  return modules.flatMap((module) => module.fileUploaders?.[purpose as UploadPurpose] ?? []);
}

/** Who may read a file of this purpose, from the modules' manifests. */
export function fileReadersOf(modules: readonly ServerModule[], purpose: string): readonly Permission[] {
  return modules.flatMap((module) => module.fileReaders?.[purpose as UploadPurpose] ?? []);
}

/** The checks modules make of a file of this purpose before it is read (ServerModule.fileReadChecks). */
export function fileReadChecksOf(modules: readonly ServerModule[], purpose: string): readonly FileReadCheck[] {
  return modules.flatMap((module) => module.fileReadChecks?.[purpose as UploadPurpose] ?? []);
}

/**
 * A record of another module as the caller may see it (ServerModule.recordReadChecks), asked of the
 * module that owns its kind; null when no module owns the kind, the owner is switched off for the
 * agency or closed to the caller's account (as its API would refuse), or its rule hides the record
 * from the caller, or there is no such record.
 */
export async function readableRecord(tx: Tx, ctx: RequestContext, kind: LinkableKind, recordId: string): Promise<SeenRecord | null> {
  for (const module of ctx.services.modules) {
    const check = module.recordReadChecks?.[kind];
    if (!check) continue;
    const closed =
      isModuleKey(module.name) &&
      !checkModuleApiAccess({ module: module.name, sysConfig: ctx.sysConfig, accountType: ctx.scope.accountType }).allowed;
    return closed ? null : check(tx, ctx, recordId);
  }
  return null;
}

/** The names of every table holding one agency's rows: the platform's, then each module's (ServerModule.tables). */
export function tenantTables(modules: readonly ServerModule[]): string[] {
  return [...PLATFORM_TENANT_TABLES, ...modules.flatMap((module) => (module.tables ?? []).map((table) => getTableName(table)))];
}
