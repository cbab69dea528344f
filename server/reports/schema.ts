import { bigserial, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AiDraft, ReportContent, TemplateContent } from '../../core/contracts/reports.ts';
import { GUIDED_KEYS, REPORT_STATUSES, TEMPLATE_SCOPES } from '../../core/contracts/reports.ts';
import { timestamps } from '../db/columns.ts';
import { users } from '../db/schema.ts';

/**
 * The reports module's tables (declared in its manifest, so the row-level-security and distribution
 * tests cover them). `agency_id` leads every key; row-level security is forced in the migration
 * `0023_reports.sql`. A report keeps a copy of the template it started from, so editing a template
 * never changes a report; every submission, return and approval keeps the content as it was.
 */

export const reportTemplates = pgTable(
  'report_templates',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** `agency`: everyone may use it; `personal`: only its owner. */
    scope: text('scope', { enum: TEMPLATE_SCOPES }).notNull(),
    ownerId: uuid('owner_id'),
    content: jsonb('content').$type<TemplateContent>().notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('report_templates_owner_idx').on(t.agencyId, t.scope, t.ownerId),
    foreignKey({ columns: [t.agencyId, t.ownerId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const reports = pgTable(
  'reports',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    caseNumber: text('case_number').notNull(),
    /** 0 for a report, 1, 2, … for its supplements (which carry `parent_id`). */
    supplement: integer('supplement').notNull().default(0),
    parentId: uuid('parent_id'),
    typeKey: text('type_key').notNull(),
    typeLabel: text('type_label').notNull(),
    templateId: uuid('template_id'),
    templateName: text('template_name').notNull(),
    /** The guided template it started from (core/reports/guided-templates.ts), or null. */
    guidedKey: text('guided_key', { enum: GUIDED_KEYS }),
    template: jsonb('template').$type<TemplateContent>().notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('draft'),
    authorId: uuid('author_id').notNull(),
    reviewerId: uuid('reviewer_id'),
    content: jsonb('content').$type<ReportContent>().notNull(),
    /** When it happened, as the author wrote it in the agency's time zone (`YYYY-MM-DDTHH:mm`; sorts as text). */
    occurredAt: text('occurred_at').notNull().default(''),
    location: text('location').notNull().default(''),
    /** The people's names, for the lists. */
    people: jsonb('people').$type<string[]>().notNull().default([]),
    /** Case number, location, people, vehicles and property as words (report-search.ts): what the search looks in (kept indexed in search_words by triggers, migration 0046). */
    searchText: text('search_text').notNull().default(''),
    /** The AI draft (report_ai_drafts) its narrative started from, or null. */
    aiDraftId: uuid('ai_draft_id'),
    review: jsonb('review').$type<{ comment: string; fields: Record<string, string>; by: string; at: string } | null>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('reports_case_number_key').on(t.agencyId, t.caseNumber),
    index('reports_author_idx').on(t.agencyId, t.authorId, t.status, t.updatedAt),
    index('reports_status_idx').on(t.agencyId, t.status, t.updatedAt),
    index('reports_updated_idx').on(t.agencyId, t.updatedAt),
    index('reports_occurred_idx').on(t.agencyId, t.occurredAt),
    index('reports_parent_idx').on(t.agencyId, t.parentId),
    foreignKey({ columns: [t.agencyId, t.parentId], foreignColumns: [t.agencyId, t.id] }),
    foreignKey({ columns: [t.agencyId, t.authorId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.reviewerId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** Each submission, return and approval with the content as it was then: never changed, never deleted. */
export const reportRevisions = pgTable(
  'report_revisions',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    reportId: uuid('report_id').notNull(),
    revision: integer('revision').notNull(),
    event: text('event', { enum: ['submitted', 'returned', 'approved'] }).notNull(),
    actorId: uuid('actor_id').notNull(),
    comment: text('comment'),
    content: jsonb('content').$type<ReportContent>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('report_revisions_number_key').on(t.agencyId, t.reportId, t.revision),
    foreignKey({ columns: [t.agencyId, t.reportId], foreignColumns: [reports.agencyId, reports.id] }),
    foreignKey({ columns: [t.agencyId, t.actorId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/**
 * A narrative drafted by the operator's AI provider from a transcript, kept with the transcript's
 * passages it cites: the record of what the model was given and answered, for the officer's editor
 * (each sentence links to its passage) and for court. Used by at most one report, once signed.
 */
export const reportAiDrafts = pgTable(
  'report_ai_drafts',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    createdBy: uuid('created_by').notNull(),
    typeKey: text('type_key').notNull(),
    fileName: text('file_name'),
    format: text('format', { enum: ['webvtt', 'srt', 'text'] }).notNull(),
    /** SHA-256 of the transcript as sent, so the audit log names which transcript it was. */
    transcriptSha256: text('transcript_sha256').notNull(),
    passages: jsonb('passages').$type<AiDraft['passages']>().notNull(),
    paragraphs: jsonb('paragraphs').$type<AiDraft['paragraphs']>().notNull(),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    durationMs: integer('duration_ms').notNull(),
    reportId: uuid('report_id'),
    acknowledgement: jsonb('acknowledgement').$type<AiDraft['acknowledgement']>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('report_ai_drafts_creator_idx').on(t.agencyId, t.createdBy, t.createdAt),
    uniqueIndex('report_ai_drafts_report_key').on(t.agencyId, t.reportId),
    foreignKey({ columns: [t.agencyId, t.createdBy], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.reportId], foreignColumns: [reports.agencyId, reports.id] }),
  ],
);

export const reportsTables = [reportTemplates, reports, reportRevisions, reportAiDrafts];
