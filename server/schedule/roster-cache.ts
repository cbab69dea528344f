import { eq, sql } from 'drizzle-orm';
import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { Roster, StaffingMinimum } from '../../core/contracts/schedule.ts';
import type { Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import type { Services } from '../platform/services.ts';

/**
 * What a range of dates of the agency's roster is made of, before a request's filters: every shift,
 * the staffing minimums, the coverage of every minimum, the day notes and everyone's approved time off.
 */
export interface RosterDays {
  shifts: Roster['shifts'];
  minimums: StaffingMinimum[];
  coverage: Roster['coverage'];
  day_notes: Roster['day_notes'];
  time_off: Roster['time_off'];
}

/** Each agency's schedule version (migration 0044; written only by its triggers, so not in schema.ts, as access_versions is not). */
const scheduleVersions = pgTable('schedule_versions', {
  agencyId: uuid('agency_id').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

const versionOf = reusedStatement(
  () => '',
  (tx) =>
    tx
      .select({ version: scheduleVersions.version })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.agencyId, sql.placeholder('agencyId'))),
);

/** The agency's schedule version, or null before its first change (then nothing is kept). */
export type ReadVersion = (tx: Tx, agencyId: string) => Promise<bigint | null>;

const readScheduleVersion: ReadVersion = async (tx, agencyId) => (await versionOf(tx, undefined, { agencyId }))[0]?.version ?? null;

/** What the kept rosters may hold in all, counted in items (shifts, coverage lines, minimums, notes, time off, one per roster): ~20 MB, ~30 MB with the answers written from them (shifts.ts). */
const ITEMS_KEPT = 25_000;
/** And at most this many rosters. */
const ROSTERS_KEPT = 200;

const sizeOf = (days: RosterDays) =>
  1 + days.shifts.length + days.coverage.length + days.minimums.length + days.day_notes.length + days.time_off.length;

type Kept = { version: bigint; days: RosterDays; size: number };

/**
 * The rosters this server built, each a range of an agency's dates with the agency's schedule version
 * it read before building it (migration 0044: every change to what a roster shows raises it at its
 * commit). A range is answered again while its agency's version is unchanged: at a shift change the
 * whole patrol opens the same month, and every open roster reads it again when it is told of a change,
 * and PostgreSQL and the server build it once. The version is read first, in the request's transaction,
 * so a roster is never older than the version it is kept with (a change committed between the two reads
 * makes it newer, and the next request, reading the new version, builds it again). Requests that come
 * together for a version not yet built wait for one build. An agency with no version yet (no change
 * since it was made) is not kept. The least recently read go first past `items` or `rosters`.
 */
export class RosterCache {
  private readonly kept = new Map<string, Kept>();
  private readonly building = new Map<string, { version: bigint; days: Promise<RosterDays> }>();
  /** The items of the kept rosters, in all. */
  private items = 0;

  private readonly readVersion: ReadVersion;
  private readonly limits: { items: number; rosters: number };

  constructor(options: { readVersion?: ReadVersion; items?: number; rosters?: number } = {}) {
    this.readVersion = options.readVersion ?? readScheduleVersion;
    this.limits = { items: options.items ?? ITEMS_KEPT, rosters: options.rosters ?? ROSTERS_KEPT };
  }

  /** The agency's dates from `from` to `to`, built by `build` unless kept at the agency's current version. */
  async get(tx: Tx, agencyId: string, from: string, to: string, build: () => Promise<RosterDays>): Promise<RosterDays> {
    const version = await this.readVersion(tx, agencyId);
    if (version === null) return build();
    const key = `${agencyId}|${from}|${to}`;
    const found = this.kept.get(key);
    if (found?.version === version) {
      // Most recently read last.
      this.kept.delete(key);
      this.kept.set(key, found);
      return found.days;
    }
    // Requests that come together (a change told to every open roster) wait for one build of the version.
    const pending = this.building.get(key);
    if (pending?.version === version) return pending.days.catch(() => build());
    const building = build();
    // A build of an older version (a request that read it before the change) never displaces a newer one.
    if (!pending || pending.version < version) this.building.set(key, { version, days: building });
    try {
      const days = await building;
      this.keep(key, version, days);
      return days;
    } finally {
      if (this.building.get(key)?.days === building) this.building.delete(key);
    }
  }

  private keep(key: string, version: bigint, days: RosterDays) {
    const replaced = this.kept.get(key);
    if (replaced && replaced.version > version) return;
    if (replaced) this.forget(key, replaced.size);
    const size = sizeOf(days);
    if (size > this.limits.items) return;
    this.kept.set(key, { version, days, size });
    this.items += size;
    for (const [oldest, entry] of this.kept) {
      if (this.items <= this.limits.items && this.kept.size <= this.limits.rosters) break;
      this.forget(oldest, entry.size);
    }
  }

  private forget(key: string, size: number) {
    this.kept.delete(key);
    this.items -= size;
  }
}

const caches = new WeakMap<Services, RosterCache>();

/** The roster cache of this server (one per app, so two apps in one process, as tests run them, keep their own). */
export function rosterCacheOf(services: Services): RosterCache {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new RosterCache()));
  return cache;
}
