import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, PGRST116, errorMessage } from './api-error.ts';
import { apiRequest, BACKGROUND_HEADER, buildUrl, configureApiClient, expectOneRow } from './api-client.ts';
import { fetchBuildMetadata } from '../app/deployment-poller.ts';
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError, invokeFunction } from './edge-functions.ts';

afterEach(() => {
  configureApiClient({ getAccessToken: async () => null, fetch: (input, init) => globalThis.fetch(input, init) });
});

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

describe('the API client', () => {
  it('sends the access token and parses the answer through its schema', async () => {
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { id: 'a', extra: 'dropped' }));
    configureApiClient({ getAccessToken: async () => 'token-1', fetch: fetchImpl as unknown as typeof fetch });
    const result = await apiRequest('/rest/v1/thing', { schema: z.object({ id: z.string() }) });
    expect(result).toEqual({ id: 'a' });
    const init = fetchImpl.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('turns an error body into an ApiError with message, details, hint, code and fields', async () => {
    const body = {
      message: 'Check the form',
      details: null,
      hint: 'Fix the e-mail',
      code: 'validation_failed',
      fields: { email: 'Enter a valid e-mail address' },
    };
    configureApiClient({ fetch: (async () => json(400, body)) as unknown as typeof fetch });
    const error = await apiRequest('/auth/v1/signup', { method: 'POST', body: {}, auth: false, schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Check the form',
      hint: 'Fix the e-mail',
      code: 'validation_failed',
      fields: { email: 'Enter a valid e-mail address' },
    });
    expect(errorMessage(error)).toBe('Check the form Fix the e-mail');
  });

  it('gives a readable error when the server answers something that is not an error body', async () => {
    configureApiClient({
      fetch: (async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })) as unknown as typeof fetch,
      sleep: async () => undefined,
    });
    const error = (await apiRequest('/x', { method: 'POST', schema: z.unknown() }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toContain('502');
  });

  it('refuses an answer that does not match the schema', async () => {
    configureApiClient({ fetch: (async () => json(200, { id: 1 })) as unknown as typeof fetch });
    await expect(apiRequest('/x', { schema: z.object({ id: z.string() }) })).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('builds query strings, leaving out empty values', () => {
    expect(buildUrl('/auth/v1/token', { grant_type: 'password', skip: undefined, none: null })).toBe('/auth/v1/token?grant_type=password');
    expect(buildUrl('/a?x=1', { y: 2 })).toBe('/a?x=1&y=2');
  });

  it('returns the one row of a single-record request and fails with PGRST116 on none or several', () => {
    expect(expectOneRow([{ id: 1 }])).toEqual({ id: 1 });
    expect(() => expectOneRow([])).toThrow(expect.objectContaining({ code: PGRST116 }));
    expect(() => expectOneRow([1, 2])).toThrow(expect.objectContaining({ code: PGRST116, details: 'The result contains 2 rows' }));
  });
});

describe('calls to edge functions', () => {
  it('POSTs to /functions/v1/{name} with the region header and returns the parsed answer', async () => {
    const fetchImpl = vi.fn(async () => json(200, { ok: true }));
    const result = await invokeFunction('draft', {
      body: { a: 1 },
      region: 'us-east-1',
      schema: z.object({ ok: z.boolean() }),
      fetch: fetchImpl as unknown as typeof fetch,
    });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/functions/v1/draft');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-region']).toBe('us-east-1');
  });

  it("fails with 'Failed to send a request to the Edge Function' when there is no answer", async () => {
    const fetchImpl = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = await invokeFunction('f', { schema: z.unknown(), fetch: fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FunctionsFetchError);
    expect((error as Error).message).toBe('Failed to send a request to the Edge Function');
  });

  it("fails with 'Relay Error invoking the Edge Function' when the relay marks the answer", async () => {
    const fetchImpl = (async () => json(500, {}, { 'x-relay-error': 'true' })) as unknown as typeof fetch;
    const error = await invokeFunction('f', { schema: z.unknown(), fetch: fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FunctionsRelayError);
    expect((error as Error).message).toBe('Relay Error invoking the Edge Function');
  });

  it("fails with 'Edge Function returned a non-2xx status code' for any other error status", async () => {
    const fetchImpl = (async () => json(422, { message: 'no' })) as unknown as typeof fetch;
    const error = await invokeFunction('f', { schema: z.unknown(), fetch: fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as Error).message).toBe('Edge Function returned a non-2xx status code');
    expect((error as FunctionsHttpError).context.status).toBe(422);
  });
});

describe('background requests and error answers', () => {
  afterEach(() => {
    configureApiClient({ classifyRequest: () => 'user', onAuthenticatedError: () => undefined });
  });

  function headersOf(fetchImpl: ReturnType<typeof vi.fn>, call = 0): Record<string, string> {
    return (fetchImpl.mock.calls[call]?.[1] as RequestInit).headers as Record<string, string>;
  }

  it('marks a request the client makes on its own with x-precinct-background: 1', async () => {
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, {}));
    configureApiClient({ getAccessToken: async () => 'token-1', fetch: fetchImpl as unknown as typeof fetch });
    await apiRequest('/rest/v1/profile', { background: true, schema: z.unknown() });
    await apiRequest('/rest/v1/profile', { schema: z.unknown() });
    expect(headersOf(fetchImpl, 0)[BACKGROUND_HEADER]).toBe('1');
    expect(headersOf(fetchImpl, 1)[BACKGROUND_HEADER]).toBeUndefined();
  });

  it('asks the classifier about signed-in requests not marked either way', async () => {
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, {}));
    const classifyRequest = vi.fn(() => 'background' as const);
    configureApiClient({ getAccessToken: async () => 'token-1', fetch: fetchImpl as unknown as typeof fetch, classifyRequest });
    await apiRequest('/rest/v1/profile', { schema: z.unknown() });
    await apiRequest('/auth/v1/factors', { background: false, schema: z.unknown() });
    expect(headersOf(fetchImpl, 0)[BACKGROUND_HEADER]).toBe('1');
    expect(headersOf(fetchImpl, 1)[BACKGROUND_HEADER]).toBeUndefined();
    expect(classifyRequest).toHaveBeenCalledTimes(1);
  });

  it('marks the deployment poll as a background request', async () => {
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { id: 'b1', built_at: 'now' }));
    await fetchBuildMetadata(fetchImpl as unknown as typeof fetch);
    expect(headersOf(fetchImpl)[BACKGROUND_HEADER]).toBe('1');
  });

  it('tells the session about error answers to signed-in requests only', async () => {
    const body = {
      message: 'You were signed out after 1 minutes without activity; sign in again',
      details: null,
      hint: 'idle',
      code: 'session_not_found',
    };
    const onAuthenticatedError = vi.fn();
    configureApiClient({
      getAccessToken: async () => 'token-1',
      fetch: (async () => json(401, body)) as unknown as typeof fetch,
      onAuthenticatedError,
    });
    await expect(apiRequest('/rest/v1/profile', { schema: z.unknown() })).rejects.toMatchObject({ code: 'session_not_found' });
    expect(onAuthenticatedError).toHaveBeenCalledWith(expect.objectContaining({ status: 401, hint: 'idle' }));
    onAuthenticatedError.mockClear();
    await expect(apiRequest('/auth/v1/token', { auth: false, method: 'POST', schema: z.unknown() })).rejects.toBeInstanceOf(ApiError);
    expect(onAuthenticatedError).not.toHaveBeenCalled();
  });
});
