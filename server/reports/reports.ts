import type { Page } from '../../core/contracts/admin.ts';
import {
  REPORT_STATUS_LABELS,
  type CreateReportInput,
  type ListReportsQuery,
  type Report,
  type ReportContent,
  type ReportsHome,
  type ReportSummary,
  reportsApi,
} from '../../core/contracts/reports.ts';
import { toCsv } from '../../core/csv.ts';
import { zonedDateParts } from '../../core/dates.ts';
import {
  emptyReportContent,
  formatCaseNumber,
  narrativeText,
  reportProblems,
  supplementCaseNumber,
} from '../../core/reports/report-rules.ts';
import { ownUploads } from '../platform/attachments.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import { nextNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { tell } from '../platform/notices.ts';
import { findPerson } from '../platform/people.ts';
import { staleVersion } from '../platform/versioning.ts';
import { GUIDED_TEMPLATES } from '../../core/reports/guided-templates.ts';
import { GENERAL_TEMPLATE } from '../../core/reports/general-template.ts';
import { unknownFieldComments } from '../../core/reports/report-fields.ts';
import { sanitizeNarrative } from './narrative.ts';
import { searchWords } from './report-search.ts';
import {
  draftCount,
  findReport,
  insertReport,
  insertRevision,
  listReports as listReportRows,
  listWholeReports,
  lockReport,
  nextSupplement,
  revisionCount,
  revisionsOf,
  supplementsOf,
  updateReportRow,
  type ListedReport,
  type SummaryRow,
  type Viewer,
} from './report-queries.ts';
import { isReviewer, reportsSettingsOf, reviewers } from './settings.ts';
import { visibleTemplate } from './templates.ts';

/**
 * Incident reports: written and autosaved by their author, submitted whole (each missing or wrong
 * field named), reviewed by someone else (approved, which locks it, or returned with comments), and
 * after approval changed only by numbered supplements that go through the same review. Every
 * submission, return and approval keeps the content as it was.
 */

const link = (id: string) => `/reports/${id}`;
const CSV_LIMIT = 5000;

export async function viewerOf(tx: Tx, ctx: RequestContext): Promise<Viewer> {
  return { userId: ctx.scope.userId, all: holds(ctx, 'admin:access'), reviewer: await isReviewer(tx, ctx) };
}

export function summarise(row: SummaryRow): ReportSummary {
  const { report } = row;
  return {
    id: report.id,
    case_number: report.caseNumber,
    supplement: report.supplement,
    type_key: report.typeKey,
    type_label: report.typeLabel,
    status: report.status,
    author_id: report.authorId,
    author_name: row.authorName,
    reviewer_name: row.reviewerName,
    occurred_at: report.occurredAt,
    location: report.location,
    people: report.people,
    submitted_at: report.submittedAt?.toISOString() ?? null,
    approved_at: report.approvedAt?.toISOString() ?? null,
    updated_at: report.updatedAt.toISOString(),
  };
}

async function present(tx: Tx, ctx: RequestContext, row: ListedReport, viewer?: Viewer): Promise<Report> {
  const { report } = row;
  const agencyId = ctx.scope.agencyId;
  const who = viewer ?? (await viewerOf(tx, ctx));
  const mine = report.authorId === ctx.scope.userId;
  return {
    ...summarise(row),
    parent_id: report.parentId,
    template_name: report.templateName,
    guided: report.guidedKey,
    template: report.template,
    content: report.content,
    review: report.review
      ? { comment: report.review.comment, fields: report.review.fields, by_name: report.review.by, at: report.review.at }
      : null,
    revisions: (await revisionsOf(tx, agencyId, report.id)).map((revision) => ({
      revision: revision.revision,
      event: revision.event,
      by_name: revision.byName,
      at: revision.at.toISOString(),
      comment: revision.comment,
      content: revision.content,
    })),
    supplements: report.supplement === 0 ? await supplementsOf(tx, agencyId, report.id, who) : [],
    can: {
      edit: mine && (report.status === 'draft' || report.status === 'returned'),
      review: who.reviewer && !mine && report.status === 'submitted',
      supplement: report.status === 'approved' && report.supplement === 0,
    },
    ai_draft_id: report.aiDraftId,
    version: report.version,
  };
}

/** A report the caller may see; anyone else's answers 404, as if it did not exist. */
async function visibleReport(tx: Tx, ctx: RequestContext, id: string, viewer: Viewer): Promise<ListedReport> {
  const row = await findReport(tx, ctx.scope.agencyId, id, viewer);
  if (!row) throw new AppError('not_found', 'There is no such report');
  return row;
}

