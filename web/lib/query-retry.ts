import { onlineManager } from '@tanstack/react-query';
import { isApiError, NETWORK_ERROR_CODE } from './api-error.ts';

/**
 * The query layer's retry rule. The API client already retries what the retry policy allows (spec
 * section 8), so a read that reaches the query layer as a failure is one to show, with one exception:
 * a read cut off because the device lost its connection while it was on its way. Retried, TanStack
 * Query pauses it until the connection is back and runs it again, so the screen keeps showing what it
 * had (or the "No connection" state) instead of swapping it for an error it did nothing to cause.
 */
export function retryOnceBackOnline(_failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.code === NETWORK_ERROR_CODE && !onlineManager.isOnline();
}
