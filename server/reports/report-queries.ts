import { and, asc, count, desc, eq, exists, getTableColumns, gte, lt, max, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListReportsQuery, ReportStatus } from '../../core/contracts/reports.ts';
import { pageWithTotal, type Tx } from '../platform/database.ts';
import { matchingIds } from '../platform/text-search.ts';
import { userNameOf } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { searchQuery } from './report-search.ts';
import { reportRevisions, reports } from './schema.ts';

/** The reports module's access to reports and their revisions (the only place that queries them). */

/**
 * Who sees which reports: an administrator all; a reviewer their own and every report past its draft;
 * anyone else their own and the approved ones (the agency's record, read by every officer).
 */
export type Viewer = { userId: string; all: boolean; reviewer: boolean };

function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.all) return undefined;
  const own = eq(reports.authorId, viewer.userId);
  return viewer.reviewer ? or(own, ne(reports.status, 'draft')) : or(own, eq(reports.status, 'approved'));
}

/** A report's columns without its search words, which only the search reads (through search_words). */
const { searchText: _searchText, ...reportColumns } = getTableColumns(reports);

const columns = {
  report: reportColumns,
  authorName: userNameOf(reports.agencyId, reports.authorId),
  reviewerName: userNameOf(reports.agencyId, reports.reviewerId),
};
export type ReportRow = Omit<typeof reports.$inferSelect, 'searchText'>;
export type ListedReport = { report: ReportRow; authorName: string; reviewerName: string | null };

/** What a list shows of a report (`summarise`): not its content, template or review, a kilobyte or more each. */
const summaryColumns = {
  report: {
    id: reports.id,
    caseNumber: reports.caseNumber,
    supplement: reports.supplement,
    typeKey: reports.typeKey,
    typeLabel: reports.typeLabel,
    status: reports.status,
    authorId: reports.authorId,
    occurredAt: reports.occurredAt,
    location: reports.location,
    people: reports.people,
    submittedAt: reports.submittedAt,
    approvedAt: reports.approvedAt,
    updatedAt: reports.updatedAt,
  },
  authorName: columns.authorName,
  reviewerName: columns.reviewerName,
};
export type SummaryRow = {
  report: Pick<ReportRow, keyof (typeof summaryColumns)['report']>;
  authorName: string;
  reviewerName: string | null;
};

export async function findReport(tx: Tx, agencyId: string, id: string, viewer: Viewer | null): Promise<ListedReport | undefined> {
  const [row] = await tx
    .select(columns)
    .from(reports)
    .where(and(eq(reports.agencyId, agencyId), eq(reports.id, id), viewer ? visibleTo(viewer) : undefined));
  return row;
}

/** Locks a report for a change that depends on its state (a supplement's number). */
export async function lockReport(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.agencyId, agencyId), eq(reports.id, id)))
    .for('update');
  return row;
}

/** Inserts a report; undefined when its id (chosen on a device) is already taken. */
export async function insertReport(tx: Tx, values: typeof reports.$inferInsert) {
  const [row] = await tx
    .insert(reports)
    .values(values)
    .onConflictDoNothing({ target: [reports.agencyId, reports.id] })
    .returning();
  return row;
}

export function updateReportRow(tx: Tx, agencyId: string, id: string, version: number, values: Partial<typeof reports.$inferInsert>) {
  return updateAtVersion(tx, reports, and(eq(reports.agencyId, agencyId), eq(reports.id, id)), version, values);
}

export async function nextSupplement(tx: Tx, agencyId: string, parentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(reports.supplement) })
    .from(reports)
    .where(and(eq(reports.agencyId, agencyId), eq(reports.parentId, parentId)));
  return (row?.n ?? 0) + 1;
}

export async function supplementsOf(tx: Tx, agencyId: string, parentId: string, viewer: Viewer) {
  return tx
    .select({ id: reports.id, case_number: reports.caseNumber, status: reports.status })
    .from(reports)
    .where(and(eq(reports.agencyId, agencyId), eq(reports.parentId, parentId), visibleTo(viewer)))
    .orderBy(asc(reports.supplement));
}

export async function insertRevision(tx: Tx, values: typeof reportRevisions.$inferInsert) {
  await tx.insert(reportRevisions).values(values);
}

export async function revisionsOf(tx: Tx, agencyId: string, reportId: string) {
  return tx
    .select({
      revision: reportRevisions.revision,
      event: reportRevisions.event,
      byName: userNameOf(reportRevisions.agencyId, reportRevisions.actorId),
      at: reportRevisions.at,
      comment: reportRevisions.comment,
      content: reportRevisions.content,
    })
    .from(reportRevisions)
    .where(and(eq(reportRevisions.agencyId, agencyId), eq(reportRevisions.reportId, reportId)))
    .orderBy(asc(reportRevisions.revision));
}

