/**
 * The drills' HTTP client: one request, its outcome as data (status or the socket error's code), when it
 * started and ended, and never a thrown error, so a drill can count every kind of answer.
 */
import http from 'node:http';

export interface Outcome {
  /** HTTP status, or null when no answer came (see `error`). */
  status: number | null;
  /** The socket error's code (ECONNREFUSED, ECONNRESET, …) or `timeout`, when no answer came. */
  error: string | null;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** performance.now() when the request was sent and when its answer (or error) arrived. */
  startedAt: number;
  endedAt: number;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Keep-alive agent of one client; without it each request opens (and closes) its own connection. */
  agent?: http.Agent;
  /** Gives up (error `timeout`) after this long; the drills treat that as a hang. */
  timeoutMs?: number;
}

export function ms(outcome: Outcome): number {
  return outcome.endedAt - outcome.startedAt;
}

export function isSuccess(outcome: Outcome): boolean {
  return outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
}

export function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<Outcome> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.agent ? {} : { connection: 'close' }),
    ...options.headers,
  };
  const startedAt = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<Outcome, 'startedAt' | 'endedAt'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, startedAt, endedAt: performance.now() });
    };
    const request = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers,
        agent: options.agent ?? false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          finish({
            status: response.statusCode ?? null,
            error: null,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          finish({ status: null, error: error.code ?? error.message, body: '', headers: {} }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: null, error: error.code ?? error.message, body: '', headers: {} }),
    );
    if (options.timeoutMs) {
      request.setTimeout(options.timeoutMs, () => {
        finish({ status: null, error: 'timeout', body: '', headers: {} });
        request.destroy();
      });
    }
    request.end(payload);
  });
}

/** The answer's JSON body; throws naming the request when it is not a success. */
export function jsonOf<T>(outcome: Outcome, what: string): T {
  if (!isSuccess(outcome)) throw new Error(`${what}: ${outcome.status ?? outcome.error} ${outcome.body.slice(0, 300)}`);
  return JSON.parse(outcome.body) as T;
}

/** Counts of outcomes by status code or error, e.g. { '201': 790, ECONNREFUSED: 3 }. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.status !== null ? String(outcome.status) : (outcome.error ?? 'unknown');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function formatTally(counts: Record<string, number>): string {
  return (
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, n]) => `${key} × ${n}`)
      .join(', ') || 'none'
  );
}
