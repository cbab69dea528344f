import * as z from 'zod/mini';
import { apiErrorFromBody, type ApiError } from './api-error.ts';

/**
 * Calls to server functions under /functions/v1 (spec section 7: POST, with an optional region
 * header) and their three failures (spec section 8), named and worded as the hosted client names
 * them so that messages match the spec to the letter.
 */

export class FunctionsFetchError extends Error {
  override readonly name = 'FunctionsFetchError';
  readonly context: unknown;
  constructor(context: unknown) {
    super('Failed to send a request to the Edge Function');
    this.context = context;
  }
}

export class FunctionsRelayError extends Error {
  override readonly name = 'FunctionsRelayError';
  readonly context: Response;
  constructor(context: Response) {
    super('Relay Error invoking the Edge Function');
    this.context = context;
  }
}

export class FunctionsHttpError extends Error {
  override readonly name = 'FunctionsHttpError';
  readonly context: Response;
  /** The function's own error answer (message, field messages), read from `context`'s body. */
  readonly answer: ApiError | null;
  constructor(context: Response, answer: ApiError | null = null) {
    super('Edge Function returned a non-2xx status code');
    this.context = context;
    this.answer = answer;
  }
}

export type InvokeOptions<T> = {
  body?: unknown;
  /** Sent as the x-region header when given. */
  region?: string;
  accessToken?: string | null;
  signal?: AbortSignal;
  schema: z.core.$ZodType<T>;
  fetch?: typeof fetch;
};

/**
 * POSTs to /functions/v1/{name}. A request that gets no answer fails with FunctionsFetchError, an
 * answer marked by the relay (header x-relay-error: true) with FunctionsRelayError, and any other
 * non-2xx answer with FunctionsHttpError; each keeps the answer (or the cause) as `context`.
 * Function calls are POSTs, so they are never retried.
 */
export async function invokeFunction<T>(name: string, options: InvokeOptions<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.region) headers['x-region'] = options.region;
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await fetchImpl(`/functions/v1/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new FunctionsFetchError(error);
  }
  if (response.headers.get('x-relay-error') === 'true') throw new FunctionsRelayError(response);
  if (!response.ok) throw new FunctionsHttpError(response, await errorAnswer(response));
  const text = await response.text();
  return z.parse(options.schema, text === '' ? undefined : (JSON.parse(text) as unknown));
}

async function errorAnswer(response: Response): Promise<ApiError | null> {
  try {
    return apiErrorFromBody(response.status, JSON.parse(await response.clone().text()) as unknown, response.statusText);
  } catch {
    return null;
  }
}

/** What a failed function call says: the spec's message, and the function's own words when it gave any. */
export function functionFailure(error: unknown): { title: string; message: string | null; fields: Readonly<Record<string, string>> } {
  if (error instanceof FunctionsHttpError)
    return { title: error.message, message: error.answer?.message ?? null, fields: error.answer?.fields ?? {} };
  if (error instanceof FunctionsFetchError)
    return {
      title: error.message,
      message: 'There is no connection to Precinct. Nothing you entered was lost: try again once you are back online.',
      fields: {},
    };
  if (error instanceof FunctionsRelayError) return { title: error.message, message: null, fields: {} };
  return { title: error instanceof Error ? error.message : 'Unknown error occurred', message: null, fields: {} };
}
