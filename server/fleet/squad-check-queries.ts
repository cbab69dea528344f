import { and, count, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { fieldsOf, qualified, totalColumn, totalOfPage, type Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { personJoin, userNameOf } from '../platform/people.ts';
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
const SUBMISSION_LIST_KEYS = Object.keys(SUBMISSION_LIST_COLUMNS) as Array<keyof typeof SUBMISSION_LIST_COLUMNS>;

/** The query, and whether its time range has a start and an end. */
type SubmissionListShape = ListSquadChecksQuery & { hasFrom: boolean; hasTo: boolean };

/** The list's filter, with placeholders for its values (`listSubmissions`). */
function submissionFilter(shape: SubmissionListShape): SQL {
  const conditions: Array<SQL | undefined> = [eq(squadCheckSubmissions.agencyId, sql.placeholder('agencyId'))];
  if (shape.hasFrom) conditions.push(gte(squadCheckSubmissions.submittedAt, sql.placeholder('from')));
  if (shape.hasTo) conditions.push(lt(squadCheckSubmissions.submittedAt, sql.placeholder('to')));
  if (shape.vehicle_id) conditions.push(eq(squadCheckSubmissions.vehicleId, sql.placeholder('vehicleId')));
  if (shape.officer_id) conditions.push(eq(squadCheckSubmissions.officerId, sql.placeholder('officerId')));
  if (shape.status) conditions.push(eq(squadCheckSubmissions.status, sql.placeholder('status')));
  if (shape.failures === 'only') conditions.push(sql`${squadCheckSubmissions.failedCount} > 0`);
  return and(...conditions)!;
}

/** What changes the list's statement: which filters it has. */
const submissionListShape = (shape: SubmissionListShape) =>
  [shape.hasFrom, shape.hasTo, !!shape.vehicle_id, !!shape.officer_id, !!shape.status, shape.failures === 'only'].map(Number).join('');

const submissionCount = reusedStatement(submissionListShape, (tx, shape: SubmissionListShape) =>
  tx.select({ n: count() }).from(squadCheckSubmissions).where(submissionFilter(shape)),
);

const submissionPage = reusedStatement(submissionListShape, (tx, shape: SubmissionListShape) => {
  // The page first, then its rows' labels joined to it: a join per label costs PostgreSQL half what a
  // lookup per row and label did (docs/decisions/013, sixteenth step).
  const page = tx
    .select({
      ...SUBMISSION_LIST_COLUMNS,
      page_total: totalColumn(tx.select({ n: count() }).from(squadCheckSubmissions).where(submissionFilter(shape))),
    })
    .from(squadCheckSubmissions)
    .where(submissionFilter(shape))
    // The id after the time: checks of one instant keep their places from page to page.
    .orderBy(desc(squadCheckSubmissions.submittedAt), desc(squadCheckSubmissions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const officer = personJoin('officer', page.agencyId, page.officerId);
  return tx
    .select({
      ...fieldsOf(page, SUBMISSION_LIST_KEYS),
      unitNumber: sql<string>`coalesce(${vehicles.unitNumber}, '')`,
      officerName: sql<string>`coalesce(${officer.name}, '')`,
      templateName: sql<string>`coalesce(${squadCheckTemplates.name}, '')`,
      versionNumber: sql<number>`coalesce(${squadCheckTemplateVersions.versionNumber}, 0)`.mapWith(Number),
      page_total: page.page_total,
    })
    .from(page)
    .leftJoin(vehicles, and(eq(vehicles.agencyId, page.agencyId), eq(vehicles.id, page.vehicleId)))
    .leftJoin(officer.table, officer.on)
    .leftJoin(
      squadCheckTemplateVersions,
      and(eq(squadCheckTemplateVersions.agencyId, page.agencyId), eq(squadCheckTemplateVersions.id, page.templateVersionId)),
    )
    .leftJoin(
      squadCheckTemplates,
      and(
        eq(squadCheckTemplates.agencyId, squadCheckTemplateVersions.agencyId),
        eq(squadCheckTemplates.id, squadCheckTemplateVersions.templateId),
      ),
    )
    .orderBy(desc(page.submittedAt), desc(page.id));
});

export async function listSubmissions(tx: Tx, agencyId: string, query: ListSquadChecksQuery, timeRange: { from?: Date; to?: Date }) {
  const shape = { ...query, hasFrom: timeRange.from !== undefined, hasTo: timeRange.to !== undefined };
  const offset = (query.page - 1) * query.page_size;
  const values = {
    agencyId,
    from: timeRange.from?.toISOString(),
    to: timeRange.to?.toISOString(),
    vehicleId: query.vehicle_id,
    officerId: query.officer_id,
    status: query.status,
    limit: query.page_size,
    offset,
  };
  return totalOfPage(await submissionPage(tx, shape, values), offset, () => submissionCount(tx, shape, values));
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