function agencyYear(ctx: RequestContext): number {
  return zonedDateParts(new Date(), ctx.sysConfig.general_settings.timezone)!.year;
}

/** What the lists and the search read beside the content. */
function derived(content: ReportContent) {
  const words = [
    content.location,
    ...content.people.flatMap((p) => [p.name, p.address, p.phone]),
    ...content.vehicles.flatMap((v) => [v.plate, v.vin, v.make, v.model]),
    ...content.property.flatMap((p) => [p.description, p.serial]),
  ];
  return {
    occurredAt: content.occurred_at,
    location: content.location,
    people: content.people.map((p) => p.name).filter(Boolean),
    searchParts: words.filter(Boolean),
  };
}

function searchText(caseNumber: string, content: ReportContent): string {
  return searchWords(caseNumber, derived(content).searchParts);
}

/** The author's content as it is kept: the narrative sanitised, only their own uploads (or files already on the report) attached. */
async function cleaned(tx: Tx, ctx: RequestContext, content: ReportContent, already: string[] = []): Promise<ReportContent> {
  const fresh = content.attachment_ids.filter((id) => !already.includes(id));
  const own = await ownUploads(tx, ctx.scope.agencyId, ctx.scope.userId, fresh);
  const foreign = fresh.find((id) => !own.has(id));
  if (foreign) throw validationError({ attachment_ids: 'Attach files you uploaded yourself' });
  return { ...content, narrative: sanitizeNarrative(content.narrative), attachment_ids: [...new Set(content.attachment_ids)] };
}

function refuseUnlessAuthorCanEdit(ctx: RequestContext, row: ListedReport): void {
  const { report } = row;
  if (report.authorId !== ctx.scope.userId) throw new AppError('forbidden', `Only ${row.authorName}, who wrote this report, changes it`);
  if (report.status === 'approved') throw new AppError('conflict', 'This report is approved and locked: add a supplement instead');
  if (report.status === 'submitted')
    throw new AppError('conflict', 'This report is waiting for review: it can be changed once it is returned');
}

export function createReport(ctx: RequestContext, input: CreateReportInput): Promise<Report> {
  return inAgency(ctx, (tx) => startReport(tx, ctx, input));
}

/** A new report of the caller's (a draft, or submitted at once); `aiDraftId`: its narrative is that AI draft's. */
export async function startReport(tx: Tx, ctx: RequestContext, input: CreateReportInput, aiDraftId: string | null = null): Promise<Report> {
  const agencyId = ctx.scope.agencyId;
  const settings = reportsSettingsOf(ctx.sysConfig);
  const type = settings.types.find((candidate) => candidate.key === input.type_key);
  if (!type) throw validationError({ type_key: 'Choose one of the agency’s report types' });
  const guided = input.guided ? GUIDED_TEMPLATES[input.guided] : null;
  const templateId = guided ? null : (input.template_id ?? type.template_id);
  const chosen = templateId ? (await visibleTemplate(tx, ctx, templateId)).template : null;
  if (chosen?.retiredAt) throw validationError({ template_id: 'This template is retired: choose another' });
  const content = await cleaned(tx, ctx, { ...emptyReportContent(), ...input.content });
  const template = guided?.content ?? chosen?.content ?? GENERAL_TEMPLATE;
  if (input.submit) {
    const problems = reportProblems(template, content);
    if (Object.keys(problems).length) throw validationError(problems, 'The report is not complete: see the fields marked');
  }
  const year = agencyYear(ctx);
  const format = settings.case_number_format;
  const counter = await nextNumber(tx, agencyId, format.includes('{YYYY}') ? `reports.case.${year}` : 'reports.case');
  const caseNumber = formatCaseNumber(format, year, counter);
  const facts = derived(content);
  const row = await insertReport(tx, {
    ...(input.id ? { id: input.id } : {}),
    agencyId,
    caseNumber,
    typeKey: type.key,
    typeLabel: type.label,
    templateId: chosen?.id ?? null,
    templateName: guided?.name ?? chosen?.name ?? 'General incident',
    template,
    guidedKey: guided?.key ?? null,
    aiDraftId,
    authorId: ctx.scope.userId,
    content,
    occurredAt: facts.occurredAt,
    location: facts.location,
    people: facts.people,
    searchText: searchText(caseNumber, content),
    ...(input.submit ? { status: 'submitted' as const, submittedAt: new Date() } : {}),
  });
  if (!row) throw new AppError('conflict', 'This report is already on the server: open it from your drafts');
  await recordAudit(tx, agencyId, ctx.actor, {
    action: 'reports.created',
    entityType: 'report',
    entityId: row.id,
    summary: `Started report ${caseNumber} (${type.label})`,
  });
  const created = (await findReport(tx, agencyId, row.id, null))!;
  if (input.submit) await announceSubmitted(tx, ctx, created);
  return present(tx, ctx, created);
}

