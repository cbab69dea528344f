import { buildUrl, fetchWithRetry } from '../../lib/api-client.ts';
import { apiErrorFromBody } from '../../lib/api-error.ts';
import { getAccessToken } from '../../auth/session.ts';
import { FLEET_API } from './fleet-admin-request.ts';
import type { VehiclesRequest } from './list-vehicles.ts';

/** The file name the server suggests in Content-Disposition, or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? fallback;
}

/** Hands a file made in the browser to the user as a download. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET /rest/v1/fleet/admin/vehicles.csv with the table's filters, sent with the bearer token in a
 * header (never in the URL, where it would end up in logs and history), then saved as a file.
 */
export async function downloadVehiclesCsv(query: VehiclesRequest): Promise<void> {
  const token = await getAccessToken();
  const { page: _page, page_size: _pageSize, ...filters } = query;
  const response = await fetchWithRetry(buildUrl(`${FLEET_API}/admin/vehicles.csv`, filters), {
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
  saveBlob(await response.blob(), attachmentName(response.headers.get('content-disposition'), `vehicles-${new Date().toISOString().slice(0, 10)}.csv`));
}
