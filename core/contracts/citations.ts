import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { US_STATES } from '../vehicles.ts';
import { Id, IsoDate, Key, Label, LongText, pageOf } from './fields.ts';
import { CITATION_KINDS, CITATION_QUEUES, CITATION_STATUSES } from './list-values.ts';

export { CITATION_KINDS, CITATION_QUEUES, CITATION_STATUSES };

/**
 * The citations module's contract. Everything hangs off a stop: the officer enters the place, the
 * person and the vehicle once and adds citations and written warnings that share them. A citation is a
 * draft until it is issued; issuing checks every rule (core/citations/citation-rules.ts, both ends),
 * gives it the agency's next number and copies the stop's person, vehicle and place into it, so a
 * later amendment of one citation never changes another. After that: filed with court (the clerk's
 * export), amended (audited, re-checked, the earlier revision kept) or voided with a reason by a
 * supervisor.
 */

// ---------------------------------------------------------------- the values

export type CitationKind = (typeof CITATION_KINDS)[number];
export const CITATION_KIND_LABELS: Record<CitationKind, string> = {
  traffic: 'Traffic citation',
  parking: 'Parking citation',
  ordinance: 'Ordinance citation',
  warning: 'Written warning',
};

export type CitationStatus = (typeof CITATION_STATUSES)[number];
export const CITATION_STATUS_LABELS: Record<CitationStatus, string> = {
  draft: 'Draft',
  validated: 'Ready to issue',
  issued: 'Issued',
  filed: 'Filed with court',
  void: 'Void',
};

export const UsStateCode = z.enum(US_STATES, { error: 'Choose a state' });
const OptionalState = z.union([z.literal(''), z.enum(US_STATES, { error: 'Choose a state' })]);
const OptionalDate = z.union([z.literal(''), IsoDate]);
/** A wall-clock time in the agency's time zone, `YYYY-MM-DDTHH:mm`. */
export const StopDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time (YYYY-MM-DD HH:mm)'));
/** 0 Sunday … 6 Saturday. */
export const Weekday = z.number().check(z.int(), z.gte(0), z.lte(6));

// ---------------------------------------------------------------- settings

/** A court citations are answered in, and how its appearance dates fall. */
export const Court = z.object({
  key: Key,
  name: Label(120),
  address: LongText(300),
  phone: LongText(40),
  /** The days it sits (0 Sunday … 6 Saturday). */
  session_days: z.array(Weekday).check(z.minLength(1, 'Choose at least one day the court sits'), z.maxLength(7)),
  /** The appearance time printed on the citation, HH:mm. */
  session_time: z.string().check(z.regex(/^\d{2}:\d{2}$/, 'Use a time (HH:mm)')),
  /** The appearance is the first session day at least this many days after the stop. */
  min_days: z.number().check(z.int(), z.gte(1, 'Use at least 1 day'), z.lte(180, 'Use at most 180 days')),
  /** The kinds of citation answered here; a warning needs no court. */
  kinds: z.array(z.enum(CITATION_KINDS)).check(z.maxLength(4)),
});
export type Court = z.infer<typeof Court>;

export const Holiday = z.object({ date: IsoDate, name: Label(80) });
export type Holiday = z.infer<typeof Holiday>;

export const CitationsSettings = z.object({
  enabled: z.boolean(),
  /**
   * How citation numbers read: `{YYYY}` or `{YY}` the year, `{NNNNNN}` the agency's sequence with as
   * many digits as N's (at least 4). The sequence never restarts, so a number is never reused.
   */
  number_format: z.string().check(
    z.trim(),
    z.maxLength(40, 'Use at most 40 characters'),
    z.refine((format) => /\{N{4,}\}/.test(format), 'Include the sequence, e.g. {NNNNNN}'),
  ),
  courts: z.array(Court).check(z.maxLength(20, 'Use at most 20 courts')),
  holidays: z.array(Holiday).check(z.maxLength(100, 'Use at most 100 holidays')),
  /** Printed on the violator's copy: how to pay, plead or contest. */
  violator_copy_text: LongText(3000),
});
export type CitationsSettings = z.infer<typeof CitationsSettings>;
export const UpdateCitationsSettingsInput = z.strictObject(
  z.partial(
    z.extend(z.omit(CitationsSettings, { enabled: true }), {
      /** Moves the sequence on (never back: a number already given is never given again). */
      next_number: z.optional(z.number().check(z.int(), z.gte(1), z.lte(999_999_999))),
    }),
  ).shape,
);
export type UpdateCitationsSettingsInput = z.infer<typeof UpdateCitationsSettingsInput>;

