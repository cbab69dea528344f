import { toCsv } from '../../core/csv.ts';
import type { AuditEntry, AuditQuery, Page } from '../../core/contracts/admin.ts';
import { auditLog } from '../db/schema.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type AdminContext } from './context.ts';
import { listAudit } from './queries.ts';

export function presentAuditEntry(row: typeof auditLog.$inferSelect & { actorName: string | null }): AuditEntry {
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    actor_name: row.actorName,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    user_agent: row.userAgent,
  };
}

export function readAuditLog(ctx: AdminContext, query: AuditQuery): Promise<Page<AuditEntry>> {
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await listAudit(tx, ctx.scope.agencyId, {
      ...query,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return { items: rows.map(presentAuditEntry), total, page: query.page, page_size: query.page_size };
  });
}

const EXPORT_LIMIT = 50_000;

/** The filtered log as CSV (at most 50,000 rows, newest first). The export itself is audited. */
export function exportAuditLog(ctx: AdminContext, query: Omit<AuditQuery, 'page' | 'page_size'>): Promise<string> {
  return inAgency(ctx, async (tx) => {
    const { rows } = await listAudit(tx, ctx.scope.agencyId, { ...query, limit: EXPORT_LIMIT, offset: 0 });
    const header = ['occurred_at', 'actor_email', 'action', 'entity_type', 'entity_id', 'summary', 'before', 'after', 'ip', 'user_agent'];
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'audit.exported',
      entityType: 'audit_log',
      summary: `Exported ${rows.length} audit entries`,
      after: { filters: query },
    });
    return toCsv(
      header,
      rows.map((r) => [
        r.occurredAt.toISOString(),
        r.actorEmail,
        r.action,
        r.entityType,
        r.entityId,
        r.summary,
        r.before,
        r.after,
        r.ip,
        r.userAgent,
      ]),
      'always',
    );
  });
}
