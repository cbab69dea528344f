import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, max, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ListBindersQuery, ProgramContent } from '../../core/contracts/fto.ts';
import { pageWithTotal, planEachTime, qualified, type Tx } from '../platform/database.ts';
import { reusedStatement } from '../platform/reused-statements.ts';
import { userNameOf } from '../platform/people.ts';
import { containsPattern } from '../platform/text-search.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import {
  ftoBinderEvents,
  ftoBinderPolicies,
  ftoBinders,
  ftoBinderTrainers,
  ftoDors,
  ftoPrograms,
  ftoProgramVersions,
  ftoTasksheets,
} from './schema.ts';

/** Field training's database access to programs and binders. Every query names the agency as well as running under row-level security. */

export type BinderRow = typeof ftoBinders.$inferSelect;
export type ProgramRow = typeof ftoPrograms.$inferSelect;

/** Who is looking, and so which binders they may see (core/contracts/fto.ts). */
export interface Viewer {
  userId: string;
  /** fto:admin (or admin:access): every binder. */
  all: boolean;
  trainee: boolean;
  trainer: boolean;
}

/** A viewer's kind with their id or, in a reused statement (reused-statements.ts), the placeholder that stands for it. */
export type ViewerIn = Omit<Viewer, 'userId'> & { userId: string | Placeholder };

/** What a viewer's condition looks like apart from their id: a reused statement's shape (a coordinator's has none). */
export const viewerShape = (viewer: Omit<Viewer, 'userId'>) =>
  viewer.all ? 'all' : `${viewer.trainee ? 'trainee' : ''}/${viewer.trainer ? 'trainer' : ''}`;

/** The binders a viewer may see, as a condition on fto_binders: their own (trainee), the ones they train (trainer), all (coordinator). */
export function visibleBinders(viewer: ViewerIn): SQL | undefined {
  if (viewer.all) return undefined;
  const parts: SQL[] = [];
  if (viewer.trainee) parts.push(eq(ftoBinders.traineeId, viewer.userId));
  if (viewer.trainer)
    parts.push(
      sql`exists (select 1 from ${ftoBinderTrainers} where ${ftoBinderTrainers.agencyId} = ${ftoBinders.agencyId} and ${ftoBinderTrainers.binderId} = ${ftoBinders.id} and ${ftoBinderTrainers.trainerId} = ${viewer.userId})`,
    );
  return parts.length ? or(...parts) : sql`false`;
}

// ---------------------------------------------------------------- programs

export async function insertProgram(tx: Tx, agencyId: string, name: string, content: ProgramContent, createdBy: string | null) {
  const id = randomUUID();
  const versionId = randomUUID();
  const [program] = await tx.insert(ftoPrograms).values({ agencyId, id, name, currentVersionId: versionId }).returning();
  await tx.insert(ftoProgramVersions).values({ agencyId, id: versionId, programId: id, number: 1, name, content, createdBy });
  return program!;
}

/** The agency's programs with their current version and how many open binders run on any version of each. */
export async function programsWithVersions(tx: Tx, agencyId: string, programId?: string) {
  const open = notInArray(ftoBinders.status, ['completed', 'released']);
  return tx
    .select({
      program: ftoPrograms,
      number: ftoProgramVersions.number,
      content: ftoProgramVersions.content,
      activeBinders:
        sql<number>`(select count(*) from ${ftoBinders} where ${ftoBinders.agencyId} = ${qualified(ftoPrograms.agencyId)} and ${ftoBinders.programId} = ${qualified(ftoPrograms.id)} and ${open})`.mapWith(
          Number,
        ),
    })
    .from(ftoPrograms)
    .innerJoin(
      ftoProgramVersions,
      and(eq(ftoProgramVersions.agencyId, ftoPrograms.agencyId), eq(ftoProgramVersions.id, ftoPrograms.currentVersionId)),
    )
    .where(and(eq(ftoPrograms.agencyId, agencyId), programId ? eq(ftoPrograms.id, programId) : undefined))
    .orderBy(asc(ftoPrograms.name));
}

/** A new version of a program's content; the program then points at it (binders keep theirs). `version` null: the system's own change. */
export async function addProgramVersion(
  tx: Tx,
  agencyId: string,
  programId: string,
  version: number | null,
  input: { name: string; content: ProgramContent; createdBy: string },
) {
  const [last] = await tx
    .select({ number: max(ftoProgramVersions.number) })
    .from(ftoProgramVersions)
    .where(and(eq(ftoProgramVersions.agencyId, agencyId), eq(ftoProgramVersions.programId, programId)));
  const versionId = randomUUID();
  const updated = await updateAtVersion(tx, ftoPrograms, and(eq(ftoPrograms.agencyId, agencyId), eq(ftoPrograms.id, programId)), version, {
    name: input.name,
    currentVersionId: versionId,
  });
  if (!updated) return null;
  await tx.insert(ftoProgramVersions).values({
    agencyId,
    id: versionId,
    programId,
    number: (last?.number ?? 0) + 1,
    name: input.name,
    content: input.content,
    createdBy: input.createdBy,
  });
  return updated;
}

