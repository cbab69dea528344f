import { and, asc, count, desc, eq, gte, lt, max, ne, sql, type SQL } from 'drizzle-orm';
import type { DorStatus } from '../../core/contracts/fto.ts';
import { inFixed, totalColumn, totalOfPage, type Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { userNameOf } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { viewerShape, visibleBinders, type Viewer, type ViewerIn } from './binder-queries.ts';
import { ftoBinders, ftoDorRevisions, ftoDors } from './schema.ts';

/** Field training's database access to daily observation reports and their revisions. */

export type DorRow = typeof ftoDors.$inferSelect;

const dorColumns = {
  dor: ftoDors,
  traineeName: userNameOf(ftoDors.agencyId, ftoDors.traineeId),
  trainerName: userNameOf(ftoDors.agencyId, ftoDors.trainerId),
  approvedByName: userNameOf(ftoDors.agencyId, ftoDors.approvedBy),
};
export type ListedDor = { dor: DorRow; traineeName: string; trainerName: string; approvedByName: string | null };

/** What a list shows of a DOR (`summariseDor`): not its content, most of its size. */
const dorSummaryColumns = {
  dor: {
    id: ftoDors.id,
    binderId: ftoDors.binderId,
    number: ftoDors.number,
    trainerId: ftoDors.trainerId,
    phaseKey: ftoDors.phaseKey,
    shiftDate: ftoDors.shiftDate,
    shift: ftoDors.shift,
    status: ftoDors.status,
    failing: ftoDors.failing,
    remedialMinutes: ftoDors.remedialMinutes,
    revision: ftoDors.revision,
    updatedAt: ftoDors.updatedAt,
  },
  traineeName: dorColumns.traineeName,
  trainerName: dorColumns.trainerName,
};
export type DorSummaryRow = { dor: Pick<DorRow, keyof (typeof dorSummaryColumns)['dor']>; traineeName: string; trainerName: string };

/** A DOR of a binder the viewer may see; a trainee never sees a draft (it is the trainer's until completed). */
function visibleDors(viewer: ViewerIn | null): SQL | undefined {
  if (!viewer || viewer.all) return undefined;
  const traineeOnly = viewer.trainee && !viewer.trainer;
  return and(
    sql`exists (select 1 from ${ftoBinders} where ${ftoBinders.agencyId} = ${ftoDors.agencyId} and ${ftoBinders.id} = ${ftoDors.binderId} and ${visibleBinders(viewer) ?? sql`true`})`,
    traineeOnly
      ? ne(ftoDors.status, 'draft')
      : sql`(${ftoDors.status} <> 'draft' or ${ftoDors.trainerId} = ${viewer.userId} or ${ftoDors.traineeId} <> ${viewer.userId})`,
  );
}

/** Inserts a DOR; undefined when its id (chosen on a device, for a DOR started offline) is already taken. */
export async function insertDor(tx: Tx, values: typeof ftoDors.$inferInsert) {
  const [row] = await tx
    .insert(ftoDors)
    .values(values)
    .onConflictDoNothing({ target: [ftoDors.agencyId, ftoDors.id] })
    .returning();
  return row;
}

export async function nextDorNumber(tx: Tx, agencyId: string, binderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(ftoDors.number) })
    .from(ftoDors)
    .where(and(eq(ftoDors.agencyId, agencyId), eq(ftoDors.binderId, binderId)));
  return (row?.n ?? 0) + 1;
}

export async function findDor(tx: Tx, agencyId: string, id: string, viewer: Viewer | null): Promise<ListedDor | undefined> {
  const [row] = await tx
    .select(dorColumns)
    .from(ftoDors)
    .where(and(eq(ftoDors.agencyId, agencyId), eq(ftoDors.id, id), visibleDors(viewer)));
  return row;
}

type DorListShape = { viewer: Omit<Viewer, 'userId'>; status: boolean; whole: boolean };

/** A binder's DORs the viewer may see, with their id, the binder and the status as placeholders. */
function dorFilter({ viewer, status }: DorListShape) {
  return and(
    eq(ftoDors.agencyId, sql.placeholder('agencyId')),
    eq(ftoDors.binderId, sql.placeholder('binderId')),
    visibleDors({ ...viewer, userId: sql.placeholder('userId') }),
    status ? eq(ftoDors.status, sql.placeholder('status')) : undefined,
  );
}

const dorListShape = ({ viewer, status, whole }: DorListShape) => `${viewerShape(viewer)}/${status ? 's' : ''}/${whole ? 'w' : ''}`;

const dorCount = reusedStatement(dorListShape, (tx, shape: DorListShape) =>
  tx.select({ n: count() }).from(ftoDors).where(dorFilter(shape)),
);

