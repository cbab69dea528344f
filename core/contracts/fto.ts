import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { RATINGS } from '../fto/ratings.ts';
import { Id, IsoDate, Key, Label, LongText, pageOf } from './fields.ts';

/**
 * The field training module's contract (the San Jose model): programs and their versions, one binder
 * per trainee, daily observation reports (DORs) with their signing order, and ftoApi at the end.
 * Who sees what is narrowed by the server: a trainee their own binder, a trainer the binders they are
 * assigned to, fto:admin all of them.
 */

export const FtoIdParams = z.object({ id: Id });

// ---------------------------------------------------------------- settings (sys_config.field_training_settings)

export const FtoSettings = z.object({
  enabled: z.boolean(),
  /** The program a new binder starts on unless the coordinator picks another. */
  default_program_id: z.nullable(Id),
  /** Whether a trainee sees the trainer's comments before acknowledging the DOR (they always do after). */
  trainee_sees_comments_before_acknowledging: z.boolean(),
  /** Only members of this role approve DORs (still with `fto:admin`); null: any field training administrator. */
  approver_role_id: z.nullable(Id),
});
export type FtoSettings = z.infer<typeof FtoSettings>;
export const UpdateFtoSettingsInput = z.strictObject(z.partial(z.omit(FtoSettings, { enabled: true })).shape);

// ---------------------------------------------------------------- programs

export const Rating = z.enum(RATINGS);

export const Category = z.object({
  key: Key,
  label: Label(),
  /** The Standard Evaluation Guideline: what a 1, a 4 and a 7 look like in this category. */
  guideline: z.object({ unacceptable: LongText(1000), acceptable: LongText(1000), superior: LongText(1000) }),
});
export type Category = z.infer<typeof Category>;

export const CategoryGroup = z.object({
  key: Key,
  label: Label(),
  categories: z.array(Category).check(z.minLength(1, 'A group needs a category'), z.maxLength(40)),
});
export type CategoryGroup = z.infer<typeof CategoryGroup>;

export const AdvancementRule = z.object({
  min_rating: z.number().check(z.int(), z.gte(1), z.lte(7)),
  last_dors: z.number().check(z.int('Use a whole number'), z.gte(1, 'Look at 1 DOR or more'), z.lte(30)),
  /** null: every category must hold. */
  min_categories: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(100))),
});

export const Phase = z.object({
  key: Key,
  name: Label(60),
  weeks: z
    .number({ error: 'Enter the weeks' })
    .check(z.int('Use whole weeks'), z.gte(1, 'A phase lasts 1 week or more'), z.lte(52, 'Use at most 52 weeks')),
  advancement: AdvancementRule,
});
export type Phase = z.infer<typeof Phase>;

export const Task = z.object({ key: Key, phase_key: Key, title: Label(120), description: LongText(2000) });
export type Task = z.infer<typeof Task>;

export const Policy = z.object({ key: Key, title: Label(120), version: Label(20), body: LongText(20_000) });
export type Policy = z.infer<typeof Policy>;

export const ProgramContent = z
  .object({
    phases: z.array(Phase).check(z.minLength(1, 'A program needs a phase'), z.maxLength(12)),
    category_groups: z.array(CategoryGroup).check(z.minLength(1, 'A program needs a category'), z.maxLength(20)),
    tasks: z.array(Task).check(z.maxLength(500)),
    policies: z.array(Policy).check(z.maxLength(100)),
  })
  .check(
    z.superRefine((content, issue) => {
      const unique = (keys: string[], path: string, what: string) => {
        const seen = new Set<string>();
        keys.forEach((key, i) => {
          if (seen.has(key)) issue.addIssue({ code: 'custom', path: [path, i, 'key'], message: `Two ${what} share the key ${key}` });
          seen.add(key);
        });
      };
      unique(
        content.phases.map((p) => p.key),
        'phases',
        'phases',
      );
      unique(
        content.category_groups.flatMap((g) => g.categories.map((c) => c.key)),
        'category_groups',
        'categories',
      );
      unique(
        content.tasks.map((t) => t.key),
        'tasks',
        'tasks',
      );
      unique(
        content.policies.map((p) => p.key),
        'policies',
        'policies',
      );
      const phases = new Set(content.phases.map((p) => p.key));
      content.tasks.forEach((task, i) => {
        if (!phases.has(task.phase_key))
          issue.addIssue({ code: 'custom', path: ['tasks', i, 'phase_key'], message: 'Choose one of the phases' });
      });
    }),
  );
