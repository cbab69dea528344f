import { z } from 'zod';
import { defineApi } from '../endpoints.ts';
import { IdParams } from './admin.ts';
import { Id, IsoDate, Key, Label, LongText } from './fields.ts';
import { TASK_GROUPS, TASK_PRIORITIES, TASK_SORTS } from './list-values.ts';

export { TASK_GROUPS, TASK_PRIORITIES, TASK_SORTS };

/**
 * Productivity (/productivity): spaces (a unit or a division) with their members, their own status
 * workflow and custom fields; lists in a space; tasks in a list. A space, its lists and its tasks are
 * seen by its members and by `admin:access` only; a task also by the one person it is shared with, who
 * sees that task and nothing else of the space. Everyone else is told it was not found.
 */

// ---------------------------------------------------------------- vocabulary

export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { urgent: 'Urgent', high: 'High', normal: 'Normal', low: 'Low' };

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice', 'yes_no'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** The records of other modules a task can point at. */
export const TASK_LINK_KINDS = ['vehicle', 'service_request', 'report', 'binder'] as const;
export type TaskLinkKind = (typeof TASK_LINK_KINDS)[number];

/** Who may create a space (productivity_settings.space_creators). */
export const SPACE_CREATORS = ['everyone', 'admins', 'roles'] as const;

/** A wall-clock time in the agency's time zone, HH:mm. */
export const WallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time (HH:mm)');

// ---------------------------------------------------------------- settings

export const ProductivitySettings = z.object({
  enabled: z.boolean(),
  /** Everyone with productivity:access, only administrators, or the holders of the roles named. */
  space_creators: z.enum(SPACE_CREATORS).default('everyone'),
  creator_role_ids: z.array(Id).max(50).default([]),
});
export type ProductivitySettings = z.infer<typeof ProductivitySettings>;
export const UpdateProductivitySettingsInput = ProductivitySettings.omit({ enabled: true }).strict();
export type UpdateProductivitySettingsInput = z.input<typeof UpdateProductivitySettingsInput>;

// ---------------------------------------------------------------- spaces

export const SpaceStatus = z.object({
  key: Key,
  label: Label(40),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c7ed6'),
  /** A task in a closed status is done: it leaves "my tasks" and a recurring one makes its next occurrence. */
  closed: z.boolean(),
});
export type SpaceStatus = z.infer<typeof SpaceStatus>;

export const DEFAULT_STATUSES: SpaceStatus[] = [
  { key: 'todo', label: 'To do', color: '#868e96', closed: false },
  { key: 'in_progress', label: 'In progress', color: '#1c7ed6', closed: false },
  { key: 'done', label: 'Done', color: '#2f9e44', closed: true },
];

export const CustomField = z.object({
  /** Given by the server when a field is added; a task's values are keyed by it. */
  id: Id,
  name: Label(60),
  type: z.enum(CUSTOM_FIELD_TYPES),
  /** The choices of a `choice` field. */
  options: z.array(Label(60)).max(50).default([]),
});
export type CustomField = z.infer<typeof CustomField>;
export const CustomFieldInput = CustomField.extend({ id: Id.optional() });

export const Person = z.object({ id: Id, name: z.string() });
export type Person = z.infer<typeof Person>;

export const SpaceSummary = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  archived: z.boolean(),
  member_count: z.number().int(),
  open_tasks: z.number().int(),
  /** Whether the caller is a member (an administrator sees every space). */
  member: z.boolean(),
  version: z.number().int(),
});
export type SpaceSummary = z.infer<typeof SpaceSummary>;

export const TaskListSummary = z.object({
  id: Id,
  space_id: Id,
  name: z.string(),
  position: z.number().int(),
  archived: z.boolean(),
  open_tasks: z.number().int(),
  version: z.number().int(),
});
export type TaskListSummary = z.infer<typeof TaskListSummary>;

export const Space = SpaceSummary.extend({
  statuses: z.array(SpaceStatus),
  fields: z.array(CustomField),
  members: z.array(Person),
  lists: z.array(TaskListSummary),
  created_at: z.string(),
});
export type Space = z.infer<typeof Space>;

const statusesRule = (statuses: SpaceStatus[], ctx: z.RefinementCtx) => {
  const keys = new Set<string>();
  statuses.forEach((status, index) => {
    if (keys.has(status.key)) ctx.addIssue({ code: 'custom', path: ['statuses', index, 'key'], message: 'This key is already used' });
    keys.add(status.key);
  });
  if (!statuses.some((s) => s.closed)) ctx.addIssue({ code: 'custom', path: ['statuses'], message: 'Mark at least one status as closed' });
  if (!statuses.some((s) => !s.closed)) ctx.addIssue({ code: 'custom', path: ['statuses'], message: 'Keep at least one open status' });
};

