import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  endpointsOf,
  fillPath,
  type Answer,
  type Api,
  type BodyIn,
  type Endpoint,
  type EndpointSpec,
  type ParamsIn,
  type QueryIn,
} from '../../core/endpoints.ts';
import { apiRequest, currentAccessToken, fetchWithRetry, type QueryValue } from './api-client.ts';
import { ApiError, apiErrorFromBody, isApiError } from './api-error.ts';
import { invokeFunction } from './edge-functions.ts';
import { uploadWithProgress } from './upload.ts';

/** Server functions (spec section 7): POSTs whose failures are the spec's three Edge Function errors. */
const FUNCTIONS_PREFIX = '/functions/v1/';

/**
 * Calls an entry of an API table (core/contracts/<module>.ts): no path strings, no per-screen
 * headers. The table says what a call needs, and the type says what to pass:
 *
 *   callEndpoint(fleetApi.getVehicle, { params: { id } })
 *   callEndpoint(fleetApi.updateVehicle, { params: { id }, body: changes, version: vehicle.version })
 *   callEndpoint(fleetApi.createVehicle, { body: input, idempotencyKey })
 *
 * Query keys come from the same table (`queryKey(fleetApi.getVehicle, { id })`), so invalidating
 * `fleetApi.getVehicle.key` reloads every vehicle and `['fleet']` every fleet screen.
 */

/**
 * A part of the call: absent when the entry has none, optional when every field of it is (a list's
 * query of defaults), required otherwise.
 */
type Present<T, K extends string> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<never, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<E extends EndpointSpec> = Present<ParamsIn<E>, 'params'> &
  Present<QueryIn<E>, 'query'> &
  Present<BodyIn<E>, 'body'> &
  (E['versioned'] extends true ? (E['method'] extends 'GET' ? object : { version: number }) : object) &
  (E['idempotent'] extends true ? { idempotencyKey: string } : object) & {
    signal?: AbortSignal;
    /** Upload progress, 0–100 (uploads only). */
    onProgress?: (percent: number) => void;
    /** Sent by the client on its own (a token refresh, a probe) or for the user, whatever the table says. */
    background?: boolean;
    /**
     * This access token instead of the signed-in user's: a session being ended, or one not stored
     * yet. Public entries carry no token unless given one here.
     */
    accessToken?: string;
  };

type Loose = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  version?: number;
  idempotencyKey?: string;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  background?: boolean;
  accessToken?: string;
};

function isPublic(endpoint: Endpoint): boolean {
  return 'public' in endpoint.access && endpoint.access.public;
}

/** `If-Match: "<version>"`: the version of the record the user edited. */
export function ifMatch(version: number): Record<string, string> {
  return { 'if-match': `"${version}"` };
}

