/**
 * The bench dataset (issue 8, QUALITY.md "Performance"): per agency 100 users with roles, each module's
 * records (its manifest's seedBench: fleet's 40 vehicles with a year of squad checks, service requests
 * and maintenance intervals, server/fleet/bench-seed.ts) and the audit trail those left.
 *
 * Rows are written in bulk (one `insert … select … from json_populate_recordset` per table and
 * batch), bypassing the API but not the database's rules: each agency is one transaction that runs,
 * like a request, as the API's role with `app.agency_id` set, so row-level security checks every row.
 * What the API would compute is computed by the same code: agencies and their built-in roles and
 * the modules' defaults come from createAgency(), audit entries (the platform's and those the modules
 * report) are hash-chained with auditHash(). Only the e-mail directory (a platform table the API's
 * role may not write in bulk) is written as the connecting role.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createAgency } from '../server/platform/agencies.ts';
import { SERVER_MODULES } from '../server/modules.ts';
import { createLink } from '../server/platform/one-time-links.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { auditHash } from '../server/platform/audit.ts';
import { APP_ROLE, queryRows, type Database, type Tx } from '../server/platform/database.ts';
import type { BenchAgency, BenchAuditEntry, BenchPerson } from '../server/platform/modules.ts';

/** Every bench user's password (the bench is not a place for secrets). */
export const BENCH_PASSWORD = 'precinct-bench-2026';
export const BENCH_EMAIL_DOMAIN = 'bench.precinct.test';
export const USERS_PER_AGENCY = 100;
export const DAYS_OF_HISTORY = 365;

/** `a007.u002@bench.precinct.test`: agency 7, user 2. */
export function benchEmail(agency: number, user: number): string {
  return `a${String(agency).padStart(3, '0')}.u${String(user).padStart(3, '0')}@${BENCH_EMAIL_DOMAIN}`;
}

/** Which built-in role each user number holds; users 2 and 3 are fleet managers (every fleet endpoint). */
export function roleOfUser(user: number): string {
  if (user === 1) return 'administrator';
  if (user <= 3) return 'fleet-manager';
  if (user <= 10) return 'sergeant';
  if (user <= 12) return 'records-clerk';
  if (user === 13) return 'scheduler';
  if (user === 14) return 'fto-coordinator';
  if (user <= 20) return 'field-training-officer';
  if (user <= 25) return 'trainee';
  return 'officer';
}

const RANKS: Record<string, string> = {
  administrator: 'Chief',
  'fleet-manager': 'Fleet Manager',
  sergeant: 'Sergeant',
  'records-clerk': 'Records Clerk',
  scheduler: 'Sergeant',
  'fto-coordinator': 'Lieutenant',
  'field-training-officer': 'Corporal',
  trainee: 'Probationary Officer',
  officer: 'Officer',
};

const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Riley',
  'Casey',
  'Morgan',
  'Taylor',
  'Jamie',
  'Avery',
  'Dana',
  'Chris',
  'Pat',
  'Robin',
  'Drew',
  'Quinn',
  'Reese',
  'Skyler',
  'Hayden',
  'Emerson',
  'Rowan',
];
const LAST = [
  'Morgan',
  'Ruiz',
  'Patel',
  'Lee',
  'Okafor',
  'Chen',
  'Blake',
  'Novak',
  'Brooks',
  'Nguyen',
  'Fischer',
  'Schultz',
  'Garcia',
  'Kowalski',
  'Johnson',
  'Williams',
  'Hernandez',
  'Murphy',
  'Kim',
  'Adams',
  'Baker',
  'Carter',
  'Diaz',
  'Evans',
  'Foster',
];
const TIMEZONES = ['America/Chicago', 'America/New_York', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix'];
const DAY = 86_400_000;

/** A small seeded generator (mulberry32): the same N gives the same dataset shape. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Row = Record<string, unknown>;

/** Rows in batches of `batch` as one INSERT each; columns are the rows' keys (snake_case), absent ones null. */
async function bulkInsert(tx: Tx, table: string, rows: Row[], batch = 2000): Promise<void> {
  if (rows.length === 0) return;
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  const columns = [...keys];
  const list = columns.map((c) => `"${c}"`).join(', ');
  for (let start = 0; start < rows.length; start += batch) {
    const json = JSON.stringify(rows.slice(start, start + batch));
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(list)}) select ${sql.raw(list)} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    );
  }
}

