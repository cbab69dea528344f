import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../core/contracts/admin.ts';
import { authApi } from '../../core/contracts/auth-api.ts';
import { fleetApi } from '../../core/contracts/fleet.ts';
import { reportsFunctionsApi } from '../../core/contracts/reports.ts';
import { FunctionsHttpError, functionFailure } from './edge-functions.ts';
import { BACKGROUND_HEADER, configureApiClient } from './api-client.ts';
import { apiKey, callEndpoint, IdempotencyKeys, invalidateEndpoints, queryKey } from './api.ts';

const SESSION = {
  access_token: 'new-token',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: 2_000_000_000,
  refresh_token: 'r2',
  user: { id: '6f1c0a52-3f0e-4d8b-8a36-2a3c2b9f0c11', email: 'a@b.test' },
};

type Sent = { url: string; init: RequestInit; headers: Record<string, string> };

function fakeServer(answer: () => Response) {
  const sent: Sent[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> });
    return answer();
  });
  return { sent, fetchImpl: fetchImpl as unknown as typeof fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  configureApiClient({
    getAccessToken: async () => null,
    fetch: (input, init) => globalThis.fetch(input, init),
    classifyRequest: () => 'user',
    onAuthenticatedError: () => undefined,
  });
});

describe('callEndpoint', () => {
  it('fills the path, sends the query and the signed-in user’s token, and parses the answer through the table’s schema', async () => {
    const server = fakeServer(() => json(200, { items: [], total: 0, page: 2, page_size: 25, extra: 'dropped' }));
    configureApiClient({ getAccessToken: async () => 'user-token', fetch: server.fetchImpl });
    const page = await callEndpoint(fleetApi.listVehicles, { query: { q: 'P-1', page: 2, page_size: 25 } });
    expect(page).toEqual({ items: [], total: 0, page: 2, page_size: 25 });
    expect(server.sent[0]?.url).toBe('/rest/v1/fleet/vehicles?q=P-1&page=2&page_size=25');
    expect(server.sent[0]?.headers.authorization).toBe('Bearer user-token');
  });

  it('posts a server function to /functions/v1 with the user’s token, and fails with the spec’s message carrying the function’s own words', async () => {
    const server = fakeServer(() =>
      json(400, {
        message: 'Some fields need your attention',
        code: 'validation_failed',
        details: null,
        hint: null,
        fields: { transcript: 'The transcript has no speech in it' },
      }),
    );
    vi.stubGlobal('fetch', server.fetchImpl);
    configureApiClient({ getAccessToken: async () => 'user-token' });
    try {
      const error = await callEndpoint(reportsFunctionsApi.draftNarrative, { body: { type_key: 'incident', transcript: 'WEBVTT' } }).catch(
        (e: unknown) => e,
      );
      expect(server.sent[0]?.url).toBe('/functions/v1/draft-narrative');
      expect(server.sent[0]?.init.method).toBe('POST');
      expect(server.sent[0]?.headers.authorization).toBe('Bearer user-token');
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(functionFailure(error)).toEqual({
        title: 'Edge Function returned a non-2xx status code',
        message: 'Some fields need your attention',
        fields: { transcript: 'The transcript has no speech in it' },
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends If-Match with the version an update was made against, and the Idempotency-Key of a create', async () => {
    const server = fakeServer(() => json(500, { message: 'stop here' }));
    configureApiClient({ fetch: server.fetchImpl, sleep: async () => undefined });
    await callEndpoint(fleetApi.updateVehicle, { params: { id: 'car 1' }, body: { make: 'Ford' }, version: 7 }).catch(() => undefined);
    expect(server.sent[0]?.url).toBe('/rest/v1/fleet/admin/vehicles/car%201');
    expect(server.sent[0]?.init.method).toBe('PATCH');
    expect(server.sent[0]?.headers['if-match']).toBe('"7"');
    await callEndpoint(adminApi.createRole, { body: { name: 'Clerk', permissions: [] }, idempotencyKey: 'key-1' }).catch(() => undefined);
    expect(server.sent[1]?.headers['idempotency-key']).toBe('key-1');
  });

  it('sends a public entry without the stored session’s token, so a sign-in never starts a refresh', async () => {
    const server = fakeServer(() => json(200, SESSION));
    const getAccessToken = vi.fn(async () => 'stale-token');
    configureApiClient({ getAccessToken, fetch: server.fetchImpl });
    await callEndpoint(authApi.token, { query: { grant_type: 'refresh_token' }, body: { refresh_token: 'r1' }, background: true }).catch(
      () => undefined,
    );
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(server.sent[0]?.url).toBe('/auth/v1/token?grant_type=refresh_token');
    expect(server.sent[0]?.headers.authorization).toBeUndefined();
    expect(server.sent[0]?.headers[BACKGROUND_HEADER]).toBe('1');
  });

  it('sends the token it is given instead of the stored one (a session being ended), and reports its errors', async () => {
    const server = fakeServer(() => json(401, { message: 'Session not found', code: 'session_not_found' }));
    const getAccessToken = vi.fn(async () => 'stored-token');
    const onAuthenticatedError = vi.fn();
    configureApiClient({ getAccessToken, fetch: server.fetchImpl, onAuthenticatedError });
    await expect(callEndpoint(authApi.logout, { query: { scope: 'local' }, accessToken: 'ending-token' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(server.sent[0]?.url).toBe('/auth/v1/logout?scope=local');
    expect(server.sent[0]?.headers.authorization).toBe('Bearer ending-token');
    expect(onAuthenticatedError).toHaveBeenCalledTimes(1);
  });

  it('answers a CSV export as text, leaving empty filters out of the URL', async () => {
    const server = fakeServer(() => new Response('unit_number\r\nP-1\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    configureApiClient({ getAccessToken: async () => 'user-token', fetch: server.fetchImpl });
    const csv = await callEndpoint(fleetApi.exportVehicles, { query: { q: '', status: 'retired' } });
    expect(csv).toBe('unit_number\r\nP-1\r\n');
    expect(server.sent[0]?.url).toBe('/rest/v1/fleet/admin/vehicles.csv?status=retired');
    expect(server.sent[0]?.headers.authorization).toBe('Bearer user-token');
    expect(server.sent[0]?.headers.accept).toBe('text/csv');
  });

  it('turns an error answer to an export into an ApiError', async () => {
    const server = fakeServer(() => json(403, { message: 'Not allowed', code: 'forbidden' }));
    configureApiClient({ fetch: server.fetchImpl });
    await expect(callEndpoint(adminApi.exportAudit, { query: {} })).rejects.toMatchObject({ status: 403, message: 'Not allowed' });
  });
});

describe('query keys', () => {
  it('start with the table and the entry, so an entry’s key or the table’s reaches every answer', async () => {
    expect(queryKey(fleetApi.getVehicle, 'v1')).toEqual(['fleet', 'getVehicle', 'v1']);
    expect(queryKey(fleetApi.home)).toEqual(['fleet', 'home']);
    expect(apiKey(fleetApi)).toEqual(['fleet']);
    const client = new QueryClient();
    client.setQueryData(queryKey(fleetApi.listVehicles, { q: 'a' }), 1);
    client.setQueryData(queryKey(fleetApi.getVehicle, 'v1'), 2);
    client.setQueryData(queryKey(fleetApi.listMaintenance, { state: 'all', vehicle_id: 'v1' }), 3);
    await invalidateEndpoints(client, fleetApi.listVehicles);
    expect(client.getQueryState(queryKey(fleetApi.listVehicles, { q: 'a' }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKey(fleetApi.getVehicle, 'v1'))?.isInvalidated).toBe(false);
    // A query object matches partly: one vehicle's maintenance, whatever else its query says.
    await client.invalidateQueries({ queryKey: queryKey(fleetApi.listMaintenance, { vehicle_id: 'v1' }) });
    expect(client.getQueryState(queryKey(fleetApi.listMaintenance, { state: 'all', vehicle_id: 'v1' }))?.isInvalidated).toBe(true);
    await client.invalidateQueries({ queryKey: apiKey(fleetApi) });
    expect(client.getQueryState(queryKey(fleetApi.getVehicle, 'v1'))?.isInvalidated).toBe(true);
  });
});

describe('IdempotencyKeys', () => {
  it('reuses the key for the same body, makes a new one for a changed body or after a success', () => {
    let n = 0;
    const keys = new IdempotencyKeys(() => `key-${++n}`);
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    expect(keys.keyFor({ a: 2 })).toBe('key-2');
    keys.reset();
    expect(keys.keyFor({ a: 2 })).toBe('key-3');
  });
});
