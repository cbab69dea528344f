/**
 * Every module list query uses an index (QUALITY.md "Performance"; issue 8 "Query plans").
 *
 * What runs: the real use-case functions of each list screen (admin users with every sort, roles,
 * audit log with its filters, overview; fleet vehicles with every sort and filter, a vehicle's page and
 * timeline, squad-check submissions by month, vehicle, officer and status, the service-request queue,
 * "my requests", maintenance lists, templates, the fleet dashboard and the officer's home), on
 * PostgreSQL, as the API's role with the agency set, exactly as a request runs them. The Drizzle
 * logger records every statement they send with its parameters; each SELECT is then EXPLAINed
 * (FORMAT JSON, no ANALYZE) with the same parameters under the same role and agency. Nothing is hand
 * copied, so the SQL cannot drift from the app's; no planner switch (enable_seqscan …) is touched.
 *
 * The rule, per statement:
 *   - a Seq Scan of a tenant table (TENANT_TABLES) fails: a list must reach its agency's rows by index;
 *   - where the page is ordered (the statement has ORDER BY … LIMIT), a Sort node over rows of a tenant
 *     table fails unless an index serves the order: one of the indexes the scans below it use has the
 *     leading sort key as its next column after those its condition fixes by equality (so the planner
 *     reads rows in that order, or chose a top-N sort of an index-narrowed set because it is cheaper).
 *     Also fine: a Sort whose whole input fits on the page (LIMIT at least the rows sorted, e.g. an
 *     agency's 40 vehicles on a page of 50: an index order would read them all too); a Sort whose
 *     tables are all reached by an index on more than the agency (one officer's cars, one vehicle's
 *     requests: a small set, not the agency's), estimated at no more than 1,000 rows (a traffic officer's
 *     years of citations are one person's too, and a page must not sort them all); an Incremental Sort (the index gives the leading keys,
 *     only ties such as the `id` tie-breaker are sorted); and any Sort in a statement without LIMIT,
 *     which returns one agency's small, bounded set whole (its roles, its vehicles' intervals).
 *
 * The data, honestly: the planner picks a sequential scan when one agency's rows are a large share of a
 * small table, so 4 full agencies would prove nothing. The bench dataset's defining proportion is that
 * one agency is a small share of every table (1/200 at the default N); this test keeps that
 * proportion with 200 agencies of exactly the bench's shape (100 users, 40 vehicles, 9 roles, a year of
 * history), but only the agency whose queries are explained has the bench's full rates of squad checks
 * and service requests; the others have 3 % of them (spread over the same year, so statuses and dates
 * are distributed as in the bench), and the whole seeds in about ten seconds. The tested agency's depth
 * (its year of squad checks, requests and audit entries) is what decides between an ordered index scan
 * and a sort; the number of agencies decides between an index and a sequential scan. Statistics are
 * the real ones (VACUUM ANALYZE, as autovacuum leaves a settled database), not invented.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { and, eq, sql } from 'drizzle-orm';
import * as schema from '../server/db/schema.ts';
import { vehicles } from '../server/fleet/schema.ts';
import { TENANT_TABLES } from '../server/modules.ts';
import { APP_ROLE, openDatabase, queryRows, type Database, type Db, type Tx } from '../server/platform/database.ts';
import type { Roster } from '../core/contracts/schedule.ts';
import type { RequestContext } from '../server/platform/context.ts';
import type { Services } from '../server/platform/services.ts';
import { loadConfig } from '../server/env.ts';
import { BUILT_IN_ROLES } from '../core/permissions.ts';
import { ListServiceRequestsQuery, ListSquadChecksQuery, ListVehiclesQuery, VEHICLE_SORTS } from '../core/contracts/fleet.ts';
import { AuditQuery, ListUsersQuery, USER_SORTS } from '../core/contracts/admin.ts';
import { listAgencyUsers } from '../server/admin/users.ts';
import { getAgencyRole, listAgencyRoles } from '../server/admin/roles.ts';
import { readAuditLog } from '../server/admin/audit-log.ts';
import { getOverview } from '../server/admin/agency.ts';
import { getVehicle, listAgencyVehicles, vehicleTimeline } from '../server/fleet/vehicles.ts';
import { listSquadChecks } from '../server/fleet/squad-checks.ts';
import { listMyServiceRequests, listServiceRequestQueue } from '../server/fleet/service-requests.ts';
import { listAgencyMaintenance } from '../server/fleet/maintenance.ts';
import { listAgencyTemplates } from '../server/fleet/templates.ts';
import { fleetDashboard, fleetHome } from '../server/fleet/overview.ts';
import { ListFuelEntriesQuery, ListVendorsQuery } from '../core/contracts/fleet-records.ts';
import { listExpiringDocuments } from '../server/fleet/documents.ts';
import { listAgencyFuelEntries } from '../server/fleet/fuel.ts';
import { costOfOwnership, fleetReport } from '../server/fleet/reports.ts';
import { listAgencyVendors } from '../server/fleet/vendors.ts';
import { ListBindersQuery, ListDorsQuery } from '../core/contracts/fto.ts';
import { getBinder, listBinders } from '../server/fto/binders.ts';
import { getDor, listDors } from '../server/fto/dors.ts';
import { ftoHome } from '../server/fto/home.ts';
import { listPolicies, policyCompliance } from '../server/fto/policies.ts';
import { listBinderReference } from '../server/fto/reference.ts';
import { getTasksheet, listTasksheets } from '../server/fto/tasksheets.ts';
import { listTrainers } from '../server/fto/trainers.ts';
import { ListReportsQuery, REPORT_QUEUES } from '../core/contracts/reports.ts';
import { getReport, listReports, reportsHome } from '../server/reports/reports.ts';
import { listTemplates } from '../server/reports/templates.ts';
import { CITATION_QUEUES, ListCitationsQuery } from '../core/contracts/citations.ts';
import { citationsHome, getCitation, listCitations } from '../server/citations/citations.ts';
import { citationStats } from '../server/citations/court.ts';
import { listStatutes } from '../server/citations/statutes.ts';
import { scheduleHome } from '../server/schedule/home.ts';
import { listTimeOffTypes, scheduleSetup } from '../server/schedule/setup.ts';
import { roster, scheduleHistory, shiftHistory } from '../server/schedule/shifts.ts';
import { balances, listTimeOff, previewTimeOff } from '../server/schedule/time-off.ts';
import { getOvertime, listOvertime, overtimeTotals, schedulePeopleList, staffingGaps } from '../server/schedule/overtime.ts';
import { ListTasksQuery, TASK_GROUPS, TASK_SORTS } from '../core/contracts/productivity.ts';
import { getSpace, listSpaces } from '../server/productivity/spaces.ts';
import { getTask, listTasks, myTasks, productivityHome } from '../server/productivity/tasks.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/postgres.ts';
import { benchEmail, seedBench } from './bench-data.ts';

const AGENCIES = Number(process.env.PLAN_AGENCIES ?? 200);
/** The other agencies' squad checks and service requests, as a share of the realistic rates. */
const ACTIVITY = Number(process.env.PLAN_ACTIVITY ?? 0.03);
/** The agency whose queries are explained: a full year at the realistic rates. */
const TESTED = 7;
const TENANT = new Set<string>(TENANT_TABLES);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  'Plan Rows'?: number;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

