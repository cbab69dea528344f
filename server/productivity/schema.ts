import { sql } from 'drizzle-orm';
import {
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
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CustomField,
  Recurrence,
  SpaceStatus,
  TaskLinkKind,
  TaskPriority,
  TemplateContent,
} from '../../core/contracts/productivity.ts';
import { timestamps } from '../db/columns.ts';
import { users } from '../db/schema.ts';

/**
 * The productivity module's tables (in its manifest, so the row-level-security, distribution and
 * query-plan tests cover them); `agency_id` leads every key and index, every reference is
 * `(agency_id, x_id)`, and row-level security is forced in the migration. A space keeps its status
 * workflow and custom field definitions as ordered JSON (edited whole, read with the space); a task
 * keeps its status by key and its custom values keyed by field id. Dates are the agency's: a due date
 * is a calendar date (`due_on`) with an optional wall-clock time, and `due_at` is the instant they
 * make in the agency's time zone (the end of the day when no time is given), worked out when saved.
 * Spaces, lists, tasks, comments and templates are records: archived or closed, never deleted.
 */

export const productivitySpaces = pgTable(
  'productivity_spaces',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    statuses: jsonb('statuses').$type<SpaceStatus[]>().notNull(),
    fields: jsonb('fields').$type<CustomField[]>().notNull().default([]),
    archived: boolean('archived').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    foreignKey({ columns: [t.agencyId, t.createdBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const productivitySpaceMembers = pgTable(
  'productivity_space_members',
  {
    agencyId: uuid('agency_id').notNull(),
    spaceId: uuid('space_id').notNull(),
    userId: uuid('user_id').notNull(),
    addedBy: uuid('added_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.spaceId, t.userId] }),
    // A person's spaces (every visibility check and "my tasks").
    index('productivity_space_members_user_idx').on(t.agencyId, t.userId),
    foreignKey({ columns: [t.agencyId, t.spaceId], foreignColumns: [productivitySpaces.agencyId, productivitySpaces.id] }),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const productivityLists = pgTable(
  'productivity_lists',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    spaceId: uuid('space_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('productivity_lists_space_idx').on(t.agencyId, t.spaceId, t.position),
    foreignKey({ columns: [t.agencyId, t.spaceId], foreignColumns: [productivitySpaces.agencyId, productivitySpaces.id] }),
  ],
);

export const productivityTasks = pgTable(
  'productivity_tasks',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** The list's space, kept on the task so a visibility check reads one row. */
    spaceId: uuid('space_id').notNull(),
    listId: uuid('list_id').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML (server/productivity/description.ts). */
    description: text('description').notNull().default(''),
    status: text('status').notNull(),
    priority: text('priority').$type<TaskPriority>().notNull().default('normal'),
    startOn: text('start_on'),
    startTime: text('start_time'),
    dueOn: text('due_on'),
    dueTime: text('due_time'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    /** Board and table order within the list. */
    position: doublePrecision('position').notNull().default(0),
    customFields: jsonb('custom_fields').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    /** The occurrences of one recurring task share it (the first one's id). */
    seriesId: uuid('series_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The due date its assignees were told "due tomorrow" for, so the daily job tells them once. */
    dueNoticeOn: text('due_notice_on'),
    createdBy: uuid('created_by').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    // The list views: by status in board and table order, and by due date.
    index('productivity_tasks_list_status_idx').on(t.agencyId, t.listId, t.status, t.position),
    index('productivity_tasks_list_position_idx').on(t.agencyId, t.listId, t.position),
    index('productivity_tasks_list_due_idx').on(t.agencyId, t.listId, t.dueOn),
    // Open tasks by due date: "due tomorrow" and the home screen.
    index('productivity_tasks_open_due_idx')
      .on(t.agencyId, t.dueOn)
      .where(sql`closed_at is null`),
    // The hourly look across agencies (precinct_productivity_agencies_due(), a SECURITY DEFINER over
    // every tenant) filters open tasks by due date alone: the one index not led by agency_id.
    index('productivity_tasks_due_across_agencies_idx')
      .on(t.dueOn)
      .where(sql`closed_at is null`),
    // A space's counts (open tasks, tasks in a status the workflow would drop).
    index('productivity_tasks_space_idx').on(t.agencyId, t.spaceId, t.status),
    index('productivity_tasks_series_idx').on(t.agencyId, t.seriesId),
    foreignKey({ columns: [t.agencyId, t.listId], foreignColumns: [productivityLists.agencyId, productivityLists.id] }),
    foreignKey({ columns: [t.agencyId, t.spaceId], foreignColumns: [productivitySpaces.agencyId, productivitySpaces.id] }),
    foreignKey({ columns: [t.agencyId, t.createdBy], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** Who a task is assigned to; `due_on` and `open` follow the task, so "my tasks" is read from one index in due order. */
export const productivityTaskAssignees = pgTable(
  'productivity_task_assignees',
  {
    agencyId: uuid('agency_id').notNull(),
    taskId: uuid('task_id').notNull(),
    userId: uuid('user_id').notNull(),
    dueOn: text('due_on'),
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.taskId, t.userId] }),
    index('productivity_task_assignees_mine_idx').on(t.agencyId, t.userId, t.open, t.dueOn),
    foreignKey({ columns: [t.agencyId, t.taskId], foreignColumns: [productivityTasks.agencyId, productivityTasks.id] }),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const productivityTaskWatchers = pgTable(
  'productivity_task_watchers',
  {
    agencyId: uuid('agency_id').notNull(),
    taskId: uuid('task_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.taskId, t.userId] }),
    index('productivity_task_watchers_user_idx').on(t.agencyId, t.userId),
    foreignKey({ columns: [t.agencyId, t.taskId], foreignColumns: [productivityTasks.agencyId, productivityTasks.id] }),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** The one person a task is shared with (a task may be shared with several, each one by one): they see that task only. */
export const productivityTaskShares = pgTable(
  'productivity_task_shares',
  {
    agencyId: uuid('agency_id').notNull(),
    taskId: uuid('task_id').notNull(),
    userId: uuid('user_id').notNull(),
    sharedBy: uuid('shared_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.taskId, t.userId] }),
    index('productivity_task_shares_user_idx').on(t.agencyId, t.userId),
    foreignKey({ columns: [t.agencyId, t.taskId], foreignColumns: [productivityTasks.agencyId, productivityTasks.id] }),
    foreignKey({ columns: [t.agencyId, t.userId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

export const productivityChecklistItems = pgTable(
  'productivity_checklist_items',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    taskId: uuid('task_id').notNull(),
    text: text('text').notNull(),
    done: boolean('done').notNull().default(false),
    position: integer('position').notNull().default(0),
    doneBy: uuid('done_by'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('productivity_checklist_items_task_idx').on(t.agencyId, t.taskId, t.position),
    foreignKey({ columns: [t.agencyId, t.taskId], foreignColumns: [productivityTasks.agencyId, productivityTasks.id] }),
  ],
);

export const productivityComments = pgTable(
  'productivity_comments',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    taskId: uuid('task_id').notNull(),
    authorId: uuid('author_id').notNull(),
    body: text('body').notNull(),
    mentionIds: jsonb('mention_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('productivity_comments_task_idx').on(t.agencyId, t.taskId, t.createdAt),
    foreignKey({ columns: [t.agencyId, t.taskId], foreignColumns: [productivityTasks.agencyId, productivityTasks.id] }),
    foreignKey({ columns: [t.agencyId, t.authorId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** Files (storage/v1, purpose `productivity`) on a task. */
export const productivityAttachments = pgTable(
  'productivity_attachments',
  {
    agencyId: uuid('agency_id').notNull(),
    taskId: uuid('task_id').notNull(),
    fileId: uuid('file_id').notNull(),
    addedBy: uuid('added_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.taskId, t.fileId] }),
    index('productivity_attachments_file_idx').on(t.agencyId, t.fileId),
    foreignKey({ columns: [t.agencyId, t.taskId], foreignColumns: [productivityTasks.agencyId, productivityTasks.id] }),
  ],
);

/** A task's link to a record of another module, by kind and id (the other module's tables are not referenced). */
export const productivityTaskLinks = pgTable(
  'productivity_task_links',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    taskId: uuid('task_id').notNull(),
    kind: text('kind').$type<TaskLinkKind>().notNull(),
    recordId: uuid('record_id').notNull(),
    label: text('label').notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('productivity_task_links_task_idx').on(t.agencyId, t.taskId),
    // "The tasks of this vehicle" from the other module's screen.
    index('productivity_task_links_record_idx').on(t.agencyId, t.kind, t.recordId),
    foreignKey({ columns: [t.agencyId, t.taskId], foreignColumns: [productivityTasks.agencyId, productivityTasks.id] }),
  ],
);

export const productivityTemplates = pgTable(
  'productivity_templates',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    spaceId: uuid('space_id').notNull(),
    name: text('name').notNull(),
    content: jsonb('content').$type<TemplateContent>().notNull(),
    archived: boolean('archived').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('productivity_templates_space_idx').on(t.agencyId, t.spaceId),
    foreignKey({ columns: [t.agencyId, t.spaceId], foreignColumns: [productivitySpaces.agencyId, productivitySpaces.id] }),
  ],
);

export const productivityTables = [
  productivitySpaces,
  productivitySpaceMembers,
  productivityLists,
  productivityTasks,
  productivityTaskAssignees,
  productivityTaskWatchers,
  productivityTaskShares,
  productivityChecklistItems,
  productivityComments,
  productivityAttachments,
  productivityTaskLinks,
  productivityTemplates,
];
