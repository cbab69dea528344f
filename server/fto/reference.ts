import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AddReferenceInput, ReferenceDocument } from '../../core/contracts/fto.ts';
import { storageObjects } from '../db/schema.ts';
import { findOwnUpload } from '../platform/attachments.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { userNameOf } from '../platform/people.ts';
import { visibleBinder } from './binders.ts';
import { ftoPrograms, ftoReferenceDocuments } from './schema.ts';

/**
 * A program's reference material (manuals, maps, code books): files the coordinator uploaded through
 * storage/v1 (purpose `fto`, which every field training permission may read), listed in each binder
 * of the program. A document is retired, never deleted, so the audit log's entries keep their subject.
 */

// ---------------------------------------------------------------- database access

const documentColumns = {
  document: ftoReferenceDocuments,
  contentType: storageObjects.contentType,
  size: storageObjects.size,
  addedByName: userNameOf(ftoReferenceDocuments.agencyId, ftoReferenceDocuments.addedBy),
};

type DocumentRow = { document: typeof ftoReferenceDocuments.$inferSelect; contentType: string; size: number; addedByName: string };

/** Reference documents of the agency matching `where`, with their file's type and size, newest first. */
function documentsWhere(tx: Tx, agencyId: string, where: SQL | undefined): Promise<DocumentRow[]> {
  return tx
    .select(documentColumns)
    .from(ftoReferenceDocuments)
    .innerJoin(
      storageObjects,
      and(eq(storageObjects.agencyId, ftoReferenceDocuments.agencyId), eq(storageObjects.id, ftoReferenceDocuments.fileId)),
    )
    .where(and(eq(ftoReferenceDocuments.agencyId, agencyId), where))
    .orderBy(desc(ftoReferenceDocuments.createdAt), desc(ftoReferenceDocuments.id));
}

/** The program's documents in use (not retired). */
function currentDocumentsOf(tx: Tx, agencyId: string, programId: string) {
  return documentsWhere(tx, agencyId, and(eq(ftoReferenceDocuments.programId, programId), isNull(ftoReferenceDocuments.retiredAt)));
}

async function documentById(tx: Tx, agencyId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await documentsWhere(tx, agencyId, eq(ftoReferenceDocuments.id, id));
  return row;
}

async function programNamed(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select({ id: ftoPrograms.id, name: ftoPrograms.name })
    .from(ftoPrograms)
    .where(and(eq(ftoPrograms.agencyId, agencyId), eq(ftoPrograms.id, id)));
  return row;
}

/** What a stored file was uploaded for (its purpose decides who may read it). */
async function purposeOf(tx: Tx, agencyId: string, fileId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ purpose: storageObjects.purpose })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), eq(storageObjects.id, fileId)));
  return row?.purpose;
}

// ---------------------------------------------------------------- use cases

function presentDocument({ document, contentType, size, addedByName }: DocumentRow): ReferenceDocument {
  return {
    id: document.id,
    program_id: document.programId,
    title: document.title,
    description: document.description,
    url: `/storage/v1/object/${document.fileId}`,
    content_type: contentType,
    size,
    added_by_name: addedByName,
    added_at: document.createdAt.toISOString(),
  };
}

/** The reference material of a binder's program, for anyone who may see the binder (404 otherwise). */
export function listBinderReference(ctx: RequestContext, binderId: string): Promise<ReferenceDocument[]> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleBinder(tx, ctx, binderId);
    return (await currentDocumentsOf(tx, ctx.scope.agencyId, row.binder.programId)).map(presentDocument);
  });
}

/** The coordinator's list of a program's reference material. */
export function listProgramReference(ctx: RequestContext, programId: string): Promise<ReferenceDocument[]> {
  return inAgency(ctx, async (tx) => {
    if (!(await programNamed(tx, ctx.scope.agencyId, programId))) throw new AppError('not_found', 'No such program');
    return (await currentDocumentsOf(tx, ctx.scope.agencyId, programId)).map(presentDocument);
  });
}

/** Adds a file the coordinator uploaded (purpose `fto`) to a program's reference material. */
export function addReference(ctx: RequestContext, programId: string, input: AddReferenceInput): Promise<ReferenceDocument> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const program = await programNamed(tx, agencyId, programId);
    if (!program) throw new AppError('not_found', 'No such program');
    // Only a file the coordinator uploaded themselves: never a colleague's, whose id they could have seen.
    const upload = await findOwnUpload(tx, agencyId, ctx.scope.userId, input.file_id);
    if (!upload) throw validationError({ file_id: 'Upload the file first' });
    // A file uploaded for another module is readable only by that module's people, not the trainees.
    if ((await purposeOf(tx, agencyId, input.file_id)) !== 'fto')
      throw validationError({ file_id: 'Upload the file here, for field training' });
    const [created] = await tx
      .insert(ftoReferenceDocuments)
      .values({
        agencyId,
        programId,
        title: input.title,
        description: input.description,
        fileId: input.file_id,
        addedBy: ctx.scope.userId,
      })
      .returning({ id: ftoReferenceDocuments.id });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fto.reference_added',
      entityType: 'fto_reference_document',
      entityId: created!.id,
      summary: `Added “${input.title}” to the reference material of ${program.name}`,
      after: { program_id: programId, title: input.title, file_id: input.file_id, content_type: upload.contentType },
    });
    return presentDocument((await documentById(tx, agencyId, created!.id))!);
  });
}

/** Takes a document out of the program's reference material (kept, marked retired). 404 when unknown or already retired. */
export function retireReference(ctx: RequestContext, id: string): Promise<ReferenceDocument> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const [retired] = await tx
      .update(ftoReferenceDocuments)
      .set({ retiredAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(ftoReferenceDocuments.agencyId, agencyId), eq(ftoReferenceDocuments.id, id), isNull(ftoReferenceDocuments.retiredAt)))
      .returning({ id: ftoReferenceDocuments.id, title: ftoReferenceDocuments.title, programId: ftoReferenceDocuments.programId });
    if (!retired) throw new AppError('not_found', 'No such reference document');
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'fto.reference_retired',
      entityType: 'fto_reference_document',
      entityId: id,
      summary: `Retired “${retired.title}” from the reference material`,
      before: { program_id: retired.programId, title: retired.title, retired: false },
      after: { retired: true },
    });
    return presentDocument((await documentById(tx, agencyId, id))!);
  });
}