export type ProgramContent = z.infer<typeof ProgramContent>;

/** Every category of a program, in the order of its groups. */
export function programCategories(content: Pick<ProgramContent, 'category_groups'>) {
  return content.category_groups.flatMap((group) => group.categories);
}

export const Program = z.object({
  id: z.string(),
  name: z.string(),
  /** The current version's id: a binder keeps the version it started on. */
  version_id: z.string(),
  version_number: z.number().check(z.int()),
  content: ProgramContent,
  active_binders: z.number().check(z.int()),
  updated_at: z.string(),
  version: z.number().check(z.int()),
});
export type Program = z.infer<typeof Program>;

export const ProgramInput = z.strictObject({ name: Label(), content: ProgramContent });
export type ProgramInput = z.infer<typeof ProgramInput>;

// ---------------------------------------------------------------- binders

export const BINDER_STATUSES = ['active', 'extended', 'remedial', 'completed', 'released'] as const;
export const BinderStatus = z.enum(BINDER_STATUSES);
export type BinderStatus = z.infer<typeof BinderStatus>;

export const BinderTrainer = z.object({ phase_key: z.string(), trainer_id: z.string(), trainer_name: z.string() });

export const Binder = z.object({
  id: z.string(),
  trainee_id: z.string(),
  trainee_name: z.string(),
  program_id: z.string(),
  program_name: z.string(),
  program_version_id: z.string(),
  start_date: z.string(),
  phase_key: z.string(),
  phase_name: z.string(),
  /** When the current phase started (the start date, or the last phase change). */
  phase_started_on: z.string(),
  status: BinderStatus,
  status_reason: z.nullable(z.string()),
  trainers: z.array(BinderTrainer),
  dors_signed: z.number().check(z.int()),
  last_dor_on: z.nullable(z.string()),
  created_at: z.string(),
  version: z.number().check(z.int()),
});
export type Binder = z.infer<typeof Binder>;

export const ListBindersQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  status: z._default(z.enum([...BINDER_STATUSES, 'open', 'all']), 'open'),
  q: z.optional(z.string().check(z.trim(), z.maxLength(60))),
});
export type ListBindersQuery = z.infer<typeof ListBindersQuery>;

export const RecommendAdvanceInput = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why the trainee is ready'), z.maxLength(2000, 'Use at most 2000 characters')),
});
export const AcknowledgeAdvanceInput = z.strictObject({ comment: LongText(2000) });

export const BinderTrainersInput = z.array(z.object({ phase_key: Key, trainer_id: Id })).check(z.maxLength(50));

export const CreateBinderInput = z.strictObject({
  trainee_id: Id,
  program_id: Id,
  start_date: IsoDate,
  trainers: BinderTrainersInput,
});
export type CreateBinderInput = z.infer<typeof CreateBinderInput>;

export const SetBinderTrainersInput = z.strictObject({ trainers: BinderTrainersInput });

export const BINDER_ACTIONS = ['advance', 'extend', 'remedial', 'resume', 'complete', 'release'] as const;
export const ChangeBinderPhaseInput = z.strictObject({
  action: z.enum(BINDER_ACTIONS),
  reason: z.string().check(z.trim(), z.minLength(1, 'Give the reason'), z.maxLength(2000, 'Use at most 2000 characters')),
});
export type ChangeBinderPhaseInput = z.infer<typeof ChangeBinderPhaseInput>;

/** What a binder's history records: its start, the trainer's recommendation to advance and the trainee's acknowledgement of it, and each signed change. */
export const BINDER_EVENT_ACTIONS = [...BINDER_ACTIONS, 'start', 'recommend_advance', 'acknowledge_advance'] as const;

