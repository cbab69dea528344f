import type { ReportAttachment } from '../../core/contracts/reports.ts';
import { describeFiles } from '../platform/attachments.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { attachesVisibly, findReport, revisionsOf } from './report-queries.ts';
import { viewerOf } from './reports.ts';

/**
 * A report's attachments: files its author uploaded through storage/v1 (purpose `reports`) and put in
 * its content. Who may read one is who may see a report attaching it (now or in a kept revision):
 * its author, the reviewers once it is submitted, every officer once it is approved, administrators.
 */

/** The files the report and its kept revisions attach, current ones first, for the form, the view and the diff. */
export function listAttachments(ctx: RequestContext, id: string): Promise<ReportAttachment[]> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await findReport(tx, agencyId, id, await viewerOf(tx, ctx));
    if (!row) throw new AppError('not_found', 'There is no such report');
    const earlier = (await revisionsOf(tx, agencyId, id)).flatMap((revision) => revision.content.attachment_ids);
    const files = await describeFiles(tx, agencyId, [...row.report.content.attachment_ids, ...earlier]);
    return files.map((file) => ({
      id: file.id,
      name: file.name,
      content_type: file.contentType,
      size: file.size,
      uploaded_at: file.createdAt.toISOString(),
    }));
  });
}

/** storage/v1's check before a `reports` file is read by anyone but its uploader or an administrator (the manifest's fileReadChecks). */
export async function mayReadAttachment(tx: Tx, ctx: RequestContext, file: { id: string; uploadedBy: string }): Promise<boolean> {
  return attachesVisibly(tx, ctx.scope.agencyId, file.id, file.uploadedBy, await viewerOf(tx, ctx));
}