interface Statement {
  sql: string;
  params: unknown[];
}

/** Nodes of the plan, depth first, each with its parent. */
function* nodes(plan: PlanNode, parent: PlanNode | null = null): Generator<[PlanNode, PlanNode | null]> {
  yield [plan, parent];
  for (const child of plan.Plans ?? []) yield* nodes(child, plan);
}

/** Columns of each index, by name (`lower(unit_number)` stays an expression, not `unit_number`). */
export type IndexColumns = Map<string, string[]>;

function sortColumns(key: string): string[] {
  // `vehicles.unit_number`, `name DESC`, `(COALESCE((vehicles.assigned_user_id = '…'::uuid), false)) DESC`: every identifier.
  return [...key.replace(/'[^']*'/g, '').matchAll(/[a-z_][a-z0-9_]*/gi)].map((m) => m[0]);
}

/**
 * Columns compared in an index condition: `((agency_id = $1) AND (assigned_user_id = $2))` → agency_id,
 * assigned_user_id; a full-text match (`search_vector @@ '…'::tsquery`) names its column too.
 */
function conditionColumns(condition: string): string[] {
  return [...condition.matchAll(/([a-z_][a-z0-9_]*)\s*(?:=|>=|<=|<|>|@@)/gi)].map((m) => m[1]!);
}

/** A scan whose index condition names a column besides agency_id (for a bitmap, its index scans' conditions). */
function narrowed(scan: PlanNode): boolean {
  const conditions = [
    scan['Index Cond'],
    ...[...nodes(scan)].map(([n]) => (n['Node Type'] === 'Bitmap Index Scan' ? n['Index Cond'] : undefined)),
  ].filter((c): c is string => Boolean(c));
  return conditions.length > 0 && conditions.every((c) => conditionColumns(c).some((column) => column !== 'agency_id'));
}

/** The most rows a page may sort when they are one person's or one vehicle's (the planner's estimate). */
const SMALL_SET = 1_000;

/** What breaks the rule in one plan (empty when it keeps it). */
export function planProblems(plan: PlanNode, statementSql: string, indexes: IndexColumns): string[] {
  const problems: string[] = [];
  const paged = /\border by\b[\s\S]*\blimit\b/i.test(statementSql);
  for (const [node, parent] of nodes(plan)) {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && TENANT.has(node['Relation Name']))
      problems.push(`Seq Scan on ${node['Relation Name']}`);
    if (paged && node['Node Type'] === 'Sort') {
      // The whole input fits on the page (LIMIT at least the rows sorted): an index order would read them all too.
      if (parent?.['Node Type'] === 'Limit' && (node['Plan Rows'] ?? Infinity) <= (parent['Plan Rows'] ?? 0)) continue;
      const below = [...nodes(node)].map(([n]) => n).filter((n) => n !== node);
      const table = below.find((n) => n['Relation Name'] && TENANT.has(n['Relation Name']));
      if (!table) continue;
      // Every table below is reached by an index on more than the agency (one person's, one vehicle's rows, by id):
      // what is sorted is that small set, not the agency's. Small: a traffic officer's years of citations are
      // one person's rows too, and a page must not sort them all (SMALL_SET).
      if (
        (node['Plan Rows'] ?? Infinity) <= SMALL_SET &&
        below.filter((n) => n['Relation Name'] && TENANT.has(n['Relation Name'])).every((n) => narrowed(n))
      )
        continue;
      const leading = sortColumns(node['Sort Key']?.[0] ?? '');
      const scans = below.filter((n) => n['Index Name']);
      const used = scans.map((n) => n['Index Name']!);
      // An index gives the order when the column after those its condition fixes by equality is the leading sort key.
      const ordered = scans.some((n) => {
        const fixed = new Set([...(n['Index Cond'] ?? '').matchAll(/([a-z_][a-z0-9_]*)\s*=\s/gi)].map((m) => m[1]!));
        const next = (indexes.get(n['Index Name']!) ?? []).find((column) => !fixed.has(column));
        return next !== undefined && leading.includes(next);
      });
      if (!ordered)
        problems.push(
          `Sort by ${node['Sort Key']?.join(', ')} over ${table['Relation Name']} (${used.length > 0 ? `using ${used.join(', ')}` : table['Node Type']}): no index serving the order`,
        );
    }
  }
  return problems;
}