export const BinderEvent = z.object({
  at: z.string(),
  action: z.enum(BINDER_EVENT_ACTIONS),
  from_phase: z.nullable(z.string()),
  to_phase: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  by_name: z.string(),
});

const RatedCategory = z.object({
  rating: z.nullable(Rating),
  comment: z.string(),
  remedial_minutes: z.nullable(z.number().check(z.int())),
});

export const BinderDetail = z.extend(Binder, {
  program: ProgramContent,
  events: z.array(BinderEvent),
  /** Signed (approved) DORs of the binder, oldest first: the trend chart's points. */
  trend: z.array(
    z.object({ dor_id: z.string(), shift_date: z.string(), phase_key: z.string(), ratings: z.record(z.string(), z.nullable(Rating)) }),
  ),
  /** Each category's latest rating on an approved DOR. */
  latest: z.record(z.string(), z.object({ rating: Rating, shift_date: z.string() })),
  advancement: z.object({
    met: z.boolean(),
    dors_considered: z.number().check(z.int()),
    holding: z.number().check(z.int()),
    needed: z.number().check(z.int()),
    holding_back: z.array(z.object({ key: z.string(), label: z.string(), reason: z.string() })),
  }),
  remedial_minutes: z.number().check(z.int()),
  dor_counts: z.object({
    draft: z.number().check(z.int()),
    completed: z.number().check(z.int()),
    acknowledged: z.number().check(z.int()),
    approved: z.number().check(z.int()),
  }),
  /** The three signatures of a phase advancement: the trainer recommends, the trainee acknowledges, the coordinator advances. */
  advance_request: z.nullable(
    z.object({
      recommended_by_name: z.string(),
      recommended_at: z.string(),
      reason: z.string(),
      acknowledged_at: z.nullable(z.string()),
      comment: z.nullable(z.string()),
    }),
  ),
  /** What the caller may do here. */
  can: z.object({ write_dor: z.boolean(), manage: z.boolean(), recommend_advance: z.boolean(), acknowledge_advance: z.boolean() }),
});
export type BinderDetail = z.infer<typeof BinderDetail>;

// ---------------------------------------------------------------- daily observation reports

export const DOR_STATUSES = ['draft', 'completed', 'acknowledged', 'approved'] as const;
export const DorStatus = z.enum(DOR_STATUSES);
export type DorStatus = z.infer<typeof DorStatus>;

export const SHIFTS = ['day', 'evening', 'night'] as const;
export const SHIFT_LABELS: Record<(typeof SHIFTS)[number], string> = { day: 'Day', evening: 'Evening', night: 'Night' };

const Count = z
  .number({ error: 'Enter a number' })
  .check(z.int('Use a whole number'), z.gte(0, 'Use 0 or more'), z.lte(200, 'That is too many'));
export const DorActivity = z.object({
  calls_handled: Count,
  self_initiated: Count,
  reports_written: Count,
  arrests: Count,
  notes: LongText(2000),
});

export const DorContent = z.strictObject({
  shift_date: IsoDate,
  shift: z.enum(SHIFTS),
  activity: DorActivity,
  ratings: z.record(
    Key,
    z.extend(RatedCategory, {
      comment: LongText(4000),
      remedial_minutes: z.nullable(
        z.number().check(z.int('Use whole minutes'), z.gte(0, 'Use 0 or more'), z.lte(600, 'Use at most 600 minutes')),
      ),
    }),
  ),
  most_satisfactory: LongText(8000),
  least_satisfactory: LongText(8000),
});
export type DorContent = z.infer<typeof DorContent>;

/**
 * Starting a DOR. Online the trainer names the shift and rates it in the draft. A DOR started without a
 * connection waits in the device's outbox, so its id is chosen on the device (the form opens under it
 * before the server has it), and it may carry what was written and ask to be completed at once.
 */
