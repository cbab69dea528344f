import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { Id, IdParams, IsoDate, Key, Label, LongText } from './fields.ts';
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
export const WallTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time (HH:mm)'));

// ---------------------------------------------------------------- settings

export const ProductivitySettings = z.object({
  enabled: z.boolean(),
  /** Everyone with productivity:access, only administrators, or the holders of the roles named. */
  space_creators: z._default(z.enum(SPACE_CREATORS), 'everyone'),
  creator_role_ids: z._default(z.array(Id).check(z.maxLength(50)), []),
});
export type ProductivitySettings = z.infer<typeof ProductivitySettings>;
export const UpdateProductivitySettingsInput = z.strictObject(z.omit(ProductivitySettings, { enabled: true }).shape);
export type UpdateProductivitySettingsInput = z.input<typeof UpdateProductivitySettingsInput>;

// ---------------------------------------------------------------- spaces

export const SpaceStatus = z.object({
  key: Key,
  label: Label(40),
  color: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c7ed6')),
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
  options: z._default(z.array(Label(60)).check(z.maxLength(50)), []),
});
export type CustomField = z.infer<typeof CustomField>;
export const CustomFieldInput = z.extend(CustomField, { id: z.optional(Id) });

export const Person = z.object({ id: Id, name: z.string() });
export type Person = z.infer<typeof Person>;

export const SpaceSummary = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  archived: z.boolean(),
  member_count: z.number().check(z.int()),
  open_tasks: z.number().check(z.int()),
  /** Whether the caller is a member (an administrator sees every space). */
  member: z.boolean(),
  version: z.number().check(z.int()),
});
export type SpaceSummary = z.infer<typeof SpaceSummary>;

export const TaskListSummary = z.object({
  id: Id,
  space_id: Id,
  name: z.string(),
  position: z.number().check(z.int()),
  archived: z.boolean(),
  open_tasks: z.number().check(z.int()),
  version: z.number().check(z.int()),
});
export type TaskListSummary = z.infer<typeof TaskListSummary>;

export const Space = z.extend(SpaceSummary, {
  statuses: z.array(SpaceStatus),
  fields: z.array(CustomField),
  members: z.array(Person),
  lists: z.array(TaskListSummary),
  created_at: z.string(),
});
export type Space = z.infer<typeof Space>;

const statusesRule = (statuses: SpaceStatus[], ctx: z.core.$RefinementCtx) => {
  const keys = new Set<string>();
  statuses.forEach((status, index) => {
    if (keys.has(status.key)) ctx.addIssue({ code: 'custom', path: ['statuses', index, 'key'], message: 'This key is already used' });
    keys.add(status.key);
  });
  if (!statuses.some((s) => s.closed)) ctx.addIssue({ code: 'custom', path: ['statuses'], message: 'Mark at least one status as closed' });
  if (!statuses.some((s) => !s.closed)) ctx.addIssue({ code: 'custom', path: ['statuses'], message: 'Keep at least one open status' });
};

export const CreateSpaceInput = z
  .strictObject({
    name: Label(80),
    description: z._default(LongText(2000), ''),
    statuses: z._default(z.array(SpaceStatus).check(z.minLength(2), z.maxLength(20)), DEFAULT_STATUSES),
    fields: z._default(z.array(CustomFieldInput).check(z.maxLength(30)), []),
    /** Besides the creator, who is always a member. */
    member_ids: z._default(z.array(Id).check(z.maxLength(500)), []),
  })
  .check(z.superRefine((input, ctx) => statusesRule(input.statuses, ctx)));
export type CreateSpaceInput = z.input<typeof CreateSpaceInput>;

export const UpdateSpaceInput = z
  .strictObject({
    name: z.optional(Label(80)),
    description: z.optional(LongText(2000)),
    statuses: z.optional(z.array(SpaceStatus).check(z.minLength(2), z.maxLength(20))),
    fields: z.optional(z.array(CustomFieldInput).check(z.maxLength(30))),
    archived: z.optional(z.boolean()),
  })
  .check(z.superRefine((input, ctx) => input.statuses && statusesRule(input.statuses, ctx)));
export type UpdateSpaceInput = z.input<typeof UpdateSpaceInput>;

export const SpaceMembersInput = z.strictObject({ member_ids: z.array(Id).check(z.maxLength(500)) });

// ---------------------------------------------------------------- lists

export const CreateListInput = z.strictObject({ name: Label(80) });
export const UpdateListInput = z.strictObject({
  name: z.optional(Label(80)),
  position: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10_000))),
  archived: z.optional(z.boolean()),
});
export type UpdateListInput = z.input<typeof UpdateListInput>;

// ---------------------------------------------------------------- tasks

