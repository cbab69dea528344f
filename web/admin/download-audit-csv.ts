import { buildUrl, fetchWithRetry } from '../lib/api-client.ts';
import { apiErrorFromBody } from '../lib/api-error.ts';
import { getAccessToken } from '../auth/session.ts';
import { ADMIN_API } from './admin-request.ts';
import type { AuditRequest } from './list-audit.ts';
import { saveFile } from './save-file.ts';

/** The file name the server suggests in Content-Disposition, or a dated default. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? fallback;
}

/**
 * GET /rest/v1/admin/audit.csv with the same filters as the screen, sent with the bearer token in a
 * header (never in the URL, where it would end up in logs and history), then saved as a file.
 */
export async function downloadAuditCsv(query: AuditRequest): Promise<void> {
  const token = await getAccessToken();
  const { page: _page, page_size: _pageSize, ...filters } = query;
  const response = await fetchWithRetry(buildUrl(`${ADMIN_API}/audit.csv`, filters), {
    method: 'GET',
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the status tells what happened.
    }
    throw apiErrorFromBody(response.status, body, response.statusText);
  }
  const blob = await response.blob();
  saveFile(blob, attachmentName(response.headers.get('content-disposition'), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`));
}
