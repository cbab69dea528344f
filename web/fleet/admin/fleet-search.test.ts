import { describe, expect, it } from 'vitest';
import { toggleSort } from '../../lib/url-search.ts';
import {
  agencyToday,
  daysBefore,
  serviceRequestsApiQuery,
  serviceRequestsSearch,
  squadChecksApiQuery,
  squadChecksSearch,
  vehiclesApiQuery,
  vehiclesSearch,
} from './fleet-search.ts';

const ID = '5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11';

/** What the URL holds for a state, as strings, the way the browser gives it back. */
function written(query: object): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}

describe('fleet list state in the URL', () => {
  it('reads the vehicles table, dropping what it cannot read', () => {
    const state = vehiclesSearch.parse({
      q: 'P-1',
      status: 'out_of_service',
      vehicle_type: 'suv',
      sort: 'odometer',
      order: 'desc',
      page: '3',
      page_size: '50',
    });
    expect(state).toEqual({
      q: 'P-1',
      status: 'out_of_service',
      vehicle_type: 'suv',
      sort: 'odometer',
      order: 'desc',
      page: 3,
      page_size: 50,
    });
    expect(vehiclesSearch.parse({ status: 'wrecked', sort: 'vin', page: '-1', page_size: '7', vehicle_type: 'Bad Key' })).toEqual(
      vehiclesSearch.defaults,
    );
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(vehiclesSearch.query(vehiclesSearch.defaults)).toEqual({});
    const state = vehiclesSearch.parse({ q: 'ford', status: 'retired', page: '2' });
    expect(vehiclesSearch.parse(written(vehiclesSearch.query(state)))).toEqual(state);
    expect(vehiclesApiQuery(state)).toEqual({ q: 'ford', status: 'retired', sort: 'unit_number', order: 'asc', page: 2, page_size: 25 });
  });

  it('sorts by a column, then flips it, back on page 1', () => {
    const first = toggleSort(vehiclesSearch.parse({ page: '4' }), 'year');
    expect(first).toMatchObject({ sort: 'year', order: 'asc', page: 1 });
    expect(toggleSort(first, 'year')).toMatchObject({ sort: 'year', order: 'desc' });
  });

  it('reads the service request queue: open and in progress, the longest waiting first, by default', () => {
    expect(serviceRequestsSearch.parse({})).toMatchObject({ status: 'active', order: 'oldest', priority: null, assignee_id: null });
    expect(serviceRequestsApiQuery(serviceRequestsSearch.parse({}))).toMatchObject({ status: 'active', order: 'oldest' });
    expect(serviceRequestsApiQuery(serviceRequestsSearch.parse({ status: 'all' }))).not.toHaveProperty('status');
    const state = serviceRequestsSearch.parse({ status: 'in_progress', vehicle_id: ID, request: 'nope', priority: 'urgent', order: 'due' });
    expect(state).toMatchObject({ status: 'in_progress', vehicle_id: ID.toLowerCase(), order: 'due', priority: 'urgent', request: null });
    expect(serviceRequestsSearch.query(state)).toEqual({
      status: 'in_progress',
      vehicle_id: ID.toLowerCase(),
      priority: 'urgent',
      order: 'due',
    });
    expect(serviceRequestsSearch.parse({ priority: 'whenever', order: 'sideways' })).toMatchObject({ priority: null, order: 'oldest' });
  });

  it('reads squad checks: failures only by default, real dates only, a backwards range turned round', () => {
    expect(squadChecksSearch.parse({})).toMatchObject({ failures: 'only', from: null, to: null });
    const state = squadChecksSearch.parse({ failures: 'all', from: '2026-03-10', to: '2026-03-01' });
    expect(squadChecksApiQuery(state)).toMatchObject({ failures: 'all', from: '2026-03-01', to: '2026-03-10' });
    expect(squadChecksSearch.query(squadChecksSearch.parse({ failures: 'only' }))).toEqual({});
    expect(squadChecksSearch.parse({ from: '2026-02-30' }).from).toBeNull();
    expect(squadChecksSearch.parse({ from: '2026-02-28' }).from).toBe('2026-02-28');
  });

  it('counts days in the agency’s timezone', () => {
    // 03:00 UTC on 1 March is still 28 February in Chicago.
    expect(agencyToday('America/Chicago', new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28');
    expect(agencyToday('UTC', new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
    expect(daysBefore('2026-03-01', 6)).toBe('2026-02-23');
  });
});