export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[options]: Record<never, never> extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>]
): Promise<Answer<E>> {
  const given = (options ?? {}) as Loose;
  const url = fillPath(endpoint.url, given.params);
  const headers: Record<string, string> = {};
  if (given.accessToken) headers.authorization = `Bearer ${given.accessToken}`;
  if (endpoint.versioned && endpoint.method !== 'GET' && given.version !== undefined) Object.assign(headers, ifMatch(given.version));
  if (endpoint.idempotent && given.idempotencyKey) headers['idempotency-key'] = given.idempotencyKey;
  // Sessions this browser receives keep their refresh token in an httpOnly cookie (server/auth/refresh-cookie.ts).
  if (endpoint.api === 'auth') headers['x-precinct-refresh-cookie'] = '1';
  if (endpoint.upload) {
    const file = given.body as Blob;
    const withQuery = given.query
      ? `${url}?${new URLSearchParams(Object.entries(given.query).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]])))}`
      : url;
    const schema = typeof endpoint.response === 'object' && endpoint.response ? endpoint.response : z.unknown();
    return uploadWithProgress({
      method: endpoint.method as 'POST' | 'PUT',
      url: withQuery,
      file,
      schema,
      onProgress: given.onProgress ?? (() => undefined),
    }) as Promise<Answer<E>>;
  }
  if (endpoint.response === 'csv' || endpoint.response === 'file') return fetchBytes(endpoint, url, given) as Promise<Answer<E>>;
  if (url.startsWith(FUNCTIONS_PREFIX))
    return invokeFunction(url.slice(FUNCTIONS_PREFIX.length), {
      body: given.body,
      accessToken: given.accessToken ?? (await currentAccessToken()),
      signal: given.signal,
      schema: (endpoint.response ?? z.unknown()) as z.core.$ZodType<Answer<E>>,
    });
  return apiRequest(url, {
    method: endpoint.method,
    query: given.query,
    body: given.body ?? (endpoint.body && endpoint.method !== 'GET' ? {} : undefined),
    headers,
    // A public entry (sign-in, a token refresh) never sends the stored session's token: asking for it
    // could start a refresh, and its errors are not the session's.
    auth: !isPublic(endpoint) && !given.accessToken,
    signal: given.signal,
    background: given.background ?? (endpoint.background ? true : undefined),
    schema: (endpoint.response ?? z.unknown()) as z.core.$ZodType<Answer<E>>,
  });
}

/** A CSV export or a stored file, fetched with the user's token: text for CSV, a Blob for a file. */
async function fetchBytes(endpoint: Endpoint, url: string, given: Loose): Promise<string | Blob> {
  const token = given.accessToken ?? (isPublic(endpoint) ? null : await currentAccessToken());
  const search = new URLSearchParams(
    Object.entries(given.query ?? {}).flatMap(([k, v]) => (v == null || v === '' ? [] : [[k, String(v)]])),
  );
  const response = await fetchWithRetry(search.size ? `${url}?${search}` : url, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: endpoint.response === 'csv' ? 'text/csv' : '*/*' },
    signal: given.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the status says enough
    }
    throw apiErrorFromBody(response.status, body, response.statusText);
  }
  return endpoint.response === 'csv' ? response.text() : response.blob();
}

/**
 * The query key of one call's answer: the endpoint's key, then what identifies the answer.
 * `queryKey(fleetApi.listVehicles, query)` → ['fleet', 'listVehicles', query].
 */
export function queryKey<E extends Endpoint>(endpoint: E, ...parts: unknown[]): readonly unknown[] {
  const defined = parts.filter((part) => part !== undefined);
  return [...endpoint.key, ...defined];
}

/**
 * The key of every answer of a table (`['fleet']`): invalidating it reloads every screen of the
 * module, for a change whose effects reach across it.
 */
export function apiKey(api: Api): readonly [string] {
  const [first] = endpointsOf(api);
  if (!first) throw new Error('An API table without entries has no answers to key');
  return [first.api];
}

/** Marks every answer of these entries stale; the ones on screen are fetched again. */
export async function invalidateEndpoints(queryClient: QueryClient, ...endpoints: Endpoint[]): Promise<void> {
  await Promise.all(endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: endpoint.key })));
}

/** 412: someone else saved the record since it was loaded. */
export function isStaleVersion(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 412;
}

/** 409: the server refused because of the state of things (members left in a role, the last administrator, …). */
export function isConflict(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409;
}

/**
 * One key per submit attempt: the same body sent again (after no answer came) reuses the key, so the
 * server replays its first answer; a changed body gets a new key. The server releases a key whose
 * create failed, so reusing it after a refusal is harmless too.
 */
export class IdempotencyKeys {
  private last: { body: string; key: string } | null = null;

  private readonly makeKey: () => string;

  constructor(makeKey: () => string = () => crypto.randomUUID()) {
    this.makeKey = makeKey;
  }

  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.last?.body !== text) this.last = { body: text, key: this.makeKey() };
    return this.last.key;
  }

  /** After a success: the next create is a new one. */
  reset(): void {
    this.last = null;
  }
}
