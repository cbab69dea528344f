import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { fetchWithRetry } from './api-client.ts';
import { retryDelayMs, shouldRetry } from './retry-policy.ts';

const RETRYABLE = [408, 409, 425, 429, 500, 502, 503, 504];

function answer(status: number, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify({ status }), { status, headers });
}

/** A fake fetch that plays back answers (a number is a status, 'network' a failure). */
function scripted(...steps: (number | 'network')[]) {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const step = steps.shift();
    if (step === undefined) throw new Error('No more scripted answers');
    if (step === 'network') throw new TypeError('Failed to fetch');
    return answer(step);
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls, sleep: vi.fn(async () => undefined) };
}

describe('the retry policy', () => {
  it.each(RETRYABLE)('retries a GET once after status %i', (status) => {
    expect(shouldRetry({ method: 'GET', outcome: { kind: 'status', status }, retriesSoFar: 0 })).toBe(true);
    expect(shouldRetry({ method: 'GET', outcome: { kind: 'status', status }, retriesSoFar: 1 })).toBe(false);
  });

  it.each([400, 401, 403, 404, 410, 422, 501])('does not retry a GET after status %i', (status) => {
    expect(shouldRetry({ method: 'GET', outcome: { kind: 'status', status }, retriesSoFar: 0 })).toBe(false);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s, whatever happened', (method) => {
    for (const status of RETRYABLE) {
      expect(shouldRetry({ method, outcome: { kind: 'status', status }, retriesSoFar: 0 })).toBe(false);
    }
    expect(shouldRetry({ method, outcome: { kind: 'network' }, retriesSoFar: 0 })).toBe(false);
  });

  it('retries a network failure of an idempotent method up to 3 times', () => {
    expect([0, 1, 2, 3].map((retriesSoFar) => shouldRetry({ method: 'head', outcome: { kind: 'network' }, retriesSoFar }))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('never retries an aborted request', () => {
    expect(shouldRetry({ method: 'GET', outcome: { kind: 'aborted' }, retriesSoFar: 0 })).toBe(false);
  });

  it('waits for Retry-After seconds (at most 10 s), else 250 ms doubling', () => {
    expect(retryDelayMs(0, '2')).toBe(2000);
    expect(retryDelayMs(0, '120')).toBe(10_000);
    expect([0, 1, 2].map((n) => retryDelayMs(n))).toEqual([250, 500, 1000]);
    expect(retryDelayMs(0, 'Wed, 21 Oct 2015 07:28:00 GMT')).toBe(250);
  });
});

describe('the API client applying the retry policy', () => {
  it('sends a GET a second time after a 503 and returns the second answer', async () => {
    const fake = scripted(503, 200);
    const response = await fetchWithRetry('/rest/v1/x', { method: 'GET' }, { fetch: fake.fetchImpl, sleep: fake.sleep });
    expect(response.status).toBe(200);
    expect(fake.calls).toEqual(['GET /rest/v1/x', 'GET /rest/v1/x']);
  });

  it('gives up on a GET after one retry and returns the error answer', async () => {
    const fake = scripted(500, 502, 200);
    const response = await fetchWithRetry('/rest/v1/x', { method: 'GET' }, { fetch: fake.fetchImpl, sleep: fake.sleep });
    expect(response.status).toBe(502);
    expect(fake.calls).toHaveLength(2);
  });

  it('sends a POST exactly once even when the answer is 503', async () => {
    const fake = scripted(503, 200);
    const response = await fetchWithRetry('/rest/v1/x', { method: 'POST' }, { fetch: fake.fetchImpl, sleep: fake.sleep });
    expect(response.status).toBe(503);
    expect(fake.calls).toEqual(['POST /rest/v1/x']);
  });

  it('tries a GET four times in all on network failures, then fails with a network ApiError', async () => {
    const fake = scripted('network', 'network', 'network', 'network', 200);
    const failure = await fetchWithRetry('/rest/v1/x', { method: 'GET' }, { fetch: fake.fetchImpl, sleep: fake.sleep }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect((failure as ApiError).code).toBe('network_error');
    expect(fake.calls).toHaveLength(4);
    expect(fake.sleep).toHaveBeenCalledTimes(3);
  });

  it('recovers when the network comes back within the retries', async () => {
    const fake = scripted('network', 'network', 200);
    const response = await fetchWithRetry('/x', {}, { fetch: fake.fetchImpl, sleep: fake.sleep });
    expect(response.status).toBe(200);
  });

  it('does not retry a DELETE after a network failure', async () => {
    const fake = scripted('network', 200);
    await expect(fetchWithRetry('/x', { method: 'DELETE' }, { fetch: fake.fetchImpl, sleep: fake.sleep })).rejects.toBeInstanceOf(ApiError);
    expect(fake.calls).toHaveLength(1);
  });

  it('passes an abort through without retrying', async () => {
    const abort = new DOMException('Aborted', 'AbortError');
    const fetchImpl = vi.fn(async () => {
      throw abort;
    }) as unknown as typeof fetch;
    await expect(fetchWithRetry('/x', {}, { fetch: fetchImpl, sleep: async () => undefined })).rejects.toBe(abort);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