type Who = 'admin' | 'manager' | 'officer' | 'coordinator' | 'trainer' | 'trainee' | 'sergeant' | 'scheduler';
/** The bench user number of each kind of person (bench/bench-data.ts roleOfUser) and their built-in role. */
const BENCH_PEOPLE: Record<Who, { user: number; role: string }> = {
  admin: { user: 1, role: 'administrator' },
  manager: { user: 2, role: 'fleet-manager' },
  officer: { user: 30, role: 'officer' },
  coordinator: { user: 14, role: 'fto-coordinator' },
  trainer: { user: 15, role: 'field-training-officer' },
  trainee: { user: 21, role: 'trainee' },
  sergeant: { user: 5, role: 'sergeant' },
  scheduler: { user: 13, role: 'scheduler' },
};

describe('query plans of the module list queries on the bench dataset (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  let pool: pg.Pool;
  let logged: Database;
  const captured: Statement[] = [];
  let agencyId = '';
  let sysConfig: RequestContext['sysConfig'];
  const people: Record<Who, string> = {
    admin: '',
    manager: '',
    officer: '',
    coordinator: '',
    trainer: '',
    trainee: '',
    sergeant: '',
    scheduler: '',
  };
  let vehicleId = '';
  let roleId = '';
  const failures: string[] = [];
  let explained = 0;
  const indexes: IndexColumns = new Map();

  beforeAll(async () => {
    scratch = await createScratchDatabase(inject('postgresUrl'));
    const seeding: Database = await openDatabase({ url: scratch.url, poolSize: 5 });
    try {
      await seedBench(seeding, { agencies: AGENCIES, activityOf: (n) => (n === TESTED ? 1 : ACTIVITY), concurrency: 4 });
      await seeding.owner.execute(sql`vacuum analyze`);
    } finally {
      await seeding.close();
    }
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ sql: query, params }) } }) as unknown as Db;
    const scoped = <T>(agency: string | null, work: (tx: Tx) => Promise<T>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.agency_id', ${agency ?? ''}, true)`);
        return work(tx);
      });
    logged = {
      kind: 'postgres',
      owner: db,
      withTenant: (agency, work) => scoped(agency, work),
      withoutTenant: (work) => scoped(null, work),
      scopedCall: (call) => queryRows(db, call),
      // The plans are of reads; nothing here streams live updates.
      listen: async () => async () => {},
      jobStore: { kind: 'postgres', url: scratch.url },
      ping: async () => {},
      close: async () => {},
    };
    const definitions = await pool.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public'`,
    );
    for (const { indexname, indexdef } of definitions.rows) {
      // A partial index's WHERE is not one of its columns.
      const columns = /USING \w+ \((.*)\)/.exec(indexdef.replace(/\s+WHERE\s+.*$/, ''))?.[1] ?? '';
      indexes.set(
        indexname,
        columns.split(',').map((c) => c.trim().replace(/\s+(ASC|DESC)$/i, '')),
      );
    }
    // The tested agency: its administrator, a fleet manager, an officer, a vehicle, a role.
    const [directory] = (
      await pool.query<{ agency_id: string }>('select agency_id from email_directory where email = $1', [benchEmail(TESTED, 1)])
    ).rows;
    agencyId = directory!.agency_id;
    const [agency] = await db.select().from(schema.agencies).where(eq(schema.agencies.id, agencyId));
    sysConfig = agency!.sysConfig;
    for (const [key, { user }] of Object.entries(BENCH_PEOPLE) as Array<[Who, { user: number }]>) {
      const [row] = await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(and(eq(schema.users.agencyId, agencyId), eq(schema.users.email, benchEmail(TESTED, user))));
      people[key] = row!.id;
    }
    const [vehicle] = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.unitNumber, '103')));
    vehicleId = vehicle!.id;
    const [role] = await db
      .select({ id: schema.roles.id })
      .from(schema.roles)
      .where(and(eq(schema.roles.agencyId, agencyId), eq(schema.roles.templateKey, 'officer')));
    roleId = role!.id;
  }, 300_000); // seeding 200 agencies takes about a minute alone, and each module adds to it; a busy machine twice that

  afterAll(async () => {
    await pool?.end();
    await scratch?.drop();
  });

  beforeEach(() => {
    failures.length = 0;
  });

  function ctxOf(who: Who): RequestContext {
    const role = BUILT_IN_ROLES.find((r) => r.key === BENCH_PEOPLE[who].role)!;
    const services = { database: logged, config: loadConfig({}) } as Pick<Services, 'database' | 'config'> as Services;
    return {
      services,
      sysConfig,
      scope: {
        agencyId,
        userId: people[who],
        sessionId: crypto.randomUUID(),
        accountType: 'full',
        roles: [role.name],
        permissions: role.permissions,
        aal: 'aal1',
        secondFactorDue: false,
      },
      actor: { userId: people[who], email: null, origin: { ip: null, userAgent: null } },
    };
  }

  /** A parameter's value as the text node-postgres sends for it (arrays as PostgreSQL array literals). */
  function asText(value: unknown): string {
    if (Array.isArray(value))
      return `{${value.map((item) => (item === null ? 'NULL' : `"${asText(item).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  }

  /** The plan PostgreSQL uses on a prepared statement's sixth run: the generic one where it finds that no dearer. */
  async function planOfSixthRun(client: pg.PoolClient, text: string, params: unknown[]): Promise<PlanNode> {
    // EXECUTE takes no parameters of its own: the values go in as literals, as node-postgres would send them.
    const values = params.map((value) => (value === null || value === undefined ? 'null' : client.escapeLiteral(asText(value)))).join(', ');
    await client.query('savepoint sixth_run');
    try {
      await client.query(`prepare sixth_run as ${text}`);
      for (let run = 0; run < 5; run++) await client.query(`execute sixth_run(${values})`);
      const result = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) execute sixth_run(${values})`);
      await client.query('release savepoint sixth_run');
      return result.rows[0]!['QUERY PLAN'][0]!.Plan;
    } catch (error) {
      await client.query('rollback to savepoint sixth_run');
      throw new Error(`The sixth run of ${text} failed: ${(error as Error).message}`);
    } finally {
      // A prepared statement outlives a rollback.
      await client.query('deallocate sixth_run').catch(() => undefined);
    }
  }

  /** Runs a use case, then EXPLAINs every SELECT it sent, as the API's role in the agency. */
  async function check(name: string, run: () => Promise<unknown>) {
    captured.length = 0;
    await run();
    const statements = captured.filter((s) => /^[\s(]*select\b/i.test(s.sql) && !/^\s*select set_config\(/i.test(s.sql));
    expect(statements.length, `${name} sent no SELECT`).toBeGreaterThan(0);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('role', $1, true), set_config('app.agency_id', $2, true)`, [APP_ROLE, agencyId]);
      for (const statement of statements) {
        const result = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
          `explain (format json) ${statement.sql}`,
          statement.params,
        );
        explained += 1;
        const plan = result.rows[0]!['QUERY PLAN'][0]!.Plan;
        for (const problem of planProblems(plan, statement.sql, indexes)) failures.push(`${name}: ${problem}\n    ${statement.sql}`);
        // The server prepares each statement with parameters (prepared-statements.ts), and from the sixth
        // run PostgreSQL may keep a generic plan, made without the values: the plan of that sixth run too.
        if (statement.params.length === 0 || statement.sql.includes('/* plan each time */')) continue;
        const kept = await planOfSixthRun(client, statement.sql, statement.params);
        for (const problem of planProblems(kept, statement.sql, indexes))
          failures.push(`${name} (its sixth run): ${problem}\n    ${statement.sql}`);
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  it('admin: users (every sort, both directions, filters), roles, audit log, overview', async () => {
    const admin = ctxOf('admin');
    for (const sort of USER_SORTS)
      for (const order of ['asc', 'desc'] as const)
        await check(`users sorted by ${sort} ${order}`, () => listAgencyUsers(admin, ListUsersQuery.parse({ sort, order })));
    await check('users, active only', () => listAgencyUsers(admin, ListUsersQuery.parse({ status: 'active' })));
    await check('users, search', () => listAgencyUsers(admin, ListUsersQuery.parse({ q: 'mor' })));
    await check('users of a role', () => listAgencyUsers(admin, ListUsersQuery.parse({ role_id: roleId })));
    await check('users, page 2', () =>
      listAgencyUsers(admin, ListUsersQuery.parse({ page: 2, page_size: 25, sort: 'last_sign_in_at', order: 'desc' })),
    );
    await check('roles', () => listAgencyRoles(admin));
    await check('a role with its members', () => getAgencyRole(admin, roleId));
    await check('audit log', () => readAuditLog(admin, AuditQuery.parse({})));
    await check('audit log, page 5', () => readAuditLog(admin, AuditQuery.parse({ page: 5 })));
    await check('audit log of one person', () => readAuditLog(admin, AuditQuery.parse({ actor_id: people.manager })));
    await check('audit log of an area', () => readAuditLog(admin, AuditQuery.parse({ action: 'service_request' })));
    const week = { from: new Date(Date.now() - 7 * 86_400_000).toISOString(), to: new Date().toISOString() };
    await check('audit log of a week', () => readAuditLog(admin, AuditQuery.parse(week)));
    await check('admin overview', () => getOverview(admin));
    expect(failures).toEqual([]);
  });

  it('fleet: vehicles (every sort, both directions, filters), a vehicle, its timeline', async () => {
    const manager = ctxOf('manager');
    for (const sort of VEHICLE_SORTS)
      for (const order of ['asc', 'desc'] as const)
        await check(`vehicles sorted by ${sort} ${order}`, () => listAgencyVehicles(manager, ListVehiclesQuery.parse({ sort, order })));
    await check('vehicles in service', () => listAgencyVehicles(manager, ListVehiclesQuery.parse({ status: 'in_service' })));
    await check('vehicles out of service by odometer', () =>
      listAgencyVehicles(manager, ListVehiclesQuery.parse({ status: 'out_of_service', sort: 'odometer', order: 'desc' })),
    );
    await check('vehicles of a type', () => listAgencyVehicles(manager, ListVehiclesQuery.parse({ vehicle_type: 'suv' })));
    await check('vehicles, search', () => listAgencyVehicles(manager, ListVehiclesQuery.parse({ q: 'tahoe' })));
    await check('a vehicle', () => getVehicle(manager, vehicleId));
    await check('a vehicle timeline', () => vehicleTimeline(manager, vehicleId));
    expect(failures).toEqual([]);
  });

  it('fleet: squad-check submissions by month, vehicle, officer and status', async () => {
    const manager = ctxOf('manager');
    const today = new Date();
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    const month = { from: monthAgo.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
    await check('submissions with failures', () => listSquadChecks(manager, ListSquadChecksQuery.parse({})));
    await check('all submissions', () => listSquadChecks(manager, ListSquadChecksQuery.parse({ failures: 'all' })));
    await check('submissions of a month', () => listSquadChecks(manager, ListSquadChecksQuery.parse({ ...month, failures: 'all' })));
    await check('submissions of a month, page 3', () =>
      listSquadChecks(manager, ListSquadChecksQuery.parse({ ...month, failures: 'all', page: 3 })),
    );
    await check('submissions of a vehicle', () =>
      listSquadChecks(manager, ListSquadChecksQuery.parse({ vehicle_id: vehicleId, failures: 'all' })),
    );
    await check('submissions of an officer', () =>
      listSquadChecks(manager, ListSquadChecksQuery.parse({ officer_id: people.officer, failures: 'all' })),
    );
    await check('submissions waiting for review', () =>
      listSquadChecks(manager, ListSquadChecksQuery.parse({ status: 'submitted', failures: 'all' })),
    );
    expect(failures).toEqual([]);
  });

  it('fleet: service-request queue, my requests, maintenance, templates, dashboard, officer home', async () => {
    const manager = ctxOf('manager');
    const officer = ctxOf('officer');
    await check('request queue', () => listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({})));
    for (const status of ['open', 'in_progress', 'completed', 'declined'] as const)
      await check(`request queue, ${status}`, () => listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({ status })));
    await check('request queue, newest', () => listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({ order: 'newest' })));
    // The office's queue opens on the waiting requests; each order, of those and of every status.
    await check('request queue, waiting', () => listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({ status: 'active' })));
    for (const order of ['newest', 'priority', 'due'] as const) {
      await check(`request queue, waiting, ${order}`, () =>
        listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({ status: 'active', order })),
      );
      await check(`request queue, every status, ${order}`, () =>
        listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({ order })),
      );
    }
    await check('request queue, urgent', () =>
      listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({ status: 'active', priority: 'urgent' })),
    );
    await check('requests of a vehicle', () => listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({ vehicle_id: vehicleId })));
    await check('requests of a category', () => listServiceRequestQueue(manager, ListServiceRequestsQuery.parse({ category: 'tires' })));
    await check('my requests', () => listMyServiceRequests(officer, ListServiceRequestsQuery.parse({ order: 'newest' })));
    for (const state of ['due', 'overdue', 'all'] as const)
      await check(`maintenance ${state}`, () => listAgencyMaintenance(manager, { state }));
    await check('maintenance of a vehicle', () => listAgencyMaintenance(manager, { state: 'all', vehicle_id: vehicleId }));
    await check('templates', () => listAgencyTemplates(manager));
    await check('fleet dashboard', () => fleetDashboard(manager));
    await check('officer home', () => fleetHome(officer));
    expect(failures).toEqual([]);
    expect(explained).toBeGreaterThan(100);
  });

  it('fleet records: vendors, the fuel log and its outliers, expiring documents, a vehicle’s cost of ownership, the fleet report', async () => {
    const manager = ctxOf('manager');
    await check('vendors', () => listAgencyVendors(manager, ListVendorsQuery.parse({})));
    await check('vendors, every status', () => listAgencyVendors(manager, ListVendorsQuery.parse({ status: 'all', q: 'garage' })));
    await check('fuel log', () => listAgencyFuelEntries(manager, ListFuelEntriesQuery.parse({})));
    await check('fuel log of a vehicle', () => listAgencyFuelEntries(manager, ListFuelEntriesQuery.parse({ vehicle_id: vehicleId })));
    await check('fuel log, outliers of a quarter', () =>
      listAgencyFuelEntries(manager, ListFuelEntriesQuery.parse({ show: 'outliers', from: '2026-07-01', to: '2026-09-30' })),
    );
    await check('documents expiring', () => listExpiringDocuments(manager, 30));
    await check('cost of ownership', () => costOfOwnership(manager, vehicleId, {}));
    await check('fleet report', () => fleetReport(manager, {}));
    expect(failures).toEqual([]);
  });

  it('field training: binders for each role and status, a binder, its DORs, a DOR, tasksheets and policies, each role’s home', async () => {
    const coordinator = ctxOf('coordinator');
    const trainer = ctxOf('trainer');
    const trainee = ctxOf('trainee');
    for (const status of ['open', 'all', 'completed', 'released'] as const)
      await check(`binders, ${status}`, () => listBinders(coordinator, ListBindersQuery.parse({ status })));
    await check('binders, search', () => listBinders(coordinator, ListBindersQuery.parse({ q: 'a', status: 'all' })));
    await check('binders a trainer trains', () => listBinders(trainer, ListBindersQuery.parse({ status: 'all' })));
    await check('a trainee’s binder', () => listBinders(trainee, ListBindersQuery.parse({})));
    const { items } = await listBinders(trainee, ListBindersQuery.parse({}));
    const binderId = items[0]!.id;
    await check('a binder with its progress', () => getBinder(trainee, binderId));
    await check('a binder’s DORs', () => listDors(coordinator, binderId, ListDorsQuery.parse({})));
    await check('a binder’s DORs, approved, page 2', () =>
      listDors(coordinator, binderId, ListDorsQuery.parse({ status: 'approved', page: 2, page_size: 10 })),
    );
    const { items: dors } = await listDors(trainee, binderId, ListDorsQuery.parse({}));
    await check('a DOR', () => getDor(trainee, dors[0]!.id));
    await check('a binder’s tasksheets', () => listTasksheets(trainee, binderId));
    const sheets = await listTasksheets(trainee, binderId);
    await check('a tasksheet', () => getTasksheet(coordinator, sheets[0]!.id));
    await check('a binder’s policies', () => listPolicies(trainee, binderId));
    await check('policies not acknowledged', () => policyCompliance(coordinator));
    await check('a binder’s reference material', () => listBinderReference(trainee, binderId));
    await check('trainers with their load and ratings', () => listTrainers(coordinator));
    for (const [name, ctx] of [
      ['coordinator', coordinator],
      ['trainer', trainer],
      ['trainee', trainee],
    ] as const)
      await check(`field training home of a ${name}`, () => ftoHome(ctx));
    expect(failures).toEqual([]);
  });

  it('reports: every queue for an officer and a sergeant, the search, filters and sorts, a report, the templates and each home', async () => {
    const officer = ctxOf('officer');
    const sergeant = ctxOf('sergeant');
    const admin = ctxOf('admin');
    for (const queue of REPORT_QUEUES) {
      await check(`reports of an officer, ${queue}`, () => listReports(officer, ListReportsQuery.parse({ queue })));
      await check(`reports of a sergeant, ${queue}`, () => listReports(sergeant, ListReportsQuery.parse({ queue })));
    }
    for (const sort of ['updated_at', 'occurred_at', 'case_number'] as const)
      await check(`all reports by ${sort}`, () => listReports(admin, ListReportsQuery.parse({ queue: 'all', sort })));
    await check('reports searched by a name', () => listReports(sergeant, ListReportsQuery.parse({ queue: 'all', q: 'hoffman' })));
    await check('reports of a type in a date range', () =>
      listReports(sergeant, ListReportsQuery.parse({ queue: 'all', type: 'theft', from: '2026-01-01', to: '2026-06-30' })),
    );
    await check('approved reports, page 3', () => listReports(officer, ListReportsQuery.parse({ queue: 'approved', page: 3 })));
    const { items } = await listReports(sergeant, ListReportsQuery.parse({ queue: 'approved' }));
    await check('a report with its revisions', () => getReport(sergeant, items[0]!.id));
    await check('report templates', () => listTemplates(officer));
    await check('reports home of an officer', () => reportsHome(officer));
    await check('reports home of a sergeant', () => reportsHome(sergeant));
    expect(failures).toEqual([]);
  });

  it('citations: my citations and everyone’s, the search by number, name, plate and code, the filters, a citation, the statutes, the counts and each home', async () => {
    const officer = ctxOf('officer');
    const sergeant = ctxOf('sergeant');
    for (const queue of CITATION_QUEUES)
      await check(`citations, ${queue}`, () => listCitations(sergeant, ListCitationsQuery.parse({ queue })));
    await check('my citations of an officer', () => listCitations(officer, ListCitationsQuery.parse({})));
    await check('my citations, page 3', () => listCitations(officer, ListCitationsQuery.parse({ page: 3 })));
    for (const q of ['hoffman', 'ab', '346.46', '2026-0001'])
      await check(`citations searched for ${q}`, () => listCitations(sergeant, ListCitationsQuery.parse({ queue: 'all', q })));
    await check('my citations searched', () => listCitations(officer, ListCitationsQuery.parse({ q: 'maple' })));
    for (const status of ['draft', 'issued', 'filed', 'void'] as const)
      await check(`citations, ${status}`, () => listCitations(sergeant, ListCitationsQuery.parse({ queue: 'all', status })));
    await check('citations of a kind in a date range', () =>
      listCitations(sergeant, ListCitationsQuery.parse({ queue: 'all', kind: 'parking', from: '2026-01-01', to: '2026-06-30' })),
    );
    await check('citations of an officer', () =>
      listCitations(sergeant, ListCitationsQuery.parse({ queue: 'all', officer_id: people.officer })),
    );
    await check('citations waiting for a void', () =>
      listCitations(sergeant, ListCitationsQuery.parse({ queue: 'all', void_requested: 'true' })),
    );
    const statutes = await listStatutes(officer, {});
    await check('citations of a statute', () =>
      listCitations(sergeant, ListCitationsQuery.parse({ queue: 'all', statute_id: statutes[0]!.id })),
    );
    await check('statutes in force', () => listStatutes(officer, { on: '2026-06-01', kind: 'traffic' }));
    const { items } = await listCitations(sergeant, ListCitationsQuery.parse({ queue: 'all', status: 'filed' }));
    await check('a citation with its revisions', () => getCitation(sergeant, items[0]!.id));
    const month = { from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };
    await check('citation counts of a month by officer', () => citationStats(sergeant, { ...month, group: 'officer' }));
    await check('citations home of an officer', () => citationsHome(officer));
    await check('citations home of a sergeant', () => citationsHome(sergeant));
    expect(failures).toEqual([]);
  });

  it('scheduling: a month of the roster and of my schedule, a group’s month, the set-up, a shift’s history, time off to decide, a balance, a preview and each home', async () => {
    const officer = ctxOf('officer');
    const scheduler = ctxOf('scheduler');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await check('a month of the roster', () => roster(scheduler, { from: day(-14), to: day(16) }));
    await check('a month of my schedule', () => roster(officer, { from: day(-14), to: day(16), mine: 'true' }));
    const setup = await scheduleSetup(scheduler);
    await check('the scheduling set-up', () => scheduleSetup(scheduler));
    await check('a month of one group', () => roster(scheduler, { from: day(-14), to: day(16), group_id: setup.groups[0]!.id }));
    // A person's own roster is written for them (only everyone's is kept as JSON).
    const { shifts } = (await roster(officer, { from: day(-3), to: day(3), mine: 'true' })) as Roster;
    await check('a shift’s history', () => shiftHistory(officer, shifts[0]!.id));
    await check('the schedule’s change history', () => scheduleHistory(scheduler, {}));
    await check('time off waiting for a decision', () => listTimeOff(scheduler, { scope: 'all', status: 'pending' }));
    await check('my time off', () => listTimeOff(officer, {}));
    await check('my balances', () => balances(officer, undefined));
    const [vacation] = await listTimeOffTypes(officer);
    await check('a time-off preview', () =>
      previewTimeOff(officer, { type_id: vacation!.id, starts_on: day(10), ends_on: day(12), note: '' }),
    );
    await check('scheduling home of an officer', () => scheduleHome(officer));
    await check('scheduling home of the scheduler', () => scheduleHome(scheduler));
    expect(failures).toEqual([]);
  });

  it('overtime: the open, my and closed lists, an open and a closed shift with their order, the gaps, the totals and the people', async () => {
    const officer = ctxOf('officer');
    const scheduler = ctxOf('scheduler');
    for (const view of ['open', 'mine', 'closed'] as const) {
      await check(`overtime, ${view}`, () => listOvertime(officer, { view }));
      await check(`overtime of the scheduler, ${view}`, () => listOvertime(scheduler, { view }));
    }
    const [open] = await listOvertime(officer, { view: 'open' });
    const closed = await listOvertime(scheduler, { view: 'closed' });
    await check('an open overtime shift with its order', () => getOvertime(officer, open!.id));
    await check('an awarded overtime shift with its order', () => getOvertime(scheduler, closed.find((ot) => ot.status === 'awarded')!.id));
    const offered = closed.find((ot) => ot.mode === 'offer' && ot.status === 'awarded');
    if (offered) await check('an overtime shift offered one at a time', () => getOvertime(scheduler, offered.id));
    await check('staffing gaps to post from', () => staffingGaps(scheduler));
    await check('overtime totals of the quarter', () => overtimeTotals(scheduler, {}));
    await check('overtime totals of a year', () =>
      overtimeTotals(scheduler, {
        from: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10),
        to: new Date().toISOString().slice(0, 10),
      }),
    );
    await check('seniority dates and tiers', () => schedulePeopleList(scheduler));
    expect(failures).toEqual([]);
  });

  it('productivity: my tasks, home, the spaces, a space, a list’s tasks (every sort, both directions, filters, groups), a task', async () => {
    const officer = ctxOf('officer');
    const sergeant = ctxOf('sergeant');
    const admin = ctxOf('admin');
    await check('my tasks', () => myTasks(officer));
    await check('productivity home', () => productivityHome(sergeant));
    await check('my spaces', () => listSpaces(officer));
    await check('every space (administrator)', () => listSpaces(admin));
    const [space] = await listSpaces(sergeant);
    await check('a space', () => getSpace(sergeant, space!.id));
    const listId = (await getSpace(sergeant, space!.id)).lists[0]!.id;
    for (const sort of TASK_SORTS)
      for (const order of ['asc', 'desc'] as const)
        await check(`a list by ${sort} ${order}`, () => listTasks(sergeant, listId, ListTasksQuery.parse({ sort, order })));
    for (const group of TASK_GROUPS)
      await check(`a list with its closed tasks, grouped by ${group}`, () =>
        listTasks(sergeant, listId, ListTasksQuery.parse({ include_closed: 'true', group })),
      );
    await check('a list of one person’s tasks due this month', () =>
      listTasks(
        sergeant,
        listId,
        ListTasksQuery.parse({
          assignee_id: people.officer,
          due_from: new Date().toISOString().slice(0, 10),
          due_to: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          sort: 'due',
        }),
      ),
    );
    const page = await listTasks(sergeant, listId, ListTasksQuery.parse({ include_closed: 'true' }));
    await check('a task', () => getTask(sergeant, page.items[0]!.id));
    expect(failures).toEqual([]);
  });

  it('citations: an officer with thousands of citations still gets a page of their own, not all of them sorted', async () => {
    const officer = ctxOf('officer');
    // A traffic officer with years of citations: copies of a colleague's, under another officer of the
    // agency, made after every other check so theirs keep the bench's data.
    const [busy] = (
      await pool.query<{ id: string }>('select id from users where agency_id = $1 and email = $2', [agencyId, benchEmail(TESTED, 31)])
    ).rows;
    const copied = await pool.query(
      `insert into citations (agency_id, id, stop_id, number, sequence, position, kind, status, content, officer_id, occurred_at, occurred_on, location, violator_name, plate, codes, statute_ids, total_fine_cents, appearance_date, court_key, search_text, issued_at, filed_at)
       select c.agency_id, gen_random_uuid(), c.stop_id, null, c.sequence, c.position, c.kind, c.status, c.content, $2, c.occurred_at, c.occurred_on, c.location, c.violator_name, c.plate, c.codes, c.statute_ids, c.total_fine_cents, c.appearance_date, c.court_key, c.search_text, c.issued_at, c.filed_at
       from citations c cross join generate_series(1, 3000) g where c.agency_id = $1 and c.officer_id = $3 limit 8000`,
      [agencyId, busy!.id, people.officer],
    );
    expect(copied.rowCount).toBe(8000);
    await pool.query('analyze citations');
    const busyOfficer: RequestContext = { ...officer, scope: { ...officer.scope, userId: busy!.id } };
    await check('my citations of an officer with thousands', () => listCitations(busyOfficer, ListCitationsQuery.parse({})));
    expect(failures).toEqual([]);
  });
});