/** Opening a report is in the audit log: it is a record about people. */
export function getReport(ctx: RequestContext, id: string): Promise<Report> {
  return inAgency(ctx, async (tx) => {
    const viewer = await viewerOf(tx, ctx);
    const row = await visibleReport(tx, ctx, id, viewer);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'reports.viewed',
      entityType: 'report',
      entityId: id,
      summary: `Viewed report ${row.report.caseNumber}`,
    });
    return present(tx, ctx, row, viewer);
  });
}

/**
 * A report as another module may name it (the manifest's recordReadChecks), to whoever may open it:
 * getReport's permission, then the viewer rule (report-queries.ts `Viewer`); null as for no such report.
 */
export async function reportSeenBy(tx: Tx, ctx: RequestContext, id: string): Promise<{ label: string } | null> {
  if (!holds(ctx, reportsApi.getReport.access.permission)) return null;
  const row = await findReport(tx, ctx.scope.agencyId, id, await viewerOf(tx, ctx));
  return row ? { label: `Report ${row.report.caseNumber} · ${row.report.typeLabel}` } : null;
}

/** The author's autosave: any partial content, kept as the draft (or the returned report being fixed). */
export function saveReport(ctx: RequestContext, id: string, version: number, content: ReportContent): Promise<Report> {
  return inAgency(ctx, async (tx) => {
    const viewer = await viewerOf(tx, ctx);
    const row = await visibleReport(tx, ctx, id, viewer);
    refuseUnlessAuthorCanEdit(ctx, row);
    const kept = await cleaned(tx, ctx, content, row.report.content.attachment_ids);
    const facts = derived(kept);
    const updated = await updateReportRow(tx, ctx.scope.agencyId, id, version, {
      content: kept,
      occurredAt: facts.occurredAt,
      location: facts.location,
      people: facts.people,
      searchText: searchText(row.report.caseNumber, kept),
    });
    if (!updated) throw staleVersion('report');
    return present(tx, ctx, { ...row, report: updated }, viewer);
  });
}

async function keepRevision(
  tx: Tx,
  ctx: RequestContext,
  reportId: string,
  event: 'submitted' | 'returned' | 'approved',
  content: ReportContent,
  comment: string | null,
) {
  await insertRevision(tx, {
    agencyId: ctx.scope.agencyId,
    reportId,
    revision: (await revisionCount(tx, ctx.scope.agencyId, reportId)) + 1,
    event,
    actorId: ctx.scope.userId,
    comment,
    content,
  });
}

/** The author submits the whole report for review: every missing or wrong field is named, nothing is lost. */
export function submitReport(ctx: RequestContext, id: string, version: number, content: ReportContent): Promise<Report> {
  return inAgency(ctx, async (tx) => {
    const viewer = await viewerOf(tx, ctx);
    const row = await visibleReport(tx, ctx, id, viewer);
    refuseUnlessAuthorCanEdit(ctx, row);
    const kept = await cleaned(tx, ctx, content, row.report.content.attachment_ids);
    const problems = reportProblems(row.report.template, kept);
    if (Object.keys(problems).length) throw validationError(problems, 'The report is not complete: see the fields marked');
    const facts = derived(kept);
    const updated = await updateReportRow(tx, ctx.scope.agencyId, id, version, {
      content: kept,
      occurredAt: facts.occurredAt,
      location: facts.location,
      people: facts.people,
      searchText: searchText(row.report.caseNumber, kept),
      status: 'submitted',
      submittedAt: new Date(),
    });
    if (!updated) throw staleVersion('report');
    await announceSubmitted(tx, ctx, { ...row, report: updated });
    return present(tx, ctx, { ...row, report: updated }, viewer);
  });
}

