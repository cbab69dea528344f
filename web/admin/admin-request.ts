import { ApiError, isApiError } from '../lib/api-error.ts';

/**
 * What every admin call shares: the API prefix, the `If-Match` header an update carries (the record's
 * version, as the ETag the GET returned), and how a stale or conflicting answer is recognised.
 */

export const ADMIN_API = '/rest/v1/admin';

/** `If-Match: "<version>"` for an update made against the version the admin saw. */
export function ifMatch(version: number): Record<string, string> {
  return { 'if-match': `"${version}"` };
}

/** 412: someone else saved the record since it was loaded. */
export function isStaleVersion(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 412;
}

/** 409: the server refused because of the state of things (members left in a role, the last administrator, …). */
export function isConflict(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409;
}

/** Query keys of the admin area; invalidating ['admin'] reloads every admin screen. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  agency: () => ['admin', 'agency'] as const,
  modules: () => ['admin', 'modules'] as const,
  users: () => ['admin', 'users'] as const,
  userList: (query: object) => ['admin', 'users', 'list', query] as const,
  user: (id: string) => ['admin', 'users', 'one', id] as const,
  roles: () => ['admin', 'roles'] as const,
  role: (id: string) => ['admin', 'roles', 'one', id] as const,
  audit: (query: object) => ['admin', 'audit', query] as const,
};