export const CreateDorInput = z.strictObject({
  id: z.optional(Id),
  shift_date: IsoDate,
  shift: z.enum(SHIFTS),
  content: z.optional(DorContent),
  complete: z.optional(z.boolean()),
});
export type CreateDorInput = z.infer<typeof CreateDorInput>;

/** What a DOR holds before anything is rated. */
export function emptyDorContent(shiftDate: string, shift: DorContent['shift']): DorContent {
  return {
    shift_date: shiftDate,
    shift,
    activity: { calls_handled: 0, self_initiated: 0, reports_written: 0, arrests: 0, notes: '' },
    ratings: {},
    most_satisfactory: '',
    least_satisfactory: '',
  };
}
export const AcknowledgeDorInput = z.strictObject({ comment: LongText(4000) });
export const AmendDorInput = z.strictObject({
  content: DorContent,
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why the DOR is amended'), z.maxLength(2000, 'Use at most 2000 characters')),
});

export const DorRevision = z.object({
  revision: z.number().check(z.int()),
  reason: z.string(),
  amended_by_name: z.string(),
  amended_at: z.string(),
  /** What the amendment changed: a field path, the earlier value and the new one, as text. */
  changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
});

export const DorSummary = z.object({
  id: z.string(),
  binder_id: z.string(),
  number: z.number().check(z.int()),
  trainee_name: z.string(),
  trainer_id: z.string(),
  trainer_name: z.string(),
  phase_key: z.string(),
  shift_date: z.string(),
  shift: z.enum(SHIFTS),
  status: DorStatus,
  /** Categories rated below acceptable (1-3, N.R.T., REM). */
  failing: z.number().check(z.int()),
  remedial_minutes: z.number().check(z.int()),
  revision: z.number().check(z.int()),
  updated_at: z.string(),
});
export type DorSummary = z.infer<typeof DorSummary>;

export const Dor = z.extend(DorSummary, {
  trainee_id: z.string(),
  content: DorContent,
  trainee_comment: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
  acknowledged_at: z.nullable(z.string()),
  approved_at: z.nullable(z.string()),
  approved_by_name: z.nullable(z.string()),
  revisions: z.array(DorRevision),
  /** The program's categories and phases of the binder's version, for showing the guideline beside each. */
  category_groups: z.array(CategoryGroup),
  phase_name: z.string(),
  can: z.object({ edit: z.boolean(), acknowledge: z.boolean(), approve: z.boolean(), amend: z.boolean() }),
  version: z.number().check(z.int()),
});
export type Dor = z.infer<typeof Dor>;

export const ListDorsQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  status: z.optional(DorStatus),
});

// ---------------------------------------------------------------- tasksheets

export const TASK_METHODS = ['discussed', 'demonstrated', 'performed'] as const;
export const TaskMethod = z.enum(TASK_METHODS, { error: 'Choose how the task was shown' });
export const TASK_METHOD_LABELS: Record<(typeof TASK_METHODS)[number], string> = {
  discussed: 'Discussed',
  demonstrated: 'Demonstrated',
  performed: 'Performed',
};

/** One phase's tasksheet of a binder, with how far it is signed off. */
export const TasksheetSummary = z.object({
  id: z.string(),
  binder_id: z.string(),
  phase_key: z.string(),
  phase_name: z.string(),
  tasks: z.number().check(z.int()),
  signed: z.number().check(z.int()),
  current_phase: z.boolean(),
});
export type TasksheetSummary = z.infer<typeof TasksheetSummary>;

export const TaskSignoff = z.object({
  trainer_id: z.string(),
  trainer_name: z.string(),
  signed_on: z.string(),
  method: TaskMethod,
  note: z.string(),
  signed_at: z.string(),
});
export type TaskSignoff = z.infer<typeof TaskSignoff>;

export const Tasksheet = z.extend(TasksheetSummary, {
  trainee_name: z.string(),
  tasks_list: z.array(z.object({ key: z.string(), title: z.string(), description: z.string(), signoff: z.nullable(TaskSignoff) })),
  /** Whether the caller may sign tasks off (a trainer of the binder, or a coordinator who trains, on an open binder). */
  can_sign: z.boolean(),
});
export type Tasksheet = z.infer<typeof Tasksheet>;