/** What the stop form needs besides the statutes: the courts and holidays (appearance dates are computed on the device too). */
export const CitationsSetup = z.object({
  courts: z.array(Court),
  holidays: z.array(Holiday),
  violator_copy_text: z.string(),
  /** The number the next citation issued would get, formatted (a preview for the settings page). */
  next_number_preview: z.string(),
  next_number: z.number().check(z.int()),
  number_format: z.string(),
});
export type CitationsSetup = z.infer<typeof CitationsSetup>;

// ---------------------------------------------------------------- the statute library

export const Statute = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  /** The kinds of citation it may be written on. */
  kinds: z.array(z.enum(CITATION_KINDS)),
  /** Fine or bond in cents; null: set by the court. */
  fine_cents: z.nullable(z.number().check(z.int())),
  points: z.number().check(z.int()),
  moving: z.boolean(),
  /** A speeding statute: the citation then records the speed and the posted limit. */
  speeding: z.boolean(),
  effective_from: z.string(),
  /** The last day it applies; null: still in force. */
  effective_to: z.nullable(z.string()),
  version: z.number().check(z.int()),
});
export type Statute = z.infer<typeof Statute>;

export const StatuteInput = z
  .strictObject({
    code: z.string().check(z.trim(), z.minLength(1, 'Enter the statute or ordinance code'), z.maxLength(40, 'Use at most 40 characters')),
    description: Label(200),
    kinds: z.array(z.enum(CITATION_KINDS)).check(z.minLength(1, 'Choose at least one kind of citation'), z.maxLength(4)),
    fine_cents: z.nullable(z.number().check(z.int(), z.gte(0, 'Use 0 or more'), z.lte(10_000_000, 'That fine is too large'))),
    points: z.number().check(z.int(), z.gte(0, 'Use 0 or more'), z.lte(20, 'Use at most 20 points')),
    moving: z.boolean(),
    speeding: z.boolean(),
    effective_from: IsoDate,
    effective_to: z.nullable(IsoDate),
  })
  .check(
    z.refine((s) => !s.effective_to || s.effective_to >= s.effective_from, {
      path: ['effective_to'],
      message: 'The last day must be on or after the first',
    }),
  );
export type StatuteInput = z.infer<typeof StatuteInput>;

export const ListStatutesQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  kind: z.optional(z.enum(CITATION_KINDS)),
  /** Only those in force on this date (the stop's); without it, all, expired ones included. */
  on: z.optional(IsoDate),
});

/** A CSV of statutes (code, description, kinds, fine, points, moving, speeding, effective_from, effective_to). */
export const ImportStatutesInput = z.strictObject({
  csv: z.string().check(z.minLength(1, 'Choose a CSV file'), z.maxLength(2_000_000, 'Use a file of at most 2 MB')),
  dry_run: z._default(z.boolean(), false),
});
export const ImportStatutesResult = z.object({
  created: z.number().check(z.int()),
  updated: z.number().check(z.int()),
  /** Lines refused, by line number (1 is the header), with the reason; nothing is saved while any is refused. */
  errors: z.array(z.object({ line: z.number().check(z.int()), message: z.string() })),
});
export type ImportStatutesResult = z.infer<typeof ImportStatutesResult>;

// ---------------------------------------------------------------- a stop and its citations

export const StopPerson = z.object({
  first_name: LongText(60),
  middle_name: LongText(60),
  last_name: LongText(60),
  date_of_birth: OptionalDate,
  address: LongText(200),
  city: LongText(80),
  state: OptionalState,
  zip: z.union([z.literal(''), z.string().check(z.trim(), z.regex(/^\d{5}(-\d{4})?$/, 'Use a ZIP code (12345 or 12345-6789)'))]),
  licence_number: LongText(30),
  licence_state: OptionalState,
  phone: LongText(40),
});
export type StopPerson = z.infer<typeof StopPerson>;

export const StopVehicle = z.object({
  plate: z.string().check(z.trim(), z.toUpperCase(), z.maxLength(10, 'Use at most 10 characters')),
  plate_state: OptionalState,
  make: LongText(40),
  model: LongText(40),
  year: z.union([z.literal(''), z.string().check(z.regex(/^(19|20)\d{2}$/, 'Use a four-digit year'))]),
  color: LongText(30),
  /** Checked (characters and check digit) when the citation is issued, so a draft can hold a half-typed one. */
  vin: z.string().check(z.trim(), z.toUpperCase(), z.maxLength(17, 'A VIN has 17 characters')),
});
export type StopVehicle = z.infer<typeof StopVehicle>;