export const CreateSpaceInput = z
  .object({
    name: Label(80),
    description: LongText(2000).default(''),
    statuses: z.array(SpaceStatus).min(2).max(20).default(DEFAULT_STATUSES),
    fields: z.array(CustomFieldInput).max(30).default([]),
    /** Besides the creator, who is always a member. */
    member_ids: z.array(Id).max(500).default([]),
  })
  .strict()
  .superRefine((input, ctx) => statusesRule(input.statuses, ctx));
export type CreateSpaceInput = z.input<typeof CreateSpaceInput>;

export const UpdateSpaceInput = z
  .object({
    name: Label(80).optional(),
    description: LongText(2000).optional(),
    statuses: z.array(SpaceStatus).min(2).max(20).optional(),
    fields: z.array(CustomFieldInput).max(30).optional(),
    archived: z.boolean().optional(),
  })
  .strict()
  .superRefine((input, ctx) => input.statuses && statusesRule(input.statuses, ctx));
export type UpdateSpaceInput = z.input<typeof UpdateSpaceInput>;

export const SpaceMembersInput = z.object({ member_ids: z.array(Id).max(500) }).strict();

// ---------------------------------------------------------------- lists

export const CreateListInput = z.object({ name: Label(80) }).strict();
export const UpdateListInput = z
  .object({ name: Label(80).optional(), position: z.number().int().min(0).max(10_000).optional(), archived: z.boolean().optional() })
  .strict();
export type UpdateListInput = z.input<typeof UpdateListInput>;

// ---------------------------------------------------------------- tasks

export const Recurrence = z
  .object({
    freq: z.enum(RECURRENCE_FREQUENCIES),
    /** Every `interval` days, weeks or months. */
    interval: z.number().int().min(1, 'At least 1').max(99, 'At most 99').default(1),
    /** Weekly: the days of the week (0 Sunday … 6 Saturday); the due date's day when empty. */
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    /** No occurrence after this date. */
    until: IsoDate.nullable().default(null),
  })
  .strict();
export type Recurrence = z.infer<typeof Recurrence>;

