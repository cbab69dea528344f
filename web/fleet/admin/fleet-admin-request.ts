import { ApiError, isApiError } from '../../lib/api-error.ts';

/**
 * What every fleet-office call shares: the API prefix, the `If-Match` header an update carries (the
 * record's version, as the ETag the GET returned), how a stale save is recognised, and the query keys.
 */

export const FLEET_API = '/rest/v1/fleet';

/** `If-Match: "<version>"` for an update made against the version the fleet office saw. */
export function ifMatch(version: number): Record<string, string> {
  return { 'if-match': `"${version}"` };
}

/** 412: someone else saved the record since it was loaded. */
export function isStaleVersion(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 412;
}

/** A fresh Idempotency-Key for one create (a retried POST is not created twice). */
export function idempotencyKey(): Record<string, string> {
  return { 'idempotency-key': crypto.randomUUID() };
}

/** Query keys of the fleet office; invalidating ['fleet'] reloads every fleet screen. */
export const fleetKeys = {
  all: ['fleet'] as const,
  settings: () => ['fleet', 'settings'] as const,
  dashboard: () => ['fleet', 'admin', 'dashboard'] as const,
  vehicles: () => ['fleet', 'vehicles'] as const,
  vehicleList: (query: object) => ['fleet', 'vehicles', 'list', query] as const,
  vehicle: (id: string) => ['fleet', 'vehicles', 'one', id] as const,
  timeline: (id: string) => ['fleet', 'vehicles', 'timeline', id] as const,
  maintenance: (vehicleId: string) => ['fleet', 'vehicles', 'maintenance', vehicleId] as const,
  serviceRequests: () => ['fleet', 'service-requests'] as const,
  serviceRequestList: (query: object) => ['fleet', 'service-requests', 'list', query] as const,
  squadChecks: () => ['fleet', 'squad-checks'] as const,
  squadCheckList: (query: object) => ['fleet', 'squad-checks', 'list', query] as const,
  squadCheck: (id: string) => ['fleet', 'squad-checks', 'one', id] as const,
  templates: () => ['fleet', 'templates'] as const,
  template: (id: string) => ['fleet', 'templates', 'one', id] as const,
};