export const Violation = z.object({
  statute_id: Id,
  /** For a speeding statute: the measured speed and the posted limit (mph). */
  speed: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(250))),
  posted_limit: z.nullable(z.number().check(z.int(), z.gte(5), z.lte(85))),
});
export type Violation = z.infer<typeof Violation>;

/** A violation as the citation keeps it once issued: the statute as it read that day. */
export const IssuedViolation = z.extend(Violation, {
  code: z.string(),
  description: z.string(),
  fine_cents: z.nullable(z.number().check(z.int())),
  points: z.number().check(z.int()),
  moving: z.boolean(),
});
export type IssuedViolation = z.infer<typeof IssuedViolation>;

/** One citation or warning as the stop form edits it. */
export const CitationDraft = z.strictObject({
  /** Chosen on the device (the form works offline). */
  id: Id,
  kind: z.enum(CITATION_KINDS, { error: 'Choose the kind of citation' }),
  violations: z.array(Violation).check(z.maxLength(10, 'Use at most 10 violations on one citation')),
  /** Empty: the court that answers this kind (a warning has none). */
  court_key: z.union([z.literal(''), Key]),
  /** Empty: computed from the court's rules at issue. */
  appearance_date: OptionalDate,
  /** Never printed on the violator's copy. */
  officer_notes: LongText(2000),
});
export type CitationDraft = z.infer<typeof CitationDraft>;

/** What the officer enters once for the stop. */
export const StopContent = z.strictObject({
  occurred_at: StopDateTime,
  location: LongText(300),
  latitude: z.nullable(z.number().check(z.gte(-90), z.lte(90))),
  longitude: z.nullable(z.number().check(z.gte(-180), z.lte(180))),
  person: StopPerson,
  vehicle: StopVehicle,
  citations: z.array(CitationDraft).check(z.maxLength(10, 'Use at most 10 citations on one stop')),
});
export type StopContent = z.infer<typeof StopContent>;

export const CreateStopInput = z.strictObject(z.extend(StopContent, { id: Id }).shape);
export type CreateStopInput = z.infer<typeof CreateStopInput>;

/** One revision of an issued citation: what it said after the event. */
export const CitationRevision = z.object({
  revision: z.number().check(z.int()),
  /** issued, amended, filed, void_requested, voided. */
  event: z.string(),
  by_name: z.string(),
  at: z.string(),
  reason: z.nullable(z.string()),
});

export const CitationSummary = z.object({
  id: z.string(),
  stop_id: z.string(),
  /** Null while a draft. */
  number: z.nullable(z.string()),
  kind: z.enum(CITATION_KINDS),
  status: z.enum(CITATION_STATUSES),
  officer_id: z.string(),
  officer_name: z.string(),
  /** The stop's wall-clock date and time in the agency's time zone. */
  occurred_at: z.string(),
  location: z.string(),
  violator_name: z.string(),
  plate: z.string(),
  /** The violations' codes. */
  codes: z.array(z.string()),
  total_fine_cents: z.number().check(z.int()),
  appearance_date: z.nullable(z.string()),
  court_name: z.nullable(z.string()),
  amended: z.number().check(z.int()),
  /** A void the officer asked for, waiting for a supervisor. */
  void_requested: z.boolean(),
  issued_at: z.nullable(z.string()),
  updated_at: z.string(),
});
export type CitationSummary = z.infer<typeof CitationSummary>;

/** The citation as issued (or as the draft would issue): what both copies print. */
export const CitationContent = z.object({
  kind: z.enum(CITATION_KINDS),
  occurred_at: z.string(),
  location: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  person: StopPerson,
  vehicle: StopVehicle,
  violations: z.array(IssuedViolation),
  court_key: z.nullable(z.string()),
  appearance_date: z.nullable(z.string()),
  officer_notes: z.string(),
});
export type CitationContent = z.infer<typeof CitationContent>;

export const Citation = z.extend(CitationSummary, {
  content: CitationContent,
  court: z.nullable(Court),
  void_reason: z.nullable(z.string()),
  void_request: z.nullable(z.object({ reason: z.string(), by_name: z.string(), at: z.string() })),
  filed_at: z.nullable(z.string()),
  revisions: z.array(CitationRevision),
  /** The other citations and warnings of the same stop. */
  siblings: z.array(
    z.object({ id: z.string(), number: z.nullable(z.string()), kind: z.enum(CITATION_KINDS), status: z.enum(CITATION_STATUSES) }),
  ),
  can: z.object({ edit: z.boolean(), amend: z.boolean(), void: z.boolean(), request_void: z.boolean() }),
  version: z.number().check(z.int()),
});
export type Citation = z.infer<typeof Citation>;