export const SignTaskInput = z.strictObject({
  task_key: Key,
  signed_on: IsoDate,
  method: TaskMethod,
  note: LongText(2000),
});
export type SignTaskInput = z.infer<typeof SignTaskInput>;

export const WithdrawSignoffInput = z.strictObject({
  task_key: Key,
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why the sign-off is withdrawn'), z.maxLength(2000, 'Use at most 2000 characters')),
});

// ---------------------------------------------------------------- policies

/** A policy of the binder's program as the trainee reads it, and whether they have acknowledged it. */
export const BinderPolicy = z.object({
  id: z.string(),
  binder_id: z.string(),
  key: z.string(),
  title: z.string(),
  version: z.string(),
  acknowledged_at: z.nullable(z.string()),
  acknowledged_version: z.nullable(z.string()),
});
export type BinderPolicy = z.infer<typeof BinderPolicy>;

export const BinderPolicyDetail = z.extend(BinderPolicy, {
  body: z.string(),
  trainee_name: z.string(),
  /** Only the trainee acknowledges, once. */
  can_acknowledge: z.boolean(),
});
export type BinderPolicyDetail = z.infer<typeof BinderPolicyDetail>;

/** A policy an open binder's trainee has not yet acknowledged: the coordinator's compliance list. */
export const PolicyOutstanding = z.object({
  id: z.string(),
  binder_id: z.string(),
  trainee_name: z.string(),
  title: z.string(),
  version: z.string(),
  /** Days since the binder started. */
  days_open: z.number().check(z.int()),
  reminded_at: z.nullable(z.string()),
});
export type PolicyOutstanding = z.infer<typeof PolicyOutstanding>;

// ---------------------------------------------------------------- reference material

export const ReferenceDocument = z.object({
  id: z.string(),
  program_id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  content_type: z.string(),
  size: z.number().check(z.int()),
  added_by_name: z.string(),
  added_at: z.string(),
});
export type ReferenceDocument = z.infer<typeof ReferenceDocument>;

export const AddReferenceInput = z.strictObject({
  file_id: z.string().check(z.uuid('Upload the file first')),
  title: Label(120),
  description: LongText(1000),
});
export type AddReferenceInput = z.infer<typeof AddReferenceInput>;

// ---------------------------------------------------------------- trainers

const RatingCounts = z.record(z.string(), z.number().check(z.int()));

/** A field training officer's load and how they rate, beside the program's (consistency between raters). */
export const TrainerSummary = z.object({
  id: z.string(),
  name: z.string(),
  trainees: z.array(z.object({ binder_id: z.string(), trainee_name: z.string(), phase_name: z.string() })),
  /** DORs they completed (completed, acknowledged or approved) in the last 90 days. */
  dors_written: z.number().check(z.int()),
  /** Their drafts older than a day. */
  dors_overdue: z.number().check(z.int()),
  /** How often they gave each rating (1-7, NO, NRT, REM) on those DORs. */
  distribution: RatingCounts,
  /** Their mean numeric rating, and the program's, on the same DORs' period. */
  mean: z.nullable(z.number()),
});
export type TrainerSummary = z.infer<typeof TrainerSummary>;

export const TrainersOverview = z.object({
  trainers: z.array(TrainerSummary),
  program_distribution: RatingCounts,
  program_mean: z.nullable(z.number()),
});
export type TrainersOverview = z.infer<typeof TrainersOverview>;

// ---------------------------------------------------------------- home

