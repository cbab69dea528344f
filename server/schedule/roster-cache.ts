import { eq, sql } from 'drizzle-orm';
import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { Roster } from '../../core/contracts/schedule.ts';
import type { Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import type { Services } from '../platform/services.ts';

/** Each agency's schedule version (migration 0044; written only by its triggers, so not in schema.ts, as access_versions is not). */
const scheduleVersions = pgTable('schedule_versions', {
  agencyId: uuid('agency_id').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

/** A roster as built, without what each request adds (its dates, and the agency's time zone from its configuration). */
export type BuiltRoster = Omit<Roster, 'from' | 'to' | 'timezone'>;

/** How many shifts the kept rosters may hold in all (a month of a 100-person agency is ~1,400: ~1 MB). */
const SHIFTS_KEPT = 20_000;

const versionOf = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select({ version: scheduleVersions.version })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.agencyId, sql.placeholder('agencyId'))),
);

/**
 * The rosters this server built, each with the agency's schedule version it read before building it
 * (migration 0044: every change to what a roster shows raises it at its commit). A roster is answered
 * again while its agency's version is unchanged: at a shift change the whole patrol opens the same
 * month, and every open roster reads it again when it is told of a change, and PostgreSQL and the
 * server build it once. The version is read first, in the request's transaction, so a roster is never
 * older than the version it is kept with (a change committed between the two reads makes it newer, and
 * the next request, reading the new version, builds it again). An agency with no version yet (no change
 * since the migration) is not kept. The earliest used goes first when the kept shifts pass `limit`.
 */
export class RosterCache {
  private readonly kept = new Map<string, { version: string; roster: BuiltRoster; shifts: number }>();
  private readonly building = new Map<string, { version: string; roster: Promise<BuiltRoster> }>();
  /** The shifts of the kept rosters, in all. */
  private shifts = 0;

  private readonly limit: number;

  constructor(limit = SHIFTS_KEPT) {
    this.limit = limit;
  }

  /** The roster for `key` (which must name the agency and everything that shapes the answer), built by `build` unless kept. */
  async get(tx: Tx, agencyId: string, key: string, build: () => Promise<BuiltRoster>): Promise<BuiltRoster> {
    const [row] = await versionOf(tx, undefined, { agencyId });
    if (!row) return build();
    const version = String(row.version);
    const fullKey = `${agencyId}|${key}`;
    const found = this.kept.get(fullKey);
    if (found?.version === version) {
      // Most recently used last.
      this.kept.delete(fullKey);
      this.kept.set(fullKey, found);
      return found.roster;
    }
    // Requests that come together (a change told to every open roster) wait for one build of the version.
    const pending = this.building.get(fullKey);
    if (pending?.version === version) return pending.roster.catch(() => build());
    const building = build();
    this.building.set(fullKey, { version, roster: building });
    try {
      const roster = await building;
      this.keep(fullKey, version, roster);
      return roster;
    } finally {
      if (this.building.get(fullKey)?.roster === building) this.building.delete(fullKey);
    }
  }

  private keep(fullKey: string, version: string, roster: BuiltRoster) {
    const replaced = this.kept.get(fullKey);
    if (replaced) this.forget(fullKey, replaced.shifts);
    if (roster.shifts.length > this.limit) return;
    this.kept.set(fullKey, { version, roster, shifts: roster.shifts.length });
    this.shifts += roster.shifts.length;
    for (const [oldest, entry] of this.kept) {
      if (this.shifts <= this.limit) break;
      this.forget(oldest, entry.shifts);
    }
  }

  private forget(key: string, shifts: number) {
    this.kept.delete(key);
    this.shifts -= shifts;
  }
}

const caches = new WeakMap<Services, RosterCache>();

/** The roster cache of this server (one per app, so two apps in one process, as tests run them, keep their own). */
export function rosterCacheOf(services: Services): RosterCache {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new RosterCache()));
  return cache;
}