export async function revisionCount(tx: Tx, agencyId: string, reportId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reportRevisions)
    .where(and(eq(reportRevisions.agencyId, agencyId), eq(reportRevisions.reportId, reportId)));
  return row?.n ?? 0;
}

/** The content's attachments hold this file (a jsonb containment the report's row answers without unpacking it). */
function attaches(content: AnyColumn, fileId: string): SQL {
  return sql`${content} -> 'attachment_ids' @> jsonb_build_array(${fileId}::text)`;
}

/**
 * Whether a report the viewer may see attaches this file, now or in a kept revision. Only a report's
 * author attaches files they uploaded (reports.ts `cleaned`), so only the uploader's reports are
 * looked at (reports_author_idx), never the agency's whole year.
 */
export async function attachesVisibly(tx: Tx, agencyId: string, fileId: string, uploadedBy: string, viewer: Viewer): Promise<boolean> {
  const inRevision = tx
    .select({ one: sql`1` })
    .from(reportRevisions)
    .where(
      and(
        eq(reportRevisions.agencyId, reports.agencyId),
        eq(reportRevisions.reportId, reports.id),
        attaches(reportRevisions.content, fileId),
      ),
    );
  const [row] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.agencyId, agencyId),
        eq(reports.authorId, uploadedBy),
        visibleTo(viewer),
        or(attaches(reports.content, fileId), exists(inRevision)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The day after a calendar date, for an inclusive "to". */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function queueFilter(viewer: Viewer, queue: ListReportsQuery['queue']): SQL | undefined {
  const mine = eq(reports.authorId, viewer.userId);
  switch (queue) {
    case 'mine':
      return mine;
    case 'drafts':
      return and(mine, eq(reports.status, 'draft'));
    case 'returned':
      return and(mine, eq(reports.status, 'returned'));
    case 'review':
      return and(eq(reports.status, 'submitted'), ne(reports.authorId, viewer.userId));
    case 'approved':
      return eq(reports.status, 'approved');
    case 'all':
      return undefined;
  }
}

/** The typed search over the report's words (report-search.ts); a search of nothing but punctuation finds nothing. */
function searched(q: string | undefined): SQL | undefined {
  if (!q?.trim()) return undefined;
  const query = searchQuery(q);
  return query ? matchingIds('report', reports.id, query) : sql`false`;
}

const SORTS = { updated_at: reports.updatedAt, occurred_at: reports.occurredAt, case_number: reports.caseNumber } as const;

/** A page of the reports the viewer may see, in a queue, searched and filtered: what a list shows of each. */
export async function listReports(tx: Tx, agencyId: string, viewer: Viewer, query: ListReportsQuery) {
  const { rows, total } = await reportPage(tx, agencyId, viewer, query, query.page_size, summaryColumns);
  return { rows: rows as SummaryRow[], total };
}

/** The same, each report whole (an export), at most `limit`. */
export async function listWholeReports(tx: Tx, agencyId: string, viewer: Viewer, query: ListReportsQuery, limit: number) {
  const { rows, total } = await reportPage(tx, agencyId, viewer, query, limit, columns);
  return { rows: rows as ListedReport[], total };
}

async function reportPage(
  tx: Tx,
  agencyId: string,
  viewer: Viewer,
  query: ListReportsQuery,
  limit: number,
  selection: typeof columns | typeof summaryColumns,
) {
  const search = searched(query.q);
  const where = and(
    eq(reports.agencyId, agencyId),
    visibleTo(viewer),
    queueFilter(viewer, query.queue),
    search,
    query.type ? eq(reports.typeKey, query.type) : undefined,
    query.status ? eq(reports.status, query.status as ReportStatus) : undefined,
    query.author_id ? eq(reports.authorId, query.author_id) : undefined,
    query.from ? gte(reports.occurredAt, query.from) : undefined,
    query.to ? lt(reports.occurredAt, dayAfter(query.to)) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const offset = (query.page - 1) * query.page_size;
  return pageWithTotal(
    tx.select({ n: count() }).from(reports).where(where),
    offset,
    (total) =>
      tx
        .select({ ...selection, page_total: total })
        .from(reports)
        .where(where)
        .orderBy(direction(SORTS[query.sort]), direction(reports.id))
        .limit(limit)
        .offset(offset),
    // A search's matches are looked up by id, all of them, before they are sorted.
    { allRead: search !== undefined },
  );
}

/** How many drafts the user has. */
export async function draftCount(tx: Tx, agencyId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.agencyId, agencyId), eq(reports.authorId, userId), eq(reports.status, 'draft')));
  return row?.n ?? 0;
}