export const Recurrence = z.strictObject({
  freq: z.enum(RECURRENCE_FREQUENCIES),
  /** Every `interval` days, weeks or months. */
  interval: z._default(z.number().check(z.int(), z.gte(1, 'At least 1'), z.lte(99, 'At most 99')), 1),
  /** Weekly: the days of the week (0 Sunday … 6 Saturday); the due date's day when empty. */
  weekdays: z._default(z.array(z.number().check(z.int(), z.gte(0), z.lte(6))).check(z.maxLength(7)), []),
  /** No occurrence after this date. */
  until: z._default(z.nullable(IsoDate), null),
});
export type Recurrence = z.infer<typeof Recurrence>;

/** A custom field's value: text, a number, a date, a choice or yes/no. */
export const CustomFieldValue = z.union([z.string().check(z.maxLength(2000)), z.number(), z.boolean(), z.null()]);

export const TaskSummary = z.object({
  id: Id,
  space_id: Id,
  list_id: Id,
  title: z.string(),
  status: z.string(),
  closed: z.boolean(),
  priority: z.enum(TASK_PRIORITIES),
  start_on: z.nullable(z.string()),
  start_time: z.nullable(z.string()),
  due_on: z.nullable(z.string()),
  due_time: z.nullable(z.string()),
  /** The due instant: the due time in the agency's time zone, or the end of the due day. */
  due_at: z.nullable(z.string()),
  labels: z.array(z.string()),
  assignees: z.array(Person),
  position: z.number(),
  custom_fields: z.record(z.string(), CustomFieldValue),
  recurrence: z.nullable(Recurrence),
  series_id: z.nullable(z.string()),
  checklist_done: z.number().check(z.int()),
  checklist_total: z.number().check(z.int()),
  closed_at: z.nullable(z.string()),
  version: z.number().check(z.int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskSummary = z.infer<typeof TaskSummary>;

export const ChecklistItem = z.object({
  id: Id,
  text: z.string(),
  done: z.boolean(),
  position: z.number().check(z.int()),
  version: z.number().check(z.int()),
});
export type ChecklistItem = z.infer<typeof ChecklistItem>;

export const TaskAttachment = z.object({
  file_id: Id,
  name: z.nullable(z.string()),
  content_type: z.string(),
  size: z.number().check(z.int()),
  added_by: Person,
  added_at: z.string(),
});

export const TaskLink = z.object({ id: Id, kind: z.enum(TASK_LINK_KINDS), record_id: Id, label: z.string(), created_at: z.string() });
export type TaskLink = z.infer<typeof TaskLink>;

export const Task = z.extend(TaskSummary, {
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
  start_on: z.nullable(IsoDate),
  start_time: z.nullable(WallTime),
  due_on: z.nullable(IsoDate),
  due_time: z.nullable(WallTime),
  labels: z.array(Label(40)).check(z.maxLength(20)),
  assignee_ids: z.array(Id).check(z.maxLength(50)),
  custom_fields: z.record(z.string(), CustomFieldValue),
  recurrence: z.nullable(Recurrence),
};

/** A record of another module a task points at, given by kind and id (it must exist in the agency and be one the caller sees). */
export const TaskLinkInput = z.strictObject({ kind: z.enum(TASK_LINK_KINDS), record_id: Id, label: z._default(LongText(200), '') });

export const CreateTaskInput = z.partial(
  z.strictObject({
    ...TaskFields,
    description: z._default(TaskFields.description, ''),
    status: z.optional(Key),
    priority: z._default(TaskFields.priority, 'normal'),
    start_on: z._default(z.nullable(IsoDate), null),
    start_time: z._default(z.nullable(WallTime), null),
    due_on: z._default(z.nullable(IsoDate), null),
    due_time: z._default(z.nullable(WallTime), null),
    labels: z._default(TaskFields.labels, []),
    assignee_ids: z._default(TaskFields.assignee_ids, []),
    custom_fields: z._default(TaskFields.custom_fields, {}),
    recurrence: z._default(z.nullable(Recurrence), null),
    checklist: z._default(z.array(Label(300)).check(z.maxLength(100)), []),
    /** Start from a template of the list's space: what the input leaves out comes from it. */
    template_id: z.optional(Id),
    /** Records of other modules the task is about ("make a task" from a service request), linked in the same transaction. */
    links: z._default(z.array(TaskLinkInput).check(z.maxLength(5, 'At most 5 links')), []),
  }),
  { title: true },
);
export type CreateTaskInput = z.input<typeof CreateTaskInput>;

export const UpdateTaskInput = z.strictObject(
  z.partial(z.object({ ...TaskFields, position: z.number().check(z.gte(-1e9), z.lte(1e9)) })).shape,
);
export type UpdateTaskInput = z.input<typeof UpdateTaskInput>;

export const MoveTaskInput = z.strictObject({ list_id: Id, status: z.optional(Key) });
export const DuplicateTaskInput = z.strictObject({ list_id: z.optional(Id), title: z.optional(Label(200)) });

export const CloseTaskResult = z.object({ task: Task, next: z.nullable(TaskSummary) });
export type CloseTaskResult = z.infer<typeof CloseTaskResult>;

export const BulkUpdateInput = z.strictObject({
  /** Each task with the version the person saw: a task changed since is refused, and then none is changed. */
  tasks: z
    .array(z.object({ id: Id, version: z.number().check(z.int()) }))
    .check(z.minLength(1, 'Choose at least one task'), z.maxLength(200, 'At most 200 tasks at once')),
  changes: z
    .strictObject(
      z.partial(
        z.object({
          status: Key,
          assignee_ids: z.array(Id).check(z.maxLength(50)),
          due_on: z.nullable(IsoDate),
          due_time: z.nullable(WallTime),
        }),
      ).shape,
    )
    .check(z.refine((c) => Object.keys(c).length > 0, 'Choose what to change')),
});
export type BulkUpdateInput = z.input<typeof BulkUpdateInput>;
export const BulkUpdateResult = z.object({ tasks: z.array(TaskSummary) });

export const ListTasksQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  sort: z._default(z.enum(TASK_SORTS), 'position'),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
  status: z.optional(Key),
  priority: z.optional(z.enum(TASK_PRIORITIES)),
  assignee_id: z.optional(Id),
  label: z.optional(z.string().check(z.maxLength(40))),
  due_from: z.optional(IsoDate),
  due_to: z.optional(IsoDate),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** Closed tasks too (the board's closed column); open ones only by default. */
  include_closed: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((v) => v === 'true'),
  ),
  /** Counts per group of the whole filtered list (the table's group headers). */
  group: z._default(z.enum(TASK_GROUPS), 'none'),
});
export type ListTasksQuery = z.input<typeof ListTasksQuery>;

export const TaskPage = z.object({
  items: z.array(TaskSummary),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
  groups: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().check(z.int()) })),
});
export type TaskPage = z.infer<typeof TaskPage>;

