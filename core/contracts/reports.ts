import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { Id, IsoDate, Key, Label, LongText, pageOf } from './fields.ts';
import { REPORT_QUEUES, REPORT_STATUSES } from './list-values.ts';

export { REPORT_QUEUES, REPORT_STATUSES };

/**
 * The reports module's contract: report templates (the agency's and each officer's own), incident
 * reports with their review (draft -> submitted -> approved, or returned to the author), numbered
 * supplements of approved reports, and the module's settings. Rules both ends apply are in
 * core/reports/report-rules.ts.
 */

// ---------------------------------------------------------------- settings

export const ReportType = z.object({
  key: Key,
  label: Label(80),
  /** The template a report of this type starts from; null: the agency's general form. */
  template_id: z.nullable(Id),
});
export type ReportType = z.infer<typeof ReportType>;

export const ReportsSettings = z.object({
  enabled: z.boolean(),
  /**
   * How case numbers read: `{YYYY}` the year, `{NNNNNN}` the agency's counter with as many digits as
   * N's (at least 3). Supplements add `-S1`, `-S2`, …
   */
  case_number_format: z.string().check(
    z.trim(),
    z.maxLength(40, 'Use at most 40 characters'),
    z.refine((format) => /\{N{3,}\}/.test(format), 'Include the counter, e.g. {NNNNNN}'),
  ),
  types: z.array(ReportType).check(z.minLength(1, 'Keep at least one report type'), z.maxLength(60, 'Use at most 60 report types')),
  /** The members of this role review the reports others submit; null: only the agency's administrators do. */
  reviewer_role_id: z.nullable(Id),
  /** What an officer signs before using an AI-drafted narrative. */
  acknowledgement_text: LongText(2000),
  /** The report types an officer may draft from a transcript (none: drafting is off for the agency). */
  ai_type_keys: z.array(Key).check(z.maxLength(60, 'Use at most 60 report types')),
});
export type ReportsSettings = z.infer<typeof ReportsSettings>;
export const UpdateReportsSettingsInput = z.strictObject(z.partial(z.omit(ReportsSettings, { enabled: true })).shape);

// ---------------------------------------------------------------- templates

export const FIELD_KINDS = [
  'text',
  'long_text',
  'number',
  'date',
  'time',
  'choice',
  'yes_no',
  'person',
  'vehicle',
  'property',
  'narrative',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
export const FIELD_KIND_LABELS: Record<FieldKind, string> = {
  text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  time: 'Time',
  choice: 'Choice',
  yes_no: 'Yes or no',
  person: 'People involved',
  vehicle: 'Vehicles',
  property: 'Property',
  narrative: 'Narrative',
};

export const TemplateField = z.object({
  key: Key,
  label: Label(120),
  kind: z.enum(FIELD_KINDS, { error: 'Choose what kind of field it is' }),
  required: z.boolean(),
  help: LongText(500),
  /** The choices of a `choice` field. */
  options: z
    .array(z.string().check(z.trim(), z.minLength(1, 'An empty choice'), z.maxLength(80, 'Use at most 80 characters')))
    .check(z.maxLength(40)),
});
export type TemplateField = z.infer<typeof TemplateField>;

export const TemplateSection = z.object({
  key: Key,
  title: Label(120),
  fields: z.array(TemplateField).check(z.maxLength(60, 'Use at most 60 fields in a section')),
});
export type TemplateSection = z.infer<typeof TemplateSection>;

export const TemplateContent = z.object({
  sections: z.array(TemplateSection).check(z.minLength(1, 'Add at least one section'), z.maxLength(20, 'Use at most 20 sections')),
  /** The first narrative, filled from the answers: `{field_key}`, `{location}`, `{occurred_at}`. */
  narrative_skeleton: LongText(8000),
});
export type TemplateContent = z.infer<typeof TemplateContent>;

/** A report type as a writer starts one: with the form it starts on (kept on the device, so a report opens offline). */
export const ReportTypeWithTemplate = z.extend(ReportType, { template_name: z.string(), template: TemplateContent });
export type ReportTypeWithTemplate = z.infer<typeof ReportTypeWithTemplate>;

/** The guided templates (core/reports/guided-templates.ts), each at /reports/templates/{key}. */
export const GUIDED_KEYS = ['owi', 'entrytoauto', 'retailtheft', 'criminaldamagetoproperty'] as const;
export type GuidedKey = (typeof GUIDED_KEYS)[number];

export const TEMPLATE_SCOPES = ['agency', 'personal'] as const;
export type TemplateScope = (typeof TEMPLATE_SCOPES)[number];

export const ReportTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  scope: z.enum(TEMPLATE_SCOPES),
  owner_id: z.nullable(z.string()),
  owner_name: z.nullable(z.string()),
  content: TemplateContent,
  /** Which report types start from it. */
  type_keys: z.array(z.string()),
  can_edit: z.boolean(),
  retired: z.boolean(),
  version: z.number().check(z.int()),
  updated_at: z.string(),
});
export type ReportTemplate = z.infer<typeof ReportTemplate>;