/** A custom field's value: text, a number, a date, a choice or yes/no. */
export const CustomFieldValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const TaskSummary = z.object({
  id: Id,
  space_id: Id,
  list_id: Id,
  title: z.string(),
  status: z.string(),
  closed: z.boolean(),
  priority: z.enum(TASK_PRIORITIES),
  start_on: z.string().nullable(),
  start_time: z.string().nullable(),
  due_on: z.string().nullable(),
  due_time: z.string().nullable(),
  /** The due instant: the due time in the agency's time zone, or the end of the due day. */
  due_at: z.string().nullable(),
  labels: z.array(z.string()),
  assignees: z.array(Person),
  position: z.number(),
  custom_fields: z.record(z.string(), CustomFieldValue),
  recurrence: Recurrence.nullable(),
  series_id: z.string().nullable(),
  checklist_done: z.number().int(),
  checklist_total: z.number().int(),
  closed_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskSummary = z.infer<typeof TaskSummary>;

export const ChecklistItem = z.object({
  id: Id,
  text: z.string(),
  done: z.boolean(),
  position: z.number().int(),
  version: z.number().int(),
});
export type ChecklistItem = z.infer<typeof ChecklistItem>;

export const TaskAttachment = z.object({
  file_id: Id,
  name: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int(),
  added_by: Person,
  added_at: z.string(),
});

export const TaskLink = z.object({ id: Id, kind: z.enum(TASK_LINK_KINDS), record_id: Id, label: z.string(), created_at: z.string() });
export type TaskLink = z.infer<typeof TaskLink>;

export const Task = TaskSummary.extend({
  description: z.string(),
  space_name: z.string(),
  list_name: z.string(),
  statuses: z.array(SpaceStatus),
  fields: z.array(CustomField),
  watchers: z.array(Person),
  watching: z.boolean(),
  checklist: z.array(ChecklistItem),
  attachments: z.array(TaskAttachment),
  links: z.array(TaskLink),
  shared_with: z.array(Person),
  created_by: Person,
  /** `member`: the caller may change it; `shared`: it was shared with them, who may read it, comment and tick its checklist. */
  access: z.enum(['member', 'shared']),
});
export type Task = z.infer<typeof Task>;

const TaskFields = {
  title: Label(200),
  /** Rich text (HTML); the server keeps only the editor's formatting. */
  description: LongText(20_000),
  status: Key,
  priority: z.enum(TASK_PRIORITIES),
  start_on: IsoDate.nullable(),
  start_time: WallTime.nullable(),
  due_on: IsoDate.nullable(),
  due_time: WallTime.nullable(),
  labels: z.array(Label(40)).max(20),
  assignee_ids: z.array(Id).max(50),
  custom_fields: z.record(z.string(), CustomFieldValue),
  recurrence: Recurrence.nullable(),
};

/** A record of another module a task points at, given by kind and id (it must exist in the agency and be one the caller sees). */
export const TaskLinkInput = z.object({ kind: z.enum(TASK_LINK_KINDS), record_id: Id, label: LongText(200).default('') }).strict();

export const CreateTaskInput = z
  .object({
    ...TaskFields,
    description: TaskFields.description.default(''),
    status: Key.optional(),
    priority: TaskFields.priority.default('normal'),
    start_on: IsoDate.nullable().default(null),
    start_time: WallTime.nullable().default(null),
    due_on: IsoDate.nullable().default(null),
    due_time: WallTime.nullable().default(null),
    labels: TaskFields.labels.default([]),
    assignee_ids: TaskFields.assignee_ids.default([]),
    custom_fields: TaskFields.custom_fields.default({}),
    recurrence: Recurrence.nullable().default(null),
    checklist: z.array(Label(300)).max(100).default([]),
    /** Start from a template of the list's space: what the input leaves out comes from it. */
    template_id: Id.optional(),
    /** Records of other modules the task is about ("make a task" from a service request), linked in the same transaction. */
    links: z.array(TaskLinkInput).max(5, 'At most 5 links').default([]),
  })
  .strict()
  .partial({ title: true });
export type CreateTaskInput = z.input<typeof CreateTaskInput>;

export const UpdateTaskInput = z
  .object({ ...TaskFields, position: z.number().min(-1e9).max(1e9) })
  .partial()
  .strict();
export type UpdateTaskInput = z.input<typeof UpdateTaskInput>;

export const MoveTaskInput = z.object({ list_id: Id, status: Key.optional() }).strict();
export const DuplicateTaskInput = z.object({ list_id: Id.optional(), title: Label(200).optional() }).strict();

export const CloseTaskResult = z.object({ task: Task, next: TaskSummary.nullable() });
export type CloseTaskResult = z.infer<typeof CloseTaskResult>;

export const BulkUpdateInput = z
  .object({
    /** Each task with the version the person saw: a task changed since is refused, and then none is changed. */
    tasks: z
      .array(z.object({ id: Id, version: z.number().int() }))
      .min(1, 'Choose at least one task')
      .max(200, 'At most 200 tasks at once'),
    changes: z
      .object({ status: Key, assignee_ids: z.array(Id).max(50), due_on: IsoDate.nullable(), due_time: WallTime.nullable() })
      .partial()
      .strict()
      .refine((c) => Object.keys(c).length > 0, 'Choose what to change'),
  })
  .strict();
export type BulkUpdateInput = z.input<typeof BulkUpdateInput>;
export const BulkUpdateResult = z.object({ tasks: z.array(TaskSummary) });

export const ListTasksQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(TASK_SORTS).default('position'),
  order: z.enum(['asc', 'desc']).default('asc'),
  status: Key.optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  assignee_id: Id.optional(),
  label: z.string().max(40).optional(),
  due_from: IsoDate.optional(),
  due_to: IsoDate.optional(),
  q: z.string().trim().max(100).optional(),
  /** Closed tasks too (the board's closed column); open ones only by default. */
  include_closed: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Counts per group of the whole filtered list (the table's group headers). */
  group: z.enum(TASK_GROUPS).default('none'),
});
export type ListTasksQuery = z.input<typeof ListTasksQuery>;

export const TaskPage = z.object({
  items: z.array(TaskSummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  groups: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type TaskPage = z.infer<typeof TaskPage>;

export const MY_TASK_GROUPS = ['overdue', 'today', 'this_week', 'later', 'no_date'] as const;
export const MyTaskGroup = TaskSummary.extend({ space_name: z.string(), list_name: z.string(), status_label: z.string() });
export const MyTasks = z.object({
  /** Today in the agency's time zone: what the groups are counted from. */
  today: z.string(),
  overdue: z.array(MyTaskGroup),
  today_tasks: z.array(MyTaskGroup),
  this_week: z.array(MyTaskGroup),
  later: z.array(MyTaskGroup),
  no_date: z.array(MyTaskGroup),
});
export type MyTasks = z.infer<typeof MyTasks>;

export const ProductivityHome = z.object({
  due_today: z.number().int(),
  overdue: z.number().int(),
  /** The first few of each, soonest first. */
  tasks: z.array(MyTaskGroup),
});
export type ProductivityHome = z.infer<typeof ProductivityHome>;

// ---------------------------------------------------------------- checklist, comments, watchers, files, links, shares

export const AddChecklistItemInput = z.object({ text: Label(300) }).strict();
export const UpdateChecklistItemInput = z
  .object({ text: Label(300).optional(), done: z.boolean().optional(), position: z.number().int().min(0).max(1000).optional() })
  .strict();

export const Comment = z.object({
  id: Id,
  task_id: Id,
  author: Person,
  body: z.string(),
  mentions: z.array(Person),
  created_at: z.string(),
});
export type Comment = z.infer<typeof Comment>;
export const AddCommentInput = z
  .object({
    body: Label(5000),
    /** The people the comment @mentions: each must be able to see the task, and is told. */
    mention_ids: z.array(Id).max(20).default([]),
  })
  .strict();
export type AddCommentInput = z.input<typeof AddCommentInput>;

export const AddAttachmentInput = z.object({ file_id: Id }).strict();
export const AttachmentParams = z.object({ id: Id, file_id: Id });

export const AddLinkInput = TaskLinkInput;
export const LinkedQuery = z.object({ kind: z.enum(TASK_LINK_KINDS), record_id: Id });

export const ShareInput = z.object({ user_id: Id }).strict();
export const UserParams = z.object({ id: Id, user_id: Id });

// ---------------------------------------------------------------- templates

export const TemplateContent = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  labels: z.array(z.string()),
  checklist: z.array(z.string()),
  custom_fields: z.record(z.string(), CustomFieldValue),
  recurrence: Recurrence.nullable(),
});
export type TemplateContent = z.infer<typeof TemplateContent>;
export const TaskTemplate = z.object({
  id: Id,
  space_id: Id,
  name: z.string(),
  content: TemplateContent,
  created_by: Person,
  created_at: z.string(),
  version: z.number().int(),
});
export type TaskTemplate = z.infer<typeof TaskTemplate>;
export const SaveTemplateInput = z.object({ name: Label(80) }).strict();

// ---------------------------------------------------------------- people (the pickers of members and shares)

/** How many people one search answers at most. */
export const PEOPLE_PAGE_SIZE = 20;
export const SearchPeopleQuery = z.object({
  /** The start of a name, of a word of it, or of an e-mail address; any case. Everyone (a page) when empty. */
  q: z.string().trim().max(60).optional(),
  /** Also answer this person (a picker's current choice) when they could be found at all. */
  include: Id.optional(),
});
export type SearchPeopleQuery = z.input<typeof SearchPeopleQuery>;
/** A person who can open productivity, with what tells two of the same name apart. */
export const PersonMatch = Person.extend({ rank: z.string().nullable(), badge_number: z.string().nullable() });
export type PersonMatch = z.infer<typeof PersonMatch>;

// ---------------------------------------------------------------- the table

const user = { permission: 'productivity:access', module: 'productivity' } as const;
const admin = { permission: 'admin:access', module: 'productivity' } as const;

export const productivityApi = defineApi('productivity', '/rest/v1/productivity', {
  home: { method: 'GET', path: '/home', access: user, response: ProductivityHome },
  getSettings: { method: 'GET', path: '/settings', access: user, response: ProductivitySettings },
  updateSettings: {
    method: 'PUT',
    path: '/settings',
    access: admin,
    body: UpdateProductivitySettingsInput,
    response: ProductivitySettings,
  },
  myTasks: { method: 'GET', path: '/my-tasks', access: user, response: MyTasks },

  listSpaces: { method: 'GET', path: '/spaces', access: user, response: z.array(SpaceSummary) },
  createSpace: { method: 'POST', path: '/spaces', access: user, body: CreateSpaceInput, response: Space, idempotent: true },
  getSpace: { method: 'GET', path: '/spaces/:id', access: user, params: IdParams, response: Space, versioned: true },
  updateSpace: {
    method: 'PATCH',
    path: '/spaces/:id',
    access: user,
    params: IdParams,
    body: UpdateSpaceInput,
    response: Space,
    versioned: true,
  },
  setMembers: {
    method: 'PUT',
    path: '/spaces/:id/members',
    access: user,
    params: IdParams,
    body: SpaceMembersInput,
    response: Space,
    versioned: true,
  },
  listTemplates: { method: 'GET', path: '/spaces/:id/templates', access: user, params: IdParams, response: z.array(TaskTemplate) },
  archiveTemplate: { method: 'POST', path: '/templates/:id/archive', access: user, params: IdParams, response: null },

  createList: {
    method: 'POST',
    path: '/spaces/:id/lists',
    access: user,
    params: IdParams,
    body: CreateListInput,
    response: TaskListSummary,
    idempotent: true,
  },
  getList: { method: 'GET', path: '/lists/:id', access: user, params: IdParams, response: TaskListSummary, versioned: true },
  updateList: {
    method: 'PATCH',
    path: '/lists/:id',
    access: user,
    params: IdParams,
    body: UpdateListInput,
    response: TaskListSummary,
    versioned: true,
  },
  listTasks: { method: 'GET', path: '/lists/:id/tasks', access: user, params: IdParams, query: ListTasksQuery, response: TaskPage },
  exportTasks: { method: 'GET', path: '/lists/:id/tasks.csv', access: user, params: IdParams, query: ListTasksQuery, response: 'csv' },
  createTask: {
    method: 'POST',
    path: '/lists/:id/tasks',
    access: user,
    params: IdParams,
    body: CreateTaskInput,
    response: Task,
    idempotent: true,
  },

  bulkUpdate: { method: 'POST', path: '/tasks/bulk', access: user, body: BulkUpdateInput, response: BulkUpdateResult },
  linked: { method: 'GET', path: '/linked', access: user, query: LinkedQuery, response: z.array(TaskSummary) },
  getTask: { method: 'GET', path: '/tasks/:id', access: user, params: IdParams, response: Task, versioned: true },
  updateTask: {
    method: 'PATCH',
    path: '/tasks/:id',
    access: user,
    params: IdParams,
    body: UpdateTaskInput,
    response: Task,
    versioned: true,
  },
  closeTask: { method: 'POST', path: '/tasks/:id/close', access: user, params: IdParams, response: CloseTaskResult, versioned: true },
  reopenTask: { method: 'POST', path: '/tasks/:id/reopen', access: user, params: IdParams, response: Task, versioned: true },
  moveTask: {
    method: 'POST',
    path: '/tasks/:id/move',
    access: user,
    params: IdParams,
    body: MoveTaskInput,
    response: Task,
    versioned: true,
  },
  duplicateTask: {
    method: 'POST',
    path: '/tasks/:id/duplicate',
    access: user,
    params: IdParams,
    body: DuplicateTaskInput,
    response: Task,
    idempotent: true,
  },
  saveTemplate: {
    method: 'POST',
    path: '/tasks/:id/template',
    access: user,
    params: IdParams,
    body: SaveTemplateInput,
    response: TaskTemplate,
    idempotent: true,
  },

  addChecklistItem: {
    method: 'POST',
    path: '/tasks/:id/checklist',
    access: user,
    params: IdParams,
    body: AddChecklistItemInput,
    response: ChecklistItem,
    idempotent: true,
  },
  updateChecklistItem: {
    method: 'PATCH',
    path: '/checklist/:id',
    access: user,
    params: IdParams,
    body: UpdateChecklistItemInput,
    response: ChecklistItem,
    versioned: true,
  },
  removeChecklistItem: { method: 'DELETE', path: '/checklist/:id', access: user, params: IdParams, response: null },

  listComments: { method: 'GET', path: '/tasks/:id/comments', access: user, params: IdParams, response: z.array(Comment) },
  addComment: {
    method: 'POST',
    path: '/tasks/:id/comments',
    access: user,
    params: IdParams,
    body: AddCommentInput,
    response: Comment,
    idempotent: true,
  },

  watch: { method: 'PUT', path: '/tasks/:id/watch', access: user, params: IdParams, response: null },
  unwatch: { method: 'DELETE', path: '/tasks/:id/watch', access: user, params: IdParams, response: null },

  addAttachment: {
    method: 'POST',
    path: '/tasks/:id/attachments',
    access: user,
    params: IdParams,
    body: AddAttachmentInput,
    response: Task,
  },
  removeAttachment: { method: 'DELETE', path: '/tasks/:id/attachments/:file_id', access: user, params: AttachmentParams, response: Task },

  addLink: { method: 'POST', path: '/tasks/:id/links', access: user, params: IdParams, body: AddLinkInput, response: Task },
  removeLink: { method: 'DELETE', path: '/links/:id', access: user, params: IdParams, response: null },

  share: { method: 'POST', path: '/tasks/:id/shares', access: user, params: IdParams, body: ShareInput, response: Task },
  unshare: { method: 'DELETE', path: '/tasks/:id/shares/:user_id', access: user, params: UserParams, response: Task },

  searchPeople: { method: 'GET', path: '/people', access: user, query: SearchPeopleQuery, response: z.array(PersonMatch) },
});