export const FtoHome = z.object({
  /** The trainee's own open binder. */
  my_binder: z.nullable(Binder),
  /** Binders the caller trains (open ones). */
  my_trainees: z.array(Binder),
  /** DORs waiting for the caller: to finish writing, to acknowledge, to approve. */
  to_write: z.array(DorSummary),
  to_acknowledge: z.array(DorSummary),
  to_approve: z.array(DorSummary),
  /** Policies of the trainee's open binder not acknowledged yet. */
  policies_to_acknowledge: z.number().check(z.int()),
  /** For fto:admin: the program's state. */
  program: z.nullable(
    z.object({
      active_by_phase: z.array(z.object({ phase_name: z.string(), count: z.number().check(z.int()) })),
      overdue_dors: z.number().check(z.int()),
      /** Categories most often rated below acceptable on approved DORs of the last 30 days. */
      failing_categories: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().check(z.int()) })),
    }),
  ),
});
export type FtoHome = z.infer<typeof FtoHome>;

export const PersonOption = z.object({ id: z.string(), name: z.string() });
export type PersonOption = z.infer<typeof PersonOption>;
export const SearchFtoPeopleQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  role: z.enum(['trainee', 'trainer']),
});

// ---------------------------------------------------------------- the endpoints

const anyone = { permission: ['fto:user', 'fto:trainer', 'fto:admin'], module: 'fto' } as const;
const trainer = { permission: 'fto:trainer', module: 'fto' } as const;
const trainee = { permission: 'fto:user', module: 'fto' } as const;
const coordinator = { permission: 'fto:admin', module: 'fto' } as const;