export const TemplateInput = z.strictObject({
  name: Label(120),
  description: LongText(1000),
  scope: z.enum(TEMPLATE_SCOPES, { error: 'Choose who may use it' }),
  content: TemplateContent,
});
export type TemplateInput = z.infer<typeof TemplateInput>;

export const UpdateTemplateInput = z.strictObject({ ...z.omit(TemplateInput, { scope: true }).shape, retired: z.optional(z.boolean()) });

// ---------------------------------------------------------------- reports

export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  draft: 'Draft',
  submitted: 'Awaiting review',
  returned: 'Returned',
  approved: 'Approved',
};

export const PERSON_ROLES = ['victim', 'suspect', 'witness', 'complainant'] as const;
export const PERSON_ROLE_LABELS: Record<(typeof PERSON_ROLES)[number], string> = {
  victim: 'Victim',
  suspect: 'Suspect',
  witness: 'Witness',
  complainant: 'Complainant',
};
export const PROPERTY_DISPOSITIONS = ['evidence', 'stolen', 'recovered', 'damaged', 'found', 'returned_to_owner', 'safekeeping'] as const;
export const PROPERTY_DISPOSITION_LABELS: Record<(typeof PROPERTY_DISPOSITIONS)[number], string> = {
  evidence: 'Evidence',
  stolen: 'Stolen',
  recovered: 'Recovered',
  damaged: 'Damaged',
  found: 'Found',
  returned_to_owner: 'Returned to owner',
  safekeeping: 'Safekeeping',
};

const OptionalDate = z.union([z.literal(''), IsoDate]);
/** A wall-clock time in the agency's time zone, `YYYY-MM-DDTHH:mm`, or empty while drafting. */
export const LocalDateTime = z.union([
  z.literal(''),
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time (YYYY-MM-DD HH:mm)')),
]);

export const ReportPerson = z.object({
  role: z.enum(PERSON_ROLES, { error: 'Choose victim, suspect, witness or complainant' }),
  name: LongText(120),
  date_of_birth: OptionalDate,
  address: LongText(200),
  phone: LongText(40),
  description: LongText(1000),
});
export type ReportPerson = z.infer<typeof ReportPerson>;

export const ReportVehicle = z.object({
  plate: LongText(12),
  state: LongText(2),
  make: LongText(40),
  model: LongText(40),
  year: LongText(4),
  color: LongText(30),
  vin: LongText(17),
  description: LongText(500),
});
export type ReportVehicle = z.infer<typeof ReportVehicle>;

export const ReportProperty = z.object({
  description: LongText(300),
  serial: LongText(60),
  /** In the agency's currency, e.g. 249.99; null when unknown. */
  value: z.nullable(z.number().check(z.gte(0, 'Use 0 or more'), z.lte(100_000_000, 'That value is too large'))),
  disposition: z.enum(PROPERTY_DISPOSITIONS, { error: 'Choose what happened to it' }),
});
export type ReportProperty = z.infer<typeof ReportProperty>;

