import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
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
import type { CitationContent, CitationKind, StopPerson, StopVehicle } from '../../core/contracts/citations.ts';
import { CITATION_KINDS, CITATION_STATUSES } from '../../core/contracts/citations.ts';
import { timestamps } from '../db/columns.ts';
import { users } from '../db/schema.ts';

/**
 * The citations module's tables (declared in its manifest, so the row-level-security, distribution and
 * query-plan tests cover them). `agency_id` leads every key; row-level security is forced in the
 * migration `0025_citations.sql`. A stop holds what the officer enters once (place, person, vehicle);
 * each citation of the stop is a row of its own, a draft until issued, then a snapshot that later
 * changes to the stop or the statute library never touch. Every issue, amendment, void request, void
 * and filing keeps the citation's content as it was after the event.
 */

/** The agency's statute and ordinance library, with the dates each version applies. */

export const citationStatutes = pgTable(
  'citation_statutes',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    kinds: jsonb('kinds').$type<CitationKind[]>().notNull(),
    /** Fine or bond in cents; null: set by the court. */
    fineCents: integer('fine_cents'),
    points: integer('points').notNull().default(0),
    moving: boolean('moving').notNull().default(false),
    speeding: boolean('speeding').notNull().default(false),
    /** YYYY-MM-DD (sorts as text). */
    effectiveFrom: text('effective_from').notNull(),
    /** The last day it applies; null: still in force. */
    effectiveTo: text('effective_to'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.id] }), uniqueIndex('citation_statutes_code_key').on(t.agencyId, t.code, t.effectiveFrom)],
);

/** A stop: who stopped whom, where and when, entered once for all its citations. */
export const citationStops = pgTable(
  'citation_stops',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull(),
    officerId: uuid('officer_id').notNull(),
    /** The wall clock in the agency's time zone, `YYYY-MM-DDTHH:mm`, as the officer entered it. */
    occurredAt: text('occurred_at').notNull(),
    /** The same moment as an instant (null while the wall clock is not a valid date). */
    occurredInstant: timestamp('occurred_instant', { withTimezone: true }),
    location: text('location').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    person: jsonb('person').$type<StopPerson>().notNull(),
    vehicle: jsonb('vehicle').$type<StopVehicle>().notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('citation_stops_officer_idx').on(t.agencyId, t.officerId, t.updatedAt),
    foreignKey({ columns: [t.agencyId, t.officerId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const citations = pgTable(
  'citations',
  {
    agencyId: uuid('agency_id').notNull(),
    /** Chosen on the device with its draft. */
    id: uuid('id').notNull(),
    stopId: uuid('stop_id').notNull(),
    /** The formatted number, given at issue; null while a draft. */
    number: text('number'),
    /** The agency's sequence value the number was made of. */
    sequence: integer('sequence'),
    /** The draft's place among its stop's citations. */
    position: integer('position').notNull().default(0),
    kind: text('kind', { enum: CITATION_KINDS }).notNull(),
    status: text('status', { enum: CITATION_STATUSES }).notNull().default('draft'),
    /** The draft as it would issue (violations read from today's library) and, once issued, the citation as issued or last amended. */
    content: jsonb('content').$type<CitationContent>().notNull(),
    officerId: uuid('officer_id').notNull(),
    /** The stop's wall clock and its date, for the lists and the periods (sort as text). */
    occurredAt: text('occurred_at').notNull(),
    occurredOn: text('occurred_on').notNull(),
    location: text('location').notNull().default(''),
    violatorName: text('violator_name').notNull().default(''),
    plate: text('plate').notNull().default(''),
    codes: jsonb('codes').$type<string[]>().notNull().default([]),
    statuteIds: jsonb('statute_ids').$type<string[]>().notNull().default([]),
    totalFineCents: integer('total_fine_cents').notNull().default(0),
    appearanceDate: text('appearance_date'),
    courtKey: text('court_key'),
    /** Number, names, plate, VIN and codes as words (citation-content.ts): what the list's search looks in (kept indexed in search_words by triggers, migration 0046). */
    searchText: text('search_text').notNull().default(''),
    voidReason: text('void_reason'),
    voidedBy: uuid('voided_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The officer's request to void it, waiting for a supervisor. */
    voidRequest: jsonb('void_request').$type<{ reason: string; by: string; at: string } | null>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    amended: integer('amended').notNull().default(0),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('citations_number_key')
      .on(t.agencyId, t.number)
      .where(sql`${t.number} is not null`),
    index('citations_stop_idx').on(t.agencyId, t.stopId, t.position),
    index('citations_officer_idx').on(t.agencyId, t.officerId, t.occurredAt),
    // "My citations" in its order (drafts first, then the newest; citation-queries.ts, read backwards):
    // a page reads its 50 rows, where a traffic officer's years of citations were all sorted for it.
    index('citations_mine_idx').on(t.agencyId, t.officerId, sql`(${t.status} in ('draft', 'validated'))`, t.occurredAt, t.id),
    index('citations_occurred_idx').on(t.agencyId, t.occurredAt),
    index('citations_status_idx').on(t.agencyId, t.status, t.occurredAt),
    index('citations_statutes_idx').using('gin', t.statuteIds),
    index('citations_void_request_idx')
      .on(t.agencyId, t.occurredAt)
      .where(sql`${t.voidRequest} is not null`),
    foreignKey({ columns: [t.agencyId, t.stopId], foreignColumns: [citationStops.agencyId, citationStops.id] }),
    foreignKey({ columns: [t.agencyId, t.officerId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.voidedBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const CITATION_EVENTS = ['issued', 'amended', 'void_requested', 'voided', 'filed'] as const;
export type CitationEvent = (typeof CITATION_EVENTS)[number];

/** What an issued citation said after each event: never changed, never deleted. */
export const citationRevisions = pgTable(
  'citation_revisions',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    citationId: uuid('citation_id').notNull(),
    revision: integer('revision').notNull(),
    event: text('event', { enum: CITATION_EVENTS }).notNull(),
    actorId: uuid('actor_id').notNull(),
    reason: text('reason'),
    content: jsonb('content').$type<CitationContent>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('citation_revisions_number_key').on(t.agencyId, t.citationId, t.revision),
    foreignKey({ columns: [t.agencyId, t.citationId], foreignColumns: [citations.agencyId, citations.id] }),
    foreignKey({ columns: [t.agencyId, t.actorId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const citationsTables = [citationStatutes, citationStops, citations, citationRevisions];
