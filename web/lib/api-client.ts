import * as z from 'zod/mini';
import { ApiError, apiErrorFromBody, networkError, singleRowError } from './api-error.ts';
import { retryDelayMs, shouldRetry } from './retry-policy.ts';

/**
 * The one API client every screen uses. It attaches the access token, applies the retry policy of
 * retry-policy.ts, turns error answers into ApiError (message, details, hint, code, fields) and parses
 * every answer through its zod schema, so the screens only ever see data of the contract's shape.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Attach the signed-in user's access token; true unless said otherwise. */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Whether the client sends this on its own (a poll, a background refetch, a token refresh) rather
   * than because the user did something: background requests carry `x-precinct-background: 1`, so
   * the server does not count them as activity (CJIS AC-11). Unset: the client decides from the
   * user's recent input (configureApiClient's `classifyRequest`).
   */
  background?: boolean;
  /** The answer's schema; use z.unknown() only where the answer is not read. */
  schema: z.core.$ZodType<T>;
};

/** The header that marks a request the client made on its own (server/platform/access.ts reads it). */
export const BACKGROUND_HEADER = 'x-precinct-background';

type ClientConfig = {
  /** The current access token, refreshed first when it is about to expire; null when signed out. */
  getAccessToken: () => Promise<string | null>;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** Whether a request not marked either way is the user's doing; called once per request with a token. */
  classifyRequest: () => 'user' | 'background';
  /** Told of every error answer to a request that carried the user's token (ended sessions, missing factor). */
  onAuthenticatedError: (error: ApiError) => void;
};

const config: ClientConfig = {
  getAccessToken: async () => null,
  fetch: (input, init) => globalThis.fetch(input, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  classifyRequest: () => 'user',
  onAuthenticatedError: () => undefined,
};

/** The signed-in user's access token (refreshed first when about to expire), for requests the client cannot make itself (uploads with progress). */
export function currentAccessToken(): Promise<string | null> {
  return config.getAccessToken();
}

/** Wires the client to the session (done once at start-up) or, in tests, to a fake fetch. */
export function configureApiClient(overrides: Partial<ClientConfig>): void {
  Object.assign(config, overrides);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * fetch with the retry policy. Resolves with the last answer (which may be an error status); throws
 * ApiError with status 0 when no answer came after the allowed retries, and rethrows an abort.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  dependencies: Pick<ClientConfig, 'fetch' | 'sleep'> = config,
): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  for (let retriesSoFar = 0; ; retriesSoFar += 1) {
    let response: Response;
    try {
      response = await dependencies.fetch(url, init);
    } catch (error) {
      if (isAbortError(error) || init.signal?.aborted) throw error;
      if (!shouldRetry({ method, outcome: { kind: 'network' }, retriesSoFar })) throw networkError(error);
      await dependencies.sleep(retryDelayMs(retriesSoFar));
      continue;
    }
    if (response.ok || !shouldRetry({ method, outcome: { kind: 'status', status: response.status }, retriesSoFar })) {
      return response;
    }
    // Let the connection go before trying again.
    await response.body?.cancel().catch(() => undefined);
    await dependencies.sleep(retryDelayMs(retriesSoFar, response.headers.get('retry-after')));
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends a request to the API and returns its answer parsed through `options.schema`. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let authenticated = headers.authorization !== undefined;
  if (options.auth !== false) {
    const token = await config.getAccessToken();
    if (token) {
      headers.authorization = `Bearer ${token}`;
      authenticated = true;
    }
  }
  const background = options.background ?? (authenticated ? config.classifyRequest() === 'background' : false);
  if (background) headers[BACKGROUND_HEADER] = '1';
  const response = await fetchWithRetry(buildUrl(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  const body = await readJson(response);
  if (!response.ok) {
    const error = apiErrorFromBody(response.status, body, response.statusText);
    if (authenticated) config.onAuthenticatedError(error);
    throw error;
  }
  const parsed = z.safeParse(options.schema, body);
  if (!parsed.success) {
    throw new ApiError(
      502,
      {
        message: 'The server’s answer was not in the expected shape.',
        details: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '),
        hint: 'Reload the page; if it keeps happening, tell your administrator.',
        code: 'invalid_response',
      },
      { cause: parsed.error },
    );
  }
  return parsed.data;
}

/**
 * The one record of a list answer. None or several is an error with code PGRST116 (spec section 8),
 * as the hosted data API answers a request for a single object.
 */
export function expectOneRow<T>(rows: readonly T[]): T {
  const [first] = rows;
  if (rows.length !== 1 || first === undefined) throw singleRowError(rows.length);
  return first;
}
