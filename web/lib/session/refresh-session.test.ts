import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api-client.ts';
import { refreshSessionRequest } from './refresh-session.ts';

function fakeServer() {
  const bodies: unknown[] = [];
  const fetchImpl = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ message: 'stop here', code: 'session_not_found' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { bodies, fetchImpl: fetchImpl as unknown as typeof fetch };
}

afterEach(() => {
  configureApiClient({ fetch: (input, init) => globalThis.fetch(input, init) });
});

describe('a token refresh', () => {
  it('sends the binding the stored session keeps when its refresh token is in the httpOnly cookie, and a refresh token it holds otherwise', async () => {
    const server = fakeServer();
    configureApiClient({ fetch: server.fetchImpl });
    await refreshSessionRequest({ refresh_token: '', refresh_binding: 'binding-1' }).catch(() => undefined);
    await refreshSessionRequest({ refresh_token: 'r1' }).catch(() => undefined);
    expect(server.bodies).toEqual([{ refresh_binding: 'binding-1' }, { refresh_token: 'r1' }]);
  });
});
