import { and, eq } from 'drizzle-orm';
import { UPLOAD_MAX_BYTES, type UploadPurpose } from '../../core/contracts/storage.ts';
import { ADMIN_PERMISSION, hasPermission, type Permission } from '../../core/permissions.ts';
import { storageObjects } from '../db/schema.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { fileReadChecksOf, fileReadersOf, fileUploadersOf } from '../platform/modules.ts';
import { fileContentProblem } from '../platform/file-content.ts';
import { FILE_TYPES, sniffFile, type FileType } from '../platform/storage.ts';

function holdsAny(ctx: RequestContext, permissions: readonly Permission[]): boolean {
  const claims = {
    agency_id: ctx.scope.agencyId,
    account_type: ctx.scope.accountType,
    roles: ctx.scope.roles,
    permissions: ctx.scope.permissions,
  };
  return hasPermission(claims, ADMIN_PERMISSION) || permissions.some((permission) => hasPermission(claims, permission));
}

/**
 * Its uploader and admin:access read a file; anyone else needs one of its purpose's readers'
 * permissions, and to pass the checks of the module that owns the purpose (a report's attachment reads
 * only for those who may see a report attaching it).
 */
async function mayRead(tx: Tx, ctx: RequestContext, row: { id: string; createdBy: string; purpose: string }): Promise<boolean> {
  if (row.createdBy === ctx.scope.userId || holdsAny(ctx, [ADMIN_PERMISSION])) return true;
  if (!holdsAny(ctx, fileReadersOf(ctx.services.modules, row.purpose))) return false;
  for (const check of fileReadChecksOf(ctx.services.modules, row.purpose))
    if (!(await check(tx, ctx, { id: row.id, uploadedBy: row.createdBy }))) return false;
  return true;
}

function mayUpload(ctx: RequestContext, purpose: UploadPurpose): boolean {
  return holdsAny(ctx, fileUploadersOf(ctx.services.modules, purpose));
}

/**
 * Stores an uploaded image or PDF for the caller's agency. The file's real type comes from its first
 * bytes, never from what the client declared, so nothing that a browser would run (HTML, SVG) gets in;
 * then the whole file is checked (file-content.ts): a broken image or an active PDF is refused.
 */
export async function uploadFile(ctx: RequestContext, data: Buffer, purpose: UploadPurpose, name?: string) {
  // Only someone who may make the records a purpose serves uploads files for it (a fleet photo needs
  // a fleet permission, a citation's scan citations:access).
  if (!mayUpload(ctx, purpose))
    throw new AppError('forbidden', 'You cannot upload files for this; ask your agency administrator for access', {
      details: `requires one of ${fileUploadersOf(ctx.services.modules, purpose).join(', ') || ADMIN_PERMISSION}`,
    });
  if (data.length === 0) throw new AppError('validation_failed', 'The file is empty', { fields: { file: 'The file is empty' } });
  if (data.length > UPLOAD_MAX_BYTES)
    throw new AppError('validation_failed', 'Files must be 10 MB or smaller', {
      fields: { file: 'Files must be 10 MB or smaller' },
      status: 413,
    });
  const type = sniffFile(data);
  if (!type)
    throw new AppError('validation_failed', 'Upload a photo (PNG, JPEG or WebP) or a PDF', {
      fields: { file: 'Upload a photo (PNG, JPEG or WebP) or a PDF' },
      status: 415,
    });
  const problem = await fileContentProblem(type, data);
  if (problem) throw new AppError('validation_failed', problem, { fields: { file: problem } });
  const key = ctx.services.storage.newKey(ctx.scope.agencyId, purpose, FILE_TYPES[type]);
  await ctx.services.storage.put(key, data);
  const row = await inAgency(ctx, async (tx) => {
    const [created] = await tx
      .insert(storageObjects)
      .values({
        agencyId: ctx.scope.agencyId,
        key,
        contentType: type,
        size: data.length,
        purpose,
        name: name || null,
        createdBy: ctx.scope.userId,
      })
      .returning();
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'file.uploaded',
      entityType: 'file',
      entityId: created!.id,
      summary: `Uploaded a ${type} (${data.length} bytes) for ${purpose}`,
    });
    return created!;
  });
  return { id: row.id, url: `/storage/v1/object/${row.id}`, content_type: row.contentType, size: row.size, name: row.name };
}

/**
 * A file of the caller's agency that they may read (mayRead); another agency's id, and one they
 * may not read, both read as not found, so ids cannot be probed.
 */
export async function readFile(ctx: RequestContext, id: string): Promise<{ data: Buffer; type: FileType }> {
  const row = await inAgency(ctx, async (tx) => {
    const [found] = await tx
      .select()
      .from(storageObjects)
      .where(and(eq(storageObjects.agencyId, ctx.scope.agencyId), eq(storageObjects.id, id)));
    return found && (await mayRead(tx, ctx, found)) ? found : undefined;
  });
  const data = row ? await ctx.services.storage.get(row.key) : null;
  if (!row || !data) throw new AppError('not_found', 'File not found');
  return { data, type: row.contentType as FileType };
}