export interface SeedOptions {
  agencies: number;
  /** Agencies seeded at once (separate transactions); 1 for PGlite. */
  concurrency?: number;
  /** The first agency's number (to add agencies to an existing bench dataset). */
  firstAgency?: number;
  /** Called after each agency with the number done so far. */
  onAgency?: (done: number) => void;
  /** "Now" of the dataset: the history ends here. */
  now?: Date;
  /** Days of history (default a year); the query-plan test uses a few to seed many agencies quickly. */
  days?: number;
  /** How busy an agency is, by its number: squad checks and service requests at this share of the realistic rates (default 1). */
  activityOf?: (agency: number) => number;
}

export interface SeedResult {
  rows: Record<string, number>;
  seconds: number;
  agencyIds: string[];
}

/** Bench agencies already in the database (counted through the e-mail directory). */
export async function countBenchAgencies(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.owner as unknown as Tx,
    sql`select count(distinct agency_id)::int as n from email_directory where email like ${`%@${BENCH_EMAIL_DOMAIN}`}`,
  );
  return row?.n ?? 0;
}

/** The description of every service request `bench:api`'s create case opens. */
export const BENCH_REQUEST_DESCRIPTION = 'Bench: passenger door lock sticks';

/**
 * How many service requests earlier `bench:api` runs opened on a reused dataset and left open. Each
 * vehicle's open requests are counted on the vehicles list, and the queue lists them, so a database
 * many runs have used answers those lists more slowly than a fresh one.
 */
export async function countBenchRequestsLeftOpen(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.owner as unknown as Tx,
    sql`select count(*)::int as n from service_requests where description = ${BENCH_REQUEST_DESCRIPTION} and status = 'open'`,
  );
  return row?.n ?? 0;
}

/** Writes the bench dataset. Agency numbers start at `firstAgency` (default 1). */
export async function seedBench(database: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = options.now ?? new Date();
  const first = options.firstAgency ?? 1;
  const concurrency = database.kind === 'pglite' ? 1 : Math.max(1, options.concurrency ?? 4);
  const totals: Record<string, number> = {};
  const agencyIds: string[] = [];
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < options.agencies) {
      const number = first + next;
      next += 1;
      const { agencyId, rows } = await seedAgency(
        database,
        number,
        passwordHash,
        now,
        options.days ?? DAYS_OF_HISTORY,
        options.activityOf?.(number) ?? 1,
      );
      agencyIds.push(agencyId);
      for (const [table, n] of Object.entries(rows)) totals[table] = (totals[table] ?? 0) + n;
      done += 1;
      options.onAgency?.(done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, options.agencies) }, () => worker()));
  return { rows: totals, seconds: (performance.now() - started) / 1000, agencyIds };
}