/** What the author writes: saved as it is while drafting, checked whole on submit (reportProblems). */
export const ReportContent = z.strictObject({
  occurred_at: LocalDateTime,
  reported_at: LocalDateTime,
  location: LongText(300),
  /** The template's fields by key, as text (numbers, dates, times, choices and yes/no too). */
  answers: z.record(Key, LongText(8000)),
  people: z.array(ReportPerson).check(z.maxLength(50, 'Use at most 50 people')),
  vehicles: z.array(ReportVehicle).check(z.maxLength(50, 'Use at most 50 vehicles')),
  property: z.array(ReportProperty).check(z.maxLength(200, 'Use at most 200 items')),
  /** Rich text (HTML); the server keeps only the formatting the editor makes. */
  narrative: z.string().check(z.maxLength(200_000, 'The narrative is too long')),
  attachment_ids: z.array(Id).check(z.maxLength(20, 'Attach at most 20 files')),
});
export type ReportContent = z.infer<typeof ReportContent>;

export const ReportReview = z.object({
  comment: z.string(),
  /** Comments on single fields, by field path (`location`, `answers.bac`, `people.0.name`). */
  fields: z.record(z.string(), z.string()),
  by_name: z.string(),
  at: z.string(),
});

export const ReportSummary = z.object({
  id: z.string(),
  case_number: z.string(),
  supplement: z.number().check(z.int()),
  type_key: z.string(),
  type_label: z.string(),
  status: z.enum(REPORT_STATUSES),
  author_id: z.string(),
  author_name: z.string(),
  reviewer_name: z.nullable(z.string()),
  occurred_at: z.string(),
  location: z.string(),
  /** The people's names, for the list and the search. */
  people: z.array(z.string()),
  submitted_at: z.nullable(z.string()),
  approved_at: z.nullable(z.string()),
  updated_at: z.string(),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

export const ReportRevision = z.object({
  revision: z.number().check(z.int()),
  /** What happened: submitted, returned, approved. */
  event: z.string(),
  by_name: z.string(),
  at: z.string(),
  comment: z.nullable(z.string()),
  content: ReportContent,
});

/** A file attached to a report (storage/v1, purpose `reports`): what the form and the view need to show it. */
export const ReportAttachment = z.object({
  id: z.string(),
  /** Its name on the device it was uploaded from; null for a file uploaded without one. */
  name: z.nullable(z.string()),
  content_type: z.string(),
  size: z.number().check(z.int()),
  uploaded_at: z.string(),
});
export type ReportAttachment = z.infer<typeof ReportAttachment>;

export const Report = z.extend(ReportSummary, {
  parent_id: z.nullable(z.string()),
  template_name: z.string(),
  /** The guided template it started from, whose writer drafts the first narrative; null for any other. */
  guided: z.nullable(z.enum(GUIDED_KEYS)),
  /** The template as it was when the report was started: editing the template never changes a report. */
  template: TemplateContent,
  content: ReportContent,
  review: z.nullable(ReportReview),
  revisions: z.array(ReportRevision),
  supplements: z.array(z.object({ id: z.string(), case_number: z.string(), status: z.enum(REPORT_STATUSES) })),
  can: z.object({ edit: z.boolean(), review: z.boolean(), supplement: z.boolean() }),
  /** The AI draft its narrative started from (its transcript and disclosure); null when written by hand. */
  ai_draft_id: z.nullable(z.string()),
  version: z.number().check(z.int()),
});
export type Report = z.infer<typeof Report>;

export const CreateReportInput = z.strictObject({
  /** Chosen on the device, so a report started without a connection opens before the server has it. */
  id: z.optional(Id),
  type_key: Key,
  /** A template the caller may use; without it, the type's template. */
  template_id: z.optional(Id),
  /** One of the guided templates instead (owi, entrytoauto, retailtheft, criminaldamagetoproperty). */
  guided: z.optional(z.enum(GUIDED_KEYS)),
  content: z.optional(z.partial(ReportContent)),
  /** Submitted at once (a report written and submitted without a connection): checked as a submission is. */
  submit: z.optional(z.boolean()),
});
export type CreateReportInput = z.infer<typeof CreateReportInput>;

export const ReturnReportInput = z.strictObject({
  comment: z.string().check(z.trim(), z.minLength(1, 'Say what the author should fix'), z.maxLength(4000, 'Use at most 4000 characters')),
  fields: z._default(z.record(z.string().check(z.maxLength(120)), z.string().check(z.trim(), z.maxLength(1000))), {}),
});

export type ReportQueue = (typeof REPORT_QUEUES)[number];

export const ListReportsQuery = z.object({
  queue: z._default(z.enum(REPORT_QUEUES), 'mine'),
  q: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  type: z.optional(Key),
  status: z.optional(z.enum(REPORT_STATUSES)),
  author_id: z.optional(Id),
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
  sort: z._default(z.enum(['updated_at', 'occurred_at', 'case_number']), 'updated_at'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 25),
});
export type ListReportsQuery = z.infer<typeof ListReportsQuery>;

export const ReportsHome = z.object({
  drafts: z.number().check(z.int()),
  /** The newest few returned to the caller, and how many there are in all. */
  returned: z.array(ReportSummary),
  returned_total: z.number().check(z.int()),
  /** The oldest few waiting for the caller's review, and how many there are in all. */
  to_review: z.array(ReportSummary),
  to_review_total: z.number().check(z.int()),
  can_review: z.boolean(),
});
export type ReportsHome = z.infer<typeof ReportsHome>;

export const ReportIdParams = z.object({ id: Id });

// ---------------------------------------------------------------- drafting from a transcript

export const TranscriptPassage = z.object({
  id: z.string(),
  start_ms: z.nullable(z.number().check(z.int())),
  speaker: z.nullable(z.string()),
  text: z.string(),
});

export const DraftSentence = z.object({
  text: z.string(),
  /** The transcript passages it comes from (`P3`); none for a placeholder. */
  passages: z.array(z.string()),
  /** What the server's check changed (a citation dropped or added, a fact made a placeholder). */
  notes: z.array(z.string()),
});

/** Whether this server drafts from transcripts, and for which of the agency's types. */
export const AiDraftingStatus = z.object({
  /** False until the operator sets AI_BASE_URL and AI_MODEL. */
  configured: z.boolean(),
  model: z.nullable(z.string()),
  types: z.array(z.object({ key: z.string(), label: z.string() })),
  acknowledgement_text: z.string(),
});
export type AiDraftingStatus = z.infer<typeof AiDraftingStatus>;

export const DraftNarrativeInput = z.strictObject({
  type_key: Key,
  /** Plain text, WebVTT or SRT. */
  transcript: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Paste or upload a transcript'),
      z.maxLength(200_000, 'Use a transcript of at most 200,000 characters'),
    ),
  /** The uploaded file's name, for the audit log. */
  file_name: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});
export type DraftNarrativeInput = z.infer<typeof DraftNarrativeInput>;

/** A drafted narrative kept on the server with its transcript, until (and after) a report uses it. */
export const AiDraft = z.object({
  id: z.string(),
  type_key: z.string(),
  file_name: z.nullable(z.string()),
  format: z.enum(['webvtt', 'srt', 'text']),
  passages: z.array(TranscriptPassage),
  paragraphs: z.array(z.array(DraftSentence)),
  /** The `[INSERT …]` placeholders the officer must replace before the report can be submitted. */
  placeholders: z.array(z.string()),
  model: z.string(),
  prompt_tokens: z.nullable(z.number().check(z.int())),
  completion_tokens: z.nullable(z.number().check(z.int())),
  duration_ms: z.number().check(z.int()),
  created_at: z.string(),
  /** The report made from it, once the officer signed and used it. */
  report_id: z.nullable(z.string()),
  /** Who signed the acknowledgement, what it said and when; null until used. */
  acknowledgement: z.nullable(z.object({ name: z.string(), text: z.string(), at: z.string() })),
  /** The disclosure the report carries once the draft is used. */
  disclosure: z.nullable(z.string()),
});
export type AiDraft = z.infer<typeof AiDraft>;

export const UseAiDraftInput = z.strictObject({
  /** The officer's name typed under the acknowledgement: must be their name as the account has it. */
  signature: z.string().check(z.trim(), z.minLength(1, 'Type your name to sign'), z.maxLength(200)),
});

// ---------------------------------------------------------------- endpoints

const editor = { permission: 'reports:editor', module: 'reports' } as const;
const templates = { permission: 'reports:templates.use', module: 'reports' } as const;
const templateAuthor = { permission: ['reports:templates.create_user', 'reports:templates.create_agency'], module: 'reports' } as const;
const admin = { permission: 'admin:access', module: 'reports' } as const;

export const reportsApi = defineApi('reports', '/rest/v1/reports', {
  home: { method: 'GET', path: '/home', access: editor, response: ReportsHome },
  listReports: { method: 'GET', path: '/reports', access: editor, query: ListReportsQuery, response: pageOf(ReportSummary) },
  exportReports: { method: 'GET', path: '/reports.csv', access: editor, query: ListReportsQuery, response: 'csv' },
  createReport: { method: 'POST', path: '/reports', access: editor, body: CreateReportInput, response: Report, idempotent: true },
  getReport: { method: 'GET', path: '/reports/:id', access: editor, params: ReportIdParams, response: Report, versioned: true },
  /** The files the report and its kept revisions attach (a diff names the ones removed since), to whoever may see the report. */
  listAttachments: {
    method: 'GET',
    path: '/reports/:id/attachments',
    access: editor,
    params: ReportIdParams,
    response: z.array(ReportAttachment),
  },
  saveReport: {
    method: 'PUT',
    path: '/reports/:id',
    access: editor,
    params: ReportIdParams,
    body: ReportContent,
    response: Report,
    versioned: true,
  },
  submitReport: {
    method: 'POST',
    path: '/reports/:id/submit',
    access: editor,
    params: ReportIdParams,
    body: ReportContent,
    response: Report,
    versioned: true,
  },
  returnReport: {
    method: 'POST',
    path: '/reports/:id/return',
    access: editor,
    params: ReportIdParams,
    body: ReturnReportInput,
    response: Report,
    versioned: true,
  },
  approveReport: {
    method: 'POST',
    path: '/reports/:id/approve',
    access: editor,
    params: ReportIdParams,
    response: Report,
    versioned: true,
  },
  addSupplement: {
    method: 'POST',
    path: '/reports/:id/supplements',
    access: editor,
    params: ReportIdParams,
    response: Report,
    idempotent: true,
  },

  aiStatus: { method: 'GET', path: '/ai/status', access: templates, response: AiDraftingStatus },
  getAiDraft: { method: 'GET', path: '/ai/drafts/:id', access: editor, params: ReportIdParams, response: AiDraft },
  useAiDraft: {
    method: 'POST',
    path: '/ai/drafts/:id/use',
    access: templates,
    params: ReportIdParams,
    body: UseAiDraftInput,
    response: Report,
    idempotent: true,
  },

  listTemplates: { method: 'GET', path: '/templates', access: templates, response: z.array(ReportTemplate) },
  getTemplate: {
    method: 'GET',
    path: '/templates/:id',
    access: templates,
    params: ReportIdParams,
    response: ReportTemplate,
    versioned: true,
  },
  createTemplate: {
    method: 'POST',
    path: '/templates',
    access: templateAuthor,
    body: TemplateInput,
    response: ReportTemplate,
    idempotent: true,
  },
  updateTemplate: {
    method: 'PUT',
    path: '/templates/:id',
    access: templateAuthor,
    params: ReportIdParams,
    body: UpdateTemplateInput,
    response: ReportTemplate,
    versioned: true,
  },

  /** The report types (for a writer's choice); the settings themselves are the administrator's. */
  listTypes: { method: 'GET', path: '/types', access: editor, response: z.array(ReportTypeWithTemplate) },
  getSettings: { method: 'GET', path: '/admin/settings', access: admin, response: ReportsSettings },
  updateSettings: { method: 'PUT', path: '/admin/settings', access: admin, body: UpdateReportsSettingsInput, response: ReportsSettings },
});

/**
 * The module's server functions (spec section 7: POST under /functions/v1). Drafting a narrative
 * calls the operator's AI provider and may take a minute, so it is a function, not a table call.
 */
export const reportsFunctionsApi = defineApi('reports-functions', '/functions/v1', {
  draftNarrative: { method: 'POST', path: '/draft-narrative', access: templates, body: DraftNarrativeInput, response: AiDraft },
});
