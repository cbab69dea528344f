import { and, count, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { pageWithTotal, qualified, type Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import type { ListSquadChecksQuery } from '../../core/contracts/fleet.ts';
import { squadCheckDrafts, squadCheckSubmissions, squadCheckTemplates, squadCheckTemplateVersions, vehicles } from './schema.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';

/** The fleet module's database access to squad checks: drafts and submissions. Every query filters by agency as well as running under row-level security. */

export type SubmissionRow = typeof squadCheckSubmissions.$inferSelect;

export async function findDraft(tx: Tx, agencyId: string, userId: string, vehicleId: string) {
  const [row] = await tx
    .select()
    .from(squadCheckDrafts)
    .where(and(eq(squadCheckDrafts.agencyId, agencyId), eq(squadCheckDrafts.userId, userId), eq(squadCheckDrafts.vehicleId, vehicleId)));
  return row;
}

export async function upsertDraft(tx: Tx, values: typeof squadCheckDrafts.$inferInsert) {
  const [row] = await tx
    .insert(squadCheckDrafts)
    .values(values)
    .onConflictDoUpdate({
      target: [squadCheckDrafts.agencyId, squadCheckDrafts.userId, squadCheckDrafts.vehicleId],
      set: { answers: values.answers, templateVersionId: values.templateVersionId, savedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteDraft(tx: Tx, agencyId: string, userId: string, vehicleId: string) {
  await tx
    .delete(squadCheckDrafts)
    .where(and(eq(squadCheckDrafts.agencyId, agencyId), eq(squadCheckDrafts.userId, userId), eq(squadCheckDrafts.vehicleId, vehicleId)));
}

export async function insertSubmission(tx: Tx, values: typeof squadCheckSubmissions.$inferInsert): Promise<SubmissionRow> {
  const [row] = await tx.insert(squadCheckSubmissions).values(values).returning();
  return row!;
}

export async function findSubmission(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(squadCheckSubmissions)
    .where(and(eq(squadCheckSubmissions.agencyId, agencyId), eq(squadCheckSubmissions.id, id)));
  return row;
}

export function updateSubmissionRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number,
  values: Partial<typeof squadCheckSubmissions.$inferInsert>,
) {
  return updateAtVersion(
    tx,
    squadCheckSubmissions,
    and(eq(squadCheckSubmissions.agencyId, agencyId), eq(squadCheckSubmissions.id, id)),
    version,
    values,
  );
}

/** A submission without its answers (a kilobyte or two each), for lists and timelines that show only the result. */
const { answers: _answers, ...SUBMISSION_LIST_COLUMNS } = getTableColumns(squadCheckSubmissions);
export type SubmissionListRow = Omit<SubmissionRow, 'answers'>;

export async function listSubmissions(tx: Tx, agencyId: string, query: ListSquadChecksQuery, timeRange: { from?: Date; to?: Date }) {
  const conditions: Array<SQL | undefined> = [eq(squadCheckSubmissions.agencyId, agencyId)];
  if (timeRange.from) conditions.push(gte(squadCheckSubmissions.submittedAt, timeRange.from));
  if (timeRange.to) conditions.push(lt(squadCheckSubmissions.submittedAt, timeRange.to));
  if (query.vehicle_id) conditions.push(eq(squadCheckSubmissions.vehicleId, query.vehicle_id));
  if (query.officer_id) conditions.push(eq(squadCheckSubmissions.officerId, query.officer_id));
  if (query.status) conditions.push(eq(squadCheckSubmissions.status, query.status));
  if (query.failures === 'only') conditions.push(sql`${squadCheckSubmissions.failedCount} > 0`);
  const where = and(...conditions);
  const offset = (query.page - 1) * query.page_size;
  return pageWithTotal(tx.select({ n: count() }).from(squadCheckSubmissions).where(where), offset, (total) =>
    tx
      // The labels in the page's own statement: a list is one statement less than a page and its labels.
      .select({ ...SUBMISSION_LIST_COLUMNS, ...submissionLabelColumns(), page_total: total })
      .from(squadCheckSubmissions)
      .where(where)
      .orderBy(desc(squadCheckSubmissions.submittedAt))
      .limit(query.page_size)
      .offset(offset),
  );
}

/** The officer's squad checks since `since`, newest first: which vehicle, when, and how many items failed (never the answers). */
export async function submissionsOfOfficerSince(tx: Tx, agencyId: string, officerId: string, since: Date) {
  return tx
    .select({
      vehicleId: squadCheckSubmissions.vehicleId,
      submittedAt: squadCheckSubmissions.submittedAt,
      failedCount: squadCheckSubmissions.failedCount,
    })
    .from(squadCheckSubmissions)
    .where(
      and(
        eq(squadCheckSubmissions.agencyId, agencyId),
        eq(squadCheckSubmissions.officerId, officerId),
        gte(squadCheckSubmissions.submittedAt, since),
      ),
    )
    .orderBy(desc(squadCheckSubmissions.submittedAt));
}

/** Each submission's unit number, officer's name, template name and version number. */
/** A submission's labels, as columns of a query of its table: its vehicle's unit, its officer, its template and version. */
function submissionLabelColumns() {
  const version = (column: SQL) =>
    sql`(select ${column} from ${squadCheckTemplateVersions} where ${squadCheckTemplateVersions.agencyId} = ${qualified(squadCheckSubmissions.agencyId)} and ${squadCheckTemplateVersions.id} = ${qualified(squadCheckSubmissions.templateVersionId)})`;
  return {
    unitNumber: sql<string>`coalesce((select ${vehicles.unitNumber} from ${vehicles} where ${vehicles.agencyId} = ${qualified(squadCheckSubmissions.agencyId)} and ${vehicles.id} = ${qualified(squadCheckSubmissions.vehicleId)}), '')`,
    officerName: sql<string>`coalesce(${userNameOf(squadCheckSubmissions.agencyId, squadCheckSubmissions.officerId)}, '')`,
    templateName: sql<string>`coalesce(${version(sql`(select ${squadCheckTemplates.name} from ${squadCheckTemplates} where ${squadCheckTemplates.agencyId} = ${qualified(squadCheckTemplateVersions.agencyId)} and ${squadCheckTemplates.id} = ${qualified(squadCheckTemplateVersions.templateId)})`)}, '')`,
    versionNumber: sql<number>`coalesce(${version(sql`${squadCheckTemplateVersions.versionNumber}`)}, 0)`.mapWith(Number),
  };
}

export type SubmissionLabels = { unitNumber: string; officerName: string; templateName: string; versionNumber: number };

export async function submissionLabels(tx: Tx, agencyId: string, submissionIds: string[]): Promise<Map<string, SubmissionLabels>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: squadCheckSubmissions.id, ...submissionLabelColumns() })
    .from(squadCheckSubmissions)
    .where(and(eq(squadCheckSubmissions.agencyId, agencyId), inArray(squadCheckSubmissions.id, submissionIds)));
  return new Map(rows.map((r) => [r.id, r]));
}