export const Stop = z.extend(StopContent, {
  id: z.string(),
  officer_id: z.string(),
  officer_name: z.string(),
  /** The drafts that passed the check (status validated) since their last change. */
  ready: z.array(z.string()),
  /** The stop's citations already issued (read-only here; amended from their own page). */
  issued: z.array(CitationSummary),
  can_edit: z.boolean(),
  version: z.number().check(z.int()),
  updated_at: z.string(),
});
export type Stop = z.infer<typeof Stop>;

/** A copy to print: the violator's has no officer-only notes (the server leaves them out, not the page). */
export const COPY_KINDS = ['violator', 'court'] as const;
export const CitationCopy = z.object({
  copy: z.enum(COPY_KINDS),
  number: z.string(),
  kind: z.enum(CITATION_KINDS),
  status: z.enum(CITATION_STATUSES),
  agency_name: z.string(),
  officer_name: z.string(),
  issued_at: z.string(),
  occurred_at: z.string(),
  location: z.string(),
  person: StopPerson,
  vehicle: StopVehicle,
  violations: z.array(IssuedViolation),
  total_fine_cents: z.number().check(z.int()),
  court: z.nullable(Court),
  appearance_date: z.nullable(z.string()),
  /** The agency's text on how to pay, plead or contest (violator's copy only). */
  instructions: z.nullable(z.string()),
  /** Only on the court copy. */
  officer_notes: z.nullable(z.string()),
  amended: z.number().check(z.int()),
});
export type CitationCopy = z.infer<typeof CitationCopy>;

export const AmendCitationInput = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why the citation is amended'), z.maxLength(1000, 'Use at most 1000 characters')),
  occurred_at: StopDateTime,
  location: LongText(300),
  person: StopPerson,
  vehicle: StopVehicle,
  violations: z.array(Violation).check(z.maxLength(10, 'Use at most 10 violations on one citation')),
  court_key: z.union([z.literal(''), Key]),
  appearance_date: OptionalDate,
  officer_notes: LongText(2000),
});
export type AmendCitationInput = z.infer<typeof AmendCitationInput>;

export const VoidInput = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why the citation is void'), z.maxLength(1000, 'Use at most 1000 characters')),
});

export const ListCitationsQuery = z.object({
  /** mine: the caller's (drafts and today's first); all: everyone's, with citations:manage. */
  queue: z._default(z.enum(CITATION_QUEUES), 'mine'),
  /** Number, name, plate or statute code. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  status: z.optional(z.enum(CITATION_STATUSES)),
  kind: z.optional(z.enum(CITATION_KINDS)),
  statute_id: z.optional(Id),
  officer_id: z.optional(Id),
  void_requested: z.optional(z.enum(['true'])),
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 25),
});
export type ListCitationsQuery = z.infer<typeof ListCitationsQuery>;

export const CitationsHome = z.object({
  /** The caller's citations not yet issued. */
  drafts: z.array(CitationSummary),
  drafts_total: z.number().check(z.int()),
  /** Voids asked for by officers, for a holder of citations:void. */
  void_requests: z.array(CitationSummary),
  void_requests_total: z.number().check(z.int()),
  /** Issued and not yet filed, for a holder of citations:manage. */
  to_file: z.number().check(z.int()),
  can: z.object({ manage: z.boolean(), void: z.boolean() }),
});
export type CitationsHome = z.infer<typeof CitationsHome>;

/** The clerk's court export: issued citations of a period not yet filed. */
export const CourtExportQuery = z.object({
  from: IsoDate,
  to: IsoDate,
  court_key: z.optional(Key),
});
export type CourtExportQuery = z.infer<typeof CourtExportQuery>;
export const MarkFiledInput = z.strictObject({
  citation_ids: z.array(Id).check(z.minLength(1, 'Choose the citations to mark filed'), z.maxLength(5000, 'Mark at most 5000 at once')),
});
export const MarkFiledResult = z.object({ filed: z.number().check(z.int()), skipped: z.number().check(z.int()) });

export const CITATION_STATS_GROUPS = ['officer', 'statute', 'kind'] as const;
export const CitationStatsQuery = z.object({
  from: IsoDate,
  to: IsoDate,
  group: z._default(z.enum(CITATION_STATS_GROUPS), 'officer'),
});
export const CitationStats = z.object({
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      issued: z.number().check(z.int()),
      voided: z.number().check(z.int()),
      amended: z.number().check(z.int()),
    }),
  ),
  /** Per month of the period (YYYY-MM). */
  months: z.array(
    z.object({
      month: z.string(),
      issued: z.number().check(z.int()),
      voided: z.number().check(z.int()),
      amended: z.number().check(z.int()),
    }),
  ),
});
export type CitationStats = z.infer<typeof CitationStats>;

