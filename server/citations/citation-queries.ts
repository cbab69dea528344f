import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { CitationStatus, ListCitationsQuery } from '../../core/contracts/citations.ts';
import { inFixed, pageWithTotal, type Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import { matchingIds, prefixQuery, searchTerms } from '../platform/text-search.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { citationRevisions, citationStops, citations, type CitationEvent } from './schema.ts';

/** The citations module's access to stops, citations and their revisions (the only place that queries them). */

export type StopRow = typeof citationStops.$inferSelect;
export type CitationRow = typeof citations.$inferSelect;
export type ListedCitation = { citation: CitationRow; officerName: string };

export const DRAFT_STATUSES: CitationStatus[] = ['draft', 'validated'];
export const ISSUED_STATUSES: CitationStatus[] = ['issued', 'filed'];

// ---------------------------------------------------------------- stops

export async function findStop(tx: Tx, agencyId: string, id: string): Promise<(StopRow & { officerName: string }) | undefined> {
  const [row] = await tx
    .select({ ...getTableColumns(citationStops), officerName: userNameOf(citationStops.agencyId, citationStops.officerId) })
    .from(citationStops)
    .where(and(eq(citationStops.agencyId, agencyId), eq(citationStops.id, id)));
  return row;
}

/** Inserts a stop; undefined when its id (chosen on a device) is already taken. */
export async function insertStop(tx: Tx, values: typeof citationStops.$inferInsert): Promise<StopRow | undefined> {
  const [row] = await tx
    .insert(citationStops)
    .values(values)
    .onConflictDoNothing({ target: [citationStops.agencyId, citationStops.id] })
    .returning();
  return row;
}

export function updateStopRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number | null,
  values: Partial<typeof citationStops.$inferInsert>,
) {
  return updateAtVersion(tx, citationStops, and(eq(citationStops.agencyId, agencyId), eq(citationStops.id, id)), version, values);
}

export async function deleteStop(tx: Tx, agencyId: string, id: string): Promise<void> {
  await tx
    .delete(citations)
    .where(and(eq(citations.agencyId, agencyId), eq(citations.stopId, id), inArray(citations.status, DRAFT_STATUSES)));
  await tx.delete(citationStops).where(and(eq(citationStops.agencyId, agencyId), eq(citationStops.id, id)));
}

// ---------------------------------------------------------------- citations

/** A citation's columns without its search words' index document, which only the search reads. */
const citationColumns = getTableColumns(citations);
const listed = { citation: citationColumns, officerName: userNameOf(citations.agencyId, citations.officerId) };

/** What a list shows of a citation (`summarise`): not its content (most of its size), words or void details. */
const summaryListed = {
  citation: {
    id: citations.id,
    stopId: citations.stopId,
    number: citations.number,
    kind: citations.kind,
    status: citations.status,
    officerId: citations.officerId,
    occurredAt: citations.occurredAt,
    location: citations.location,
    violatorName: citations.violatorName,
    plate: citations.plate,
    codes: citations.codes,
    totalFineCents: citations.totalFineCents,
    appearanceDate: citations.appearanceDate,
    courtKey: citations.courtKey,
    amended: citations.amended,
    voidRequest: citations.voidRequest,
    issuedAt: citations.issuedAt,
    updatedAt: citations.updatedAt,
  },
  officerName: listed.officerName,
};
export type SummaryCitation = { citation: Pick<CitationRow, keyof (typeof summaryListed)['citation']>; officerName: string };

export async function citationsOfStop(tx: Tx, agencyId: string, stopId: string): Promise<ListedCitation[]> {
  return tx
    .select(listed)
    .from(citations)
    .where(and(eq(citations.agencyId, agencyId), eq(citations.stopId, stopId)))
    .orderBy(asc(citations.position), asc(citations.id));
}

export async function findCitation(tx: Tx, agencyId: string, id: string): Promise<ListedCitation | undefined> {
  const [row] = await tx
    .select(listed)
    .from(citations)
    .where(and(eq(citations.agencyId, agencyId), eq(citations.id, id)));
  return row;
}

/** Where a citation id (chosen on a device) is already used: its stop and status, whatever the stop. */
export async function citationIdsTaken(tx: Tx, agencyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: citations.id, stopId: citations.stopId, status: citations.status })
    .from(citations)
    .where(and(eq(citations.agencyId, agencyId), inArray(citations.id, [...ids])));
}

