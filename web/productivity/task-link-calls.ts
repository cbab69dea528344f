import type { ComboboxItem } from '@mantine/core';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { ftoApi } from '../../core/contracts/fto.ts';
import type { TaskLinkKind } from '../../core/contracts/productivity.ts';
import { reportsApi } from '../../core/contracts/reports.ts';
import { callEndpoint } from '../lib/api.ts';

/**
 * What a task can link to in the other modules (a vehicle, a service request, a report, a binder): what
 * each is called, where its screen is, and how to find one, through that module's own list endpoint
 * (so the person sees only the records that module shows them; a module they cannot use refuses, and
 * they paste the record's address instead).
 */

export const LINK_KIND_LABELS: Record<TaskLinkKind, string> = {
  vehicle: 'Vehicle',
  service_request: 'Service request',
  report: 'Report',
  binder: 'Field training binder',
};

/** Where the record's screen is (web/fleet, web/reports and web/fto routes): its path, and its query when it opens in a drawer. */
export function linkTarget(kind: TaskLinkKind, recordId: string, fleetOffice: boolean): { to: string; search?: Record<string, string> } {
  switch (kind) {
    case 'vehicle':
      return { to: `/fleet/admin/vehicle/${recordId}` };
    case 'service_request':
      return fleetOffice
        ? { to: '/fleet/admin/servicerequest', search: { request: recordId } }
        : { to: '/fleet/request', search: { id: recordId } };
    case 'report':
      return { to: `/reports/${recordId}` };
    case 'binder':
      return { to: `/fto/binder/${recordId}` };
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The record id in what was pasted: the id itself or the address of its screen; null when there is none. */
export function recordIdIn(pasted: string): string | null {
  return UUID.exec(pasted)?.[0]?.toLowerCase() ?? null;
}

const matches = (text: string, q: string) => text.toLowerCase().includes(q.trim().toLowerCase());

/** Up to a page of the kind's records matching `q`, as options whose label names the record. */
export async function searchRecords(kind: TaskLinkKind, q: string, fleetOffice: boolean, signal: AbortSignal): Promise<ComboboxItem[]> {
  const text = q.trim();
  switch (kind) {
    case 'vehicle': {
      const page = await callEndpoint(fleetApi.listVehicles, { query: { page_size: 20, ...(text ? { q: text } : {}) }, signal });
      return page.items.map((v) => ({ value: v.id, label: `Unit ${v.unit_number} · ${v.year} ${v.make} ${v.model}` }));
    }
    case 'service_request': {
      // No text search on service requests: the newest page, narrowed here by number, unit or category.
      const query = { order: 'newest', page_size: 100 } as const;
      const page = fleetOffice
        ? await callEndpoint(fleetApi.listServiceRequests, { query, signal })
        : await callEndpoint(fleetApi.listMyServiceRequests, { query, signal });
      return page.items
        .map((r) => ({ value: r.id, label: `Service request #${r.number} · unit ${r.unit_number} · ${r.category}` }))
        .filter((option) => matches(option.label, text))
        .slice(0, 20);
    }
    case 'report': {
      const page = await callEndpoint(reportsApi.listReports, {
        query: { queue: 'all', page_size: 20, ...(text ? { q: text } : {}) },
        signal,
      });
      return page.items.map((r) => ({ value: r.id, label: `Report ${r.case_number} · ${r.type_label}` }));
    }
    case 'binder': {
      const page = await callEndpoint(ftoApi.listBinders, {
        query: { status: 'all', page_size: 20, ...(text ? { q: text } : {}) },
        signal,
      });
      return page.items.map((b) => ({ value: b.id, label: `Binder of ${b.trainee_name} · ${b.program_name}` }));
    }
  }
}
