import { VEHICLE_SORTS, VEHICLE_STATUSES, SERVICE_REQUEST_STATUSES, SUBMISSION_STATUSES, type ListServiceRequestsQuery, type ListSquadChecksQuery, type ListVehiclesQuery, type ServiceRequestStatus, type VehicleStatus } from '../../../core/contracts/fleet.ts';
import { PAGE_SIZES } from '../../ui/paging.ts';
import { zonedDateParts } from '../../../core/dates.ts';
import { isUuid } from '../../../core/ids.ts';

/**
 * The fleet office's lists keep their state in the URL (/fleet/admin/vehicle?q=…&status=…&sort=…),
 * so a reload, a shared link and the back button show the same list. Anything unreadable falls back
 * to its default rather than failing: a hand-edited URL still opens the list.
 */

export type SortOrder = 'asc' | 'desc';
export type VehicleSort = (typeof VEHICLE_SORTS)[number];
export const DEFAULT_PAGE_SIZE = 25;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A positive whole number from the URL, or undefined. */
export function positiveInt(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

function pageSizeOf(value: unknown): number {
  const size = positiveInt(value);
  return size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

function uuid(value: unknown): string | null {
  const id = text(value);
  return isUuid(id) ? id.toLowerCase() : null;
}

function key(value: unknown): string | null {
  const found = text(value);
  return found !== undefined && /^[a-z0-9_]{1,40}$/.test(found) ? found : null;
}

/** A real calendar date written YYYY-MM-DD, or null. */
export function isoDate(value: unknown): string | null {
  const found = text(value);
  if (found === undefined || !DATE.test(found)) return null;
  const [year, month, day] = found.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? found : null;
}


// ------------------------------------------------------------------ vehicles

export type VehiclesSearch = { q: string; status: VehicleStatus | null; vehicleType: string | null; sort: VehicleSort; order: SortOrder; page: number; pageSize: number };
export const DEFAULT_VEHICLES_SEARCH: VehiclesSearch = { q: '', status: null, vehicleType: null, sort: 'unit_number', order: 'asc', page: 1, pageSize: DEFAULT_PAGE_SIZE };
export type VehiclesSearchParams = { q?: string; status?: string; vehicle_type?: string; sort?: string; order?: string; page?: string; page_size?: string };

export function parseVehiclesSearch(search: Record<string, unknown>): VehiclesSearch {
  return {
    q: (text(search.q) ?? '').slice(0, 60),
    status: oneOf(search.status, VEHICLE_STATUSES) ?? null,
    vehicleType: key(search.vehicle_type),
    sort: oneOf(search.sort, VEHICLE_SORTS) ?? DEFAULT_VEHICLES_SEARCH.sort,
    order: oneOf(search.order, ['asc', 'desc'] as const) ?? DEFAULT_VEHICLES_SEARCH.order,
    page: positiveInt(search.page) ?? 1,
    pageSize: pageSizeOf(search.page_size),
  };
}

/** The URL's query for a state: defaults are left out, so the plain list is plain /fleet/admin/vehicle. */
export function vehiclesSearchParams(state: VehiclesSearch): VehiclesSearchParams {
  const d = DEFAULT_VEHICLES_SEARCH;
  return {
    q: state.q.trim() !== '' ? state.q : undefined,
    status: state.status ?? undefined,
    vehicle_type: state.vehicleType ?? undefined,
    sort: state.sort !== d.sort ? state.sort : undefined,
    order: state.order !== d.order ? state.order : undefined,
    page: state.page !== 1 ? String(state.page) : undefined,
    page_size: state.pageSize !== d.pageSize ? String(state.pageSize) : undefined,
  };
}

export function vehiclesApiQuery(state: VehiclesSearch): Partial<ListVehiclesQuery> {
  const q = state.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.vehicleType ? { vehicle_type: state.vehicleType } : {}),
    sort: state.sort,
    order: state.order,
    page: state.page,
    page_size: state.pageSize,
  };
}

/** Clicking a column: sort by it ascending, or flip the order when it already sorts; back to page 1. */
export function toggleVehicleSort(state: VehiclesSearch, column: VehicleSort): VehiclesSearch {
  const order: SortOrder = state.sort === column ? (state.order === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...state, sort: column, order, page: 1 };
}

// ------------------------------------------------------------------ service requests

export type ServiceRequestsSearch = { status: ServiceRequestStatus | null; vehicleId: string | null; category: string | null; order: 'oldest' | 'newest'; page: number; pageSize: number; request: string | null };
export const DEFAULT_SERVICE_REQUESTS_SEARCH: ServiceRequestsSearch = { status: null, vehicleId: null, category: null, order: 'oldest', page: 1, pageSize: DEFAULT_PAGE_SIZE, request: null };
export type ServiceRequestsSearchParams = { status?: string; vehicle_id?: string; category?: string; order?: string; page?: string; page_size?: string; request?: string };