export const ftoApi = defineApi('fto', '/rest/v1/fto', {
  home: { method: 'GET', path: '/home', access: anyone, response: FtoHome },

  listBinders: { method: 'GET', path: '/binders', access: anyone, query: ListBindersQuery, response: pageOf(Binder) },
  getBinder: { method: 'GET', path: '/binders/:id', access: anyone, params: FtoIdParams, response: BinderDetail, versioned: true },
  listDors: {
    method: 'GET',
    path: '/binders/:id/dors',
    access: anyone,
    params: FtoIdParams,
    query: ListDorsQuery,
    response: pageOf(DorSummary),
  },
  exportDors: { method: 'GET', path: '/binders/:id/dors.csv', access: anyone, params: FtoIdParams, response: 'csv' },
  createDor: {
    method: 'POST',
    path: '/binders/:id/dors',
    access: trainer,
    params: FtoIdParams,
    body: CreateDorInput,
    response: Dor,
    idempotent: true,
  },

  recommendAdvance: {
    method: 'POST',
    path: '/binders/:id/advancement',
    access: trainer,
    params: FtoIdParams,
    body: RecommendAdvanceInput,
    response: BinderDetail,
    versioned: true,
  },
  acknowledgeAdvance: {
    method: 'POST',
    path: '/binders/:id/advancement/acknowledge',
    access: trainee,
    params: FtoIdParams,
    body: AcknowledgeAdvanceInput,
    response: BinderDetail,
    versioned: true,
  },

  getDor: { method: 'GET', path: '/dors/:id', access: anyone, params: FtoIdParams, response: Dor, versioned: true },
  saveDor: { method: 'PUT', path: '/dors/:id', access: trainer, params: FtoIdParams, body: DorContent, response: Dor, versioned: true },
  completeDor: {
    method: 'POST',
    path: '/dors/:id/complete',
    access: trainer,
    params: FtoIdParams,
    body: DorContent,
    response: Dor,
    versioned: true,
  },
  acknowledgeDor: {
    method: 'POST',
    path: '/dors/:id/acknowledge',
    access: trainee,
    params: FtoIdParams,
    body: AcknowledgeDorInput,
    response: Dor,
    versioned: true,
  },
  approveDor: { method: 'POST', path: '/dors/:id/approve', access: coordinator, params: FtoIdParams, response: Dor, versioned: true },
  amendDor: {
    method: 'POST',
    path: '/dors/:id/amend',
    access: { permission: ['fto:trainer', 'fto:admin'], module: 'fto' },
    params: FtoIdParams,
    body: AmendDorInput,
    response: Dor,
    versioned: true,
  },

  listTasksheets: {
    method: 'GET',
    path: '/binders/:id/tasksheets',
    access: anyone,
    params: FtoIdParams,
    response: z.array(TasksheetSummary),
  },
  getTasksheet: { method: 'GET', path: '/tasksheets/:id', access: anyone, params: FtoIdParams, response: Tasksheet },
  signTask: {
    method: 'POST',
    path: '/tasksheets/:id/signoffs',
    access: trainer,
    params: FtoIdParams,
    body: SignTaskInput,
    response: Tasksheet,
    idempotent: true,
  },
  withdrawSignoff: {
    method: 'POST',
    path: '/tasksheets/:id/withdrawals',
    access: { permission: ['fto:trainer', 'fto:admin'], module: 'fto' },
    params: FtoIdParams,
    body: WithdrawSignoffInput,
    response: Tasksheet,
  },

  listPolicies: { method: 'GET', path: '/binders/:id/policies', access: anyone, params: FtoIdParams, response: z.array(BinderPolicy) },
  getPolicy: { method: 'GET', path: '/policies/:id', access: anyone, params: FtoIdParams, response: BinderPolicyDetail },
  acknowledgePolicy: {
    method: 'POST',
    path: '/policies/:id/acknowledge',
    access: trainee,
    params: FtoIdParams,
    response: BinderPolicyDetail,
    idempotent: true,
  },

  listReference: {
    method: 'GET',
    path: '/binders/:id/reference',
    access: anyone,
    params: FtoIdParams,
    response: z.array(ReferenceDocument),
  },

  // the coordinator (fto:admin)
  policyCompliance: { method: 'GET', path: '/admin/policies', access: coordinator, response: z.array(PolicyOutstanding) },
  remindPolicy: {
    method: 'POST',
    path: '/admin/policies/:id/remind',
    access: coordinator,
    params: FtoIdParams,
    response: PolicyOutstanding,
  },
  listTrainers: { method: 'GET', path: '/admin/trainers', access: coordinator, response: TrainersOverview },
  listProgramReference: {
    method: 'GET',
    path: '/admin/programs/:id/reference',
    access: coordinator,
    params: FtoIdParams,
    response: z.array(ReferenceDocument),
  },
  addReference: {
    method: 'POST',
    path: '/admin/programs/:id/reference',
    access: coordinator,
    params: FtoIdParams,
    body: AddReferenceInput,
    response: ReferenceDocument,
    idempotent: true,
  },
  retireReference: {
    method: 'POST',
    path: '/admin/reference/:id/retire',
    access: coordinator,
    params: FtoIdParams,
    response: ReferenceDocument,
  },
  getSettings: { method: 'GET', path: '/admin/settings', access: coordinator, response: FtoSettings },
  updateSettings: { method: 'PUT', path: '/admin/settings', access: coordinator, body: UpdateFtoSettingsInput, response: FtoSettings },
  searchPeople: { method: 'GET', path: '/admin/people', access: coordinator, query: SearchFtoPeopleQuery, response: z.array(PersonOption) },
  listPrograms: { method: 'GET', path: '/admin/programs', access: coordinator, response: z.array(Program) },
  getProgram: { method: 'GET', path: '/admin/programs/:id', access: coordinator, params: FtoIdParams, response: Program, versioned: true },
  updateProgram: {
    method: 'PUT',
    path: '/admin/programs/:id',
    access: coordinator,
    params: FtoIdParams,
    body: ProgramInput,
    response: Program,
    versioned: true,
  },
  createBinder: {
    method: 'POST',
    path: '/admin/binders',
    access: coordinator,
    body: CreateBinderInput,
    response: Binder,
    idempotent: true,
  },
  exportBinders: { method: 'GET', path: '/admin/binders.csv', access: coordinator, query: ListBindersQuery, response: 'csv' },
  setBinderTrainers: {
    method: 'PUT',
    path: '/admin/binders/:id/trainers',
    access: coordinator,
    params: FtoIdParams,
    body: SetBinderTrainersInput,
    response: Binder,
    versioned: true,
  },
  changeBinderPhase: {
    method: 'POST',
    path: '/admin/binders/:id/phase',
    access: coordinator,
    params: FtoIdParams,
    body: ChangeBinderPhaseInput,
    response: Binder,
    versioned: true,
  },
});