async function seedAgency(database: Database, number: number, passwordHash: string, now: Date, days: number, activity: number) {
  const rand = random(number * 7919 + 17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const agencyId = crypto.randomUUID();
  const name = `Bench Agency ${String(number).padStart(3, '0')}`;
  const timezone = TIMEZONES[number % TIMEZONES.length]!;
  const counts: Record<string, number> = {};
  const insert = async (tx: Tx, table: string, rows: Row[]) => {
    await bulkInsert(tx, table, rows);
    counts[table] = (counts[table] ?? 0) + rows.length;
  };

  await database.owner.transaction(async (tx) => {
    // --- users (the directory first, as the connecting role; then everything else as the API's role)
    const users = Array.from({ length: USERS_PER_AGENCY }, (_, i) => {
      const n = i + 1;
      const role = roleOfUser(n);
      const status: BenchPerson['status'] = n === USERS_PER_AGENCY - 2 ? 'invited' : n > USERS_PER_AGENCY - 2 ? 'disabled' : 'active';
      const createdAt = new Date(now.getTime() - (400 + Math.floor(rand() * 1000)) * DAY);
      return {
        agency_id: agencyId,
        id: crypto.randomUUID(),
        email: benchEmail(number, n),
        password_hash: status === 'invited' ? null : passwordHash,
        email_confirmed_at: status === 'invited' ? null : createdAt,
        name: `${pick(FIRST)} ${pick(LAST)}`,
        badge_number: String(1000 + n),
        rank: RANKS[role]!,
        phone: null,
        account_type: 'full',
        status,
        user_metadata: {},
        last_sign_in_at: status === 'active' ? new Date(now.getTime() - Math.floor(rand() * 30 * DAY)) : null,
        failed_sign_ins: 0,
        version: 1,
        created_at: createdAt,
        updated_at: createdAt,
        role,
      };
    });
    await bulkInsert(
      tx,
      'email_directory',
      users.map((u) => ({ email: u.email, agency_id: agencyId, user_id: u.id, created_at: u.created_at })),
    );
    counts.email_directory = users.length;
    await tx.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.agency_id', ${agencyId}, true)`);

    const { roleIds } = await createAgency(tx, { agencyId, name, timezone, securityPolicy: { mfa_required: 'none' } }, SERVER_MODULES);
    await insert(
      tx,
      'users',
      users.map(({ role: _role, ...user }) => user),
    );
    await insert(
      tx,
      'user_roles',
      users.map((u) => ({ agency_id: agencyId, user_id: u.id, role_id: roleIds.get(u.role)!, created_at: u.created_at })),
    );
    // Everyone came in by invitation: the accepted links are used, the invited user's is live (made by createLink).
    await insert(
      tx,
      'one_time_tokens',
      users
        .filter((u) => u.status !== 'invited' && u.id !== users[0]!.id)
        .map((u) => ({
          agency_id: agencyId,
          id: crypto.randomUUID(),
          kind: 'invitation',
          token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
          user_id: u.id,
          email: u.email,
          data: {},
          expires_at: new Date(u.created_at.getTime() + 7 * DAY),
          used_at: new Date(u.created_at.getTime() + DAY),
          created_by: users[0]!.id,
          created_at: u.created_at,
        })),
    );
    for (const u of users.filter((x) => x.status === 'invited')) {
      await createLink(tx, { agencyId, kind: 'invitation', email: u.email, userId: u.id, createdBy: users[0]!.id });
      counts.one_time_tokens = (counts.one_time_tokens ?? 0) + 1;
    }
    const admin = users[0]!;
    const audit: BenchAuditEntry[] = [];
    for (const u of users.slice(1))
      audit.push({
        at: u.created_at,
        actor: admin,
        action: 'user.invited',
        entityType: 'user',
        entityId: u.id,
        summary: `Invited ${u.name}`,
        after: { email: u.email, roles: [u.role] },
      });

    // --- each module's records (fleet: vehicles, a year of squad checks, service requests, maintenance)
    const bench: BenchAgency = {
      agencyId,
      now,
      days,
      activity,
      random: rand,
      people: users.map((u) => ({ id: u.id, email: u.email, name: u.name, role: u.role, status: u.status })),
      insert: (table, rows) => insert(tx, table, rows),
      setCounter: async (counter, value) => {
        await tx.execute(sql`insert into agency_counters (agency_id, name, value) values (${agencyId}, ${counter}, ${value})`);
        counts.agency_counters = (counts.agency_counters ?? 0) + 1;
      },
      audit: (entry) => audit.push(entry),
    };
    for (const module of SERVER_MODULES) await module.seedBench?.(tx, bench);

    // The audit trail, oldest first, chained by hash as recordAudit() chains it.
    audit.sort((a, b) => a.at.getTime() - b.at.getTime());
    let prevHash: string | null = null;
    const auditRows = audit.map((entry, index) => {
      const body = {
        agencyId,
        occurredAt: entry.at.toISOString(),
        actorId: entry.actor.id,
        actorEmail: entry.actor.email,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        summary: entry.summary,
        before: entry.before ?? null,
        after: entry.after,
        ip: `10.20.${number % 250}.${(index % 200) + 10}`,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Precinct bench',
      };
      const hash = auditHash(prevHash, body);
      const row = {
        agency_id: agencyId,
        occurred_at: entry.at,
        actor_id: body.actorId,
        actor_email: body.actorEmail,
        action: body.action,
        entity_type: body.entityType,
        entity_id: body.entityId,
        summary: body.summary,
        before: body.before,
        after: body.after,
        ip: body.ip,
        user_agent: body.userAgent,
        prev_hash: prevHash,
        hash,
      };
      prevHash = hash;
      return row;
    });
    await insert(tx, 'audit_log', auditRows);
  });
  return { agencyId, rows: counts };
}
