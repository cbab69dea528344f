/**
 * The bench dataset (issue 8, QUALITY.md "Performance"): per agency 100 users with roles, 40 vehicles,
 * a year of squad checks and service requests, maintenance intervals and the audit trail those left.
 *
 * Rows are written in bulk (one `insert … select … from json_populate_recordset` per table and
 * batch), bypassing the API but not the database's rules: each agency is one transaction that runs,
 * like a request, as the API's role with `app.agency_id` set, so row-level security checks every row.
 * What the API would compute is computed by the same code: agencies and their built-in roles and
 * default template come from createAgency(), squad-check results from evaluateAnswers() against the
 * agency's template version, audit entries are hash-chained with auditHash(), request numbers come
 * in order from the agency's counter. Only the e-mail directory (a platform table the API's role may
 * not write in bulk) is written as the connecting role.
 *
 * Realistic rates (printed by the seed): a car is squad-checked at the start of the first shift on
 * the days it is used (in service cars ~85 % of days, spares and specialty cars less), ~1.5 % of
 * checks find a non-critical problem; each car gets a service request about once a month; three
 * preventive-maintenance intervals per car.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sampleAnswers } from '../server/fleet/sample-answers.ts';
import { sql } from 'drizzle-orm';
import type { TemplateSection } from '../core/contracts/fleet.ts';
import { createAgency } from '../server/platform/agencies.ts';
import { SERVER_MODULES } from '../server/modules.ts';
import { createLink } from '../server/platform/one-time-links.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { evaluateAnswers } from '../core/fleet/squad-check-rules.ts';
import { auditHash } from '../server/platform/audit.ts';
import { APP_ROLE, queryRows, type Database, type Tx } from '../server/platform/database.ts';
import { squadCheckTemplateVersions } from '../server/fleet/schema.ts';
import { and, eq } from 'drizzle-orm';

/** Every bench user's password (the bench is not a place for secrets). */
export const BENCH_PASSWORD = 'precinct-bench-2026';
export const BENCH_EMAIL_DOMAIN = 'bench.precinct.test';
export const USERS_PER_AGENCY = 100;
export const VEHICLES_PER_AGENCY = 40;
export const DAYS_OF_HISTORY = 365;
/** Share of days an in-service car is used (and so squad-checked at the start of its first shift). */
export const DAILY_CHECK_RATE = 0.85;
export const FAILED_CHECK_RATE = 0.015;
/** Service requests per car per month. */
export const REQUESTS_PER_VEHICLE_MONTH = 1;

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
const MODELS = [
  { make: 'Ford', model: 'Police Interceptor Utility', type: 'suv' },
  { make: 'Chevrolet', model: 'Tahoe PPV', type: 'suv' },
  { make: 'Dodge', model: 'Charger Pursuit', type: 'patrol' },
  { make: 'Dodge', model: 'Durango Pursuit', type: 'suv' },
  { make: 'Ford', model: 'Police Interceptor Utility', type: 'k9' },
  { make: 'Ford', model: 'Explorer', type: 'unmarked' },
  { make: 'Harley-Davidson', model: 'Road King Police', type: 'motorcycle' },
  { make: 'Ford', model: 'Transit 350 prisoner van', type: 'transport' },
];
const REQUEST_KINDS = [
  { category: 'oil_change', description: 'Oil change due' },
  { category: 'tires', description: 'Front tires worn, pulls to the right' },
  { category: 'brakes', description: 'Brakes squeal when stopping' },
  { category: 'emergency_equipment', description: 'Rear light bar flickers, passenger side' },
  { category: 'body_damage', description: 'Scrape on the rear bumper' },
  { category: 'electrical', description: 'MDT mount loose, screen goes dark over bumps' },
  { category: 'inspection', description: 'Annual inspection' },
  { category: 'other', description: 'Passenger door lock sticks' },
];
const VENDORS = ['City Garage', 'County Fleet Services', 'Tire & Auto Center', 'Upfit Electronics'];
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
      const status = n === USERS_PER_AGENCY - 2 ? 'invited' : n > USERS_PER_AGENCY - 2 ? 'disabled' : 'active';
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
    const [version] = await tx
      .select()
      .from(squadCheckTemplateVersions)
      .where(and(eq(squadCheckTemplateVersions.agencyId, agencyId)));
    const sections = version!.sections as TemplateSection[];

    const active = users.filter((u) => u.status === 'active');
    const officers = active.filter((u) => ['officer', 'sergeant', 'field-training-officer', 'trainee'].includes(u.role));
    const managers = active.filter((u) => u.role === 'fleet-manager');
    const admin = users[0]!;
    const audit: Array<{
      at: Date;
      actor: (typeof users)[number];
      action: string;
      entityType: string;
      entityId: string;
      summary: string;
      after: Row | null;
      before?: Row | null;
    }> = [];
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

    // --- vehicles, with a year of squad checks and odometer readings
    const start = new Date(now.getTime() - days * DAY);
    const vehicles: Row[] = [];
    const events: Row[] = [];
    const submissions: Row[] = [];
    const intervals: Row[] = [];
    const requests: Row[] = [];
    const requestEvents: Row[] = [];
    for (let i = 0; i < VEHICLES_PER_AGENCY; i += 1) {
      const spec = MODELS[i % MODELS.length]!;
      const id = crypto.randomUUID();
      const unit = `${spec.type === 'motorcycle' ? 'M' : spec.type === 'k9' ? 'K9-' : ''}${101 + i}`;
      const retired = i === VEHICLES_PER_AGENCY - 1;
      const outOfService = i === 7 || i === 19;
      const usage =
        activity * (spec.type === 'transport' || spec.type === 'unmarked' ? 0.5 : spec.type === 'motorcycle' ? 0.4 : DAILY_CHECK_RATE);
      const assigned = officers[i % officers.length]!;
      let odometer = 5_000 + Math.floor(rand() * 60_000);
      const createdAt = new Date(start.getTime() - 30 * DAY);
      events.push({
        agency_id: agencyId,
        vehicle_id: id,
        kind: 'odometer',
        odometer,
        reason: 'Added to the fleet',
        source: 'manual',
        actor_id: managers[0]!.id,
        at: createdAt,
      });
      audit.push({
        at: createdAt,
        actor: managers[0]!,
        action: 'vehicle.created',
        entityType: 'vehicle',
        entityId: id,
        summary: `Added unit ${unit}`,
        after: { unit_number: unit, make: spec.make, model: spec.model },
      });
      let lastCheck: Date | null = null;
      const lastDay = retired ? Math.max(0, days - 60) : days;
      for (let day = 0; day < lastDay; day += 1) {
        if (rand() >= usage) continue;
        const checker = rand() < 0.6 ? assigned : pick(officers);
        // The start of a shift: 06:00–08:00 or 18:00–20:00 UTC-ish.
        const submittedAt = new Date(
          start.getTime() + day * DAY + (rand() < 0.7 ? 6 : 18) * 3_600_000 + Math.floor(rand() * 2 * 3_600_000),
        );
        odometer += 40 + Math.floor(rand() * 120);
        const failing = rand() < FAILED_CHECK_RATE ? pick(['camera', 'first_aid', 'fuel', 'extinguisher'] as const) : null;
        const answers = sampleAnswers(sections, {
          odometer,
          failing: failing ? { itemId: failing, note: 'Reported to the fleet office', number: 15 } : undefined,
          number: () => 40 + Math.floor(rand() * 60),
        });
        const { failed, errors } = evaluateAnswers(sections, answers);
        if (Object.keys(errors).length > 0) throw new Error(`Bench answers do not fit the template: ${JSON.stringify(errors)}`);
        const subId = crypto.randomUUID();
        const age = (now.getTime() - submittedAt.getTime()) / DAY;
        const reviewed = age > 7 ? managers[day % managers.length]! : null;
        submissions.push({
          agency_id: agencyId,
          id: subId,
          vehicle_id: id,
          template_version_id: version!.id,
          officer_id: checker.id,
          status: reviewed ? 'approved' : 'submitted',
          answers,
          failed_items: failed,
          failed_count: failed.length,
          odometer,
          took_out_of_service: false,
          submitted_at: submittedAt,
          reviewed_by: reviewed?.id ?? null,
          reviewed_at: reviewed ? new Date(submittedAt.getTime() + 2 * DAY) : null,
          review_note: null,
          version: reviewed ? 2 : 1,
        });
        events.push({
          agency_id: agencyId,
          vehicle_id: id,
          kind: 'odometer',
          odometer,
          source: 'squad_check',
          actor_id: checker.id,
          at: submittedAt,
        });
        audit.push({
          at: submittedAt,
          actor: checker,
          action: 'squad_check.submitted',
          entityType: 'squad_check',
          entityId: subId,
          summary: `Squad check of unit ${unit}: ${failed.length === 0 ? 'all passed' : `${failed.length} failed`}`,
          after: { failed_items: failed.map((f) => f.item_id), odometer },
        });
        if (reviewed)
          audit.push({
            at: new Date(submittedAt.getTime() + 2 * DAY),
            actor: reviewed,
            action: 'squad_check.approved',
            entityType: 'squad_check',
            entityId: subId,
            summary: 'Approved a squad check',
            after: { note: null },
          });
        lastCheck = submittedAt;
      }
      // About one service request a month per car, spread over the year.
      const requestCount = Math.round(
        ((12 * days) / DAYS_OF_HISTORY) * REQUESTS_PER_VEHICLE_MONTH * activity * (retired ? 0.8 : 1) + rand(),
      );
      for (let r = 0; r < requestCount; r += 1) {
        const createdAtR = new Date(start.getTime() + Math.floor(rand() * days * DAY));
        const age = (now.getTime() - createdAtR.getTime()) / DAY;
        const kind = pick(REQUEST_KINDS);
        const reporter = pick(officers);
        const status =
          age > 14 ? (rand() < 0.9 ? 'completed' : 'declined') : age > 3 ? pick(['in_progress', 'completed', 'open'] as const) : 'open';
        const oos = (outOfService && age < 10 && status !== 'completed' && status !== 'declined') || false;
        requests.push({
          agency_id: agencyId,
          id: crypto.randomUUID(),
          number: 0,
          vehicle_id: id,
          category: kind.category,
          description: kind.description,
          drivable: !oos,
          status,
          out_of_service: oos,
          cost_cents: status === 'completed' ? 5_000 + Math.floor(rand() * 80_000) : null,
          vendor: status === 'completed' ? pick(VENDORS) : null,
          reported_by: reporter.id,
          squad_check_id: null,
          squad_check_item_id: null,
          photo_ids: [],
          completed_at: status === 'completed' ? new Date(createdAtR.getTime() + 3 * DAY) : null,
          version: status === 'open' ? 1 : status === 'in_progress' ? 2 : 3,
          created_at: createdAtR,
          updated_at: status === 'open' ? createdAtR : new Date(createdAtR.getTime() + (status === 'in_progress' ? DAY : 3 * DAY)),
          unit,
          reporter,
        });
      }
      const status = retired ? 'retired' : outOfService ? 'out_of_service' : 'in_service';
      if (status !== 'in_service') {
        const at = new Date(now.getTime() - (retired ? 60 : 2) * DAY);
        const reason = retired ? 'Replaced by a new car' : 'Not drivable: brakes';
        events.push({
          agency_id: agencyId,
          vehicle_id: id,
          kind: 'status',
          from_status: 'in_service',
          to_status: status,
          reason,
          source: 'manual',
          actor_id: managers[0]!.id,
          at,
        });
        audit.push({
          at,
          actor: managers[0]!,
          action: 'vehicle.status_changed',
          entityType: 'vehicle',
          entityId: id,
          summary: `Unit ${unit}: in service → ${status.replaceAll('_', ' ')} (${reason})`,
          before: { status: 'in_service' },
          after: { status, reason },
        });
      }
      vehicles.push({
        agency_id: agencyId,
        id,
        unit_number: unit,
        vehicle_type: spec.type,
        make: spec.make,
        model: spec.model,
        year: 2018 + (i % 7),
        vin: null,
        plate: `PD ${4100 + i * 13}`,
        plate_state: 'IL',
        status,
        status_reason: status === 'in_service' ? null : retired ? 'Replaced by a new car' : 'Not drivable: brakes',
        odometer,
        assigned_user_id: assigned.id,
        assigned_group: i % 5 === 0 ? 'Traffic' : null,
        equipment: ['Light bar', 'Siren', 'Mobile radio', 'In-car camera'],
        notes: null,
        photo_key: null,
        last_squad_check_at: lastCheck,
        version: 1,
        created_at: createdAt,
        updated_at: lastCheck ?? createdAt,
      });
      for (const [category, miles, days] of [
        ['oil_change', 5_000, null],
        ['tires', 40_000, null],
        ['inspection', null, 365],
      ] as const) {
        const lastDoneAt = new Date(now.getTime() - Math.floor(rand() * (days ?? 120)) * DAY);
        intervals.push({
          agency_id: agencyId,
          id: crypto.randomUUID(),
          vehicle_id: id,
          category,
          every_miles: miles,
          every_days: days,
          last_done_at: lastDoneAt,
          last_done_odometer: Math.max(0, odometer - Math.floor(rand() * (miles ?? 8_000))),
          active: true,
          version: 1,
          created_at: createdAt,
          updated_at: lastDoneAt,
        });
      }
    }
    await insert(tx, 'vehicles', vehicles);

    // Request numbers in order of creation, from the agency's counter, as nextNumber() hands them out.
    requests.sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());
    requests.forEach((r, index) => {
      r.number = index + 1;
      const created = r.created_at as Date;
      const reporter = r.reporter as (typeof users)[number];
      const manager = managers[index % managers.length]!;
      requestEvents.push({
        agency_id: agencyId,
        request_id: r.id,
        from_status: null,
        to_status: 'open',
        note: null,
        actor_id: reporter.id,
        at: created,
      });
      audit.push({
        at: created,
        actor: reporter,
        action: 'service_request.created',
        entityType: 'service_request',
        entityId: r.id as string,
        summary: `Service request #${index + 1} for unit ${String(r.unit)}`,
        after: { category: r.category, drivable: r.drivable },
      });
      const moves: Array<[string, string, number, string | null]> = [];
      if (r.status !== 'open') moves.push(['open', 'in_progress', DAY, 'Booked with the shop']);
      if (r.status === 'completed' || r.status === 'declined')
        moves.push(['in_progress', r.status as string, 3 * DAY, r.status === 'completed' ? 'Done' : 'Not needed']);
      for (const [from, to, after, note] of moves) {
        const at = new Date(created.getTime() + after);
        requestEvents.push({ agency_id: agencyId, request_id: r.id, from_status: from, to_status: to, note, actor_id: manager.id, at });
        audit.push({
          at,
          actor: manager,
          action: 'service_request.status_changed',
          entityType: 'service_request',
          entityId: r.id as string,
          summary: `Service request #${index + 1}: ${from} → ${to}`,
          before: { status: from },
          after: { status: to },
        });
      }
      delete r.unit;
      delete r.reporter;
    });
    await insert(tx, 'service_requests', requests);
    await tx.execute(sql`insert into agency_counters (agency_id, name, value) values (${agencyId}, 'service_request', ${requests.length})`);
    counts.agency_counters = 1;
    await insert(tx, 'service_request_events', requestEvents);
    await insert(tx, 'squad_check_submissions', submissions);
    events.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
    await insert(tx, 'vehicle_events', events);
    await insert(tx, 'maintenance_intervals', intervals);

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