export function parseServiceRequestsSearch(search: Record<string, unknown>): ServiceRequestsSearch {
  return {
    status: oneOf(search.status, SERVICE_REQUEST_STATUSES) ?? null,
    vehicleId: uuid(search.vehicle_id),
    category: key(search.category),
    order: oneOf(search.order, ['oldest', 'newest'] as const) ?? 'oldest',
    page: positiveInt(search.page) ?? 1,
    pageSize: pageSizeOf(search.page_size),
    request: uuid(search.request),
  };
}

export function serviceRequestsSearchParams(state: ServiceRequestsSearch): ServiceRequestsSearchParams {
  return {
    status: state.status ?? undefined,
    vehicle_id: state.vehicleId ?? undefined,
    category: state.category ?? undefined,
    order: state.order !== 'oldest' ? state.order : undefined,
    page: state.page !== 1 ? String(state.page) : undefined,
    page_size: state.pageSize !== DEFAULT_PAGE_SIZE ? String(state.pageSize) : undefined,
    request: state.request ?? undefined,
  };
}

export function serviceRequestsApiQuery(state: ServiceRequestsSearch): Partial<ListServiceRequestsQuery> {
  return {
    ...(state.status ? { status: state.status } : {}),
    ...(state.vehicleId ? { vehicle_id: state.vehicleId } : {}),
    ...(state.category ? { category: state.category } : {}),
    order: state.order,
    page: state.page,
    page_size: state.pageSize,
  };
}

// ------------------------------------------------------------------ squad checks

export type SquadChecksSearch = {
  failures: 'only' | 'all';
  from: string | null;
  to: string | null;
  vehicleId: string | null;
  officerId: string | null;
  status: (typeof SUBMISSION_STATUSES)[number] | null;
  page: number;
  pageSize: number;
};
export const DEFAULT_SQUAD_CHECKS_SEARCH: SquadChecksSearch = { failures: 'only', from: null, to: null, vehicleId: null, officerId: null, status: null, page: 1, pageSize: DEFAULT_PAGE_SIZE };
export type SquadChecksSearchParams = { failures?: string; from?: string; to?: string; vehicle_id?: string; officer_id?: string; status?: string; page?: string; page_size?: string };

export function parseSquadChecksSearch(search: Record<string, unknown>): SquadChecksSearch {
  return {
    failures: oneOf(search.failures, ['only', 'all'] as const) ?? 'only',
    from: isoDate(search.from),
    to: isoDate(search.to),
    vehicleId: uuid(search.vehicle_id),
    officerId: uuid(search.officer_id),
    status: oneOf(search.status, SUBMISSION_STATUSES) ?? null,
    page: positiveInt(search.page) ?? 1,
    pageSize: pageSizeOf(search.page_size),
  };
}

export function squadChecksSearchParams(state: SquadChecksSearch): SquadChecksSearchParams {
  return {
    failures: state.failures !== 'only' ? state.failures : undefined,
    from: state.from ?? undefined,
    to: state.to ?? undefined,
    vehicle_id: state.vehicleId ?? undefined,
    officer_id: state.officerId ?? undefined,
    status: state.status ?? undefined,
    page: state.page !== 1 ? String(state.page) : undefined,
    page_size: state.pageSize !== DEFAULT_PAGE_SIZE ? String(state.pageSize) : undefined,
  };
}

export function squadChecksApiQuery(state: SquadChecksSearch): Partial<ListSquadChecksQuery> {
  // A range given backwards is read the way it was meant.
  const [from, to] = state.from && state.to && state.from > state.to ? [state.to, state.from] : [state.from, state.to];
  return {
    failures: state.failures,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(state.vehicleId ? { vehicle_id: state.vehicleId } : {}),
    ...(state.officerId ? { officer_id: state.officerId } : {}),
    ...(state.status ? { status: state.status } : {}),
    page: state.page,
    page_size: state.pageSize,
  };
}

/** Today's date (YYYY-MM-DD) in the agency's timezone. */
export function agencyToday(timeZone: string, now: Date = new Date()): string {
  const parts = zonedDateParts(now, timeZone);
  if (!parts) return now.toISOString().slice(0, 10);
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

/** The agency date `days` before `date` (YYYY-MM-DD). */
export function daysBefore(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

export { lastPage, PAGE_SIZES } from '../../ui/paging.ts';
