import {
  bigserial,
  date,
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
import { sql } from 'drizzle-orm';
import type { DorContent, ProgramContent } from '../../core/contracts/fto.ts';
import { BINDER_EVENT_ACTIONS, BINDER_STATUSES, DOR_STATUSES, SHIFTS, TASK_METHODS } from '../../core/contracts/fto.ts';
import { timestamps } from '../db/columns.ts';
import { storageObjects, users } from '../db/schema.ts';

/**
 * The field training module's tables (declared in its manifest, so the row-level-security and
 * distribution tests cover them). `agency_id` leads every key; row-level security is forced in the
 * migration `0019_field_training.sql`. A program's content lives in immutable versions: a binder keeps
 * the version it started on, so editing the program never rewrites a trainee's history.
 */

export const ftoPrograms = pgTable(
  'fto_programs',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    currentVersionId: uuid('current_version_id').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.id] })],
);

export const ftoProgramVersions = pgTable(
  'fto_program_versions',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    programId: uuid('program_id').notNull(),
    number: integer('number').notNull(),
    /** The program's name as of this version (what a binder started on it shows). */
    name: text('name').notNull(),
    content: jsonb('content').$type<ProgramContent>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('fto_program_versions_number_key').on(t.agencyId, t.programId, t.number),
    foreignKey({ columns: [t.agencyId, t.programId], foreignColumns: [ftoPrograms.agencyId, ftoPrograms.id] }),
    foreignKey({ columns: [t.agencyId, t.createdBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const ftoBinders = pgTable(
  'fto_binders',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    traineeId: uuid('trainee_id').notNull(),
    programId: uuid('program_id').notNull(),
    programVersionId: uuid('program_version_id').notNull(),
    startDate: date('start_date').notNull(),
    phaseKey: text('phase_key').notNull(),
    phaseStartedOn: date('phase_started_on').notNull(),
    status: text('status', { enum: BINDER_STATUSES }).notNull().default('active'),
    statusReason: text('status_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The trainer's signed recommendation to advance from the current phase, then the trainee's acknowledgement (cleared when the phase changes). */
    advanceRecommendedBy: uuid('advance_recommended_by'),
    advanceRecommendedAt: timestamp('advance_recommended_at', { withTimezone: true }),
    advanceReason: text('advance_reason'),
    advanceAcknowledgedAt: timestamp('advance_acknowledged_at', { withTimezone: true }),
    advanceComment: text('advance_comment'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('fto_binders_trainee_idx').on(t.agencyId, t.traineeId),
    index('fto_binders_list_idx').on(t.agencyId, t.createdAt, t.id),
    foreignKey({ columns: [t.agencyId, t.traineeId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.programVersionId], foreignColumns: [ftoProgramVersions.agencyId, ftoProgramVersions.id] }),
    foreignKey({ columns: [t.agencyId, t.advanceRecommendedBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** Who trains the trainee in each phase: visibility of a binder to a trainer comes from here. */
export const ftoBinderTrainers = pgTable(
  'fto_binder_trainers',
  {
    agencyId: uuid('agency_id').notNull(),
    binderId: uuid('binder_id').notNull(),
    phaseKey: text('phase_key').notNull(),
    trainerId: uuid('trainer_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.binderId, t.phaseKey, t.trainerId] }),
    index('fto_binder_trainers_trainer_idx').on(t.agencyId, t.trainerId, t.binderId),
    foreignKey({ columns: [t.agencyId, t.binderId], foreignColumns: [ftoBinders.agencyId, ftoBinders.id] }),
    foreignKey({ columns: [t.agencyId, t.trainerId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** A binder's signed actions: its start, phase advances, extensions, remedial periods, completion or release. */
export const ftoBinderEvents = pgTable(
  'fto_binder_events',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    binderId: uuid('binder_id').notNull(),
    action: text('action', { enum: BINDER_EVENT_ACTIONS }).notNull(),
    fromPhase: text('from_phase'),
    toPhase: text('to_phase'),
    reason: text('reason'),
    actorId: uuid('actor_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('fto_binder_events_binder_idx').on(t.agencyId, t.binderId, t.at),
    foreignKey({ columns: [t.agencyId, t.binderId], foreignColumns: [ftoBinders.agencyId, ftoBinders.id] }),
    foreignKey({ columns: [t.agencyId, t.actorId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const ftoDors = pgTable(
  'fto_dors',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    binderId: uuid('binder_id').notNull(),
    /** 1, 2, 3… within the binder. */
    number: integer('number').notNull(),
    traineeId: uuid('trainee_id').notNull(),
    trainerId: uuid('trainer_id').notNull(),
    phaseKey: text('phase_key').notNull(),
    shiftDate: date('shift_date').notNull(),
    shift: text('shift', { enum: SHIFTS }).notNull(),
    content: jsonb('content').$type<DorContent>().notNull(),
    /** Categories rated 1-3, N.R.T. or REM, and the remedial minutes: kept beside the content for lists. */
    failing: integer('failing').notNull().default(0),
    remedialMinutes: integer('remedial_minutes').notNull().default(0),
    status: text('status', { enum: DOR_STATUSES }).notNull().default('draft'),
    traineeComment: text('trainee_comment'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by'),
    revision: integer('revision').notNull().default(1),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('fto_dors_number_key').on(t.agencyId, t.binderId, t.number),
    index('fto_dors_binder_idx').on(t.agencyId, t.binderId, t.shiftDate, t.id),
    index('fto_dors_trainer_status_idx').on(t.agencyId, t.trainerId, t.status),
    index('fto_dors_trainee_status_idx').on(t.agencyId, t.traineeId, t.status),
    index('fto_dors_status_idx').on(t.agencyId, t.status, t.shiftDate),
    foreignKey({ columns: [t.agencyId, t.binderId], foreignColumns: [ftoBinders.agencyId, ftoBinders.id] }),
    foreignKey({ columns: [t.agencyId, t.traineeId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.trainerId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.approvedBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** The earlier revisions of an approved DOR that was amended: never changed, never deleted. */
export const ftoDorRevisions = pgTable(
  'fto_dor_revisions',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    dorId: uuid('dor_id').notNull(),
    /** The revision this row keeps (the DOR moved on to revision + 1). */
    revision: integer('revision').notNull(),
    content: jsonb('content').$type<DorContent>().notNull(),
    reason: text('reason').notNull(),
    amendedBy: uuid('amended_by').notNull(),
    amendedAt: timestamp('amended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('fto_dor_revisions_key').on(t.agencyId, t.dorId, t.revision),
    foreignKey({ columns: [t.agencyId, t.dorId], foreignColumns: [ftoDors.agencyId, ftoDors.id] }),
    foreignKey({ columns: [t.agencyId, t.amendedBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/**
 * A binder's tasksheet for one phase: the tasks of that phase in the binder's program version (its
 * snapshot of the task library). Made when the binder starts, so each has an id of its own to open.
 */
export const ftoTasksheets = pgTable(
  'fto_tasksheets',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    binderId: uuid('binder_id').notNull(),
    phaseKey: text('phase_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('fto_tasksheets_phase_key').on(t.agencyId, t.binderId, t.phaseKey),
    foreignKey({ columns: [t.agencyId, t.binderId], foreignColumns: [ftoBinders.agencyId, ftoBinders.id] }),
  ],
);

/** A trainer's sign-off of one task. A mistaken one is withdrawn with a reason, never deleted. */
export const ftoTaskSignoffs = pgTable(
  'fto_task_signoffs',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    tasksheetId: uuid('tasksheet_id').notNull(),
    taskKey: text('task_key').notNull(),
    trainerId: uuid('trainer_id').notNull(),
    signedOn: date('signed_on').notNull(),
    method: text('method', { enum: TASK_METHODS }).notNull(),
    note: text('note').notNull().default(''),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by'),
    withdrawnReason: text('withdrawn_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('fto_task_signoffs_current_key')
      .on(t.agencyId, t.tasksheetId, t.taskKey)
      .where(sql`withdrawn_at is null`),
    foreignKey({ columns: [t.agencyId, t.tasksheetId], foreignColumns: [ftoTasksheets.agencyId, ftoTasksheets.id] }),
    foreignKey({ columns: [t.agencyId, t.trainerId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.withdrawnBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** A policy of the binder's program version for the trainee to read and acknowledge (timestamped, with the version read). */
export const ftoBinderPolicies = pgTable(
  'fto_binder_policies',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    binderId: uuid('binder_id').notNull(),
    policyKey: text('policy_key').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedVersion: text('acknowledged_version'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('fto_binder_policies_key').on(t.agencyId, t.binderId, t.policyKey),
    index('fto_binder_policies_open_idx').on(t.agencyId, t.acknowledgedAt),
    foreignKey({ columns: [t.agencyId, t.binderId], foreignColumns: [ftoBinders.agencyId, ftoBinders.id] }),
  ],
);

/** Reference material of a program (manuals, maps, codes), uploaded through storage/v1. Retired, never deleted. */
export const ftoReferenceDocuments = pgTable(
  'fto_reference_documents',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    programId: uuid('program_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fileId: uuid('file_id').notNull(),
    addedBy: uuid('added_by').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('fto_reference_documents_program_idx').on(t.agencyId, t.programId),
    foreignKey({ columns: [t.agencyId, t.programId], foreignColumns: [ftoPrograms.agencyId, ftoPrograms.id] }),
    foreignKey({ columns: [t.agencyId, t.fileId], foreignColumns: [storageObjects.agencyId, storageObjects.id] }),
    foreignKey({ columns: [t.agencyId, t.addedBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** Every table of the module, for its manifest. */
export const ftoTables = [
  ftoPrograms,
  ftoProgramVersions,
  ftoBinders,
  ftoBinderTrainers,
  ftoBinderEvents,
  ftoDors,
  ftoDorRevisions,
  ftoTasksheets,
  ftoTaskSignoffs,
  ftoBinderPolicies,
  ftoReferenceDocuments,
] as const;