/** The content of one program version (a binder's program as it started). */
export async function versionContent(tx: Tx, agencyId: string, versionId: string): Promise<ProgramContent> {
  return (await programVersions(tx, agencyId, [versionId])).get(versionId)!.content;
}

/** Program versions by id (immutable: a binder's program as it started), each with the program's name as of that version. */
export async function programVersions(tx: Tx, agencyId: string, versionIds: string[]) {
  if (versionIds.length === 0) return new Map<string, { programId: string; content: ProgramContent; programName: string }>();
  const rows = await tx
    .select({
      id: ftoProgramVersions.id,
      programId: ftoProgramVersions.programId,
      content: ftoProgramVersions.content,
      programName: ftoProgramVersions.name,
    })
    .from(ftoProgramVersions)
    .where(and(eq(ftoProgramVersions.agencyId, agencyId), inArray(ftoProgramVersions.id, [...new Set(versionIds)])));
  return new Map(rows.map((r) => [r.id, r]));
}

// ---------------------------------------------------------------- binders

/** A new binder with its snapshot of the program: a tasksheet per phase and the policies to acknowledge. */
export async function insertBinder(tx: Tx, values: typeof ftoBinders.$inferInsert, content: ProgramContent) {
  const [row] = await tx.insert(ftoBinders).values(values).returning();
  const base = { agencyId: row!.agencyId, binderId: row!.id };
  await tx.insert(ftoTasksheets).values(content.phases.map((phase) => ({ ...base, phaseKey: phase.key })));
  if (content.policies.length)
    await tx.insert(ftoBinderPolicies).values(content.policies.map((policy) => ({ ...base, policyKey: policy.key })));
  return row!;
}

const binderColumns = {
  binder: ftoBinders,
  traineeName: userNameOf(ftoBinders.agencyId, ftoBinders.traineeId),
  dorsSigned:
    sql<number>`(select count(*) from ${ftoDors} where ${ftoDors.agencyId} = ${qualified(ftoBinders.agencyId)} and ${ftoDors.binderId} = ${qualified(ftoBinders.id)} and ${ftoDors.status} = 'approved')`.mapWith(
      Number,
    ),
  lastDorOn: sql<
    string | null
  >`(select max(${ftoDors.shiftDate}) from ${ftoDors} where ${ftoDors.agencyId} = ${qualified(ftoBinders.agencyId)} and ${ftoDors.binderId} = ${qualified(ftoBinders.id)} and ${ftoDors.status} <> 'draft')`,
};

export type ListedBinder = { binder: BinderRow; traineeName: string; dorsSigned: number; lastDorOn: string | null };

export async function findBinder(tx: Tx, agencyId: string, id: string, viewer: Viewer | null): Promise<ListedBinder | undefined> {
  const [row] = await tx
    .select(binderColumns)
    .from(ftoBinders)
    .where(and(eq(ftoBinders.agencyId, agencyId), eq(ftoBinders.id, id), viewer ? visibleBinders(viewer) : undefined));
  return row;
}

const visibleBinderId = reusedStatement(
  (viewer: Omit<Viewer, 'userId'>) => viewerShape(viewer),
  (tx, viewer) =>
    tx
      .select({ id: ftoBinders.id })
      .from(ftoBinders)
      .where(
        and(
          eq(ftoBinders.agencyId, sql.placeholder('agencyId')),
          eq(ftoBinders.id, sql.placeholder('id')),
          visibleBinders({ ...viewer, userId: sql.placeholder('userId') }),
        ),
      ),
);

/** Whether the binder is there for this viewer: `findBinder`'s rule, without reading what it lists. */
export async function binderVisibleTo(tx: Tx, agencyId: string, id: string, viewer: Viewer): Promise<boolean> {
  const { userId, ...kind } = viewer;
  return (await visibleBinderId(tx, kind, { agencyId, id, userId })).length > 0;
}

export async function binderById(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(ftoBinders)
    .where(and(eq(ftoBinders.agencyId, agencyId), eq(ftoBinders.id, id)));
  return row;
}

/** Locks a binder for a change that depends on its state (a new DOR's number, a phase change). */
export async function lockBinder(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(ftoBinders)
    .where(and(eq(ftoBinders.agencyId, agencyId), eq(ftoBinders.id, id)))
    .for('update');
  return row;
}

/** A binder still in training: DORs, sign-offs and phase changes go on only while it is one of these. */
export const OPEN_STATUSES = ['active', 'extended', 'remedial'] as const;

export function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

export async function openBinderOf(tx: Tx, agencyId: string, traineeId: string) {
  const [row] = await tx
    .select({ id: ftoBinders.id })
    .from(ftoBinders)
    .where(and(eq(ftoBinders.agencyId, agencyId), eq(ftoBinders.traineeId, traineeId), inArray(ftoBinders.status, [...OPEN_STATUSES])));
  return row;
}

