import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { TestServer } from './test-server.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Call = (
  session: Session | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** A path already under one of the server's roots is called as it is; any other is under the module's base. */
const ROOTED = /^\/(rest|functions|auth|storage|realtime)\//;

/**
 * Calls a module's API as a signed-in person (or signed out, with `null`): `call(officer, 'GET', '/tasks/1')`
 * is `GET {base}/tasks/1` with the officer's token. The server is read on each call, so a suite makes
 * its caller before `beforeAll` starts the server.
 */
export function apiCaller(server: () => TestServer, base = ''): Call {
  return (session, method, url, payload, headers = {}) =>
    server().request({
      method,
      url: ROOTED.test(url) ? url : `${base}${url}`,
      ...(session ? { token: session.access_token } : {}),
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/** Sends an edit at the version the client saw. */
export const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

/** A new idempotency key: the request is a new one, not a retry. */
export const fresh = () => ({ 'idempotency-key': crypto.randomUUID() });

/** The answer's body, after checking its status (the body is the failure message when it is not). */
export async function ok<T>(response: LightMyRequestResponse, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return Promise.resolve(response.json() as T);
}