const dorPage = reusedStatement(dorListShape, (tx, shape: DorListShape) =>
  tx
    .select({
      ...(shape.whole ? dorColumns : dorSummaryColumns),
      page_total: totalColumn(tx.select({ n: count() }).from(ftoDors).where(dorFilter(shape))),
    })
    .from(ftoDors)
    .where(dorFilter(shape))
    .orderBy(desc(ftoDors.shiftDate), desc(ftoDors.number))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

type DorListQuery = { binderId: string; status?: DorStatus | undefined; page: number; page_size: number };

/** A page of a binder's DORs the viewer may see: what a list shows of each. */
export async function listDors(tx: Tx, agencyId: string, viewer: Viewer, query: DorListQuery) {
  const { rows, total } = await dorListPage(tx, agencyId, viewer, query, false);
  return { rows: rows as DorSummaryRow[], total };
}

/** The same, each DOR whole (an export). */
export async function listWholeDors(tx: Tx, agencyId: string, viewer: Viewer, query: DorListQuery) {
  const { rows, total } = await dorListPage(tx, agencyId, viewer, query, true);
  return { rows: rows as ListedDor[], total };
}

async function dorListPage(tx: Tx, agencyId: string, viewer: Viewer, query: DorListQuery, whole: boolean) {
  const shape: DorListShape = {
    viewer: { all: viewer.all, trainee: viewer.trainee, trainer: viewer.trainer },
    status: query.status !== undefined,
    whole,
  };
  const offset = (query.page - 1) * query.page_size;
  const values = { agencyId, binderId: query.binderId, userId: viewer.userId, status: query.status, limit: query.page_size, offset };
  return totalOfPage(await dorPage(tx, shape, values), offset, () => dorCount(tx, shape, values));
}

/** DORs waiting on someone: a trainer's drafts, a trainee's to acknowledge, or every one awaiting approval. */
export async function dorsWaiting(tx: Tx, agencyId: string, condition: SQL, limit = 50): Promise<DorSummaryRow[]> {
  return tx
    .select(dorSummaryColumns)
    .from(ftoDors)
    .where(and(eq(ftoDors.agencyId, agencyId), condition))
    .orderBy(asc(ftoDors.shiftDate), asc(ftoDors.number))
    .limit(limit);
}

export const dorIs = {
  draftOf: (trainerId: string) => and(eq(ftoDors.trainerId, trainerId), eq(ftoDors.status, 'draft'))!,
  toAcknowledgeBy: (traineeId: string) => and(eq(ftoDors.traineeId, traineeId), eq(ftoDors.status, 'completed'))!,
  toApproveBy: (approverId: string) => and(eq(ftoDors.status, 'acknowledged'), ne(ftoDors.trainerId, approverId))!,
};

/** Approved DORs of a binder, oldest first: the trend, the latest ratings and the advancement check. */
export async function approvedDorsOf(tx: Tx, agencyId: string, binderId: string) {
  return tx
    .select({
      id: ftoDors.id,
      shiftDate: ftoDors.shiftDate,
      phaseKey: ftoDors.phaseKey,
      content: ftoDors.content,
      remedialMinutes: ftoDors.remedialMinutes,
    })
    .from(ftoDors)
    .where(and(eq(ftoDors.agencyId, agencyId), eq(ftoDors.binderId, binderId), eq(ftoDors.status, 'approved')))
    .orderBy(asc(ftoDors.shiftDate), asc(ftoDors.number));
}

export async function dorCountsOf(tx: Tx, agencyId: string, binderId: string) {
  return tx
    .select({ status: ftoDors.status, n: count() })
    .from(ftoDors)
    .where(and(eq(ftoDors.agencyId, agencyId), eq(ftoDors.binderId, binderId)))
    .groupBy(ftoDors.status);
}

export function updateDorRow(tx: Tx, agencyId: string, id: string, version: number, values: Partial<typeof ftoDors.$inferInsert>) {
  return updateAtVersion(tx, ftoDors, and(eq(ftoDors.agencyId, agencyId), eq(ftoDors.id, id)), version, values);
}

export async function insertRevision(tx: Tx, values: typeof ftoDorRevisions.$inferInsert) {
  await tx.insert(ftoDorRevisions).values(values);
}

export async function revisionsOf(tx: Tx, agencyId: string, dorId: string) {
  return tx
    .select({ revision: ftoDorRevisions, amendedByName: userNameOf(ftoDorRevisions.agencyId, ftoDorRevisions.amendedBy) })
    .from(ftoDorRevisions)
    .where(and(eq(ftoDorRevisions.agencyId, agencyId), eq(ftoDorRevisions.dorId, dorId)))
    .orderBy(asc(ftoDorRevisions.revision));
}

/** Completed DORs still not acknowledged or approved after a day, and drafts older than a day: the coordinator's overdue count. */
export async function overdueDors(tx: Tx, agencyId: string, before: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(ftoDors)
    .where(
      and(eq(ftoDors.agencyId, agencyId), inFixed(ftoDors.status, ['draft', 'completed', 'acknowledged']), lt(ftoDors.updatedAt, before)),
    );
  return row?.n ?? 0;
}

/** Approved DORs since a date, their ratings only: which categories fail most. */
export async function approvedRatingsSince(tx: Tx, agencyId: string, since: string) {
  return tx
    .select({ content: ftoDors.content })
    .from(ftoDors)
    .where(and(eq(ftoDors.agencyId, agencyId), eq(ftoDors.status, 'approved'), gte(ftoDors.shiftDate, since)))
    .limit(2000);
}
