import { eq, sql } from 'drizzle-orm';
import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { Roster, StaffingMinimum } from '../../core/contracts/schedule.ts';
import type { Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { KeptByVersion, perServer } from '../platform/kept-by-version.ts';

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

/**
 * The rosters this server built, each a range of an agency's dates with the agency's schedule version
 * it read before building it (migration 0044: every change to what a roster shows raises it at its
 * commit), answered again while the version is unchanged (platform/kept-by-version.ts): at a shift
 * change the whole patrol opens the same month, and every open roster reads it again when it is told of
 * a change, and PostgreSQL and the server build it once. The version is read first, in the request's
 * transaction. An agency with no version yet (no change since it was made) is not kept.
 */
export class RosterCache {
  private readonly kept: KeptByVersion<RosterDays>;
  private readonly readVersion: ReadVersion;

  constructor(options: { readVersion?: ReadVersion; items?: number; rosters?: number } = {}) {
    this.readVersion = options.readVersion ?? readScheduleVersion;
    this.kept = new KeptByVersion({ items: options.items ?? ITEMS_KEPT, entries: options.rosters ?? ROSTERS_KEPT, sizeOf });
  }

  /** The agency's dates from `from` to `to`, built by `build` unless kept at the agency's current version. */
  async get(tx: Tx, agencyId: string, from: string, to: string, build: () => Promise<RosterDays>): Promise<RosterDays> {
    return this.kept.get(`${agencyId}|${from}|${to}`, await this.readVersion(tx, agencyId), build);
  }
}

/** The roster cache of this server. */
export const rosterCacheOf = perServer(() => new RosterCache());