/** A submitted report: its revision kept, the audit entry, and the reviewers told. */
async function announceSubmitted(tx: Tx, ctx: RequestContext, row: ListedReport): Promise<void> {
  const { report } = row;
  await keepRevision(tx, ctx, report.id, 'submitted', report.content, null);
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: 'reports.submitted',
    entityType: 'report',
    entityId: report.id,
    summary: `Submitted report ${report.caseNumber} for review`,
  });
  for (const person of await reviewers(tx, ctx))
    if (person.id !== report.authorId)
      await tell(tx, ctx, person.id, {
        kind: 'reports.to_review',
        title: `Report ${report.caseNumber} is waiting for your review`,
        body: `${row.authorName} submitted the ${report.typeLabel.toLowerCase()} report ${report.caseNumber} (${report.location || 'no location'}).`,
        link: link(report.id),
      });
}

async function reviewable(tx: Tx, ctx: RequestContext, id: string): Promise<{ row: ListedReport; viewer: Viewer }> {
  const viewer = await viewerOf(tx, ctx);
  const row = await visibleReport(tx, ctx, id, viewer);
  if (!viewer.reviewer) throw new AppError('forbidden', 'Only the agency’s report reviewers approve or return reports');
  if (row.report.authorId === ctx.scope.userId)
    throw new AppError('forbidden', 'You wrote this report: another reviewer approves or returns it');
  if (row.report.status !== 'submitted')
    throw new AppError('conflict', `This report is ${REPORT_STATUS_LABELS[row.report.status].toLowerCase()}: there is nothing to review`);
  return { row, viewer };
}

/** The caller's name, as a review records who gave it. */
async function reviewerName(tx: Tx, ctx: RequestContext): Promise<string> {
  return (await findPerson(tx, ctx.scope.agencyId, ctx.scope.userId))?.name ?? 'A reviewer';
}

/** A reviewer returns the report to its author with what to fix, in general and beside single fields. */
export function returnReport(
  ctx: RequestContext,
  id: string,
  version: number,
  input: { comment: string; fields: Record<string, string> },
): Promise<Report> {
  return inAgency(ctx, async (tx) => {
    const { row, viewer } = await reviewable(tx, ctx, id);
    const fields = Object.fromEntries(Object.entries(input.fields).filter(([, text]) => text.trim()));
    const unknown = unknownFieldComments(row.report.template, row.report.content, fields);
    if (Object.keys(unknown).length) throw validationError(unknown, 'Comment only on the fields this report has');
    const by = await reviewerName(tx, ctx);
    const updated = await updateReportRow(tx, ctx.scope.agencyId, id, version, {
      status: 'returned',
      reviewerId: ctx.scope.userId,
      review: { comment: input.comment, fields, by, at: new Date().toISOString() },
    });
    if (!updated) throw staleVersion('report');
    await keepRevision(tx, ctx, id, 'returned', row.report.content, input.comment);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'reports.returned',
      entityType: 'report',
      entityId: id,
      summary: `Returned report ${row.report.caseNumber} to ${row.authorName}`,
      after: { comment: input.comment, fields },
    });
    await tell(tx, ctx, row.report.authorId, {
      kind: 'reports.returned',
      title: `Report ${row.report.caseNumber} was returned to you`,
      body: `${by} returned it: ${input.comment}`,
      link: link(id),
    });
    return present(tx, ctx, { ...row, report: updated, reviewerName: by }, viewer);
  });
}

/** A reviewer approves the report: it is locked, and changes only by supplements. */
export function approveReport(ctx: RequestContext, id: string, version: number): Promise<Report> {
  return inAgency(ctx, async (tx) => {
    const { row, viewer } = await reviewable(tx, ctx, id);
    const by = await reviewerName(tx, ctx);
    const updated = await updateReportRow(tx, ctx.scope.agencyId, id, version, {
      status: 'approved',
      reviewerId: ctx.scope.userId,
      approvedAt: new Date(),
      review: null,
    });
    if (!updated) throw staleVersion('report');
    await keepRevision(tx, ctx, id, 'approved', row.report.content, null);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'reports.approved',
      entityType: 'report',
      entityId: id,
      summary: `Approved report ${row.report.caseNumber}`,
    });
    await tell(tx, ctx, row.report.authorId, {
      kind: 'reports.approved',
      title: `Report ${row.report.caseNumber} is approved`,
      body: `${by} approved your report ${row.report.caseNumber}. It is locked; add a supplement for anything new.`,
      link: link(id),
    });
    return present(tx, ctx, { ...row, report: updated, reviewerName: by }, viewer);
  });
}

