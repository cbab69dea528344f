import { adminApi } from '../../core/contracts/admin.ts';
import { callEndpoint } from '../lib/api.ts';
import { downloadText } from '../lib/download.ts';
import type { AuditRequest } from './list-audit.ts';

/**
 * The audit log as CSV with the same filters as the screen (every page), fetched with the bearer
 * token in a header (never in the URL, where it would end up in logs and history), then saved as a file.
 */
export async function downloadAuditCsv(query: AuditRequest): Promise<void> {
  const { page: _page, page_size: _pageSize, ...filters } = query;
  const csv = await callEndpoint(adminApi.exportAudit, { query: filters });
  downloadText(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}