export const CitationIdParams = z.object({ id: Id });
export const CopyParams = z.object({ id: Id, copy: z.enum(COPY_KINDS) });

// ---------------------------------------------------------------- endpoints

const officer = { permission: 'citations:access', module: 'citations' } as const;
const manager = { permission: 'citations:manage', module: 'citations' } as const;
const supervisor = { permission: 'citations:void', module: 'citations' } as const;
const admin = { permission: 'admin:access', module: 'citations' } as const;

export const citationsApi = defineApi('citations', '/rest/v1/citations', {
  home: { method: 'GET', path: '/home', access: officer, response: CitationsHome },
  setup: { method: 'GET', path: '/setup', access: officer, response: CitationsSetup },
  listStatutes: { method: 'GET', path: '/statutes', access: officer, query: ListStatutesQuery, response: z.array(Statute) },

  createStop: { method: 'POST', path: '/stops', access: officer, body: CreateStopInput, response: Stop, idempotent: true },
  getStop: { method: 'GET', path: '/stops/:id', access: officer, params: CitationIdParams, response: Stop, versioned: true },
  saveStop: {
    method: 'PUT',
    path: '/stops/:id',
    access: officer,
    params: CitationIdParams,
    body: StopContent,
    response: Stop,
    versioned: true,
  },
  /** Saves the stop and checks every draft: 422 naming each field that fails, or the drafts marked ready to issue. */
  validateStop: {
    method: 'POST',
    path: '/stops/:id/validate',
    access: officer,
    params: CitationIdParams,
    body: StopContent,
    response: Stop,
    versioned: true,
  },
  /** A stop with no issued citation, discarded with its drafts (they never had numbers). */
  discardStop: { method: 'DELETE', path: '/stops/:id', access: officer, params: CitationIdParams, response: null, versioned: true },
  /** Checks every draft of the stop and issues them all (numbers from the sequence), or refuses naming each field. */
  issueStop: {
    method: 'POST',
    path: '/stops/:id/issue',
    access: officer,
    params: CitationIdParams,
    body: StopContent,
    response: Stop,
    versioned: true,
  },

  listCitations: { method: 'GET', path: '/citations', access: officer, query: ListCitationsQuery, response: pageOf(CitationSummary) },
  exportCitations: { method: 'GET', path: '/citations.csv', access: manager, query: ListCitationsQuery, response: 'csv' },
  getCitation: { method: 'GET', path: '/citations/:id', access: officer, params: CitationIdParams, response: Citation, versioned: true },
  getCopy: { method: 'GET', path: '/citations/:id/copies/:copy', access: officer, params: CopyParams, response: CitationCopy },
  amendCitation: {
    method: 'POST',
    path: '/citations/:id/amend',
    access: officer,
    params: CitationIdParams,
    body: AmendCitationInput,
    response: Citation,
    versioned: true,
  },
  requestVoid: {
    method: 'POST',
    path: '/citations/:id/void-request',
    access: officer,
    params: CitationIdParams,
    body: VoidInput,
    response: Citation,
    versioned: true,
  },
  voidCitation: {
    method: 'POST',
    path: '/citations/:id/void',
    access: supervisor,
    params: CitationIdParams,
    body: VoidInput,
    response: Citation,
    versioned: true,
  },

  courtExport: { method: 'GET', path: '/court-export.csv', access: manager, query: CourtExportQuery, response: 'csv' },
  markFiled: { method: 'POST', path: '/court-export/filed', access: manager, body: MarkFiledInput, response: MarkFiledResult },
  stats: { method: 'GET', path: '/stats', access: manager, query: CitationStatsQuery, response: CitationStats },

  getSettings: { method: 'GET', path: '/admin/settings', access: admin, response: CitationsSettings },
  updateSettings: {
    method: 'PUT',
    path: '/admin/settings',
    access: admin,
    body: UpdateCitationsSettingsInput,
    response: CitationsSettings,
  },
  createStatute: { method: 'POST', path: '/admin/statutes', access: admin, body: StatuteInput, response: Statute, idempotent: true },
  updateStatute: {
    method: 'PUT',
    path: '/admin/statutes/:id',
    access: admin,
    params: CitationIdParams,
    body: StatuteInput,
    response: Statute,
    versioned: true,
  },
  importStatutes: {
    method: 'POST',
    path: '/admin/statutes/import',
    access: admin,
    body: ImportStatutesInput,
    response: ImportStatutesResult,
  },
});