/** A numbered supplement of an approved report (`2026-000123-S1`): a new draft of the same case, reviewed as any report. */
export function addSupplement(ctx: RequestContext, parentId: string): Promise<Report> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const viewer = await viewerOf(tx, ctx);
    const parent = await visibleReport(tx, ctx, parentId, viewer);
    if (parent.report.supplement !== 0) throw new AppError('conflict', 'Add the supplement to the original report, not to a supplement');
    if (parent.report.status !== 'approved')
      throw new AppError('conflict', 'Only an approved report gets supplements: until then, change the report itself');
    await lockReport(tx, agencyId, parentId);
    const number = await nextSupplement(tx, agencyId, parentId);
    const caseNumber = supplementCaseNumber(parent.report.caseNumber, number);
    const content: ReportContent = {
      ...emptyReportContent(),
      location: parent.report.content.location,
      occurred_at: parent.report.content.occurred_at,
    };
    const row = (await insertReport(tx, {
      agencyId,
      caseNumber,
      supplement: number,
      parentId,
      typeKey: parent.report.typeKey,
      typeLabel: parent.report.typeLabel,
      templateId: parent.report.templateId,
      templateName: parent.report.templateName,
      template: parent.report.template,
      guidedKey: parent.report.guidedKey,
      authorId: ctx.scope.userId,
      content,
      occurredAt: content.occurred_at,
      location: content.location,
      searchText: searchText(caseNumber, content),
    }))!;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'reports.supplement_added',
      entityType: 'report',
      entityId: row.id,
      summary: `Started supplement ${caseNumber}`,
    });
    return present(tx, ctx, (await findReport(tx, agencyId, row.id, null))!, viewer);
  });
}

export function listReports(ctx: RequestContext, query: ListReportsQuery): Promise<Page<ReportSummary>> {
  return inAgency(ctx, async (tx) => {
    const viewer = await viewerOf(tx, ctx);
    if (query.queue === 'review' && !viewer.reviewer) return { items: [], total: 0, page: query.page, page_size: query.page_size };
    const { rows, total } = await listReportRows(tx, ctx.scope.agencyId, viewer, query);
    return { items: rows.map(summarise), total, page: query.page, page_size: query.page_size };
  });
}

/** The reports of a list as CSV (at most 5000, newest first as the list sorts), for a records request. */
export function exportReports(ctx: RequestContext, query: ListReportsQuery): Promise<string> {
  return inAgency(ctx, async (tx) => {
    const viewer = await viewerOf(tx, ctx);
    const { rows } = await listWholeReports(tx, ctx.scope.agencyId, viewer, { ...query, page: 1 }, CSV_LIMIT);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'reports.exported',
      entityType: 'report',
      entityId: 'csv',
      summary: `Exported ${rows.length} reports as CSV`,
      after: { query },
    });
    return toCsv(
      [
        'case_number',
        'type',
        'status',
        'author',
        'reviewer',
        'occurred_at',
        'location',
        'people',
        'narrative',
        'submitted_at',
        'approved_at',
      ],
      rows.map(({ report, authorName, reviewerName }) => [
        report.caseNumber,
        report.typeLabel,
        REPORT_STATUS_LABELS[report.status],
        authorName,
        reviewerName ?? '',
        report.occurredAt,
        report.location,
        report.people.join('; '),
        narrativeText(report.content.narrative),
        report.submittedAt?.toISOString() ?? '',
        report.approvedAt?.toISOString() ?? '',
      ]),
    );
  });
}

/** What needs the caller in reports: their drafts, what was returned to them, and what waits for their review. */
export function reportsHome(ctx: RequestContext): Promise<ReportsHome> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const viewer = await viewerOf(tx, ctx);
    const base = { page: 1, page_size: 5, sort: 'updated_at', order: 'desc' } as const;
    const returned = await listReportRows(tx, agencyId, viewer, { ...base, queue: 'returned' });
    const review = viewer.reviewer
      ? await listReportRows(tx, agencyId, viewer, { ...base, queue: 'review', order: 'asc' })
      : { rows: [], total: 0 };
    return {
      drafts: await draftCount(tx, agencyId, ctx.scope.userId),
      returned: returned.rows.map(summarise),
      returned_total: returned.total,
      to_review: review.rows.map(summarise),
      to_review_total: review.total,
      can_review: viewer.reviewer,
    };
  });
}