export async function insertCitation(tx: Tx, values: typeof citations.$inferInsert): Promise<void> {
  await tx.insert(citations).values(values);
}

export function updateCitationRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number | null,
  values: Partial<typeof citations.$inferInsert>,
) {
  return updateAtVersion(tx, citations, and(eq(citations.agencyId, agencyId), eq(citations.id, id)), version, values);
}

/** Removes drafts of a stop (never an issued citation: the status is part of the condition). */
export async function deleteDrafts(tx: Tx, agencyId: string, stopId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(citations)
    .where(
      and(
        eq(citations.agencyId, agencyId),
        eq(citations.stopId, stopId),
        inArray(citations.id, [...ids]),
        inArray(citations.status, DRAFT_STATUSES),
      ),
    );
}

// ---------------------------------------------------------------- revisions

export async function insertRevision(
  tx: Tx,
  values: {
    agencyId: string;
    citationId: string;
    event: CitationEvent;
    actorId: string;
    reason: string | null;
    content: CitationRow['content'];
    /** When it happened (now, unless seeding a history). */
    at?: Date;
  },
): Promise<void> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${citationRevisions.revision}), 0)` })
    .from(citationRevisions)
    .where(and(eq(citationRevisions.agencyId, values.agencyId), eq(citationRevisions.citationId, values.citationId)));
  await tx.insert(citationRevisions).values({ ...values, revision: Number(last?.n ?? 0) + 1 });
}

export async function revisionsOf(tx: Tx, agencyId: string, citationId: string) {
  return tx
    .select({
      revision: citationRevisions.revision,
      event: citationRevisions.event,
      byName: userNameOf(citationRevisions.agencyId, citationRevisions.actorId),
      at: citationRevisions.at,
      reason: citationRevisions.reason,
      content: citationRevisions.content,
    })
    .from(citationRevisions)
    .where(and(eq(citationRevisions.agencyId, agencyId), eq(citationRevisions.citationId, citationId)))
    .orderBy(asc(citationRevisions.revision));
}

// ---------------------------------------------------------------- lists

/** The day after a calendar date, for an inclusive "to" over the wall-clock text. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export type CitationFilter = Omit<ListCitationsQuery, 'page' | 'page_size' | 'queue'> & {
  officerOnly?: string | undefined;
  statuses?: CitationStatus[] | undefined;
  /** With statute_id: the statute's code as the search words hold it (statuteWord), so the search index finds the few citations naming it. */
  statuteWord?: string | null | undefined;
};

/** The typed search over the citation's words (citation-content.ts); a search of nothing but punctuation finds nothing. */
function searched(q: string | undefined): SQL | undefined {
  if (!q?.trim()) return undefined;
  const query = prefixQuery(q);
  return query ? matchingIds('citation', citations.id, query) : sql`false`;
}

/** The code of a statute as one search word (`346.46(1)` → `346461`): citation-content.ts keeps it among a citation's words. */
export function statuteWord(code: string): string {
  return searchTerms(code).join('');
}

/**
 * Citations naming a statute's code (any of its versions, as the counts group them): found by the
 * code's word in the search index, as a citation names few statutes and an agency has a year of
 * citations.
 */
function statuteNamed(word: string | null | undefined): SQL {
  return word ? matchingIds('citation', citations.id, word) : sql`false`;
}

function filtered(agencyId: string, filter: CitationFilter): SQL {
  return and(
    eq(citations.agencyId, agencyId),
    filter.officerOnly ? eq(citations.officerId, filter.officerOnly) : undefined,
    filter.officer_id ? eq(citations.officerId, filter.officer_id) : undefined,
    filter.status ? eq(citations.status, filter.status) : undefined,
    filter.statuses ? inArray(citations.status, filter.statuses) : undefined,
    filter.kind ? eq(citations.kind, filter.kind) : undefined,
    filter.statute_id ? statuteNamed(filter.statuteWord) : undefined,
    filter.void_requested ? isNotNull(citations.voidRequest) : undefined,
    filter.from ? gte(citations.occurredAt, filter.from) : undefined,
    filter.to ? sql`${citations.occurredAt} < ${dayAfter(filter.to)}` : undefined,
    searched(filter.q),
  )!;
}

/**
 * A page of citations. `mine`: the officer's own, drafts first, then the newest stops (today's on top);
 * otherwise the agency's, newest stop first.
 */
export async function listCitationRows(tx: Tx, agencyId: string, filter: CitationFilter, page: CitationPage) {
  const { rows, total } = await citationPage(tx, agencyId, filter, page, page.page_size, summaryListed);
  return { rows: rows as SummaryCitation[], total };
}

/** The same, each citation whole (an export), at most `limit`. */
export async function listWholeCitationRows(tx: Tx, agencyId: string, filter: CitationFilter, page: CitationPage, limit: number) {
  const { rows, total } = await citationPage(tx, agencyId, filter, page, limit, listed);
  return { rows: rows as ListedCitation[], total };
}

type CitationPage = { page: number; page_size: number; mine: boolean };

async function citationPage(
  tx: Tx,
  agencyId: string,
  filter: CitationFilter,
  page: CitationPage,
  limit: number,
  selection: typeof listed | typeof summaryListed,
) {
  const where = filtered(agencyId, filter);
  const order = page.mine
    ? [sql`(${citations.status} in ('draft', 'validated')) desc`, desc(citations.occurredAt), desc(citations.id)]
    : [desc(citations.occurredAt), desc(citations.id)];
  const offset = (page.page - 1) * page.page_size;
  return pageWithTotal(
    tx.select({ n: count() }).from(citations).where(where),
    offset,
    (total) =>
      tx
        .select({ ...selection, page_total: total })
        .from(citations)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    // A search's matches (or a statute's) are looked up by id, all of them, before they are sorted.
    { allRead: Boolean(filter.q?.trim()) || Boolean(filter.statute_id) },
  );
}

/** How many citations are issued and not yet filed with court. */
export async function toFileCount(tx: Tx, agencyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(citations)
    .where(and(eq(citations.agencyId, agencyId), eq(citations.status, 'issued'), ne(citations.kind, 'warning')));
  return row?.n ?? 0;
}

/** Issued citations of a period not yet filed (optionally of one court), oldest first: the clerk's court export. */
export async function toFile(tx: Tx, agencyId: string, from: string, to: string, courtKey?: string): Promise<ListedCitation[]> {
  return tx
    .select(listed)
    .from(citations)
    .where(
      and(
        eq(citations.agencyId, agencyId),
        eq(citations.status, 'issued'),
        ne(citations.kind, 'warning'),
        gte(citations.occurredAt, from),
        sql`${citations.occurredAt} < ${dayAfter(to)}`,
        courtKey ? eq(citations.courtKey, courtKey) : undefined,
      ),
    )
    .orderBy(asc(citations.occurredAt), asc(citations.id));
}

/** The citations among `ids` that may be filed with court now: issued, not warnings (a warning has no court). */
export async function issuedAmong(tx: Tx, agencyId: string, ids: readonly string[]) {
  return tx
    .select({ id: citations.id, content: citations.content, number: citations.number })
    .from(citations)
    .where(
      and(
        eq(citations.agencyId, agencyId),
        inArray(citations.id, [...new Set(ids)]),
        eq(citations.status, 'issued'),
        ne(citations.kind, 'warning'),
      ),
    )
    .for('update');
}

export async function markFiledRows(tx: Tx, agencyId: string, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(citations)
    .set({ status: 'filed', filedAt: at, updatedAt: at, version: sql`${citations.version} + 1` })
    .where(and(eq(citations.agencyId, agencyId), inArray(citations.id, [...ids]), eq(citations.status, 'issued')));
}

/** The issued (or since voided) citations of a period, as the counts read them. */
export async function citationsForStats(tx: Tx, agencyId: string, from: string, to: string) {
  return tx
    .select({
      officerId: citations.officerId,
      officerName: userNameOf(citations.agencyId, citations.officerId),
      kind: citations.kind,
      status: citations.status,
      amended: citations.amended,
      codes: citations.codes,
      occurredOn: citations.occurredOn,
    })
    .from(citations)
    .where(
      and(
        eq(citations.agencyId, agencyId),
        gte(citations.occurredAt, from),
        lte(citations.occurredAt, `${to}T99`),
        inFixed(citations.status, ['issued', 'filed', 'void']),
      ),
    );
}
