import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint } from '../../lib/api.ts';
import { downloadText } from '../../lib/download.ts';
import type { VehiclesRequest } from '../fleet-api.ts';

/**
 * The vehicles table as CSV, with the table's filters (every page), fetched with the bearer token in
 * a header (never in the URL, where it would end up in logs and history), then saved as a file.
 */
export async function downloadVehiclesCsv(query: VehiclesRequest): Promise<void> {
  const { page: _page, page_size: _pageSize, ...filters } = query;
  const csv = await callEndpoint(fleetApi.exportVehicles, { query: filters });
  downloadText(`vehicles-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}
