/**
 * When the API client tries a request again (spec section 8): idempotent methods are retried once on
 * 408, 409, 425, 429, 500, 502, 503 and 504; POST, PUT, PATCH and DELETE are never retried, so an
 * action is never done twice; a network failure (no answer at all) is retried up to 3 times, for
 * idempotent methods only for the same reason.
 */

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
export const MAX_STATUS_RETRIES = 1;
export const MAX_NETWORK_RETRIES = 3;

export type AttemptOutcome = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'aborted' };

/**
 * Whether to try again after an attempt. `retriesSoFar` counts the retries already made (0 after the
 * first attempt).
 */
export function shouldRetry(input: { method: string; outcome: AttemptOutcome; retriesSoFar: number }): boolean {
  const { method, outcome, retriesSoFar } = input;
  if (!IDEMPOTENT_METHODS.has(method.toUpperCase())) return false;
  switch (outcome.kind) {
    case 'aborted':
      return false;
    case 'network':
      return retriesSoFar < MAX_NETWORK_RETRIES;
    case 'status':
      return RETRYABLE_STATUSES.has(outcome.status) && retriesSoFar < MAX_STATUS_RETRIES;
  }
}

/**
 * How long to wait before retry number `retriesSoFar + 1`: the server's Retry-After when it gives
 * seconds (capped at 10 s), else 250 ms doubling per retry.
 */
export function retryDelayMs(retriesSoFar: number, retryAfterHeader?: string | null): number {
  if (retryAfterHeader != null && /^\d+$/.test(retryAfterHeader.trim())) {
    return Math.min(Number(retryAfterHeader.trim()) * 1000, 10_000);
  }
  return 250 * 2 ** retriesSoFar;
}
