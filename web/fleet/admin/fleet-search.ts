import type { ListServiceRequestsQuery, ListSquadChecksQuery, ListVehiclesQuery } from '../../../core/contracts/fleet.ts';
import {
  SERVICE_REQUEST_ORDERS,
  SERVICE_REQUEST_PRIORITIES,
  SERVICE_REQUEST_STATUS_FILTERS,
  SUBMISSION_STATUSES,
  VEHICLE_SORTS,
  VEHICLE_STATUSES,
} from '../../../core/contracts/list-values.ts';
import { zonedDateParts } from '../../../core/dates.ts';
import { searchField, urlSearch } from '../../lib/url-search.ts';

/**
 * The fleet office's lists keep their state in the URL (/fleet/admin/vehicle?q=…&status=…&sort=…),
 * validated by their routes (web/lib/url-search.ts), so a reload, a shared link and the back button
 * show the same list.
 */

// ------------------------------------------------------------------ vehicles

export const vehiclesSearch = urlSearch({
  q: searchField.text(60),
  status: searchField.optionalOneOf(VEHICLE_STATUSES),
  vehicle_type: searchField.key(),
  sort: searchField.oneOf(VEHICLE_SORTS, 'unit_number'),
  order: searchField.oneOf(['asc', 'desc'], 'asc'),
  page: searchField.page(),
  page_size: searchField.pageSize(),
});

export type VehiclesSearch = typeof vehiclesSearch.defaults;
export type VehicleSort = VehiclesSearch['sort'];

export function vehiclesApiQuery(state: VehiclesSearch): Partial<ListVehiclesQuery> {
  const q = state.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.vehicle_type ? { vehicle_type: state.vehicle_type } : {}),
    sort: state.sort,
    order: state.order,
    page: state.page,
    page_size: state.page_size,
  };
}

// ------------------------------------------------------------------ service requests

/** The queue opens on what is waiting (open and in progress), the longest waiting first; `all` is every status. */
export const serviceRequestsSearch = urlSearch({
  status: searchField.oneOf([...SERVICE_REQUEST_STATUS_FILTERS, 'all'], 'active'),
  priority: searchField.optionalOneOf(SERVICE_REQUEST_PRIORITIES),
  vehicle_id: searchField.id(),
  category: searchField.key(),
  assignee_id: searchField.id(),
  order: searchField.oneOf(SERVICE_REQUEST_ORDERS, 'oldest'),
  page: searchField.page(),
  page_size: searchField.pageSize(),
  /** The request open in the drawer. */
  request: searchField.id(),
});

export type ServiceRequestsSearch = typeof serviceRequestsSearch.defaults;

export function serviceRequestsApiQuery(state: ServiceRequestsSearch): Partial<ListServiceRequestsQuery> {
  return {
    ...(state.status !== 'all' ? { status: state.status } : {}),
    ...(state.priority ? { priority: state.priority } : {}),
    ...(state.vehicle_id ? { vehicle_id: state.vehicle_id } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.assignee_id ? { assignee_id: state.assignee_id } : {}),
    order: state.order,
    page: state.page,
    page_size: state.page_size,
  };
}

// ------------------------------------------------------------------ squad checks

export const squadChecksSearch = urlSearch({
  failures: searchField.oneOf(['only', 'all'], 'only'),
  from: searchField.date(),
  to: searchField.date(),
  vehicle_id: searchField.id(),
  officer_id: searchField.id(),
  status: searchField.optionalOneOf(SUBMISSION_STATUSES),
  page: searchField.page(),
  page_size: searchField.pageSize(),
});

export type SquadChecksSearch = typeof squadChecksSearch.defaults;

export function squadChecksApiQuery(state: SquadChecksSearch): Partial<ListSquadChecksQuery> {
  // A range given backwards is read the way it was meant.
  const [from, to] = state.from && state.to && state.from > state.to ? [state.to, state.from] : [state.from, state.to];
  return {
    failures: state.failures,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(state.vehicle_id ? { vehicle_id: state.vehicle_id } : {}),
    ...(state.officer_id ? { officer_id: state.officer_id } : {}),
    ...(state.status ? { status: state.status } : {}),
    page: state.page,
    page_size: state.page_size,
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