export const MY_TASK_GROUPS = ['overdue', 'today', 'this_week', 'later', 'no_date'] as const;
export const MyTaskGroup = z.extend(TaskSummary, { space_name: z.string(), list_name: z.string(), status_label: z.string() });
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
  due_today: z.number().check(z.int()),
  overdue: z.number().check(z.int()),
  /** The first few of each, soonest first. */
  tasks: z.array(MyTaskGroup),
});
export type ProductivityHome = z.infer<typeof ProductivityHome>;

// ---------------------------------------------------------------- checklist, comments, watchers, files, links, shares

export const AddChecklistItemInput = z.strictObject({ text: Label(300) });
export const UpdateChecklistItemInput = z.strictObject({
  text: z.optional(Label(300)),
  done: z.optional(z.boolean()),
  position: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1000))),
});

export const Comment = z.object({
  id: Id,
  task_id: Id,
  author: Person,
  body: z.string(),
  mentions: z.array(Person),
  created_at: z.string(),
});
export type Comment = z.infer<typeof Comment>;
export const AddCommentInput = z.strictObject({
  body: Label(5000),
  /** The people the comment @mentions: each must be able to see the task, and is told. */
  mention_ids: z._default(z.array(Id).check(z.maxLength(20)), []),
});
export type AddCommentInput = z.input<typeof AddCommentInput>;

export const AddAttachmentInput = z.strictObject({ file_id: Id });
export const AttachmentParams = z.object({ id: Id, file_id: Id });

export const AddLinkInput = TaskLinkInput;
export const LinkedQuery = z.object({ kind: z.enum(TASK_LINK_KINDS), record_id: Id });

export const ShareInput = z.strictObject({ user_id: Id });
export const UserParams = z.object({ id: Id, user_id: Id });

// ---------------------------------------------------------------- templates

export const TemplateContent = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  labels: z.array(z.string()),
  checklist: z.array(z.string()),
  custom_fields: z.record(z.string(), CustomFieldValue),
  recurrence: z.nullable(Recurrence),
});
export type TemplateContent = z.infer<typeof TemplateContent>;
export const TaskTemplate = z.object({
  id: Id,
  space_id: Id,
  name: z.string(),
  content: TemplateContent,
  created_by: Person,
  created_at: z.string(),
  version: z.number().check(z.int()),
});
export type TaskTemplate = z.infer<typeof TaskTemplate>;
export const SaveTemplateInput = z.strictObject({ name: Label(80) });

// ---------------------------------------------------------------- people (the pickers of members and shares)

/** How many people one search answers at most. */
export const PEOPLE_PAGE_SIZE = 20;
export const SearchPeopleQuery = z.object({
  /** The start of a name, of a word of it, or of an e-mail address; any case. Everyone (a page) when empty. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  /** Also answer this person (a picker's current choice) when they could be found at all. */
  include: z.optional(Id),
});
export type SearchPeopleQuery = z.input<typeof SearchPeopleQuery>;
/** A person who can open productivity, with what tells two of the same name apart. */
export const PersonMatch = z.extend(Person, { rank: z.nullable(z.string()), badge_number: z.nullable(z.string()) });
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
