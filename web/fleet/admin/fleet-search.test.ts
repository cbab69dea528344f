import { describe, expect, it } from 'vitest';
import {
  agencyToday,
  daysBefore,
  isoDate,
  parseServiceRequestsSearch,
  parseSquadChecksSearch,
  parseVehiclesSearch,
  serviceRequestsSearchParams,
  squadChecksApiQuery,
  squadChecksSearchParams,
  toggleVehicleSort,
  vehiclesApiQuery,
  vehiclesSearchParams,
} from './fleet-search.ts';

const ID = '5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11';

describe('fleet list state in the URL', () => {
  it('reads the vehicles table, dropping what it cannot read', () => {
    const state = parseVehiclesSearch({ q: 'P-1', status: 'out_of_service', vehicle_type: 'suv', sort: 'odometer', order: 'desc', page: '3', page_size: '50' });
    expect(state).toEqual({ q: 'P-1', status: 'out_of_service', vehicleType: 'suv', sort: 'odometer', order: 'desc', page: 3, pageSize: 50 });
    expect(parseVehiclesSearch({ status: 'wrecked', sort: 'vin', page: '-1', page_size: '7', vehicle_type: 'Bad Key' })).toEqual(parseVehiclesSearch({}));
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(vehiclesSearchParams(parseVehiclesSearch({}))).toEqual({});
    const state = parseVehiclesSearch({ q: 'ford', status: 'retired', page: '2' });
    expect(parseVehiclesSearch(vehiclesSearchParams(state) as Record<string, unknown>)).toEqual(state);
    expect(vehiclesApiQuery(state)).toEqual({ q: 'ford', status: 'retired', sort: 'unit_number', order: 'asc', page: 2, page_size: 25 });
  });

  it('sorts by a column, then flips it, back on page 1', () => {
    const first = toggleVehicleSort(parseVehiclesSearch({ page: '4' }), 'year');
    expect(first).toMatchObject({ sort: 'year', order: 'asc', page: 1 });
    expect(toggleVehicleSort(first, 'year')).toMatchObject({ sort: 'year', order: 'desc' });
  });

  it('reads the service request queue, oldest first by default', () => {
    const state = parseServiceRequestsSearch({ status: 'in_progress', vehicle_id: ID, request: 'nope' });
    expect(state).toMatchObject({ status: 'in_progress', vehicleId: ID.toLowerCase(), order: 'oldest', request: null });
    expect(serviceRequestsSearchParams(state)).toEqual({ status: 'in_progress', vehicle_id: ID.toLowerCase() });
  });

  it('reads squad checks: failures only by default, real dates only, a backwards range turned round', () => {
    expect(parseSquadChecksSearch({})).toMatchObject({ failures: 'only', from: null, to: null });
    const state = parseSquadChecksSearch({ failures: 'all', from: '2026-03-10', to: '2026-03-01' });
    expect(squadChecksApiQuery(state)).toMatchObject({ failures: 'all', from: '2026-03-01', to: '2026-03-10' });
    expect(squadChecksSearchParams(parseSquadChecksSearch({ failures: 'only' }))).toEqual({});
    expect(isoDate('2026-02-30')).toBeNull();
    expect(isoDate('2026-02-28')).toBe('2026-02-28');
  });

  it('counts days in the agency’s timezone', () => {
    // 03:00 UTC on 1 March is still 28 February in Chicago.
    expect(agencyToday('America/Chicago', new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28');
    expect(agencyToday('UTC', new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
    expect(daysBefore('2026-03-01', 6)).toBe('2026-02-23');
  });
});