export async function listBinders(tx: Tx, agencyId: string, viewer: Viewer, query: ListBindersQuery & { trainerId?: string }) {
  const conditions: Array<SQL | undefined> = [eq(ftoBinders.agencyId, agencyId), visibleBinders(viewer)];
  if (query.status === 'open') conditions.push(inArray(ftoBinders.status, [...OPEN_STATUSES]));
  else if (query.status !== 'all') conditions.push(eq(ftoBinders.status, query.status));
  // A name search is planned for its words each time: how many trainees they match decides between
  // reading the newest binders until a page is full and sorting the few that match (the query-plan test
  // found the generic plan sorting every match).
  if (query.q)
    conditions.push(
      sql`${planEachTime}exists (select 1 from users u where u.agency_id = ${ftoBinders.agencyId} and u.id = ${ftoBinders.traineeId} and ${ilike(sql`u.name`, containsPattern(query.q))})`,
    );
  if (query.trainerId)
    conditions.push(
      sql`exists (select 1 from ${ftoBinderTrainers} where ${ftoBinderTrainers.agencyId} = ${ftoBinders.agencyId} and ${ftoBinderTrainers.binderId} = ${ftoBinders.id} and ${ftoBinderTrainers.trainerId} = ${query.trainerId})`,
    );
  const where = and(...conditions);
  const offset = (query.page - 1) * query.page_size;
  return pageWithTotal(tx.select({ n: count() }).from(ftoBinders).where(where), offset, (total) =>
    tx
      .select({ ...binderColumns, page_total: total })
      .from(ftoBinders)
      .where(where)
      .orderBy(desc(ftoBinders.createdAt), desc(ftoBinders.id))
      .limit(query.page_size)
      .offset(offset),
  );
}

export function updateBinderRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number | null,
  values: Partial<typeof ftoBinders.$inferInsert>,
) {
  return updateAtVersion(tx, ftoBinders, and(eq(ftoBinders.agencyId, agencyId), eq(ftoBinders.id, id)), version, values);
}

export async function trainersOf(tx: Tx, agencyId: string, binderIds: string[]) {
  if (binderIds.length === 0) return [];
  return tx
    .select({
      binderId: ftoBinderTrainers.binderId,
      phaseKey: ftoBinderTrainers.phaseKey,
      trainerId: ftoBinderTrainers.trainerId,
      trainerName: userNameOf(ftoBinderTrainers.agencyId, ftoBinderTrainers.trainerId),
    })
    .from(ftoBinderTrainers)
    .where(and(eq(ftoBinderTrainers.agencyId, agencyId), inArray(ftoBinderTrainers.binderId, binderIds)))
    .orderBy(asc(ftoBinderTrainers.phaseKey));
}

export async function replaceTrainers(
  tx: Tx,
  agencyId: string,
  binderId: string,
  trainers: Array<{ phase_key: string; trainer_id: string }>,
) {
  await tx.delete(ftoBinderTrainers).where(and(eq(ftoBinderTrainers.agencyId, agencyId), eq(ftoBinderTrainers.binderId, binderId)));
  const unique = new Map(trainers.map((t) => [`${t.phase_key}:${t.trainer_id}`, t]));
  if (unique.size)
    await tx
      .insert(ftoBinderTrainers)
      .values([...unique.values()].map((t) => ({ agencyId, binderId, phaseKey: t.phase_key, trainerId: t.trainer_id })));
}

export async function isTrainerOf(tx: Tx, agencyId: string, binderId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ binderId: ftoBinderTrainers.binderId })
    .from(ftoBinderTrainers)
    .where(and(eq(ftoBinderTrainers.agencyId, agencyId), eq(ftoBinderTrainers.binderId, binderId), eq(ftoBinderTrainers.trainerId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function insertBinderEvent(tx: Tx, values: typeof ftoBinderEvents.$inferInsert) {
  await tx.insert(ftoBinderEvents).values(values);
}

export async function binderEvents(tx: Tx, agencyId: string, binderId: string) {
  return tx
    .select({ event: ftoBinderEvents, byName: userNameOf(ftoBinderEvents.agencyId, ftoBinderEvents.actorId) })
    .from(ftoBinderEvents)
    .where(and(eq(ftoBinderEvents.agencyId, agencyId), eq(ftoBinderEvents.binderId, binderId)))
    .orderBy(asc(ftoBinderEvents.at), asc(ftoBinderEvents.id));
}

/** Open binders counted by phase key, with their program versions (for the coordinator's home). */
export async function openBindersByPhase(tx: Tx, agencyId: string) {
  return tx
    .select({ versionId: ftoBinders.programVersionId, phaseKey: ftoBinders.phaseKey, n: count() })
    .from(ftoBinders)
    .where(and(eq(ftoBinders.agencyId, agencyId), inArray(ftoBinders.status, [...OPEN_STATUSES])))
    .groupBy(ftoBinders.programVersionId, ftoBinders.phaseKey);
}
